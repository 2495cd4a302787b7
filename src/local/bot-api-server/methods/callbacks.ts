/**
 * answerCallbackQuery: a query can be answered once, within the timeout.
 */
import type { MethodHandler } from "../context.js";
import * as E from "../errors.js";

/** answerCallbackQuery; unknown, expired or already answered ids get Telegram's "query is too old" error. */
export const answerCallbackQuery: MethodHandler = (ctx, p) => {
  const id = p.string("callback_query_id") ?? "";
  const query = ctx.store.callbackQueries.get(id);
  const now = ctx.settings.clock();
  if (query === undefined || query.answered || now - query.createdAt > ctx.settings.callbackQueryTimeoutMs) {
    throw E.badRequest(E.QUERY_TOO_OLD);
  }
  const text = p.string("text");
  if (text !== undefined && text.length > 200) throw E.badRequest("Bad Request: MESSAGE_TOO_LONG");
  const url = p.string("url");
  const cacheTime = p.number("cache_time");
  query.answered = true;
  query.answer = {
    at: now,
    ...(text !== undefined ? { text } : {}),
    ...(p.raw("show_alert") !== undefined ? { show_alert: p.bool("show_alert") } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(cacheTime !== undefined ? { cache_time: cacheTime } : {}),
  };
  return true;
};
