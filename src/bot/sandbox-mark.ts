/**
 * The sandbox mark of a demo (ALLOW_SANDBOX_WITH_REAL_BOT=1: a real bot on the embedded sandbox). Every
 * message the bot sends starts with one line saying its bookings are not real, in the reader's
 * language: to admins and agents, and to customers and strangers too (a customer could otherwise pay
 * the agency's real PromptPay ID for a tee time that does not exist), and on the cards agents share
 * inline. It is a Bot API transformer, so no feature has to remember it; `createBot` installs it on
 * every client the bot sends with (the bot's, the flow's, each conversation's and the outbox's).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, MiddlewareFn, Transformer } from "grammy";
import type { MessageEntity } from "grammy/types";
import { escapeHtml, truncate } from "./format/html.js";

/** Telegram's limits, in UTF-16 code units of the text as shown (after HTML is parsed). */
export const TEXT_LIMIT = 4096;
export const CAPTION_LIMIT = 1024;

/** The locale key of the mark. */
export const MARK_KEY = "sandbox-mark";

const TEXT_METHODS = new Set(["sendMessage", "editMessageText"]);
const CAPTION_METHODS = new Set([
  "sendPhoto",
  "sendDocument",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendVoice",
  "editMessageCaption",
]);

export interface SandboxMarkOptions {
  /**
   * The mark in the language of the chat `chatId` (plain text, one line), e.g. "🧪 SANDBOX — not real
   * bookings", for a send outside an update's own chat (the outbox's, another user's). `undefined`: no
   * chat is known (an inline card outside an update).
   */
  markFor(chatId: number | string | undefined): Promise<string>;
}

/** How a text is written: its parse mode or entities, and the limit it must stay within. */
export interface MarkFormat {
  parseMode?: string;
  entities?: MessageEntity[];
  limit: number;
}

/** The update being handled: its chat, and the mark in its user's language as the update reads it. */
interface Update {
  chatId?: number;
  mark: () => string;
}

/**
 * `transformer` marks every message, caption and inline card (other calls pass unchanged); it goes on
 * every client the bot sends with. `middleware` remembers, for the rest of an update (an async context,
 * so it reaches the conversations' own clients too), the update's chat and its user's language: a send
 * to that chat, or an inline answer, is marked in the language the update speaks (a first message to a
 * new user included, before any session is stored); any other send asks `markFor`.
 */
export function createSandboxMark(options: SandboxMarkOptions) {
  const updates = new AsyncLocalStorage<Update>();
  const markOf = (chatId: number | string | undefined): Promise<string> => {
    const update = updates.getStore();
    if (update && (chatId === undefined || chatId === update.chatId)) return Promise.resolve(update.mark());
    return options.markFor(chatId);
  };
  const transformer: Transformer = async (prev, method, payload, signal) => {
    const p = payload as Record<string, unknown>;
    let changed: Record<string, unknown> | undefined;
    if (TEXT_METHODS.has(method)) {
      changed = markFields(p, "text", "entities", TEXT_LIMIT, await markOf(chatOf(p)));
    } else if (CAPTION_METHODS.has(method)) {
      changed = markFields(p, "caption", "caption_entities", CAPTION_LIMIT, await markOf(chatOf(p)));
    } else if (method === "answerInlineQuery" && Array.isArray(p.results) && p.results.length > 0) {
      const mark = await markOf(undefined);
      changed = { results: p.results.map((r: Record<string, unknown>) => markResult(r, mark)) };
    }
    // A new payload, never the caller's changed: a retry marks the original again, once.
    return prev(method, (changed ? { ...p, ...changed } : payload) as typeof payload, signal);
  };
  return {
    transformer,
    /** Placed after i18n: the update's chat and language, for the sends it makes. */
    middleware<C extends Context & { t: (key: string) => string }>(): MiddlewareFn<C> {
      return (ctx, next) =>
        updates.run({ ...(ctx.chat ? { chatId: ctx.chat.id } : {}), mark: () => ctx.t(MARK_KEY) }, next);
    },
  };
}

export type SandboxMark = ReturnType<typeof createSandboxMark>;

/**
 * `body` with `mark` on a first line of its own, escaped for the parse mode. HTML and plain text (what
 * fairway sends) stay within `limit`: when the whole would not fit, the body is shortened (HTML by whole
 * lines where it can, its tags closed; then `…`); a Markdown body is only prefixed. A body that already
 * starts with the mark is left as it is.
 */
export function withMark(body: string, mark: string, format: MarkFormat): { text: string; entities?: MessageEntity[] } {
  const head = escapeMark(mark, format.parseMode);
  const room = format.limit - mark.length - 1;
  if (body.startsWith(head)) return { text: body, ...(format.entities ? { entities: format.entities } : {}) };
  if (body === "") return { text: head };
  if (format.parseMode === "HTML") return { text: `${head}\n${fitHtml(body, room)}` };
  if (format.parseMode !== undefined) return { text: `${head}\n${body}` };
  const fitted = truncate(body, room);
  const shift = head.length + 1;
  const entities = format.entities
    ?.filter((e) => e.offset < fitted.length)
    .map((e) => ({ ...e, offset: e.offset + shift, length: Math.min(e.length, fitted.length - e.offset) }));
  return { text: `${head}\n${fitted}`, ...(entities ? { entities } : {}) };
}

/** The chat a send goes to, when the payload names one. */
function chatOf(p: Record<string, unknown>): number | string | undefined {
  return typeof p.chat_id === "number" || typeof p.chat_id === "string" ? p.chat_id : undefined;
}

/** The marked text (and shifted entities) of `p`'s `textKey`, as payload fields. */
function markFields(
  p: Record<string, unknown>,
  textKey: string,
  entitiesKey: string,
  limit: number,
  mark: string,
): Record<string, unknown> {
  const body = typeof p[textKey] === "string" ? p[textKey] : "";
  const parseMode = typeof p.parse_mode === "string" ? p.parse_mode : undefined;
  const entities = Array.isArray(p[entitiesKey]) ? (p[entitiesKey] as MessageEntity[]) : undefined;
  const marked = withMark(body, mark, {
    limit,
    ...(parseMode ? { parseMode } : {}),
    ...(entities ? { entities } : {}),
  });
  return { [textKey]: marked.text, ...(marked.entities ? { [entitiesKey]: marked.entities } : {}) };
}

/** An inline result: the message it posts is marked (its text, else its media's caption). */
function markResult(result: Record<string, unknown>, mark: string): Record<string, unknown> {
  const content = result.input_message_content as Record<string, unknown> | undefined;
  if (content && typeof content.message_text === "string")
    return {
      ...result,
      input_message_content: { ...content, ...markFields(content, "message_text", "entities", TEXT_LIMIT, mark) },
    };
  if (content || result.type === "article") return result;
  return { ...result, ...markFields(result, "caption", "caption_entities", CAPTION_LIMIT, mark) };
}

const MARKDOWN_V2_SPECIAL = /[_*[\]()~`>#+\-=|{}.!\\]/g;

function escapeMark(mark: string, parseMode: string | undefined): string {
  if (parseMode === "HTML") return escapeHtml(mark);
  if (parseMode === "MarkdownV2") return mark.replace(MARKDOWN_V2_SPECIAL, "\\$&");
  if (parseMode === "Markdown") return mark.replace(/[_*`[]/g, "\\$&");
  return mark;
}

/** One piece of Telegram HTML: a tag, an entity, a run of text, or a lone `<`/`&`. */
const HTML_PIECE = /<(\/?)([a-zA-Z][\w-]*)[^>]*>|&(#\d+|#x[\da-fA-F]+|[a-zA-Z]+);|[^<&]+|[<&]/gy;
const NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"' };
const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** How many UTF-16 code units an entity shows as. */
function entityLength(name: string): number {
  if (name.startsWith("#")) {
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0xffff ? 2 : 1;
  }
  return NAMED[name.toLowerCase()] === undefined ? name.length + 2 : 1;
}

/** How many UTF-16 code units Telegram shows for `html` (tags dropped, entities decoded). */
export function shownLength(html: string): number {
  let shown = 0;
  HTML_PIECE.lastIndex = 0;
  for (let m = HTML_PIECE.exec(html); m !== null; m = HTML_PIECE.exec(html)) {
    if (m[3] !== undefined) shown += entityLength(m[3]);
    else if (m[2] === undefined) shown += m[0].length;
  }
  return shown;
}

/**
 * `html` shown within `room` code units: as it is when it fits; otherwise cut after its last whole
 * line that fits (or, when that would keep less than half of it, at the last character that fits),
 * never inside a tag or an entity, then `…` and the tags left open closed.
 */
export function fitHtml(html: string, room: number): string {
  if (shownLength(html) <= room) return html;
  const budget = room - ELLIPSIS.length;
  const open: string[] = [];
  let shown = 0;
  let cut = { at: 0, open: [] as string[], shown: 0 };
  let line: typeof cut | undefined;
  let fits = true;
  HTML_PIECE.lastIndex = 0;
  // Stops at the first piece that does not fit (there is one: the whole does not).
  for (let m = HTML_PIECE.exec(html); m !== null && fits; m = HTML_PIECE.exec(html)) {
    const end = HTML_PIECE.lastIndex;
    if (m[2] !== undefined) {
      const name = m[2].toLowerCase();
      if (m[1] !== "/") open.push(name);
      else if (open.lastIndexOf(name) >= 0) open.splice(open.lastIndexOf(name), 1);
      cut = { at: end, open: [...open], shown };
    } else if (m[3] !== undefined) {
      const length = entityLength(m[3]);
      if (shown + length > budget) fits = false;
      else cut = { at: end, open: [...open], shown: (shown += length) };
    } else {
      let at = m.index;
      for (const { segment } of graphemes.segment(m[0])) {
        if (segment === "\n") line = { at, open: [...open], shown };
        if (shown + segment.length > budget) {
          fits = false;
          break;
        }
        shown += segment.length;
        at += segment.length;
        cut = { at, open: [...open], shown };
      }
    }
  }
  const chosen = line && line.shown * 2 >= budget ? line : cut;
  const closing = [...chosen.open]
    .reverse()
    .map((name) => `</${name}>`)
    .join("");
  return `${html.slice(0, chosen.at).trimEnd()}${ELLIPSIS}${closing}`;
}
