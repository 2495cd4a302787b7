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

/** Telegram's HTML tags (its formatting options), as fairway writes them: the ones `htmlToPlain` removes. */
const TELEGRAM_TAG =
  /<\/?(?:b|strong|i|em|u|ins|s|strike|del|span|tg-spoiler|a|tg-emoji|tg-time|code|pre|blockquote)(?:\s[^<>]*)?>/gi;
const LINK = /<a\s[^<>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^<>]*>([^<]*)<\/a>/gi;
const NAMED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|(lt|gt|amp|quot));/g;

function decodeReference(whole: string, dec?: string, hex?: string, named?: string): string {
  if (named !== undefined) return NAMED[named] ?? whole;
  const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
  if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
  return String.fromCodePoint(code);
}

/**
 * What a reader of `html` would see, as plain text: Telegram's tags removed (a link keeps its address,
 * `text (url)`), `&lt; &gt; &amp; &quot;` and numeric references decoded, anything else (a stray `<`,
 * `&` or an unknown tag such as `<Sea>`) kept as written. For sending a message again without
 * `parse_mode` when Telegram refused its HTML.
 */
export function htmlToPlain(html: string): string {
  return html
    .replace(LINK, (_whole, dq: string | undefined, sq: string | undefined, text: string) => {
      const url = dq ?? sq ?? "";
      return url === "" || url === text ? text : `${text} (${url})`;
    })
    .replace(TELEGRAM_TAG, "")
    .replace(REFERENCE, decodeReference);
}
