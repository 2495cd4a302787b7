/**
 * Stored bytes of fairway's conversations, read from its SQLite file (read-only, while fairway runs).
 * fairway keeps grammY's conversation state and its sessions in a key-value table (`kv`: `convo:<chat>`
 * and `session:<user>`, see src/storage/kv.ts, src/bot/index.ts, src/bot/session.ts). The probe finds
 * every table shaped like that (a text key column and a value column) instead of naming one, so it
 * follows a move of that state to another key-value table.
 */
import SqliteDatabase from "better-sqlite3";

/** One stored row: its table, key and size of its value in bytes. */
export interface StoredRow {
  table: string;
  key: string;
  bytes: number;
}

interface KvTable {
  name: string;
  key: string;
  value: string;
}

const KEY_COLUMNS = ["key", "storage_key"];
const VALUE_COLUMNS = ["value", "data"];

/** A read-only view of fairway's SQLite file; `close()` when done. */
export class StorageProbe {
  private readonly db: SqliteDatabase.Database;
  private tables: KvTable[] | undefined;

  constructor(readonly path: string) {
    this.db = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    this.db.pragma("busy_timeout = 2000");
  }

  /** The key-value tables (found once they exist: fairway creates them at start-up). */
  private kvTables(): KvTable[] {
    if (this.tables && this.tables.length > 0) return this.tables;
    const names = this.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'",
      )
      .all() as { name: string }[];
    this.tables = names.flatMap(({ name }) => {
      const columns = (
        this.db.prepare(`PRAGMA table_info("${name.replaceAll('"', '""')}")`).all() as { name: string }[]
      ).map((c) => c.name);
      const key = KEY_COLUMNS.find((c) => columns.includes(c));
      const value = VALUE_COLUMNS.find((c) => columns.includes(c));
      return key && value ? [{ name, key, value }] : [];
    });
    return this.tables;
  }

  private select(where: (t: KvTable) => string, ...params: unknown[]): StoredRow[] {
    return this.kvTables().flatMap((t) => {
      const sql = `SELECT CAST("${t.key}" AS TEXT) AS key, length(CAST("${t.value}" AS BLOB)) AS bytes FROM "${t.name}" ${where(t)}`;
      return (this.db.prepare(sql).all(...params) as { key: string; bytes: number | null }[]).map((r) => ({
        table: t.name,
        key: r.key,
        bytes: r.bytes ?? 0,
      }));
    });
  }

  /** Every row keyed by this chat or user id (e.g. `convo:42`, `session:42`). */
  rowsOf(id: number): StoredRow[] {
    const s = String(id);
    return this.select((t) => `WHERE CAST("${t.key}" AS TEXT) LIKE ?`, `%${s}`).filter((r) =>
      new RegExp(`(^|[^0-9])${s}$`).test(r.key),
    );
  }

  /** The bytes stored for one chat: its conversation and session rows together, and each row. */
  bytesOf(id: number): { total: number; rows: StoredRow[] } {
    const rows = this.rowsOf(id);
    return { total: rows.reduce((sum, r) => sum + r.bytes, 0), rows };
  }

  /** The largest row of every key-value table, or undefined when they are empty. */
  largest(): StoredRow | undefined {
    const rows = this.kvTables().flatMap((t) => {
      const sql = `SELECT CAST("${t.key}" AS TEXT) AS key, length(CAST("${t.value}" AS BLOB)) AS bytes FROM "${t.name}" ORDER BY bytes DESC LIMIT 1`;
      return (this.db.prepare(sql).all() as { key: string; bytes: number }[]).map((r) => ({
        table: t.name,
        key: r.key,
        bytes: r.bytes,
      }));
    });
    return rows.sort((a, b) => b.bytes - a.bytes)[0];
  }

  /** The tables the probe reads. */
  describe(): string[] {
    return this.kvTables().map((t) => `${t.name}(${t.key}, ${t.value})`);
  }

  close(): void {
    this.db.close();
  }
}
