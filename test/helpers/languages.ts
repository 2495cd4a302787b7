/**
 * Telling which language a text is in, for tests of the customer's own language: scripts by their
 * Unicode blocks, and English words left once what is allowed in any language is taken out.
 */

/** Thai letters (the baht sign ฿, U+0E3F, is every locale's). */
export const THAI = /[\u0E00-\u0E3E\u0E40-\u0E7F]/;
export const HANGUL = /[\uAC00-\uD7AF]/;
export const KANA = /[\u3040-\u30FF]/;

/**
 * Latin words of 3+ letters left in `text` once `allowed` (names, the partner's texts), the brand names,
 * HTML tags, e-mail addresses, a masked PromptPay ID, commands and codes are taken out.
 */
export function englishWords(text: string, allowed: string[]): string[] {
  let rest = text;
  for (const a of [...allowed, "fairway", "PromptPay"]) rest = rest.replaceAll(a, "");
  rest = rest
    .replace(/<[^>]+>/g, "")
    .replace(/\S+@\S+/g, "")
    .replace(/\d+-x+-\d+/g, "") // a masked PromptPay ID
    .replace(/\/[a-z]+/g, "")
    .replace(/\b[A-Z0-9]{5,}\b/g, "");
  return rest.match(/[A-Za-z]{3,}/g) ?? [];
}
