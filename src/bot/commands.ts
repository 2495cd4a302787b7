/**
 * The command menus Telegram shows, per role and language: everyone (the default scope, strangers
 * included), and per private chat for customers, agents and admins. Each list is set twice: in English
 * (no `language_code`, the fallback) and in Thai (`language_code: "th"`). Descriptions are the
 * `cmd-<command>` keys of the locale files.
 */
import { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotCommand, BotCommandScope, LanguageCode } from "grammy/types";
import type { Access, Role } from "../access/index.js";
import type { Locale } from "./context.js";
import { LOCALES_DIR } from "./i18n.js";

/** Shown to everyone, strangers too. */
export const EVERYONE_COMMANDS = ["start", "help", "language"] as const;
export const CUSTOMER_COMMANDS = ["book", "mybookings", "cancel", "language", "help"] as const;
export const AGENT_COMMANDS = ["book", "mybookings", "link", "links", "cancel", "language", "help"] as const;
/** Admins can do everything agents can, and more. */
export const ADMIN_MENU_COMMANDS = [...AGENT_COMMANDS, "balance", "order", "refund", "release", "bookings", "report", "agents", "audit"] as const;

export type MenuCommand = (typeof EVERYONE_COMMANDS | typeof AGENT_COMMANDS | typeof ADMIN_MENU_COMMANDS)[number];

/** The language each list is set for: English as the fallback (no code), Thai for Thai clients. */
const LANGUAGES: readonly { locale: Locale; code?: LanguageCode }[] = [{ locale: "en" }, { locale: "th", code: "th" }];

let translator: I18n | undefined;
function describe(locale: Locale, command: MenuCommand): string {
  translator ??= new I18n({ defaultLocale: "en", directory: LOCALES_DIR, fluentBundleOptions: { useIsolating: false } });
  return translator.t(locale, `cmd-${command}`);
}

/** The menu for `commands` in `locale`. */
export function commandList(commands: readonly MenuCommand[], locale: Locale): BotCommand[] {
  return commands.map((command) => ({ command, description: describe(locale, command) }));
}

function commandsOf(role: Role): readonly MenuCommand[] | undefined {
  if (role === "admin") return ADMIN_MENU_COMMANDS;
  if (role === "agent") return AGENT_COMMANDS;
  if (role === "customer") return CUSTOMER_COMMANDS;
  return undefined;
}

async function setMenu(api: Api, scope: BotCommandScope, commands: readonly MenuCommand[]): Promise<void> {
  for (const { locale, code } of LANGUAGES) {
    await api.setMyCommands(commandList(commands, locale), { scope, ...(code ? { language_code: code } : {}) });
  }
}

async function deleteMenu(api: Api, scope: BotCommandScope): Promise<void> {
  for (const { code } of LANGUAGES) await api.deleteMyCommands({ scope, ...(code ? { language_code: code } : {}) });
}

const chatScope = (userId: number): BotCommandScope => ({ type: "chat", chat_id: userId });

export interface SyncResult {
  /** Private chats whose menu was set. */
  chats: number[];
  /** Chats Telegram refused (typically a user who never opened the bot: "chat not found"). */
  failed: { chatId: number; error: string }[];
}

/**
 * Sets every menu at start-up: the default scope, then each admin's and each agent's private chat.
 * A chat Telegram refuses is reported, not thrown (the rest are still set); the default scope's
 * failure is thrown.
 */
export async function syncCommands(api: Api, access: Access): Promise<SyncResult> {
  await setMenu(api, { type: "default" }, EVERYONE_COMMANDS);
  const result: SyncResult = { chats: [], failed: [] };
  const agents = await access.agents.list();
  const targets: [number, readonly MenuCommand[]][] = [
    ...access.adminIds().map((id): [number, readonly MenuCommand[]] => [id, ADMIN_MENU_COMMANDS]),
    ...agents.filter((a) => !access.isAdmin(a.userId)).map((a): [number, readonly MenuCommand[]] => [a.userId, AGENT_COMMANDS]),
  ];
  for (const [chatId, commands] of targets) {
    try {
      await setMenu(api, chatScope(chatId), commands);
      result.chats.push(chatId);
    } catch (error) {
      result.failed.push({ chatId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/** Sets a customer's menu (call when a link makes someone a customer). */
export async function commandsForCustomer(api: Api, userId: number): Promise<void> {
  await setMenu(api, chatScope(userId), CUSTOMER_COMMANDS);
}

/**
 * Brings one user's menu in line with their role now: after /agents add, the agent menu; after
 * /agents remove, the customer menu if a link made them one, else their chat's menu is deleted (they
 * see the default one). Returns the role the menu was set for.
 */
export async function refreshAgentCommands(api: Api, access: Access, userId: number): Promise<Role> {
  const { role } = await access.whoIs(userId);
  const commands = commandsOf(role);
  if (commands) await setMenu(api, chatScope(userId), commands);
  else await deleteMenu(api, chatScope(userId));
  return role;
}
