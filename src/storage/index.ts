import { Migrator, type Kysely } from "kysely";
import type pg from "pg";
import type { DatabaseConfig } from "../config/index.js";
import type { Logger } from "../logger.js";
import { createPgChatLocks, processChatLocks, type ChatLocks } from "./chat-locks.js";
import { connect, withSetupLock } from "./connect.js";
import { createKvStore, type KvStore } from "./kv.js";
import { migrationProvider } from "./migrations/index.js";
import type { Database } from "./schema.js";

export type { Database } from "./schema.js";
export type { KvStore } from "./kv.js";
export type { ChatLocks } from "./chat-locks.js";

/**
 * fairway's storage. Every access is async and goes through Kysely, so SQLite (the default) and
 * PostgreSQL serve the same callers.
 */
export interface Storage {
  kind: DatabaseConfig["kind"];
  db: Kysely<Database>;
  kv: KvStore;
  /** One update per chat at a time across instances (PostgreSQL); in-process only on SQLite. */
  locks: ChatLocks;
  close(): Promise<void>;
}

export interface StorageOptions {
  logger?: Logger;
  /** Clock for expiry; default Date.now. */
  now?: () => number;
}

/** Connects, brings the schema up to date, and returns the storage. */
export async function createStorage(config: DatabaseConfig, options: StorageOptions = {}): Promise<Storage> {
  const opened = async (setup?: pg.Client) => {
    const db = await connect(config, setup);
    await migrate(db, options.logger, config.kind === "postgres" ? config.schema : undefined);
    return db;
  };
  // PostgreSQL: one instance at a time creates the schema and applies migrations (several may start together).
  const db = config.kind === "postgres" ? await withSetupLock(config.url, opened) : await opened();
  const locks =
    config.kind === "postgres"
      ? createPgChatLocks({ url: config.url, ...(config.schema ? { schema: config.schema } : {}) })
      : processChatLocks;
  return {
    kind: config.kind,
    db,
    kv: createKvStore(db, options.now),
    locks,
    async close() {
      await locks.close();
      await db.destroy();
    },
  };
}

/**
 * Applies every pending migration; throws (naming the migration) if one fails. `schema` keeps
 * Kysely's own bookkeeping tables in that PostgreSQL schema (it would otherwise find another
 * schema's tables and skip creating its own).
 */
export async function migrate(db: Kysely<Database>, logger?: Logger, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Success") logger?.info({ migration: r.migrationName }, "database migration applied");
    if (r.status === "Error") logger?.error({ migration: r.migrationName }, "database migration failed");
  }
  if (error) throw error instanceof Error ? error : new Error("database migration failed");
}
