import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { tieredDurability } from "../../src/storage/sqlite-durability.js";
import { withStatementCache } from "../../src/storage/statement-cache.js";

/** SQLite's `synchronous`: 1 NORMAL, 2 FULL. */
const NORMAL = 1;
const FULL = 2;

describe("SQLite durability per table", () => {
  let dir: string | undefined;
  let raw: Database.Database | undefined;
  afterEach(() => {
    raw?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    raw = undefined;
  });

  function open() {
    dir = mkdtempSync(join(tmpdir(), "fairway-durability-"));
    raw = new Database(join(dir, "db.sqlite"));
    raw.pragma("journal_mode = WAL");
    raw.exec(`create table kv (key text primary key, value text); create table processed_updates (bot_id integer, update_id integer);
      create table outbox (id text primary key, claimed_until integer); create table bookings (id text primary key, state text)`);
    const db = withStatementCache(raw, 64, tieredDurability(raw));
    const mode = () => raw!.pragma("synchronous", { simple: true }) as number;
    return { db, mode };
  }

  it("a ledger write commits under FULL, per-update bookkeeping under NORMAL, a read leaves the mode alone", () => {
    const { db, mode } = open();
    expect(mode()).toBe(FULL);
    db.prepare(
      `insert into "kv" ("key", "value") values (?, ?) on conflict ("key") do update set "value" = excluded."value"`,
    ).run(["convo:1", "{}"]);
    expect(mode()).toBe(NORMAL);
    db.prepare(`insert into "processed_updates" ("bot_id", "update_id") values (?, ?)`).run([1, 2]);
    expect(mode()).toBe(NORMAL);
    db.prepare(`select * from "bookings" where "id" = ?`).all(["b1"]);
    expect(mode(), "a read commits nothing").toBe(NORMAL);
    db.prepare(`insert into "bookings" ("id", "state") values (?, ?)`).run(["b1", "HELD"]);
    expect(mode()).toBe(FULL);
    db.prepare(`delete from "kv" where "key" = ?`).run(["convo:1"]);
    expect(mode()).toBe(NORMAL);
    db.prepare(`update "bookings" set "state" = ? where "id" = ?`).run(["PAID", "b1"]);
    expect(mode()).toBe(FULL);
  });

  it("the outbox: a row queued commits under FULL (a receipt is not lost), its claims and its deletion once sent under NORMAL", () => {
    const { db, mode } = open();
    db.prepare(`insert into "outbox" ("id", "claimed_until") values (?, ?)`).run(["r1", 0]);
    expect(mode()).toBe(FULL);
    db.prepare(`update "outbox" set "claimed_until" = ? where "id" = ? and "claimed_until" = ?`).run([5, "r1", 0]);
    expect(mode()).toBe(NORMAL);
    db.prepare(`insert into "outbox" ("id", "claimed_until") values (?, ?)`).run(["r2", 0]);
    expect(mode()).toBe(FULL);
    db.prepare(`delete from "outbox" where "id" = ?`).run(["r1"]);
    expect(mode()).toBe(NORMAL);
  });

  it("a transaction is begun under FULL and keeps it to its COMMIT, whatever it writes", () => {
    const { db, mode } = open();
    db.prepare(`insert into "kv" ("key", "value") values (?, ?)`).run(["a", "b"]);
    expect(mode()).toBe(NORMAL);
    db.prepare("begin").run([]);
    expect(mode()).toBe(FULL);
    db.prepare(`update "bookings" set "state" = ? where "id" = ?`).run(["PAID", "b1"]);
    db.prepare(`insert into "kv" ("key", "value") values (?, ?)`).run(["k", "v"]);
    expect(mode()).toBe(FULL);
    db.prepare("commit").run([]);
    expect(mode()).toBe(FULL);
    expect(db.prepare(`select count(*) as n from "kv"`).all([])).toEqual([{ n: 2 }]);
  });

  it("a table whose name only starts like kv's is the ledger's", () => {
    const { db, mode } = open();
    raw!.exec(`create table kv_archive (key text)`);
    db.prepare(`insert into "kv" ("key", "value") values (?, ?)`).run(["a", "b"]);
    db.prepare(`insert into "kv_archive" ("key") values (?)`).run(["a"]);
    expect(mode()).toBe(FULL);
  });
});
