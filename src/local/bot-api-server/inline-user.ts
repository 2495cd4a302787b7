/**
 * What a simulated user does in inline mode: types `@bot query` (an inline_query update), picks one of
 * the bot's results (the article's message is posted into a chat from the user, `via_bot` the bot, and
 * a chosen_inline_result update follows), and opens a `t.me/<bot>?start=…` link (a /start message).
 */
import type { Chat, Message, User } from "grammy/types";
import type { ServerContext } from "./context.js";
import { clone, viewMessage } from "./store.js";
import type { Deliver } from "./updates.js";

let inlineCounter = 0;

/** Queues an inline_query from `user`; returns its id. */
export function sendInlineQuery(
  ctx: ServerContext,
  deliver: Deliver,
  user: User,
  query: string,
  offset: string,
): string {
  const id = String(7_301_000_000_000_000_000n + BigInt(++inlineCounter));
  ctx.store.inlineQueries.set(id, {
    id,
    from: clone(user),
    query,
    offset,
    createdAt: ctx.settings.clock(),
    answered: false,
  });
  deliver({ inline_query: { id, from: clone(user), query, offset, chat_type: "private" } });
  return id;
}

/**
 * Posts the chosen article into `chatId` as `user`'s message via the bot, then queues the
 * chosen_inline_result update. A chat the server does not know is created as a private chat with a
 * peer the bot is not part of (a customer's chat with the agent): the bot gets no message update from
 * it, as in Telegram; in the user's own chat with the bot it does.
 */
export function chooseInlineResult(
  ctx: ServerContext,
  deliver: Deliver,
  user: User,
  queryId: string,
  resultId: string,
  chatId: number,
): Message {
  const query = ctx.store.inlineQueries.get(queryId);
  if (query === undefined || query.from.id !== user.id)
    throw new Error(`chooseInlineResult: no inline query ${queryId} of user ${user.id}`);
  const result = query.answer?.results.find((r) => r.id === resultId);
  if (result?.message === undefined) {
    const ids = query.answer?.results.map((r) => r.id).join(", ") ?? "(not answered)";
    throw new Error(`chooseInlineResult: no result "${resultId}" in the answer to ${queryId}; results: ${ids}`);
  }
  const peer: Chat = { id: chatId, type: "private", first_name: `Chat ${chatId}` };
  const state = ctx.store.chats.get(chatId) ?? ctx.store.ensureChat(peer);
  const posted = result.message;
  const stored = ctx.store.addMessage(
    state,
    (id) => ({
      message_id: id,
      from: clone(user),
      chat: clone(state.chat),
      date: ctx.now(),
      via_bot: clone(ctx.botUser),
      text: posted.text,
      ...(posted.entities.length > 0 ? { entities: clone(posted.entities) } : {}),
      ...(posted.reply_markup !== undefined ? { reply_markup: clone(posted.reply_markup) } : {}),
    }),
    posted.html !== undefined ? { html: posted.html } : {},
  );
  ctx.events.emit("message", { kind: "sent", chat_id: chatId, message: viewMessage(stored) });
  if (chatId === user.id) deliver({ message: clone(stored.message) } as Parameters<Deliver>[0]);
  deliver({
    chosen_inline_result: {
      result_id: resultId,
      from: clone(user),
      query: query.query,
      ...(posted.reply_markup !== undefined
        ? { inline_message_id: `AgAAA${queryId.slice(-8)}${stored.message.message_id}` }
        : {}),
    },
  });
  return clone(stored.message);
}

/** The start parameter of a `https://t.me/<bot>?start=<parameter>` link to this bot, or an error. */
export function startParameterOf(ctx: ServerContext, url: string): string {
  const parsed = new URL(url);
  const bot = parsed.pathname.replace(/^\//, "");
  if (
    !["t.me", "telegram.me"].includes(parsed.hostname) ||
    bot.toLowerCase() !== (ctx.botUser.username ?? "").toLowerCase()
  ) {
    throw new Error(`openLink: ${url} is not a link to @${ctx.botUser.username}`);
  }
  const start = parsed.searchParams.get("start");
  if (start === null || !/^[A-Za-z0-9_-]{1,64}$/.test(start))
    throw new Error(`openLink: ${url} has no valid start parameter`);
  return start;
}
