import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type pg from "pg";
import { lazy } from "../runtime/lazy.js";
import type { DatabaseConfig } from "../config/index.js";
import type { Database } from "./schema.js";
import { tieredDurability } from "./sqlite-durability.js";
import { STATEMENT_CACHE_SIZE, withStatementCache } from "./statement-cache.js";

/** PostgreSQL's driver, loaded only when DATABASE_URL names PostgreSQL. */
export const loadPg = lazy(async () => (await import("pg")).default);

/** Parses BIGINT (epoch ms, counters) as a JS number instead of pg's default string. */
const INT8_OID = 20;
function pgTypes(types: typeof pg.types) {
  return {
    getTypeParser(oid: number, format?: "text" | "binary"): (value: string) => unknown {
      if (oid === INT8_OID) return (value: string) => Number(value);
      return types.getTypeParser(oid, format) as (value: string) => unknown;
    },
  };
}

/**
 * Opens a Kysely instance for the configured database (creating the SQLite folder, or the PostgreSQL
 * schema through `setup`, the connection holding the set-up lock).
 */
export async function connect(config: DatabaseConfig, setup?: pg.Client): Promise<Kysely<Database>> {
  if (config.kind === "sqlite") {
    const path = config.path === ":memory:" ? ":memory:" : resolve(config.path);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const database = new SqliteDatabase(path);
    database.pragma("journal_mode = WAL");
    database.pragma("busy_timeout = 5000");
    database.pragma("foreign_keys = ON");
    // The ledger's commits are synced; per-update bookkeeping's are not (sqlite-durability.ts).
    const durability = tieredDurability(database);
    return new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(database, STATEMENT_CACHE_SIZE, durability) }),
    });
  }
  // The caller holds the set-up lock (createStorage): a concurrent twin cannot race this statement.
  if (config.schema) await setup?.query(`CREATE SCHEMA IF NOT EXISTS "${config.schema}"`);
  const pg = await loadPg();
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    types: pgTypes(pg.types),
    ...(config.schema ? { options: `-c search_path="${config.schema}"` } : {}),
  });
  // An idle connection ended by the server (a restart, a failover) is dropped from the pool; without a
  // listener, pg's 'error' event would end the process.
  pool.on("error", () => undefined);
  // So is one ended while a query holds it: pg fails the query (its caller sees the error) and also
  // emits 'error' on the client, which the pool listens for only while the client is idle.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return db;
}

/**
 * Runs `work` while holding the database's set-up lock (a PostgreSQL advisory lock on a connection of
 * its own): instances starting together create the schema and apply migrations one after the other.
 * `CREATE SCHEMA IF NOT EXISTS` and `CREATE TABLE IF NOT EXISTS` are not safe against a concurrent twin.
 */
export async function withSetupLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('fairway:setup', 0))");
    return await work(client);
  } finally {
    await client.end();
  }
}
