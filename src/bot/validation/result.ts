/** The outcome of validating one piece of user input: the clean value, or an i18n key explaining why not. */
export type ValidationResult<T, Reason extends string = string> =
  { ok: true; value: T } | { ok: false; reason: Reason };

/** Whitespace and invisible format characters (zero-width, bidi marks, BOM, soft hyphen) at either end. */
const EDGE_INVISIBLES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

/** Removes leading and trailing whitespace and invisible format characters, as pasted text often carries. */
export function stripEdgeInvisibles(text: string): string {
  return text.replace(EDGE_INVISIBLES, "");
}
