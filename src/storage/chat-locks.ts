import { lazy } from "../runtime/lazy.js";
import { loadPg } from "./connect.js";

/** Runs work for one chat at a time across every fairway instance on the database. */
export interface ChatLocks {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgChatLockOptions {
  url: string;
  /** Namespaces the lock keys: instances on another schema of the same database do not contend. */
  schema?: string;
  /** Connections held by updates in progress (one each while it runs; more wait for one). Default 10. */
  max?: number;
  /** A wait longer than this fails the update (webhook: Telegram delivers it again). Default 30 s. */
  waitMs?: number;
}

/**
 * PostgreSQL session advisory locks, one per chat, each held on its own pooled connection while the
 * update runs. PostgreSQL drops a dead instance's locks with its connections (a SIGKILL included), so
 * a chat is never left locked, and waiting costs no polling. The connections are a pool apart from
 * the queries' so that updates waiting for a chat never starve the work of those holding one.
 */
export function createPgChatLocks(options: PgChatLockOptions): ChatLocks {
  // Made with the first lock (storage's `connect` has loaded the driver by then); no connection until then.
  const pool = lazy(async () => {
    const { Pool } = await loadPg();
    const made = new Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      options: `-c lock_timeout=${options.waitMs ?? 30_000}`,
    });
    // A pooled connection that dies (a database restart, an outage) must not crash the process: idle (the
    // pool's 'error'), or held by an update (the client's own 'error', which also fails that update's unlock).
    made.on("error", () => undefined);
    made.on("connect", (client) => client.on("error", () => undefined));
    return made;
  });
  const namespace = `fairway:${options.schema ?? "public"}:`;

  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const client = await (await pool()).connect();
      // A connection whose lock or unlock query failed is destroyed: that is what releases its locks.
      let healthy = false;
      try {
        await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [namespace + key]);
        try {
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [namespace + key]);
          healthy = true;
        }
      } finally {
        client.release(!healthy);
      }
    },
    close: async () => (await pool()).end(),
  };
}

/** SQLite: one process owns the file, so the in-process per-chat queue is the whole lock. */
export const processChatLocks: ChatLocks = {
  run: (_key, work) => work(),
  close: () => Promise.resolve(),
};
