/**
 * Telegram's HTML parse mode: validation of the supported tag subset and
 * conversion to plain text + `MessageEntity` list (offsets in UTF-16 code
 * units, as the Bot API reports them).
 *
 * Error texts follow Telegram's ("Unsupported start tag \"x\" at byte offset N",
 * "Unmatched end tag at byte offset N, expected \"</b>\", found \"</i>\"", ...);
 * the caller prefixes them with "Bad Request: can't parse entities: ".
 */
import type { MessageEntity } from "grammy/types";
import { HtmlParseError } from "./html-error.js";
import { type OpenTag, closeEntity, sortEntities } from "./html-entities.js";

export { HtmlParseError } from "./html-error.js";
export { sortEntities } from "./html-entities.js";

/** Plain text and the entities Telegram derives from it. */
export interface ParsedText {
  text: string;
  entities: MessageEntity[];
}

/** Options for {@link parseTelegramHtml}. */
export interface HtmlOptions {
  /**
   * Reject a bare `&` that does not start `&lt;`, `&gt;`, `&amp;`, `&quot;` or a
   * numeric reference. Telegram itself keeps such an `&` literally; the strict
   * default catches text that was not escaped before being put into HTML.
   */
  strictAmpersand?: boolean;
}

const SUPPORTED_TAGS = new Set([
  "a",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "code",
  "pre",
  "tg-spoiler",
  "span",
  "blockquote",
  "tg-emoji",
]);

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const ENTITY_RE = /^&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|(lt|gt|amp|quot));/;

/** Decodes the character reference starting at `i`, or returns undefined. */
function decodeEntity(source: string, i: number): { value: string; length: number } | undefined {
  const m = ENTITY_RE.exec(source.slice(i, i + 12));
  if (m === null) return undefined;
  const [whole, dec, hex, named] = m;
  if (named !== undefined) return { value: NAMED_ENTITIES[named] ?? "", length: whole.length };
  const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
  if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { value: String.fromCodePoint(code), length: whole.length };
}

const isSpace = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch);

/**
 * Parses Telegram-flavoured HTML into plain text and entities.
 *
 * Supported: b/strong, i/em, u/ins, s/strike/del, a href, code, pre (with an
 * inner `<code class="language-x">`), tg-spoiler, span class="tg-spoiler",
 * blockquote [expandable], tg-emoji emoji-id; `&lt; &gt; &amp; &quot;` and
 * numeric references. Anything else throws {@link HtmlParseError}.
 */
export function parseTelegramHtml(source: string, options: HtmlOptions = {}): ParsedText {
  const strictAmpersand = options.strictAmpersand ?? true;
  const byteOffset = (pos: number): number => Buffer.byteLength(source.slice(0, pos), "utf8");
  const entities: MessageEntity[] = [];
  const stack: OpenTag[] = [];
  let text = "";
  let i = 0;
  const n = source.length;

  while (i < n) {
    const ch = source[i] ?? "";
    if (ch === "&") {
      const decoded = decodeEntity(source, i);
      if (decoded !== undefined) {
        text += decoded.value;
        i += decoded.length;
        continue;
      }
      if (strictAmpersand) {
        throw new HtmlParseError(
          `Unescaped "&" at byte offset ${byteOffset(i)}: write &amp; (the local Bot API server is stricter than Telegram here)`,
        );
      }
      text += ch;
      i += 1;
      continue;
    }
    if (ch !== "<") {
      text += ch;
      i += 1;
      continue;
    }

    const tagStart = i;
    i += 1;
    if (source[i] === "/") {
      // End tag.
      if (stack.length === 0) throw new HtmlParseError(`Unexpected end tag at byte offset ${byteOffset(tagStart)}`);
      i += 1;
      const nameStart = i;
      while (i < n && !isSpace(source[i]) && source[i] !== ">") i += 1;
      const endName = source.slice(nameStart, i).toLowerCase();
      while (i < n && isSpace(source[i])) i += 1;
      if (source[i] !== ">") throw new HtmlParseError(`Unclosed end tag at byte offset ${byteOffset(tagStart)}`);
      i += 1;
      const open = stack.pop() as OpenTag;
      if (endName !== "" && endName !== open.tag) {
        throw new HtmlParseError(
          `Unmatched end tag at byte offset ${byteOffset(tagStart)}, expected "</${open.tag}>", found "</${endName}>"`,
        );
      }
      closeEntity(open, text.length, entities, source, tagStart);
      continue;
    }

    // Start tag.
    const nameStart = i;
    while (i < n && !isSpace(source[i]) && source[i] !== ">") i += 1;
    if (i >= n) throw new HtmlParseError(`Unclosed start tag at byte offset ${byteOffset(tagStart)}`);
    const tag = source.slice(nameStart, i).toLowerCase();
    if (!SUPPORTED_TAGS.has(tag)) {
      throw new HtmlParseError(`Unsupported start tag "${tag}" at byte offset ${byteOffset(tagStart)}`);
    }
    let argument: string | undefined;
    while (source[i] !== ">") {
      while (i < n && isSpace(source[i])) i += 1;
      if (i >= n) throw new HtmlParseError(`Unclosed start tag at byte offset ${byteOffset(tagStart)}`);
      if (source[i] === ">") break;
      const attrStart = i;
      while (i < n && !isSpace(source[i]) && !"=>/\"'".includes(source[i] ?? "")) i += 1;
      const attrName = source.slice(attrStart, i).toLowerCase();
      if (attrName === "") {
        throw new HtmlParseError(`Empty attribute name in the tag "${tag}" at byte offset ${byteOffset(tagStart)}`);
      }
      while (i < n && isSpace(source[i])) i += 1;
      if (source[i] !== "=") {
        if (i >= n) throw new HtmlParseError(`Unclosed start tag "${tag}" at byte offset ${byteOffset(tagStart)}`);
        if (tag === "blockquote" && attrName === "expandable") argument = "expandable";
        continue;
      }
      i += 1;
      while (i < n && isSpace(source[i])) i += 1;
      if (i >= n) throw new HtmlParseError(`Unclosed start tag "${tag}" at byte offset ${byteOffset(tagStart)}`);
      let value = "";
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        i += 1;
        while (i < n && source[i] !== quote) {
          const decoded = source[i] === "&" ? decodeEntity(source, i) : undefined;
          if (decoded !== undefined) {
            value += decoded.value;
            i += decoded.length;
          } else {
            value += source[i];
            i += 1;
          }
        }
        if (i >= n) throw new HtmlParseError(`Unclosed start tag at byte offset ${byteOffset(tagStart)}`);
        i += 1;
      } else {
        const tokenStart = i;
        while (i < n && /[A-Za-z0-9.-]/.test(source[i] ?? "")) i += 1;
        value = source.slice(tokenStart, i).toLowerCase();
        if (i < n && !isSpace(source[i]) && source[i] !== ">") {
          throw new HtmlParseError(`Unexpected end of name token at byte offset ${byteOffset(tokenStart)}`);
        }
      }
      if (tag === "a" && attrName === "href") argument = value;
      else if (tag === "code" && attrName === "class" && value.startsWith("language-")) argument = value.slice(9);
      else if (tag === "span" && attrName === "class" && value.startsWith("tg-")) argument = value.slice(3);
      else if (tag === "tg-emoji" && attrName === "emoji-id") argument = value;
      else if (tag === "blockquote" && attrName === "expandable") argument = "expandable";
    }
    i += 1; // the ">"
    if (tag === "span" && argument !== "spoiler") {
      throw new HtmlParseError(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(tagStart)}`);
    }
    stack.push({ tag, argument, offset: text.length, beginPos: i });
  }

  const unclosed = stack.pop();
  if (unclosed !== undefined) {
    throw new HtmlParseError(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  }
  return { text, entities: sortEntities(entities) };
}
