import type { Database as SqliteDatabase, Statement } from "better-sqlite3";
import type { SqliteDatabase as KyselySqliteDatabase } from "kysely";
import type { StatementHook } from "./sqlite-durability.js";

/** How many distinct SQL texts keep their prepared statement (the hot queries are a few dozen). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The SQLite database as Kysely's SQLite dialect sees it, with prepared statements reused by SQL text.
 *
 * Why: Kysely's SQLite driver calls `db.prepare(sql)` for every query, and preparing (parsing and
 * planning the SQL) cost about as much CPU as running the statement; fairway sends the same few dozen
 * SQL texts over and over (the values are bound parameters). A better-sqlite3 statement can be run
 * again with other parameters, and SQLite re-prepares it by itself when the schema changes (a
 * migration), so reusing it returns the same rows as a fresh one. Kysely runs one query at a time on
 * its single SQLite connection, so a cached statement is never in use twice at once.
 *
 * Least recently used texts are dropped past `max`, so queries whose text varies (an `in` list of
 * varying length) cannot grow the cache without bound.
 *
 * `onPrepare` sees each statement once, when it is prepared (`sqlite-durability.ts` uses it).
 */
export function withStatementCache(
  database: SqliteDatabase,
  max = STATEMENT_CACHE_SIZE,
  onPrepare?: StatementHook,
): KyselySqliteDatabase & { cachedStatements(): number } {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-insert: a Map iterates in insertion order, so its first key is the least recently used.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (onPrepare) statement = onPrepare(sql, statement);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
    cachedStatements: () => statements.size,
  };
}
