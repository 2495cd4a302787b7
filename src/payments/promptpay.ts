/**
 * PromptPay: the Thai QR a customer scans in their banking app to pay an exact amount. The payload is
 * EMVCo merchant-presented (Bank of Thailand's Thai QR standard), built with `promptparse`'s TLV helpers
 * and CRC; the image is drawn by `qrcode`. The slip's own QR is read back by `slip-reader.ts`.
 */
import { encode, tag, withCrcTag } from "promptparse";
import { lazy } from "../runtime/lazy.js";

/** The QR drawing library (and its PNG encoder), loaded with the first QR. */
const qrcode = lazy(() => import("qrcode"));

/** A PromptPay proxy: a Thai mobile number, a citizen or tax ID (13 digits), or an e-wallet ID (15 digits). */
export type PromptPayId =
  { type: "MSISDN"; value: string } | { type: "NATID"; value: string } | { type: "EWALLETID"; value: string };

/** The proxy's sub-tag of the PromptPay merchant account template (tag 29). */
const PROXY_TAG = { MSISDN: "01", NATID: "02", EWALLETID: "03" } as const;

/**
 * Reads a PromptPay ID as an agency writes it: `081-234-5678`, `+66 81 234 5678` (mobile), a 13-digit
 * citizen or tax ID (dashes allowed), or a 15-digit e-wallet ID. Undefined when it is none of them.
 */
export function parsePromptPayId(text: string): PromptPayId | undefined {
  const digits = text.replace(/[\s-]/g, "");
  if (/^\+?66\d{9}$/.test(digits)) return { type: "MSISDN", value: `0${digits.slice(-9)}` };
  if (/^0[689]\d{8}$/.test(digits)) return { type: "MSISDN", value: digits };
  if (/^\d{13}$/.test(digits)) return { type: "NATID", value: digits };
  if (/^\d{15}$/.test(digits)) return { type: "EWALLETID", value: digits };
  return undefined;
}

/** The ID as stored and shown: `0812345678`, or the 13 or 15 digits. */
export function promptPayIdText(id: PromptPayId): string {
  return id.value;
}

/** The ID as a customer reads it in a caption: a mobile number's middle digits masked. */
export function maskedPromptPayId(id: PromptPayId): string {
  if (id.type === "MSISDN") return `${id.value.slice(0, 3)}-xxx-${id.value.slice(6)}`;
  return `${id.value.slice(0, 1)}-xxxx-xxxxx-${id.value.slice(-3)}`;
}

/** The value of tag 29's proxy: a mobile number as `0066` + the number without its leading 0 (13 digits). */
function proxyValue(id: PromptPayId): string {
  return id.type === "MSISDN" ? `0066${id.value.slice(1)}` : id.value;
}

/**
 * The Thai QR payload asking for `satang` to `id`, with `reference` in the additional data (tag 62,
 * reference label 05): a dynamic QR (`01` = `12`) for exactly that amount in THB, with its CRC-16.
 */
export function promptPayPayload(id: PromptPayId, satang: number, reference: string): string {
  if (!Number.isSafeInteger(satang) || satang <= 0) throw new RangeError(`amount: ${satang}`);
  if (!/^[A-Z0-9]{1,25}$/.test(reference)) throw new RangeError(`reference: ${reference}`);
  const amount = `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, "0")}`;
  const tags = [
    tag("00", "01"),
    tag("01", "12"),
    tag("29", encode([tag("00", "A000000677010111"), tag(PROXY_TAG[id.type], proxyValue(id))])),
    tag("53", "764"),
    tag("54", amount),
    tag("58", "TH"),
    tag("62", encode([tag("05", reference)])),
  ];
  return withCrcTag(encode(tags), "63", true);
}

/** The payload drawn as a PNG (black on white, a quiet zone, large enough to scan from a phone's screen). */
export async function qrPng(payload: string): Promise<Buffer> {
  const { default: QRCode } = await qrcode();
  return QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 8 });
}
