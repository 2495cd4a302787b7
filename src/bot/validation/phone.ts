import { parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/max";
import * as v from "valibot";
import { stripEdgeInvisibles, type ValidationResult } from "./result.js";

/** Why a mobile number was refused; each is an i18n key. */
export type MobileReason = "mobile-invalid" | "mobile-not-mobile";

/** Types accepted as a mobile: US/Canadian numbers are always `FIXED_LINE_OR_MOBILE`. */
const MOBILE_TYPES: ReadonlySet<NumberType> = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);
/** What a typed phone number may contain: an optional leading `+`, digits, spaces, `-`, `.`, `(`, `)`. */
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
const THAI_DIGIT = /[๐-๙]/g;

const PhoneTextSchema = v.pipe(
  v.string("mobile-invalid"),
  // NFKC turns full-width digits and `＋` into ASCII; Thai digits are mapped by hand.
  v.normalize("NFKC"),
  v.transform((s) => stripEdgeInvisibles(s).replace(THAI_DIGIT, (d) => String(d.charCodeAt(0) - 0x0e50))),
  v.regex(PHONE_CHARS, "mobile-invalid"),
  // "00" is the international prefix most foreign golfers dial; no Thai national number starts with it.
  v.transform((s) => s.replace(/^00(?=\d)/, "+")),
);

/**
 * Validates a mobile number and returns it in E.164 (`+66812345678`).
 * - Thai numbers in any usual form: `081-234-5678`, `0812345678`, `(081) 234 5678`, `+66 81 234 5678`,
 *   `66812345678`; Thai digits and full-width digits are accepted too.
 * - Foreign numbers are accepted when written internationally (`+44 7911 123456`, or `0044…`): foreign
 *   golfers book with their home phone. Without `+`/`00` a number is read as Thai.
 * - Only numbers libphonenumber-js (full metadata) types as `MOBILE` or `FIXED_LINE_OR_MOBILE` are
 *   accepted; valid landlines and other types give `mobile-not-mobile`, anything else `mobile-invalid`.
 *   Letters (including extensions such as `x12`) are refused.
 */
export function parseThaiMobile(input: unknown): ValidationResult<string, MobileReason> {
  const text = v.safeParse(PhoneTextSchema, input, { abortPipeEarly: true });
  if (!text.success) return { ok: false, reason: "mobile-invalid" };
  const phone = parsePhoneNumberFromString(text.output, "TH");
  if (!phone?.isValid()) return { ok: false, reason: "mobile-invalid" };
  const type = phone.getType();
  if (type === undefined || !MOBILE_TYPES.has(type)) return { ok: false, reason: "mobile-not-mobile" };
  return { ok: true, value: phone.number };
}

/** Past this many numbers `formatThaiMobileForDisplay` forgets the ones it wrote first. */
const DISPLAYED_MAX = 2048;
const displayed = new Map<string, string>();

/**
 * Shows a stored E.164 number the way its owner writes it: Thai numbers nationally with hyphens
 * (`+66812345678` → `081-234-5678`), foreign ones internationally (`+44 7911 123456`).
 * Text that is not a phone number is returned unchanged. The text depends on the number alone and the
 * same numbers are shown on every view of a booking (the recent customers, the hold, the receipt), so
 * it is kept: parsing with the full metadata is not cheap.
 */
export function formatThaiMobileForDisplay(e164: string): string {
  let text = displayed.get(e164);
  if (text === undefined) {
    text = displayText(e164);
    if (displayed.size >= DISPLAYED_MAX) displayed.delete(displayed.keys().next().value as string);
    displayed.set(e164, text);
  }
  return text;
}

function displayText(e164: string): string {
  const phone = parsePhoneNumberFromString(e164, "TH");
  if (!phone) return e164;
  if (phone.countryCallingCode === "66") return phone.formatNational().replace(/\s+/g, "-");
  return phone.formatInternational();
}
