/**
 * `reply_markup` parsing and validation: inline keyboards (button text, exactly
 * one action, callback_data ≤ 64 bytes, URL shape), reply keyboards, keyboard
 * removal and force-reply.
 */
import type {
  ForceReply,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  KeyboardButton,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
} from "grammy/types";
import * as E from "./errors.js";
import { fromJson } from "./params.js";

/** Telegram's limit for callback_data, in bytes of UTF-8. */
export const MAX_CALLBACK_DATA_BYTES = 64;

/** A validated `reply_markup`, tagged by kind. */
export type ParsedMarkup =
  | { kind: "inline"; markup: InlineKeyboardMarkup }
  | { kind: "keyboard"; markup: ReplyKeyboardMarkup }
  | { kind: "remove"; markup: ReplyKeyboardRemove }
  | { kind: "force_reply"; markup: ForceReply };

const ACTION_FIELDS = [
  "callback_data",
  "url",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses and validates a `reply_markup` parameter. `inlineOnly` is for edit
 * methods, which accept only an inline keyboard. Returns undefined if absent.
 */
export function parseReplyMarkup(raw: unknown, options: { inlineOnly?: boolean } = {}): ParsedMarkup | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const value = fromJson(raw, E.REPLY_MARKUP_INVALID);
  if (!isObject(value)) throw E.badRequest(E.REPLY_MARKUP_INVALID);
  if ("inline_keyboard" in value) return { kind: "inline", markup: validateInlineKeyboard(value) };
  if (options.inlineOnly === true) throw E.badRequest(E.INLINE_KEYBOARD_EXPECTED);
  if ("keyboard" in value) return { kind: "keyboard", markup: validateReplyKeyboard(value) };
  if (value.remove_keyboard === true) return { kind: "remove", markup: value as unknown as ReplyKeyboardRemove };
  if (value.force_reply === true) return { kind: "force_reply", markup: value as unknown as ForceReply };
  throw E.badRequest(E.REPLY_MARKUP_INVALID);
}

function validateInlineKeyboard(value: Record<string, unknown>): InlineKeyboardMarkup {
  const rows = value.inline_keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) throw E.badRequest(E.INLINE_KEYBOARD_EXPECTED);
  for (const row of rows as unknown[][]) {
    for (const button of row) validateInlineButton(button);
  }
  return { inline_keyboard: rows as InlineKeyboardButton[][] };
}

/** Throws Telegram's error for an unusable inline keyboard button. */
export function validateInlineButton(button: unknown): asserts button is InlineKeyboardButton {
  if (!isObject(button) || typeof button.text !== "string") throw E.badRequest(E.BUTTON_TEXT_NOT_STRING);
  if (button.text.trim() === "") throw E.badRequest(E.BUTTON_TEXT_INVALID);
  // Telegram treats an empty callback_data or url like a missing one.
  const present = ACTION_FIELDS.filter((field) => {
    const v = button[field];
    if (v === undefined || v === null) return false;
    return !((field === "callback_data" || field === "url") && v === "");
  });
  if (present.length === 0) throw E.badRequest(E.TEXT_BUTTONS_UNALLOWED);
  if (present.length > 1) throw E.badRequest(E.BUTTON_MANY_ACTIONS);
  if (present[0] === "callback_data") {
    const data = button.callback_data;
    if (typeof data !== "string" || Buffer.byteLength(data, "utf8") > MAX_CALLBACK_DATA_BYTES) {
      throw E.badRequest(E.BUTTON_DATA_INVALID);
    }
  }
  if (present[0] === "url") checkButtonUrl(button.url);
}

function checkButtonUrl(url: unknown): void {
  const text = typeof url === "string" ? url : String(url);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const invalid = (why: string): never => {
    throw E.badRequest(`Bad Request: inline keyboard button URL '${text}' is invalid: ${why}`);
  };
  if (scheme === undefined) {
    if (!/^[^\s/]+\.[^\s/]+(\/\S*)?$/.test(text)) invalid("Wrong HTTP URL");
    return;
  }
  if (scheme === "tg" || scheme === "ton") return;
  if (scheme !== "http" && scheme !== "https") invalid("Unsupported URL protocol");
  try {
    const parsed = new URL(text);
    if (parsed.hostname === "") invalid("URL host is empty");
  } catch {
    invalid("Wrong HTTP URL");
  }
}

function validateReplyKeyboard(value: Record<string, unknown>): ReplyKeyboardMarkup {
  const rows = value.keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) throw E.badRequest(E.REPLY_MARKUP_INVALID);
  const keyboard = (rows as unknown[][]).map((row) =>
    row.map((button): KeyboardButton => {
      const text = typeof button === "string" ? button : isObject(button) ? button.text : undefined;
      if (typeof text !== "string") throw E.badRequest(E.REPLY_MARKUP_INVALID);
      if (text.trim() === "") throw E.badRequest(E.KEYBOARD_BUTTON_TEXT_EMPTY);
      return typeof button === "string" ? { text } : (button as KeyboardButton);
    }),
  );
  return { ...(value as unknown as ReplyKeyboardMarkup), keyboard };
}

/** The text of a reply keyboard button (buttons may be plain strings). */
export function keyboardButtonText(button: KeyboardButton): string {
  return typeof button === "string" ? button : button.text;
}
