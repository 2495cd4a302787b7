/**
 * Helpers shared by the message-producing methods: chat lookup (with the
 * blocked-user rule), the send flow (replies, reply-keyboard state) and message events.
 */
import type { Message } from "grammy/types";
import type { ServerContext } from "../context.js";
import * as E from "../errors.js";
import { ApiError } from "../errors.js";
import { type ParsedMarkup, parseReplyMarkup } from "../keyboards.js";
import type { Params } from "../params.js";
import { type ChatState, type StoredFile, type StoredMessage, clone, viewMessage } from "../store.js";

/** The chat a method addresses, or Telegram's "chat not found". */
export function findChat(ctx: ServerContext, chatId: number | string): ChatState {
  const state = ctx.store.findChat(chatId);
  if (state === undefined) throw E.badRequest(E.CHAT_NOT_FOUND);
  return state;
}

/** The chat the bot sends into: also enforces "bot was blocked by the user" (403). */
export function sendTarget(ctx: ServerContext, chatId: number | string): ChatState {
  const state = findChat(ctx, chatId);
  if (state.blocked) throw new ApiError(403, E.BOT_BLOCKED);
  return state;
}

/** The common head of a message the bot sends. */
function botMessageHead(
  ctx: ServerContext,
  state: ChatState,
  messageId: number,
): Pick<Message, "message_id" | "from" | "chat" | "date"> {
  return { message_id: messageId, from: clone(ctx.botUser), chat: clone(state.chat), date: ctx.now() };
}

/** `reply_to_message` for reply_parameters / reply_to_message_id, with Telegram's checks. */
function replyTarget(state: ChatState, p: Params): Pick<Message, "reply_to_message"> {
  const raw = p.raw("reply_parameters");
  let id = p.number("reply_to_message_id");
  let allowMissing = p.bool("allow_sending_without_reply");
  if (raw !== undefined) {
    const params = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
    if (typeof params !== "object" || params === null)
      throw E.badRequest("Bad Request: can't parse reply parameters JSON object");
    const rp = params as { message_id?: unknown; allow_sending_without_reply?: unknown };
    if (typeof rp.message_id !== "number") throw E.badRequest("Bad Request: message to be replied not specified");
    id = rp.message_id;
    allowMissing = rp.allow_sending_without_reply === true;
  }
  if (id === undefined) return {};
  const target = state.messages.get(id);
  if (target === undefined || target.deleted) {
    if (allowMissing) return {};
    throw E.badRequest(E.MESSAGE_TO_REPLY_NOT_FOUND);
  }
  const replied = clone(target.message);
  delete replied.reply_to_message;
  return { reply_to_message: replied as NonNullable<Message["reply_to_message"]> };
}

/** Updates the chat's reply keyboard and returns the inline keyboard to attach to the message. */
function applyMarkup(state: ChatState, markup: ParsedMarkup | undefined): Pick<Message, "reply_markup"> {
  if (markup === undefined) return {};
  switch (markup.kind) {
    case "inline":
      return { reply_markup: markup.markup };
    case "keyboard":
      state.replyKeyboard = markup.markup;
      return {};
    case "remove":
      delete state.replyKeyboard;
      return {};
    case "force_reply":
      return {};
  }
}

/** Emits a `message` event for a stored message. */
export function emitMessage(
  ctx: ServerContext,
  kind: "sent" | "edited" | "deleted",
  state: ChatState,
  stored: StoredMessage,
): void {
  ctx.events.emit("message", { kind, chat_id: state.chat.id, message: viewMessage(stored) });
}

/**
 * The shared flow of the send* methods, after their own checks: chat (with the blocked rule),
 * reply_markup and reply, then the stored message (head, reply, `content`, inline keyboard), its event and the result.
 */
export function sendBotMessage(
  ctx: ServerContext,
  p: Params,
  { content, file, html }: { content: Partial<Message>; file?: StoredFile; html?: string },
): Message {
  const chatId = p.chatId();
  const markup = parseReplyMarkup(p.raw("reply_markup"));
  const state = sendTarget(ctx, chatId);
  const reply = replyTarget(state, p);
  const stored = ctx.store.addMessage(
    state,
    (id) => ({ ...botMessageHead(ctx, state, id), ...reply, ...content, ...applyMarkup(state, markup) }),
    { ...(file !== undefined ? { file } : {}), ...(html !== undefined ? { html } : {}) },
  );
  emitMessage(ctx, "sent", state, stored);
  return result(stored);
}

/** The Telegram object returned to the bot. */
export function result(stored: StoredMessage): Message {
  return clone(stored.message);
}
