import type { StorageAdapter } from "grammy";
import type { Kysely } from "kysely";
import type { Database } from "./schema.js";

/** A JSON key-value store with optional expiry, shared by sessions and conversations. */
export interface KvStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes expired entries; returns how many. */
  sweep(): Promise<number>;
  /** A grammY storage adapter whose keys are `prefix + key`. */
  adapter<T>(prefix: string, ttlMs?: number): StorageAdapter<T>;
}

/** Creates the key-value store on `db`. `now` is the clock for expiry (default Date.now). */
export function createKvStore(db: Kysely<Database>, now: () => number = Date.now): KvStore {
  const store: KvStore = {
    async get<T>(key: string) {
      const row = await db.selectFrom("kv").select(["value", "expires_at"]).where("key", "=", key).executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= now()) {
        await db.deleteFrom("kv").where("key", "=", key).execute();
        return undefined;
      }
      return JSON.parse(row.value) as T;
    },
    async set(key, value, ttlMs) {
      const at = now();
      const row = { key, value: JSON.stringify(value), expires_at: ttlMs ? at + ttlMs : null, updated_at: at };
      await db
        .insertInto("kv")
        .values(row)
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, expires_at: row.expires_at, updated_at: at }))
        .execute();
    },
    async delete(key) {
      await db.deleteFrom("kv").where("key", "=", key).execute();
    },
    async sweep() {
      const result = await db.deleteFrom("kv").where("expires_at", "<=", now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    adapter<T>(prefix: string, ttlMs?: number): StorageAdapter<T> {
      return {
        read: (key) => store.get<T>(prefix + key),
        write: (key, value) => store.set(prefix + key, value, ttlMs),
        delete: (key) => store.delete(prefix + key),
      };
    },
  };
  return store;
}
