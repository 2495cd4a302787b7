/**
 * answerInlineQuery: a query can be answered once, within the timeout; article results are checked
 * as Telegram checks them (ids, the message they post, its keyboard) and kept for the user to choose.
 */
import type { MethodHandler } from "../context.js";
import * as E from "../errors.js";
import { parseReplyMarkup } from "../keyboards.js";
import type { InlineAnswerRecord, InlineResultRecord } from "../store.js";
import { formatText } from "../text.js";

const MAX_RESULTS = 50;
const START_PARAMETER = /^[A-Za-z0-9_-]{1,64}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parseResults(raw: unknown, strictAmpersand: boolean): InlineResultRecord[] {
  const value = typeof raw === "string" ? safeJson(raw) : raw;
  if (!Array.isArray(value)) throw E.badRequest(E.RESULTS_INVALID);
  if (value.length > MAX_RESULTS) throw E.badRequest(E.RESULTS_TOO_MUCH);
  const ids = new Set<string>();
  return value.map((r: unknown) => {
    if (!isObject(r)) throw E.badRequest(E.RESULTS_INVALID);
    const id = r.id;
    if (typeof id !== "string" || id.length === 0 || Buffer.byteLength(id) > 64)
      throw E.badRequest(E.RESULT_ID_INVALID);
    if (ids.has(id)) throw E.badRequest(E.RESULT_ID_DUPLICATE);
    ids.add(id);
    if (r.type !== "article") throw E.badRequest(E.RESULT_TYPE_UNSUPPORTED);
    if (typeof r.title !== "string" || r.title.trim() === "") throw E.badRequest(E.RESULT_TITLE_EMPTY);
    const content = r.input_message_content;
    if (!isObject(content) || typeof content.message_text !== "string") throw E.badRequest(E.MESSAGE_TEXT_EMPTY);
    const parseMode = typeof content.parse_mode === "string" ? content.parse_mode : undefined;
    const formatted = formatText(content.message_text, parseMode, content.entities, { kind: "text", strictAmpersand });
    if (formatted === undefined) throw E.badRequest(E.MESSAGE_TEXT_EMPTY);
    const markup = parseReplyMarkup(r.reply_markup, { inlineOnly: true });
    return {
      type: r.type,
      id,
      title: r.title,
      ...(typeof r.description === "string" ? { description: r.description } : {}),
      raw: r,
      message: {
        text: formatted.text,
        entities: formatted.entities,
        ...(formatted.html !== undefined ? { html: formatted.html } : {}),
        ...(markup?.kind === "inline" ? { reply_markup: markup.markup } : {}),
      },
    };
  });
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function parseButton(raw: unknown): InlineAnswerRecord["button"] {
  if (raw === undefined) return undefined;
  const value = typeof raw === "string" ? safeJson(raw) : raw;
  if (!isObject(value) || typeof value.text !== "string" || value.text.trim() === "")
    throw E.badRequest(E.BUTTON_INVALID);
  if (value.web_app !== undefined) return { text: value.text, web_app: value.web_app };
  if (typeof value.start_parameter !== "string" || !START_PARAMETER.test(value.start_parameter))
    throw E.badRequest(E.START_PARAM_INVALID);
  return { text: value.text, start_parameter: value.start_parameter };
}

/** answerInlineQuery; unknown, expired or already answered ids get Telegram's "query is too old" error. */
export const answerInlineQuery: MethodHandler = (ctx, p) => {
  const id = p.string("inline_query_id") ?? "";
  const query = ctx.store.inlineQueries.get(id);
  const now = ctx.settings.clock();
  if (query === undefined || query.answered || now - query.createdAt > ctx.settings.callbackQueryTimeoutMs) {
    throw E.badRequest(E.QUERY_TOO_OLD);
  }
  const results = parseResults(p.raw("results"), ctx.settings.strictHtmlAmpersand);
  const nextOffset = p.string("next_offset");
  if (nextOffset !== undefined && Buffer.byteLength(nextOffset) > 64) throw E.badRequest(E.NEXT_OFFSET_INVALID);
  const button = parseButton(p.raw("button"));
  const cacheTime = p.number("cache_time");
  query.answered = true;
  query.answer = {
    results,
    at: now,
    ...(nextOffset !== undefined ? { next_offset: nextOffset } : {}),
    ...(p.raw("is_personal") !== undefined ? { is_personal: p.bool("is_personal") } : {}),
    ...(cacheTime !== undefined ? { cache_time: cacheTime } : {}),
    ...(button !== undefined ? { button } : {}),
  };
  return true;
};
