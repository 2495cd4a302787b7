/**
 * Entities produced by closing Telegram-HTML tags, URL normalization for
 * links, and Telegram's entity ordering.
 */
import type { MessageEntity } from "grammy/types";
import { HtmlParseError } from "./html-error.js";

/** A start tag waiting for its end tag. */
export interface OpenTag {
  tag: string;
  argument: string | undefined;
  /** UTF-16 offset in the output text where the tag's content begins. */
  offset: number;
  /** Index in the source right after the start tag. */
  beginPos: number;
}

/** Turns a closed tag into its entity (empty ranges produce none, as in Telegram). */
export function closeEntity(
  open: OpenTag,
  end: number,
  entities: MessageEntity[],
  source: string,
  tagStart: number,
): void {
  const offset = open.offset;
  const length = end - offset;
  if (length <= 0) return;
  const last = entities[entities.length - 1];
  switch (open.tag) {
    case "b":
    case "strong":
      entities.push({ type: "bold", offset, length });
      return;
    case "i":
    case "em":
      entities.push({ type: "italic", offset, length });
      return;
    case "u":
    case "ins":
      entities.push({ type: "underline", offset, length });
      return;
    case "s":
    case "strike":
    case "del":
      entities.push({ type: "strikethrough", offset, length });
      return;
    case "tg-spoiler":
    case "span":
      entities.push({ type: "spoiler", offset, length });
      return;
    case "blockquote":
      entities.push({ type: open.argument === "expandable" ? "expandable_blockquote" : "blockquote", offset, length });
      return;
    case "tg-emoji": {
      const id = open.argument ?? "";
      if (!/^\d+$/.test(id)) throw new HtmlParseError("Invalid custom emoji identifier specified");
      entities.push({ type: "custom_emoji", offset, length, custom_emoji_id: id });
      return;
    }
    case "a": {
      const url = normalizeUrl(open.argument ?? source.slice(open.beginPos, tagStart));
      if (url !== undefined) entities.push({ type: "text_link", offset, length, url });
      return;
    }
    case "code":
      if (last?.type === "pre" && last.offset === offset && last.length === length) {
        entities[entities.length - 1] = { ...last, ...(open.argument ? { language: open.argument } : {}) };
      } else {
        entities.push({ type: "code", offset, length, ...(open.argument ? { language: open.argument } : {}) });
      }
      return;
    case "pre":
      if (last?.type === "code" && last.offset === offset && last.length === length) {
        const language = (last as { language?: string }).language;
        entities[entities.length - 1] = { type: "pre", offset, length, ...(language ? { language } : {}) };
      } else {
        entities.push({ type: "pre", offset, length });
      }
      return;
  }
}

/** Telegram adds http:// to scheme-less links and drops links it cannot use. */
function normalizeUrl(raw: string): string | undefined {
  const url = raw.trim();
  if (url === "") return undefined;
  if (/^(https?|tg|ton):/i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  return `http://${url}`;
}

/** Orders entities as Telegram returns them: by offset, longer first. */
export function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return entities
    .map((e, index) => ({ e, index }))
    .sort((a, b) => a.e.offset - b.e.offset || b.e.length - a.e.length || a.index - b.index)
    .map(({ e }) => e);
}
