/**
 * setMyCommands / getMyCommands / deleteMyCommands (per scope and language),
 * setChatMenuButton / getChatMenuButton.
 */
import type { BotCommand } from "grammy/types";
import type { MethodHandler, ServerContext } from "../context.js";
import * as E from "../errors.js";
import { type Params, fromJson } from "../params.js";
import { clone } from "../store.js";
import { findChat } from "./common.js";

const SCOPES = new Set([
  "default",
  "all_private_chats",
  "all_group_chats",
  "all_chat_administrators",
  "chat",
  "chat_administrators",
  "chat_member",
]);

/** The storage key of a (scope, language_code) pair. */
export function commandsKey(scope: unknown, languageCode: string | undefined): string {
  const value = scope === undefined ? { type: "default" } : fromJson(scope, E.SCOPE_INVALID);
  if (typeof value !== "object" || value === null) throw E.badRequest(E.SCOPE_INVALID);
  const record = value as Record<string, unknown>;
  if (typeof record.type !== "string" || !SCOPES.has(record.type)) throw E.badRequest(E.SCOPE_INVALID);
  const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify(sorted)}|${languageCode ?? ""}`;
}

const keyOf = (p: Params): string => commandsKey(p.raw("scope"), p.string("language_code"));

/** setMyCommands: validates command names (1-32 of a-z, 0-9, _) and descriptions (1-256 chars). */
export const setMyCommands: MethodHandler = (ctx, p) => {
  const list = fromJson(p.raw("commands"), E.COMMANDS_INVALID);
  if (!Array.isArray(list)) throw E.badRequest(E.COMMANDS_INVALID);
  const commands: BotCommand[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== "object" || item === null) throw E.badRequest(E.COMMANDS_INVALID);
    const { command, description } = item as Record<string, unknown>;
    if (typeof command !== "string" || !/^[a-z0-9_]{1,32}$/.test(command)) throw E.badRequest(E.BOT_COMMAND_INVALID);
    if (typeof description !== "string" || description.trim() === "" || description.length > 256) {
      throw E.badRequest(E.BOT_COMMAND_DESCRIPTION_INVALID);
    }
    commands.push({ command, description });
  }
  if (commands.length > 100) throw E.badRequest("Bad Request: too many commands specified");
  const key = keyOf(p);
  if (commands.length === 0) ctx.store.commands.delete(key);
  else ctx.store.commands.set(key, commands);
  return true;
};

/** getMyCommands for exactly the given scope and language ([] if none). */
export const getMyCommands: MethodHandler = (ctx, p) => clone(ctx.store.commands.get(keyOf(p)) ?? []);

/** deleteMyCommands for the given scope and language. */
export const deleteMyCommands: MethodHandler = (ctx, p) => {
  ctx.store.commands.delete(keyOf(p));
  return true;
};

function menuButton(p: Params): unknown {
  const raw = p.raw("menu_button");
  if (raw === undefined) return { type: "default" };
  const value = fromJson(raw, E.MENU_BUTTON_INVALID);
  if (typeof value !== "object" || value === null) throw E.badRequest(E.MENU_BUTTON_INVALID);
  const button = value as Record<string, unknown>;
  if (button.type === "commands" || button.type === "default") return { type: button.type };
  if (button.type === "web_app" && typeof button.text === "string" && typeof button.web_app === "object")
    return clone(button);
  throw E.badRequest(E.MENU_BUTTON_INVALID);
}

function menuTarget(ctx: ServerContext, p: Params): ReturnType<typeof findChat> | undefined {
  return p.raw("chat_id") === undefined ? undefined : findChat(ctx, p.chatId());
}

/** setChatMenuButton: per chat, or the default when chat_id is omitted. Stored only. */
export const setChatMenuButton: MethodHandler = (ctx, p) => {
  const button = menuButton(p);
  const state = menuTarget(ctx, p);
  if (state === undefined) ctx.store.defaultMenuButton = button;
  else state.menuButton = button;
  return true;
};

/** getChatMenuButton. */
export const getChatMenuButton: MethodHandler = (ctx, p) => {
  const state = menuTarget(ctx, p);
  return clone(state?.menuButton ?? ctx.store.defaultMenuButton);
};
