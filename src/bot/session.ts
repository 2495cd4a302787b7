import { enhanceStorage, type StorageAdapter } from "grammy";
import type { KvStore } from "../storage/index.js";
import type { Access } from "../access/index.js";
import { parseLocale, type Locale } from "../locale.js";
import { surfaceLocale } from "./i18n.js";

const PREFIX = "session:";

/** Per-user session: only the language the user chose (everything else lives in the ledger). */
export interface SessionData {
  /** The language the user chose with /language (any of `LOCALES`; staff surfaces narrow it by role). */
  locale?: Locale;
  /** The user's Telegram language_code as last seen (for messages fairway sends on its own). */
  languageCode?: string;
  /** A cancellation request waiting for its optional reason (features/after-booking/cancel-request.ts). */
  cancelRequest?: { bookingId: string; until: number };
}

/**
 * Versioned session migrations: the key is the version a session is brought to. Add a new entry
 * (never edit an old one) whenever `SessionData` changes shape; grammY applies the missing ones on read.
 */
const MIGRATIONS = {
  1: (old: Record<string, unknown>): SessionData => {
    const locale = old.locale === "th" || old.locale === "en" ? old.locale : undefined;
    const languageCode = typeof old.languageCode === "string" ? old.languageCode : undefined;
    return { ...(locale ? { locale } : {}), ...(languageCode ? { languageCode } : {}) };
  },
};

/**
 * The session storage: the key-value store, keyed by user, versioned with `MIGRATIONS`. A session
 * written back unchanged is not stored again (`skipUnchangedWrites`).
 */
export function sessionStorage(kv: KvStore): StorageAdapter<SessionData> {
  return enhanceStorage<SessionData>({ storage: skipUnchangedWrites(kv.adapter(PREFIX)), migrations: MIGRATIONS });
}

/**
 * grammY writes the session back after every update, though most updates only read it (the language,
 * the language code seen last): that was one database write per update for nothing. This adapter
 * remembers, per key, the JSON of the value it read last and drops a write of the same JSON (the
 * stored value already is that). Any other write, and any delete, goes through and forgets the key,
 * so a skipped write is only ever "store what is stored". It sits under grammY's version wrapper, so
 * a session migrated on read (stored in an older shape) differs from what was read and is written.
 */
export function skipUnchangedWrites<T>(inner: StorageAdapter<T>): StorageAdapter<T> {
  const lastRead = new Map<string, string>();
  return {
    async read(key) {
      const value = await inner.read(key);
      if (value === undefined) lastRead.delete(key);
      else lastRead.set(key, JSON.stringify(value));
      return value;
    },
    async write(key, value) {
      const unchanged = lastRead.get(key) === JSON.stringify(value);
      lastRead.delete(key);
      if (!unchanged) await inner.write(key, value);
    },
    async delete(key) {
      lastRead.delete(key);
      await inner.delete(key);
    },
  };
}

/** Reads a user's session outside an update (for messages fairway sends on its own). */
export async function readSession(kv: KvStore, userId: number): Promise<SessionData | undefined> {
  const stored = await kv.get<Record<string, unknown>>(`${PREFIX}${userId}`);
  if (!stored) return undefined;
  const inner = stored.__d;
  // Stored by enhanceStorage as { __d: data, v: version }; an older plain session is read as it is.
  return sessionData(inner !== null && typeof inner === "object" ? (inner as Record<string, unknown>) : stored);
}

/** The language fields of a stored session, whatever its version: a locale fairway does not speak is none. */
function sessionData(stored: Record<string, unknown>): SessionData {
  const locale = parseLocale(stored.locale, undefined);
  const languageCode = typeof stored.languageCode === "string" ? stored.languageCode : undefined;
  return { ...(locale ? { locale } : {}), ...(languageCode ? { languageCode } : {}) };
}

/**
 * The language of what fairway sends a user on its own: their choice (/language), else their Telegram
 * language (`languageCode` when an update of theirs is at hand, else as last seen), else `fallback`,
 * narrowed by their role now (staff read Thai or English only).
 */
export async function localeOfUser(
  deps: { kv: KvStore; access: Pick<Access, "whoIs"> },
  userId: number,
  fallback: Locale,
  languageCode?: string,
): Promise<Locale> {
  const [session, who] = await Promise.all([readSession(deps.kv, userId), deps.access.whoIs(userId)]);
  return surfaceLocale(
    { role: who.role, chosen: session?.locale, languageCode: languageCode ?? session?.languageCode },
    fallback,
  );
}
