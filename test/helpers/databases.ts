import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { DatabaseConfig } from "../../src/config.js";

/** PostgreSQL for tests: the machine's server, database `test` (override with TEST_POSTGRES_URL). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  config: DatabaseConfig;
  cleanup(): Promise<void>;
}

/** A fresh SQLite file in a temporary folder. */
export function sqliteDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), "fairway-test-"));
  return {
    name: "sqlite",
    config: { kind: "sqlite", path: join(dir, "fairway.sqlite") },
    cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

/** A fresh schema in the test PostgreSQL database, dropped on cleanup. */
export function postgresDatabase(): TestDatabase {
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  return {
    name: "postgres",
    config: { kind: "postgres", url: TEST_POSTGRES_URL, schema },
    async cleanup() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Both engines, for `describe.each`. */
export const databaseFactories = [
  { name: "sqlite", make: sqliteDatabase },
  { name: "postgres", make: postgresDatabase },
] as const;
