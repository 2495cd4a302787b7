import { enhanceStorage, type StorageAdapter } from "grammy";
import type { KvStore } from "../storage/index.js";
import type { SessionData } from "./context.js";

const PREFIX = "session:";

/**
 * Versioned session migrations: the key is the version a session is brought to. Add a new entry
 * (never edit an old one) whenever `SessionData` changes shape; grammY applies the missing ones on read.
 */
const MIGRATIONS = {
  1: (old: Record<string, unknown>): SessionData => {
    const locale = old.locale === "th" || old.locale === "en" ? (old.locale) : undefined;
    const languageCode = typeof old.languageCode === "string" ? old.languageCode : undefined;
    return { ...(locale ? { locale } : {}), ...(languageCode ? { languageCode } : {}) };
  },
};

/** The session storage: the key-value store, keyed by user, versioned with `MIGRATIONS`. */
export function sessionStorage(kv: KvStore): StorageAdapter<SessionData> {
  return enhanceStorage<SessionData>({ storage: kv.adapter(PREFIX), migrations: MIGRATIONS });
}

/** Reads a user's session outside an update (for messages fairway sends on its own). */
export async function readSession(kv: KvStore, userId: number): Promise<SessionData | undefined> {
  const stored = await kv.get<Record<string, unknown>>(`${PREFIX}${userId}`);
  if (!stored) return undefined;
  const inner = stored.__d;
  // Stored by enhanceStorage as { __d: data, v: version }; an older plain session is read as it is.
  return MIGRATIONS[1](inner !== null && typeof inner === "object" ? (inner as Record<string, unknown>) : stored);
}
