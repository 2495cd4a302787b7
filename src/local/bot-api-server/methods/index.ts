/**
 * The method registry. Names are matched case-insensitively, as by Telegram;
 * anything not listed answers 404 "Not Found".
 */
import type { MethodHandler } from "../context.js";
import { answerCallbackQuery } from "./callbacks.js";
import { getChat, getMe } from "./chats.js";
import { answerInlineQuery } from "./inline.js";
import { deleteMyCommands, getChatMenuButton, getMyCommands, setChatMenuButton, setMyCommands } from "./commands.js";
import { getFile, sendDocument, sendLocation, sendPhoto, sendVenue } from "./media.js";
import { deleteMessage, editMessageReplyMarkup, editMessageText, sendChatAction, sendMessage } from "./messages.js";
import { deleteWebhook, getUpdates, getWebhookInfo, setWebhook } from "./updates.js";

const handlers: Record<string, MethodHandler> = {
  getMe,
  getChat,
  getUpdates,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  sendMessage,
  editMessageText,
  editMessageReplyMarkup,
  deleteMessage,
  sendChatAction,
  sendDocument,
  sendPhoto,
  getFile,
  sendLocation,
  sendVenue,
  answerCallbackQuery,
  answerInlineQuery,
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
  setChatMenuButton,
  getChatMenuButton,
};

const byLowerName = new Map(Object.entries(handlers).map(([name, fn]) => [name.toLowerCase(), { name, fn }]));

/** The supported method names, in Telegram's spelling. */
export const SUPPORTED_METHODS: readonly string[] = Object.keys(handlers);

/** Finds a method by name (case-insensitive). */
export function findMethod(name: string): { name: string; fn: MethodHandler } | undefined {
  return byLowerName.get(name.toLowerCase());
}
