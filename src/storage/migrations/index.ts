import type { Migration, MigrationProvider } from "kysely";
import { kv } from "./001-kv.js";

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "001-kv": kv,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
