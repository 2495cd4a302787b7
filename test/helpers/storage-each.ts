import { afterEach, beforeEach } from "vitest";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { sqliteDatabase, type TestDatabase } from "./databases.js";

/** A test's database and fairway's storage on it (migrated), fresh for each test. */
export interface StorageEach {
  readonly db: TestDatabase;
  readonly storage: Storage;
}

/**
 * Opens fairway's storage on a fresh database from `make` before each test of the calling suite, and
 * closes it (a test may have closed it already) and drops the database after each.
 */
export function storageEach(make: () => TestDatabase = sqliteDatabase): StorageEach {
  let db: TestDatabase | undefined;
  let storage: Storage | undefined;
  beforeEach(async () => {
    db = make();
    storage = await createStorage(db.config);
  });
  afterEach(async () => {
    await storage?.close().catch(() => undefined);
    await db?.cleanup();
    storage = undefined;
    db = undefined;
  });
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`storageEach: the ${what} is open inside a test only`);
    return value;
  };
  return {
    get db() {
      return opened(db, "database");
    },
    get storage() {
      return opened(storage, "storage");
    },
  };
}
