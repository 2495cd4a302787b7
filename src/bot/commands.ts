/**
 * The command menus Telegram shows, per role and language: everyone (the default scope, strangers
 * included), and per private chat for customers, agents and admins. Each list is set in English (no
 * `language_code`, the fallback) and in Thai (`language_code: "th"`); the everyone's and the customers'
 * lists in Korean, Japanese and Chinese too (`ko`, `ja`, `zh`), staff menus never (a staff client in those
 * languages shows the English list). Descriptions are the `cmd-<command>` keys of the locale files.
 */
import { createHash } from "node:crypto";
import { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotCommand, BotCommandScope, LanguageCode } from "grammy/types";
import type { Access, Role } from "../access/index.js";
import type { KvStore } from "../storage/kv.js";
import type { Locale } from "./context.js";
import { LOCALES_DIR } from "./i18n.js";

/** Shown to everyone, strangers too. */
export const EVERYONE_COMMANDS = ["start", "help", "language"] as const;
export const CUSTOMER_COMMANDS = ["book", "mybookings", "cancel", "language", "help"] as const;
export const AGENT_COMMANDS = [
  "book",
  "mybookings",
  "trips",
  "move",
  "link",
  "links",
  "payments",
  "promptpay",
  "offers",
  "watches",
  "cancel",
  "language",
  "help",
] as const;
/** Admins can do everything agents can, and more. */
export const ADMIN_MENU_COMMANDS = [
  ...AGENT_COMMANDS,
  "balance",
  "order",
  "refund",
  "release",
  "bookings",
  "report",
  "agents",
  "audit",
  "digest",
  "requests",
  "prices",
  "moverule",
  "closeday",
] as const;

export type MenuCommand = (typeof EVERYONE_COMMANDS | typeof AGENT_COMMANDS | typeof ADMIN_MENU_COMMANDS)[number];

/** The languages a staff list is set for: English as the fallback (no code), Thai for Thai clients. */
const STAFF_LANGUAGES: readonly { locale: Locale; code?: LanguageCode }[] = [
  { locale: "en" },
  { locale: "th", code: "th" },
];

/** The languages the everyone's and the customers' lists are set for: the staff's, and the customer-only. */
const CUSTOMER_LANGUAGES: readonly { locale: Locale; code?: LanguageCode }[] = [
  ...STAFF_LANGUAGES,
  { locale: "ko", code: "ko" },
  { locale: "ja", code: "ja" },
  { locale: "zh", code: "zh" },
];

/** The languages `commands` is set in: a staff menu in Thai and English only. */
function languagesOf(commands: readonly MenuCommand[]) {
  return commands === EVERYONE_COMMANDS || commands === CUSTOMER_COMMANDS ? CUSTOMER_LANGUAGES : STAFF_LANGUAGES;
}

let translator: I18n | undefined;
/** A command's description; /language's in a staff menu names the staff's two languages only. */
function describe(locale: Locale, command: MenuCommand, staff: boolean): string {
  translator ??= new I18n({
    defaultLocale: "en",
    directory: LOCALES_DIR,
    fluentBundleOptions: { useIsolating: false },
  });
  return translator.t(locale, staff && command === "language" ? "cmd-language-staff" : `cmd-${command}`);
}

/** The menu for `commands` in `locale`. */
export function commandList(commands: readonly MenuCommand[], locale: Locale): BotCommand[] {
  const staff = languagesOf(commands) === STAFF_LANGUAGES;
  return commands.map((command) => ({ command, description: describe(locale, command, staff) }));
}

function commandsOf(role: Role): readonly MenuCommand[] | undefined {
  if (role === "admin") return ADMIN_MENU_COMMANDS;
  if (role === "agent") return AGENT_COMMANDS;
  if (role === "customer") return CUSTOMER_COMMANDS;
  return undefined;
}

/**
 * What fairway last set for each scope, so a restart does not send every agent's menu again: a
 * digest of the lists (every language) per scope, in the key-value store, kept for `MENU_MEMO_TTL_MS`
 * (after that a start sends the menu again, in case something outside fairway changed it). Every
 * path that sets or deletes a menu goes through it, so it never claims a menu that is not there.
 */
export interface MenuMemo {
  get(scope: string): Promise<string | undefined>;
  set(scope: string, digest: string): Promise<void>;
  delete(scope: string): Promise<void>;
}

/** How long a remembered menu is trusted: a week. */
export const MENU_MEMO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The key prefix of the menu memo in the key-value store. */
export const MENU_MEMO_PREFIX = "menu:";

/** The menu memo in the key-value store (`menu:<scope>` keys). */
export function createMenuMemo(kv: KvStore): MenuMemo {
  return {
    get: (scope) => kv.get<string>(MENU_MEMO_PREFIX + scope),
    set: (scope, digest) => kv.set(MENU_MEMO_PREFIX + scope, digest, MENU_MEMO_TTL_MS),
    delete: (scope) => kv.delete(MENU_MEMO_PREFIX + scope),
  };
}

function scopeKey(scope: BotCommandScope): string {
  return scope.type === "chat" ? `chat:${scope.chat_id}` : scope.type;
}

/** Sets `commands` for `scope` in every language; skipped when the memo says exactly that is set. */
async function setMenu(
  api: Api,
  scope: BotCommandScope,
  commands: readonly MenuCommand[],
  memo?: MenuMemo,
): Promise<boolean> {
  const lists = languagesOf(commands).map(({ locale, code }) => ({ code, list: commandList(commands, locale) }));
  const digest = createHash("sha256").update(JSON.stringify(lists)).digest("base64url");
  const key = scopeKey(scope);
  if (memo && (await memo.get(key)) === digest) return false;
  // Forget first: a failure half-way leaves no memo that claims the new lists.
  await memo?.delete(key);
  for (const { code, list } of lists) {
    await api.setMyCommands(list, { scope, ...(code ? { language_code: code } : {}) });
  }
  await memo?.set(key, digest);
  return true;
}

async function deleteMenu(api: Api, scope: BotCommandScope, memo?: MenuMemo): Promise<void> {
  await memo?.delete(scopeKey(scope));
  for (const { code } of CUSTOMER_LANGUAGES) {
    await api.deleteMyCommands({ scope, ...(code ? { language_code: code } : {}) });
  }
}

const chatScope = (userId: number): BotCommandScope => ({ type: "chat", chat_id: userId });

export interface SyncResult {
  /** Private chats whose menu is set (sent now, or already set as the memo remembers). */
  chats: number[];
  /** Menus actually sent now (scopes whose memo differed), the default scope included. */
  sent: number;
  /** Chats Telegram refused (typically a user who never opened the bot: "chat not found"). */
  failed: { chatId: number; error: string }[];
}

/**
 * Sets every menu at start-up: the default scope, then each admin's and each agent's private chat.
 * A chat Telegram refuses is reported, not thrown (the rest are still set); the default scope's
 * failure is thrown. With a `memo`, a scope whose menu is already set as it should be is skipped.
 */
export async function syncCommands(api: Api, access: Access, memo?: MenuMemo): Promise<SyncResult> {
  const result: SyncResult = { chats: [], failed: [], sent: 0 };
  if (await setMenu(api, { type: "default" }, EVERYONE_COMMANDS, memo)) result.sent += 1;
  const agents = await access.agents.list();
  const targets: [number, readonly MenuCommand[]][] = [
    ...access.adminIds().map((id): [number, readonly MenuCommand[]] => [id, ADMIN_MENU_COMMANDS]),
    ...agents
      .filter((a) => !access.isAdmin(a.userId))
      .map((a): [number, readonly MenuCommand[]] => [a.userId, AGENT_COMMANDS]),
  ];
  for (const [chatId, commands] of targets) {
    try {
      if (await setMenu(api, chatScope(chatId), commands, memo)) result.sent += 1;
      result.chats.push(chatId);
    } catch (error) {
      result.failed.push({ chatId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/** Sets a customer's menu (call when a link makes someone a customer). */
export async function commandsForCustomer(api: Api, userId: number, memo?: MenuMemo): Promise<void> {
  await setMenu(api, chatScope(userId), CUSTOMER_COMMANDS, memo);
}

/**
 * Brings one user's menu in line with their role now: after /agents add, the agent menu; after
 * /agents remove, the customer menu if a link made them one, else their chat's menu is deleted (they
 * see the default one). Returns the role the menu was set for.
 */
export async function refreshAgentCommands(api: Api, access: Access, userId: number, memo?: MenuMemo): Promise<Role> {
  const { role } = await access.whoIs(userId);
  const commands = commandsOf(role);
  if (commands) await setMenu(api, chatScope(userId), commands, memo);
  else await deleteMenu(api, chatScope(userId), memo);
  return role;
}
