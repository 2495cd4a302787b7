import * as v from "valibot";
import { stripEdgeInvisibles, type ValidationResult } from "./result.js";

/** Why a customer name was refused; each is an i18n key. */
export type NameReason = "name-too-short" | "name-too-long" | "name-invalid" | "invalid-name-characters";

/** Name length bounds, counted in graphemes (`สมศักดิ์` is 5, not 8 code points). */
export const NAME_MIN_GRAPHEMES = 2;
export const NAME_MAX_GRAPHEMES = 80;

/**
 * Control characters and invisible format characters (zero-width, bidi marks/overrides/isolates, BOM);
 * tabs and line breaks are whitespace and collapse to a space instead.
 */
const HIDDEN = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}]/u;
/** Starts with a letter; then letters, combining marks (Thai vowels and tones), space, `.`, `'`, `’`, `-`. */
const NAME_CHARS = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/** A combining mark that does not follow a letter or another mark (e.g. a Thai tone mark after a space). */
const STRAY_MARK = /[^\p{L}\p{M}]\p{M}/u;

const NameSchema = v.pipe(
  v.string("name-invalid"),
  v.normalize("NFC"),
  v.transform(stripEdgeInvisibles),
  v.check((s) => !HIDDEN.test(s), "invalid-name-characters"),
  v.transform((s) => s.replace(/\s+/gu, " ")),
  v.minGraphemes(NAME_MIN_GRAPHEMES, "name-too-short"),
  v.maxGraphemes(NAME_MAX_GRAPHEMES, "name-too-long"),
  v.regex(NAME_CHARS, "name-invalid"),
  v.check((s) => !STRAY_MARK.test(s), "name-invalid"),
);

/**
 * Validates a customer's name as typed in Telegram.
 * - Normalized to NFC; whitespace and invisible characters at either end are stripped; inner runs of
 *   whitespace (tabs and line breaks included) collapse to one space.
 * - Control characters and invisible format characters *inside* the name (zero-width space/joiners,
 *   LRM/RLM, bidi overrides and isolates) are refused with `invalid-name-characters`, not silently
 *   removed: they can disguise a name, and a real name never needs them in Thai or Latin script.
 * - 2 to 80 graphemes (`name-too-short`, `name-too-long`).
 * - Letters of any script with their combining marks, spaces, `.`, `'`, `’` and `-`, starting with a
 *   letter; digits, emoji and other symbols give `name-invalid`.
 */
export function parseCustomerName(input: unknown): ValidationResult<string, NameReason> {
  const result = v.safeParse(NameSchema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, reason: result.issues[0].message as NameReason };
}

/**
 * The partner's limit for a reservation's `customerName`: 1–100 characters after trimming
 * (docs/partner-api-choices.md), counted in UTF-16 code units as the partner's sandbox counts them.
 */
export const PARTNER_NAME_MAX_LENGTH = 100;

/**
 * A name fairway can book under: a valid customer name (`parseCustomerName`) that the partner also
 * takes. 80 graphemes can be far more than 100 characters — Thai vowels and tone marks are code points
 * of their own, and a grapheme may stack any number of marks — and the partner refuses such a
 * reservation, so it is refused here first, as too long.
 */
export function parseBookingName(input: unknown): ValidationResult<string, NameReason> {
  const result = parseCustomerName(input);
  if (result.ok && result.value.length > PARTNER_NAME_MAX_LENGTH) return { ok: false, reason: "name-too-long" };
  return result;
}
