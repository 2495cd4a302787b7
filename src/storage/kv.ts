import type { StorageAdapter } from "grammy";
import { sql, type Kysely } from "kysely";
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

/**
 * Creates the key-value store on `db`. `now` is the clock for expiry (default Date.now).
 *
 * `get` and `set` run for sessions and conversations on every update, so they are written as `sql`
 * templates rather than with the query builder: the same SQL (SQLite and PostgreSQL share this upsert
 * syntax) without building and compiling a query tree each time.
 */
export function createKvStore(db: Kysely<Database>, now: () => number = Date.now): KvStore {
  const store: KvStore = {
    async get<T>(key: string) {
      const { rows } = await sql<{
        value: string;
        expires_at: number | null;
      }>`select "value", "expires_at" from "kv" where "key" = ${key}`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= now()) {
        await db.deleteFrom("kv").where("key", "=", key).execute();
        return undefined;
      }
      return JSON.parse(row.value) as T;
    },
    async set(key, value, ttlMs) {
      const at = now();
      const expiresAt = ttlMs ? at + ttlMs : null;
      await sql`insert into "kv" ("key", "value", "expires_at", "updated_at") values (${key}, ${JSON.stringify(value)}, ${expiresAt}, ${at})
        on conflict ("key") do update set "value" = excluded."value", "expires_at" = excluded."expires_at", "updated_at" = excluded."updated_at"`.execute(
        db,
      );
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
