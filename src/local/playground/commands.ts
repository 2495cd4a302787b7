/**
 * The command menu a Telegram client shows in a private chat: the first
 * non-empty list in Telegram's order of scopes (chat, all private chats,
 * default), each tried with the user's language first and then without one.
 */
import type { BotCommand } from "grammy/types";
import type { BotApiServer } from "../bot-api-server/index.js";

/** The menu of one user and where it came from (`scope: null` when the bot set none). */
export interface CommandMenu {
  scope: "chat" | "all_private_chats" | "default" | null;
  language_code: string | null;
  commands: BotCommand[];
}

/** Resolves the command menu of a user's private chat, as Telegram does. */
export function commandMenu(telegram: BotApiServer, userId: number, languageCode: string | undefined): CommandMenu {
  const scopes = [
    { name: "chat", scope: { type: "chat", chat_id: userId } },
    { name: "all_private_chats", scope: { type: "all_private_chats" } },
    { name: "default", scope: { type: "default" } },
  ] as const;
  const languages = languageCode ? [languageCode, undefined] : [undefined];
  for (const { name, scope } of scopes) {
    for (const language of languages) {
      const commands = telegram.commands({ scope, ...(language !== undefined ? { language_code: language } : {}) });
      if (commands.length > 0) return { scope: name, language_code: language ?? null, commands };
    }
  }
  return { scope: null, language_code: null, commands: [] };
}
