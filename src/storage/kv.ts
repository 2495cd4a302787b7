import type { StorageAdapter } from "grammy";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.js";

/** A JSON key-value store with optional expiry, shared by sessions and conversations. */
export interface KvStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  /** `set` of a value already serialized (JSON text). */
  setText(key: string, text: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** The stored JSON text of `key` as it was written (undefined: none, or expired). */
  getText(key: string): Promise<string | undefined>;
  /**
   * Writes `next` (JSON text; undefined deletes) only where `key` still holds `expected` (undefined: no
   * live entry). True when `key` holds `next` afterwards (written now, or already).
   */
  compareAndSet(key: string, expected: string | undefined, next: string | undefined, ttlMs?: number): Promise<boolean>;
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
      const text = await store.getText(key);
      return text === undefined ? undefined : (JSON.parse(text) as T);
    },
    async getText(key) {
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
      return row.value;
    },
    async compareAndSet(key, expected, next, ttlMs) {
      const at = now();
      const expiresAt = ttlMs ? at + ttlMs : null;
      const live = sql`("expires_at" is null or "expires_at" > ${at})`;
      const result =
        next === undefined
          ? expected === undefined
            ? undefined
            : await sql`delete from "kv" where "key" = ${key} and "value" = ${expected} and ${live}`.execute(db)
          : expected === undefined
            ? // No live entry expected: a new one, or one in place of an expired entry.
              await sql`insert into "kv" ("key", "value", "expires_at", "updated_at") values (${key}, ${next}, ${expiresAt}, ${at})
                on conflict ("key") do update set "value" = excluded."value", "expires_at" = excluded."expires_at", "updated_at" = excluded."updated_at"
                where "kv"."expires_at" is not null and "kv"."expires_at" <= ${at}`.execute(db)
            : await sql`update "kv" set "value" = ${next}, "expires_at" = ${expiresAt}, "updated_at" = ${at}
                where "key" = ${key} and "value" = ${expected} and ${live}`.execute(db);
      if (result && Number(result.numAffectedRows ?? 0) > 0) return true;
      return (await store.getText(key)) === next;
    },
    set: (key, value, ttlMs) => store.setText(key, JSON.stringify(value), ttlMs),
    async setText(key, text, ttlMs) {
      const at = now();
      const expiresAt = ttlMs ? at + ttlMs : null;
      await sql`insert into "kv" ("key", "value", "expires_at", "updated_at") values (${key}, ${text}, ${expiresAt}, ${at})
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
