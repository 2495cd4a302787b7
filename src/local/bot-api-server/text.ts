/**
 * The text pipeline Telegram applies to `text` / `caption` parameters:
 * parse mode (HTML) or explicit entities, whitespace trimming, then the
 * emptiness and length limits.
 */
import type { MessageEntity } from "grammy/types";
import * as E from "./errors.js";
import { HtmlParseError, parseTelegramHtml, sortEntities } from "./html.js";

/** Telegram's limits, in UTF-16 code units after entity parsing (stricter than or equal to Telegram's count). */
export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;

/** A text after Telegram's processing, plus the HTML source it came from. */
export interface FormattedText {
  text: string;
  entities: MessageEntity[];
  /** The raw source when parse_mode was HTML. */
  html?: string;
  parse_mode?: string;
}

const ENTITY_TYPES = new Set<string>([
  "mention",
  "hashtag",
  "cashtag",
  "bot_command",
  "url",
  "email",
  "phone_number",
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "spoiler",
  "blockquote",
  "expandable_blockquote",
  "code",
  "pre",
  "text_link",
  "text_mention",
  "custom_emoji",
  "date_time",
]);

/** Options for {@link formatText}. */
export interface FormatOptions {
  kind: "text" | "caption";
  /** Description for an empty result (sendMessage and editMessageText word it differently). */
  emptyError?: string;
  strictAmpersand?: boolean;
}

/**
 * Applies parse_mode / entities, trims and checks limits.
 * Returns undefined for an absent or empty caption; throws `ApiError` otherwise.
 */
export function formatText(
  raw: string | undefined,
  parseMode: string | undefined,
  explicitEntities: unknown,
  options: FormatOptions,
): FormattedText | undefined {
  const isCaption = options.kind === "caption";
  const emptyError = options.emptyError ?? E.MESSAGE_TEXT_EMPTY;
  if (raw === undefined || raw === "") {
    if (isCaption) return undefined;
    throw E.badRequest(emptyError);
  }
  let result: FormattedText;
  if (explicitEntities !== undefined) {
    result = { text: raw, entities: validateEntities(raw, explicitEntities) };
  } else if (parseMode === undefined || parseMode === "") {
    result = { text: raw, entities: [] };
  } else {
    const mode = parseMode.toLowerCase();
    if (mode === "html") {
      try {
        const parsed = parseTelegramHtml(raw, { strictAmpersand: options.strictAmpersand ?? true });
        result = { ...parsed, html: raw, parse_mode: parseMode };
      } catch (error) {
        if (error instanceof HtmlParseError) throw E.badRequest(E.CANT_PARSE_ENTITIES + error.message);
        throw error;
      }
    } else if (mode === "markdown" || mode === "markdownv2") {
      throw E.badRequest(E.PARSE_MODE_NOT_IMPLEMENTED);
    } else {
      throw E.badRequest(E.UNSUPPORTED_PARSE_MODE);
    }
  }
  const trimmed = trim(result);
  if (trimmed.text === "") {
    if (isCaption) return undefined;
    throw E.badRequest(emptyError);
  }
  const max = isCaption ? MAX_CAPTION_LENGTH : MAX_TEXT_LENGTH;
  if (trimmed.text.length > max) throw E.badRequest(isCaption ? E.CAPTION_TOO_LONG : E.MESSAGE_TOO_LONG);
  return trimmed;
}

/** Strips leading/trailing whitespace as Telegram does, moving and clipping entities. */
export function trim(input: FormattedText): FormattedText {
  const lead = input.text.length - input.text.trimStart().length;
  const text = input.text.trim();
  const entities: MessageEntity[] = [];
  for (const e of input.entities) {
    const start = Math.max(0, e.offset - lead);
    const end = Math.min(text.length, Math.max(0, e.offset + e.length - lead));
    if (end > start) entities.push({ ...e, offset: start, length: end - start });
  }
  return { ...input, text, entities };
}

/** Validates explicit `entities` the way Telegram words its complaints. */
function validateEntities(text: string, value: unknown): MessageEntity[] {
  if (!Array.isArray(value)) throw E.badRequest(E.ENTITIES_INVALID);
  const out: MessageEntity[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) throw E.badRequest(E.ENTITIES_INVALID);
    const e = item as Record<string, unknown>;
    if (typeof e.type !== "string" || !ENTITY_TYPES.has(e.type)) throw E.badRequest(E.ENTITY_TYPE_UNSUPPORTED);
    const offset = Number(e.offset);
    const length = Number(e.length);
    if (!Number.isInteger(offset) || offset < 0) {
      throw E.badRequest(`Bad Request: receive an entity with incorrect offset ${String(e.offset)}`);
    }
    if (offset > text.length) {
      throw E.badRequest(`Bad Request: entity begins after the end of the text at UTF-16 offset ${offset}`);
    }
    if (!Number.isInteger(length) || length < 0) {
      throw E.badRequest(`Bad Request: receive an entity with incorrect length ${String(e.length)}`);
    }
    if (offset + length > text.length) {
      throw E.badRequest(
        `Bad Request: entity beginning at UTF-16 offset ${offset} ends after the end of the text at UTF-16 offset ${offset + length}`,
      );
    }
    if (length > 0) out.push({ ...(e as unknown as MessageEntity), offset, length });
  }
  return sortEntities(out);
}
