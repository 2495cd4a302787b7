import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConfig } from "../../src/config/index.js";
import { withSetupLock } from "../../src/storage/connect.js";

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
      // Under fairway's set-up lock: another test's migration, running meanwhile on the same database,
      // lists every schema's tables (Kysely's migrator) and fails on one dropped under it.
      await withSetupLock(TEST_POSTGRES_URL, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    },
  };
}

/**
 * Drops the test schemas of runs that are gone (`t_<pid>_…` whose process no longer lives: a run that was
 * killed never cleaned up). Left behind, each one's tables slow every later migration, which lists every
 * schema's tables. Quietly nothing when PostgreSQL is not there. Returns how many were dropped.
 */
export async function dropStaleTestSchemas(): Promise<number> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  try {
    return await withSetupLock(TEST_POSTGRES_URL, async (client) => {
      const { rows } = await client.query<{ name: string }>(
        "SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE 't\\_%\\_%'",
      );
      let dropped = 0;
      for (const { name } of rows) {
        const pid = Number(/^t_(\d+)_/.exec(name)?.[1]);
        if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
        await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
        dropped += 1;
      }
      return dropped;
    });
  } catch {
    return 0;
  }
}

/** Both engines, for `describe.each`. */
export const databaseFactories = [
  { name: "sqlite", make: sqliteDatabase },
  { name: "postgres", make: postgresDatabase },
] as const;

/**
 * Runs a DDL statement in `db`'s schema (`{table}` names a table there): on PostgreSQL under fairway's
 * set-up lock, so that no other test's migration lists the tables while one is renamed or dropped.
 */
export async function alterTable(
  db: TestDatabase,
  statement: (table: (name: string) => string) => string,
  run: (sqlText: string) => Promise<unknown>,
): Promise<void> {
  const config = db.config;
  if (config.kind !== "postgres") {
    await run(statement((name) => `"${name}"`));
    return;
  }
  await withSetupLock(config.url, (client) =>
    client.query(statement((name) => `"${config.schema ?? "public"}"."${name}"`)),
  );
}
