/**
 * The side panel's slips: a playground user pays the PromptPay QR fairway last sent them with a slip
 * photo made here — the slip-verification QR (promptparse's `slipVerify`) of a transfer the local
 * slip-check stand-in is told of — good, or wrong in one of the ways a real customer's slip is wrong.
 */
import { randomBytes } from "node:crypto";
import jpeg from "jpeg-js";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { parse } from "promptparse";
import { slipVerify } from "promptparse/generate";
import QRCode from "qrcode";
import type { SimulatedUser } from "../bot-api-server/index.js";
import type { SlipCheckStandIn, StandInTransfer } from "../slip-check/index.js";
import { PlaygroundError } from "./http.js";

/** jsqr is CommonJS: its function is the module's `default` export under NodeNext's interop. */
const jsQR = jsQRModule.default;

/**
 * What the slip is: the transfer for the QR's exact amount to its payee (`good`); 100 baht short; to another
 * account; the user's last good slip sent again; one the bank answers for only after a while (the stand-in
 * says "wait a minute" for 30 s); a good one the service fails to answer for (an HTML 500, once).
 */
export const SLIP_KINDS = ["good", "wrong-amount", "wrong-payee", "re-used", "bank-delayed", "provider-down"] as const;
export type SlipKind = (typeof SLIP_KINDS)[number];

/** How long a `bank-delayed` slip's bank keeps the stand-in saying "wait". */
const BANK_DELAY_MS = 30_000;

/** The proxy types of the PromptPay template's sub-tags (tag 29), as slips print them. */
const PROXY_TYPES: Record<string, string> = { "01": "MSISDN", "02": "NATID", "03": "EWALLETID" };

export interface PlaygroundSlipsOptions {
  standIn: SlipCheckStandIn;
  now: () => number;
}

export interface PlaygroundSlips {
  /** `user` sends a slip of `kind` for the last PromptPay QR fairway sent them. */
  send(user: SimulatedUser, kind: unknown): Promise<{ message_id: number; transRef: string }>;
}

export function createPlaygroundSlips(options: PlaygroundSlipsOptions): PlaygroundSlips {
  const { standIn, now } = options;
  /** Each user's last good slip: its photo and reference, sent again as `re-used`. */
  const lastGood = new Map<number, { bytes: Buffer; transRef: string }>();

  return {
    async send(user, kind) {
      if (typeof kind !== "string" || !(SLIP_KINDS as readonly string[]).includes(kind))
        throw new PlaygroundError(400, `kind must be one of ${SLIP_KINDS.join(", ")}`);
      const qr = lastPaymentQr(user);
      if (kind === "re-used") {
        const previous = lastGood.get(user.chatId);
        if (!previous) throw new PlaygroundError(409, "no good slip sent yet: send a good one first");
        return { message_id: user.sendPhoto(previous.bytes).message_id, transRef: previous.transRef };
      }
      // Unique across runs: fairway's ledger remembers every reference it accepted, on disk.
      const transRef = `PG${randomBytes(7).toString("hex").toUpperCase()}`;
      standIn.addTransfer(transfer(kind as SlipKind, transRef, qr, now()));
      if (kind === "bank-delayed") {
        standIn.delay(transRef, 1);
        setTimeout(() => standIn.answered(transRef), BANK_DELAY_MS).unref();
      }
      if (kind === "provider-down") standIn.failNext("status-500");
      const bytes = await slipJpeg(transRef);
      if (kind === "good") lastGood.set(user.chatId, { bytes, transRef });
      return { message_id: user.sendPhoto(bytes).message_id, transRef };
    },
  };
}

/** What a PromptPay QR asks: the amount in satang and the payee's proxy. */
interface PaymentQr {
  amountSatang: number;
  proxy: { type: string; value: string };
}

/** The PromptPay QR in the last photo fairway sent `user` that has one with an amount; 409 when none. */
function lastPaymentQr(user: SimulatedUser): PaymentQr {
  const photos = user.messages().filter((m) => m.file?.data !== undefined && (m.photo?.length ?? 0) > 0);
  for (const m of photos.reverse()) {
    const qr = readPaymentQr(m.file!.data!);
    if (qr) return qr;
  }
  throw new PlaygroundError(409, "no PromptPay QR in this chat: book as the Customer first (PROMPTPAY_ID set)");
}

function readPaymentQr(bytes: Uint8Array): PaymentQr | undefined {
  let text: string | undefined;
  try {
    const image = PNG.sync.read(Buffer.from(bytes));
    text = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  } catch {
    return undefined; // not a PNG: fairway draws its QRs as PNGs
  }
  const emv = text === undefined ? undefined : parse(text, true, true);
  const amount = emv?.getTagValue("54");
  const sub = ["01", "02", "03"].find((id) => emv?.getTagValue("29", id) !== undefined);
  if (!emv || amount === undefined || sub === undefined) return undefined;
  const value = emv.getTagValue("29", sub)!;
  return { amountSatang: Math.round(Number(amount) * 100), proxy: { type: PROXY_TYPES[sub]!, value } };
}

/** The transfer the stand-in's banks know for a slip of `kind` paying `qr`. */
function transfer(kind: SlipKind, transRef: string, qr: PaymentQr, at: number): StandInTransfer {
  const last4 = qr.proxy.value.slice(-4);
  // As a bank prints a receiver: only the last digits shown; the wrong payee's differ.
  const shown = kind === "wrong-payee" ? (last4 === "9999" ? "1111" : "9999") : last4;
  return {
    transRef,
    sendingBank: "014",
    amountSatang:
      kind !== "wrong-amount" ? qr.amountSatang : qr.amountSatang + (qr.amountSatang > 10_000 ? -10_000 : 10_000),
    at: new Date(at).toISOString(),
    receiver: { name: "FAIRWAY GOLF", proxy: { type: qr.proxy.type, value: `xxx-xxx-${shown}` } },
  };
}

/** A phone's photo of a slip: its verification QR, JPEG-encoded as Telegram re-encodes every photo. */
async function slipJpeg(transRef: string): Promise<Buffer> {
  const png = PNG.sync.read(
    await QRCode.toBuffer(slipVerify({ sendingBank: "014", transRef }), { scale: 6, margin: 4 }),
  );
  return Buffer.from(jpeg.encode({ data: png.data, width: png.width, height: png.height }, 90).data);
}
