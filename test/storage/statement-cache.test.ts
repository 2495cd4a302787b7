import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "../../src/storage/statement-cache.js";

describe("SQLite prepared statements reused by SQL text", () => {
  let raw: Database.Database | undefined;
  afterEach(() => {
    if (raw?.open) raw.close();
    raw = undefined;
  });

  function open(max?: number) {
    raw = new Database(":memory:");
    raw.exec("create table t (id integer primary key, name text)");
    return withStatementCache(raw, max);
  }

  it("gives the same statement for the same text, bound to each call's parameters", () => {
    const db = open();
    const insert = db.prepare("insert into t (id, name) values (?, ?)");
    insert.run([1, "a"]);
    expect(db.prepare("insert into t (id, name) values (?, ?)")).toBe(insert);
    db.prepare("insert into t (id, name) values (?, ?)").run([2, "b"]);
    const select = db.prepare("select name from t where id = ?");
    expect(select.all([1])).toEqual([{ name: "a" }]);
    expect(db.prepare("select name from t where id = ?").all([2])).toEqual([{ name: "b" }]);
    expect(db.cachedStatements()).toBe(2);
  });

  it("sees a schema change made after the statement was cached", () => {
    const db = open();
    db.prepare("insert into t (id, name) values (?, ?)").run([1, "a"]);
    expect(db.prepare("select * from t").all([])).toEqual([{ id: 1, name: "a" }]);
    db.prepare("alter table t add column age integer").run([]);
    db.prepare("update t set age = ? where id = ?").run([40, 1]);
    expect(db.prepare("select * from t").all([])).toEqual([{ id: 1, name: "a", age: 40 }]);
  });

  it("drops the least recently used text past its size", () => {
    const db = open(2);
    const a = db.prepare("select 1 as a");
    const b = db.prepare("select 2 as b");
    expect(db.prepare("select 1 as a")).toBe(a); // a is now the most recent
    db.prepare("select 3 as c"); // evicts b
    expect(db.cachedStatements()).toBe(2);
    expect(db.prepare("select 1 as a")).toBe(a);
    expect(db.prepare("select 2 as b")).not.toBe(b);
  });

  it("serves Kysely: reads, writes and changes counts as with a fresh statement each time", async () => {
    const database = open();
    const db = new Kysely<{ t: { id: number; name: string | null } }>({ dialect: new SqliteDialect({ database }) });
    for (const id of [1, 2, 3])
      await db
        .insertInto("t")
        .values({ id, name: `n${id}` })
        .execute();
    const updated = await db.updateTable("t").set({ name: "x" }).where("id", ">", 1).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
    expect(await db.selectFrom("t").select("name").where("id", "=", 1).executeTakeFirst()).toEqual({ name: "n1" });
    expect(await db.selectFrom("t").select("name").where("id", "=", 3).executeTakeFirst()).toEqual({ name: "x" });
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows).toEqual([{ n: 3 }]);
    await db.destroy();
    expect(raw?.open).toBe(false);
  });
});
