import { afterEach, describe, expect, it } from "vitest";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { databaseFactories, postgresDatabase, type TestDatabase } from "../helpers/databases.js";

describe.each(databaseFactories)("key-value store on $name", ({ make }) => {
  let db: TestDatabase;
  let storage: Storage | undefined;
  let now = 1_700_000_000_000;

  async function open() {
    db ??= make();
    storage = await createStorage(db.config, { now: () => now });
    return storage;
  }

  afterEach(async () => {
    await storage?.close();
    storage = undefined;
    await db?.cleanup();
    db = undefined as unknown as TestDatabase;
  });

  it("stores JSON values and reads them back after reopening the database", async () => {
    const s = await open();
    await s.kv.set("session:42", { locale: "th", n: 1, nested: { a: [1, 2] } });
    await s.kv.set("session:42", { locale: "en", n: 2 });
    await s.close();
    storage = undefined;
    const again = await open();
    expect(await again.kv.get("session:42")).toEqual({ locale: "en", n: 2 });
    expect(await again.kv.get("missing")).toBeUndefined();
  });

  it("forgets entries after their time to live, and sweeps them", async () => {
    const s = await open();
    await s.kv.set("a", 1, 1000);
    await s.kv.set("b", 2, 5000);
    await s.kv.set("c", 3);
    now += 1000;
    expect(await s.kv.get("a")).toBeUndefined();
    expect(await s.kv.get("b")).toBe(2);
    now += 4000;
    expect(await s.kv.sweep()).toBe(1);
    expect(await s.kv.get("b")).toBeUndefined();
    expect(await s.kv.get("c")).toBe(3);
  });

  it("gives grammY a prefixed storage adapter", async () => {
    const s = await open();
    const sessions = s.kv.adapter<{ locale: string }>("session:");
    const convos = s.kv.adapter<{ step: number }>("convo:");
    await sessions.write("7", { locale: "th" });
    await convos.write("7", { step: 3 });
    expect(await sessions.read("7")).toEqual({ locale: "th" });
    expect(await s.kv.get("convo:7")).toEqual({ step: 3 });
    await sessions.delete("7");
    expect(await sessions.read("7")).toBeUndefined();
    expect(await convos.read("7")).toEqual({ step: 3 });
  });

  it("migrates idempotently when opened twice", async () => {
    const s = await open();
    await s.kv.set("x", "y");
    await s.close();
    storage = undefined;
    const again = await open();
    expect(await again.kv.get("x")).toBe("y");
  });
  it("compare-and-set writes only over the text expected (none: no live entry), and says whether the entry holds the new text", async () => {
    const s = await open();
    expect(await s.kv.compareAndSet("c:1", undefined, '{"v":1}', 1000)).toBe(true);
    expect(await s.kv.getText("c:1")).toBe('{"v":1}');
    // Expected none, but there is one: refused.
    expect(await s.kv.compareAndSet("c:1", undefined, '{"v":2}')).toBe(false);
    expect(await s.kv.compareAndSet("c:1", '{"v":9}', '{"v":2}')).toBe(false);
    expect(await s.kv.compareAndSet("c:1", '{"v":1}', '{"v":2}')).toBe(true);
    // Already holding the new text: true, nothing to do.
    expect(await s.kv.compareAndSet("c:1", '{"v":1}', '{"v":2}')).toBe(true);
    expect(await s.kv.get("c:1")).toEqual({ v: 2 });
    // A delete, only over the text expected.
    expect(await s.kv.compareAndSet("c:1", '{"v":1}', undefined)).toBe(false);
    expect(await s.kv.compareAndSet("c:1", '{"v":2}', undefined)).toBe(true);
    expect(await s.kv.getText("c:1")).toBeUndefined();
    // An expired entry counts as none.
    await s.kv.set("c:2", { v: 1 }, 1000);
    now += 1000;
    expect(await s.kv.compareAndSet("c:2", '{"v":1}', '{"v":2}')).toBe(false);
    expect(await s.kv.compareAndSet("c:2", undefined, '{"v":3}')).toBe(true);
    expect(await s.kv.get("c:2")).toEqual({ v: 3 });
  });
});

describe("PostgreSQL schemas", () => {
  it("migrates a fresh schema while another schema in the same database already has fairway's tables", async () => {
    const a = postgresDatabase();
    const b = postgresDatabase();
    const first = await createStorage(a.config);
    try {
      const second = await createStorage(b.config);
      await second.kv.set("k", "in b");
      await first.kv.set("k", "in a");
      expect(await second.kv.get("k")).toBe("in b");
      await second.close();
    } finally {
      await first.close();
      await a.cleanup();
      await b.cleanup();
    }
  });
});
