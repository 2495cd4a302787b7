import type { Database as SqliteDatabase, Statement } from "better-sqlite3";

/**
 * SQLite durability per table: the ledger's commits are synced to disk, the per-update bookkeeping's
 * are not (WAL with `synchronous = FULL` for the first, `NORMAL` for the second).
 *
 * Why: fairway commits twice per update for bookkeeping (the conversation's stored state in `kv`, the
 * processed-update record), and on SQLite each FULL commit is an fsync that blocks the event loop. In
 * WAL mode, NORMAL is safe from corruption and loses nothing when the process crashes; only an OS
 * crash or power loss can roll back such commits since the last synced one. For `kv` (sessions,
 * conversations) and `processed_updates` that means a user sees an earlier step again, or an update
 * is handled again: the ledger's compare-and-set transitions make that safe, as after any crash.
 * The outbox's claims and deletions (`update`/`delete` of `outbox`: a lease taken, a row sent) are
 * bookkeeping too: rolled back by an OS crash, a notification is sent again, as it would be after a
 * crash between its send and its deletion (the outbox delivers at least once). A row queued
 * (`insert into outbox`) keeps FULL: a receipt is not lost.
 * The ledger's rows (bookings, events, audit, access, …) keep FULL: each of their commits is synced,
 * and because the WAL is written in order, the sync also makes every commit before it durable.
 *
 * How: better-sqlite3 runs one statement at a time, synchronously, so the mode is switched right
 * before a statement runs, with nothing in between. A write to `kv` or `processed_updates` runs under
 * NORMAL; every other write under FULL. SQLite does not let the mode change inside a transaction, so
 * an explicit transaction is begun under FULL and keeps it to its COMMIT. Reads do not commit and
 * leave the mode as it is. PostgreSQL is not concerned: its commits are always synced.
 */
const RELAXED_WRITE =
  /^\s*(?:(?:insert\s+into|update|delete\s+from|replace\s+into)\s+"?(?:kv|processed_updates)"?|(?:update|delete\s+from)\s+"?outbox"?)[\s(]/i;
const WRITE = /^\s*(?:insert|update|delete|replace|with|begin|savepoint)\b/i;

export type StatementHook = (sql: string, statement: Statement) => Statement;

/** Sets `database` to WAL + FULL and returns the hook that picks each write's mode (give it to `withStatementCache`). */
export function tieredDurability(database: SqliteDatabase): StatementHook {
  database.pragma("synchronous = FULL");
  let relaxed = false;
  const use = (wantRelaxed: boolean) => {
    if (relaxed === wantRelaxed || database.inTransaction) return;
    database.pragma(wantRelaxed ? "synchronous = NORMAL" : "synchronous = FULL");
    relaxed = wantRelaxed;
  };
  return (sql, statement) => {
    if (!WRITE.test(sql)) return statement;
    const wantRelaxed = RELAXED_WRITE.test(sql);
    for (const method of ["run", "all", "get", "iterate"] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        use(wantRelaxed);
        return original(...args);
      };
    }
    return statement;
  };
}
