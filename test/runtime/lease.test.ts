import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { createLease, createLeadership } from "../../src/runtime/lease.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { databaseFactories } from "../helpers/databases.js";

const logger = createLogger({ level: "silent" });

describe.each(databaseFactories)("the leader lease on $name", ({ make }) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function open(): Promise<Storage> {
    const db = make();
    closers.push(() => db.cleanup());
    const storage = await createStorage(db.config);
    closers.push(() => storage.close());
    return storage;
  }

  it("one holder at a time; a standby takes over only once the holder's lease lapsed; release hands it over at once", async () => {
    const { db } = await open();
    let t = 1_000_000;
    const now = () => t;
    const a = createLease({ db, name: "leader", holder: "a", ttlMs: 10_000, now });
    const b = createLease({ db, name: "leader", holder: "b", ttlMs: 10_000, now });
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    t += 9_999;
    expect(await b.acquire()).toBe(false);
    // a renews: its lease runs from now.
    expect(await a.acquire()).toBe(true);
    t += 9_999;
    expect(await b.acquire()).toBe(false);
    // a died: no renewal; once it lapsed, b takes it, and a cannot take it back.
    t += 1;
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    expect(a.held()).toBe(false);
    expect(b.held()).toBe(true);
    await b.release();
    expect(await a.acquire()).toBe(true);
  });

  it("two instances racing for a free lease: exactly one wins, every round", async () => {
    const { db } = await open();
    for (let round = 0; round < 20; round++) {
      const name = `job-${round}`;
      const contenders = Array.from({ length: 4 }, (_, i) => createLease({ db, name, holder: `h${i}`, ttlMs: 10_000 }));
      const won = await Promise.all(contenders.map((l) => l.acquire()));
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });

  it("leadership: the jobs run on the elected instance only; stopping it hands them to the standby at its next try", async () => {
    const { db } = await open();
    const running: string[] = [];
    const make = (holder: string) =>
      createLeadership({
        lease: createLease({ db, name: "leader", holder, ttlMs: 3_000 }),
        logger,
        everyMs: 50,
        onElected: () => void running.push(holder),
        onDeposed: () => void running.splice(running.indexOf(holder), 1),
      });
    const a = make("a");
    const b = make("b");
    await a.start();
    await b.start();
    expect(running).toEqual(["a"]);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    await a.stop();
    expect(running).toEqual([]);
    await expect.poll(() => running, { timeout: 2_000, interval: 20 }).toEqual(["b"]);
    expect(b.isLeader()).toBe(true);
    await b.stop();
  });
});
