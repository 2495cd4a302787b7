/** A migrator on a test database, as fairway migrates (PostgreSQL: under the set-up lock), for the migrations' own tests. */
import { Migrator, type Kysely } from "kysely";
import type pg from "pg";
import type { DatabaseConfig } from "../../src/config/index.js";
import { connect, withSetupLock } from "../../src/storage/connect.js";
import type { Database } from "../../src/storage/index.js";
import { migrationProvider } from "../../src/storage/migrations/index.js";

/** Runs `work` with a connection and a migrator on the database (PostgreSQL: under the set-up lock); closes it after. */
export async function withMigrator<T>(
  config: DatabaseConfig,
  work: (db: Kysely<Database>, migrator: Migrator) => Promise<T>,
): Promise<T> {
  const run = async (setup?: pg.Client) => {
    const db = await connect(config, setup);
    const schema = config.kind === "postgres" ? config.schema : undefined;
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    try {
      return await work(db, migrator);
    } finally {
      await db.destroy();
    }
  };
  return config.kind === "postgres" ? withSetupLock(config.url, run) : run();
}
