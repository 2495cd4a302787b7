/**
 * sendMessage, editMessageText, editMessageReplyMarkup, deleteMessage, sendChatAction.
 */
import type { InlineKeyboardMarkup, Message } from "grammy/types";
import type { MethodHandler, ServerContext } from "../context.js";
import * as E from "../errors.js";
import { parseReplyMarkup } from "../keyboards.js";
import type { Params } from "../params.js";
import type { ChatState, StoredMessage } from "../store.js";
import { formatText } from "../text.js";
import { emitMessage, findChat, result, sendBotMessage, sendTarget } from "./common.js";

/** sendMessage: text with HTML or entities, optional keyboard and reply. */
export const sendMessage: MethodHandler = (ctx, p) => {
  p.chatId(); // chat_id errors come before text errors
  const formatted = formatText(p.string("text"), p.string("parse_mode"), p.raw("entities"), {
    kind: "text",
    strictAmpersand: ctx.settings.strictHtmlAmpersand,
  });
  if (formatted === undefined) throw E.badRequest(E.MESSAGE_TEXT_EMPTY);
  return sendBotMessage(ctx, p, {
    content: {
      text: formatted.text,
      ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
      ...(p.bool("protect_content") ? { has_protected_content: true as const } : {}),
    },
    ...(formatted.html !== undefined ? { html: formatted.html } : {}),
  });
};

/** Locates the bot message an edit method addresses. */
function editTarget(ctx: ServerContext, p: Params): { state: ChatState; stored: StoredMessage } {
  if (p.raw("inline_message_id") !== undefined) throw E.badRequest(E.INLINE_MESSAGE_UNSUPPORTED);
  const state = findChat(ctx, p.chatId());
  const stored = ctx.store.liveMessage(state, p.messageId());
  if (stored === undefined) throw E.badRequest(E.MESSAGE_TO_EDIT_NOT_FOUND);
  if (stored.message.from?.id !== ctx.botUser.id) throw E.badRequest(E.MESSAGE_CANT_BE_EDITED);
  return { state, stored };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function setMarkup(message: Message, markup: InlineKeyboardMarkup | undefined): void {
  if (markup === undefined) delete message.reply_markup;
  else message.reply_markup = markup;
}

/** editMessageText. Omitting reply_markup removes the inline keyboard, as in Telegram. */
export const editMessageText: MethodHandler = (ctx, p) => {
  p.chatId();
  const formatted = formatText(p.string("text"), p.string("parse_mode"), p.raw("entities"), {
    kind: "text",
    emptyError: E.TEXT_MUST_BE_NON_EMPTY,
    strictAmpersand: ctx.settings.strictHtmlAmpersand,
  });
  if (formatted === undefined) throw E.badRequest(E.TEXT_MUST_BE_NON_EMPTY);
  const markup = parseReplyMarkup(p.raw("reply_markup"), { inlineOnly: true });
  const { state, stored } = editTarget(ctx, p);
  const message = stored.message;
  if (message.text === undefined) throw E.badRequest(E.NO_TEXT_TO_EDIT);
  const newMarkup = markup?.kind === "inline" ? markup.markup : undefined;
  if (
    message.text === formatted.text &&
    same(message.entities ?? [], formatted.entities) &&
    same(message.reply_markup, newMarkup)
  ) {
    throw E.badRequest(E.MESSAGE_NOT_MODIFIED);
  }
  message.text = formatted.text;
  if (formatted.entities.length > 0) message.entities = formatted.entities;
  else delete message.entities;
  setMarkup(message, newMarkup);
  message.edit_date = ctx.now();
  if (formatted.html !== undefined) stored.html = formatted.html;
  else delete stored.html;
  stored.edits += 1;
  emitMessage(ctx, "edited", state, stored);
  return result(stored);
};

/** editMessageReplyMarkup. Omitting reply_markup removes the inline keyboard. */
export const editMessageReplyMarkup: MethodHandler = (ctx, p) => {
  p.chatId();
  const markup = parseReplyMarkup(p.raw("reply_markup"), { inlineOnly: true });
  const { state, stored } = editTarget(ctx, p);
  const newMarkup = markup?.kind === "inline" ? markup.markup : undefined;
  if (same(stored.message.reply_markup, newMarkup)) throw E.badRequest(E.MESSAGE_NOT_MODIFIED);
  setMarkup(stored.message, newMarkup);
  stored.message.edit_date = ctx.now();
  stored.edits += 1;
  emitMessage(ctx, "edited", state, stored);
  return result(stored);
};

/** deleteMessage: bot messages and, in private chats, the user's messages. */
export const deleteMessage: MethodHandler = (ctx, p) => {
  const state = findChat(ctx, p.chatId());
  const stored = ctx.store.liveMessage(state, p.messageId());
  if (stored === undefined) throw E.badRequest(E.MESSAGE_TO_DELETE_NOT_FOUND);
  if (state.chat.type !== "private" && stored.message.from?.id !== ctx.botUser.id) {
    throw E.badRequest("Bad Request: message can't be deleted");
  }
  stored.deleted = true;
  emitMessage(ctx, "deleted", state, stored);
  return true;
};

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

/** sendChatAction: validates the action; returns true. */
export const sendChatAction: MethodHandler = (ctx, p) => {
  const chatId = p.chatId();
  if (!CHAT_ACTIONS.has(p.string("action") ?? "")) throw E.badRequest(E.WRONG_CHAT_ACTION);
  sendTarget(ctx, chatId);
  return true;
};
