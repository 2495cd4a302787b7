/** Text helpers for Telegram messages sent with `parse_mode: "HTML"`. */

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Escapes `&`, `<`, `>` and `"` so any text (course names, user input) is safe inside Telegram HTML,
 * including attribute values such as `<a href="…">`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Shortens `text` to at most `maxChars` UTF-16 code units (what `String#length` and Telegram's limits
 * count), ending with `…` when anything was cut. It cuts only between grapheme clusters, so it never
 * splits a surrogate pair (emoji) or separates a Thai consonant from its vowel and tone marks
 * (`สมศักดิ์`); trailing whitespace before the ellipsis is dropped. Text that fits is returned unchanged.
 * Throws `RangeError` for a negative or NaN `maxChars`.
 * Truncate before `escapeHtml`, never after (it could cut an entity apart).
 */
export function truncate(text: string, maxChars: number): string {
  if (!(maxChars >= 0)) throw new RangeError(`maxChars must be a non-negative number: ${maxChars}`);
  if (text.length <= maxChars) return text;
  const budget = Math.floor(maxChars) - ELLIPSIS.length;
  if (budget < 0) return "";
  let kept = "";
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > budget) break;
    kept += segment;
  }
  return kept.trimEnd() + ELLIPSIS;
}
