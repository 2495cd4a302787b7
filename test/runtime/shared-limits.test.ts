import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { createFleet, soloFleet, type Fleet } from "../../src/runtime/fleet.js";
import { createBucketStore, fleetBuckets } from "../../src/runtime/shared-buckets.js";
import { createBuckets } from "../../src/runtime/token-bucket.js";
import { createSharedReads } from "../../src/runtime/shared-reads.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { postgresDatabase } from "../helpers/databases.js";

/**
 * The parts several instances share on PostgreSQL (docs/operations.md, "Abuse control and rate limits"): the
 * instances' heartbeats, token buckets by key, and the partner's lists read once. Each "instance" here
 * is a part built on its own, as each process builds its own; they meet in one database. The
 * heartbeats' expiry and the buckets' refill are real time (the database's clock).
 */

const logger = createLogger({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("limits shared by a bot's instances (PostgreSQL)", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function open(): Promise<Storage> {
    const db = postgresDatabase();
    closers.push(() => db.cleanup());
    const storage = await createStorage(db.config);
    closers.push(() => storage.close());
    opened = db.config;
    return storage;
  }
  let opened: Parameters<typeof createStorage>[0] | undefined;

  function fleet(storage: Storage, instance: string, options: { active?: boolean; ttlMs?: number } = {}): Fleet {
    const f = createFleet({
      db: storage.db,
      bot: "123456",
      instance,
      active: () => options.active ?? true,
      logger,
      everyMs: 100,
      ttlMs: options.ttlMs ?? 400,
    });
    closers.push(() => f.stop());
    return f;
  }

  it("instances see each other within a heartbeat; one that stops leaves at once, one that dies when its heartbeat lapses; a standby shares nothing", async () => {
    const storage = await open();
    const a = fleet(storage, "a");
    const b = fleet(storage, "b");
    await a.start();
    expect(a.shared()).toBe(false);
    expect(a.members().map((m) => m.instance)).toEqual(["a"]);
    await b.start();
    await expect.poll(() => a.shared(), { timeout: 2_000, interval: 20 }).toBe(true);
    expect(b.shared()).toBe(true);
    a.reportWith(() => ({
      interactive: 4,
      background: 1,
      stats: { sends: 7, waited: 2, waitSeconds: 0.5, rateLimited: 0 },
    }));
    await expect
      .poll(() => b.members().find((m) => m.instance === "a")?.stats.sends, { timeout: 2_000, interval: 20 })
      .toBe(7);
    expect(b.members().find((m) => m.instance === "a")).toMatchObject({ interactive: 4, background: 1, self: false });

    // A clean stop: its row goes, and the other sees it gone at its next heartbeat.
    await b.stop();
    await expect.poll(() => a.shared(), { timeout: 1_000, interval: 20 }).toBe(false);

    // A death (no stop, no more heartbeats): gone once its heartbeat lapsed. Its own connections
    // closed stand in for SIGKILL: its row stays, unrenewed.
    const dying = await createStorage(opened!);
    const c = createFleet({ db: dying.db, bot: "123456", instance: "c", active: () => true, logger, everyMs: 100 });
    closers.push(() => c.stop());
    await c.start();
    await expect.poll(() => a.shared(), { timeout: 2_000, interval: 20 }).toBe(true);
    await dying.close();
    const died = performance.now();
    await expect.poll(() => a.shared(), { timeout: 6_000, interval: 20 }).toBe(false);
    // Its heartbeat lasted 3 s (the default): the others stop sharing with it within seconds.
    expect(performance.now() - died).toBeLessThan(5_000);

    // A polling standby (not receiving, not leading) is alive but shares nothing.
    const standby = fleet(storage, "standby", { active: false });
    await standby.start();
    await sleep(300);
    expect(a.members().map((m) => m.instance)).toContain("standby");
    expect(a.shared()).toBe(false);
  });

  it("a bucket is the bot's: two instances together take its burst once, then wait its refill; a pause holds the key for every instance", async () => {
    const storage = await open();
    const [one, two] = [createBucketStore(storage.db), createBucketStore(storage.db)];
    const rate = { burst: 3, perSecond: 2 };
    const takes = [
      await one.take("chat:1", rate),
      await two.take("chat:1", rate),
      await one.take("chat:1", rate),
      await two.take("chat:1", rate),
    ];
    expect(takes.map((t) => t.ok)).toEqual([true, true, true, false]);
    // Refilled at 2 a second: the next token within half a second.
    expect(takes[3]!.waitMs).toBeGreaterThan(0);
    expect(takes[3]!.waitMs).toBeLessThanOrEqual(500);
    expect((await one.take("chat:2", rate)).ok).toBe(true);
    await sleep(takes[3]!.waitMs + 20);
    expect((await two.take("chat:1", rate)).ok).toBe(true);

    await one.pause("chat:2", rate, 600);
    const paused = await two.take("chat:2", rate);
    expect(paused.ok).toBe(false);
    expect(paused.waitMs).toBeGreaterThan(400);
    await sleep(paused.waitMs + 20);
    // After the pause the bucket refills from empty: one token after half a second.
    await sleep(500);
    expect((await two.take("chat:2", rate)).ok).toBe(true);
  });

  it("the bot's buckets are asked only while other instances are live; alone, they stay in memory", async () => {
    const storage = await open();
    const alone = soloFleet("a");
    const store = createBucketStore(storage.db);
    let asked = 0;
    const counting = {
      ...store,
      take: (key: string, rate: { burst: number; perSecond: number }) => (asked++, store.take(key, rate)),
    };
    const buckets = fleetBuckets({ name: "user", rate: { burst: 2, perSecond: 1 }, fleet: alone, store: counting });
    expect([(await buckets.take("7")).ok, (await buckets.take("7")).ok, (await buckets.take("7")).ok]).toEqual([
      true,
      true,
      false,
    ]);
    expect(asked).toBe(0);
    const shared = { ...alone, shared: () => true };
    const bot = fleetBuckets({
      name: "user",
      rate: { burst: 2, perSecond: 1 },
      fleet: shared,
      store: counting,
      inMemoryFirst: true,
    });
    expect((await bot.take("8")).ok).toBe(true);
    expect(asked).toBe(1);
    // In memory first: this instance's own bucket refuses a flood's excess without asking the database.
    await bot.take("8");
    const before = asked;
    expect((await bot.take("8")).ok).toBe(false);
    expect(asked).toBe(before);
    expect(createBuckets({ burst: 1, perSecond: 1 }).takeNow("x").ok).toBe(true);
  });

  it("a list wanted by several instances at once is read from the partner once, and taken by all; a failed read is not kept; a fresh one reads again", async () => {
    const storage = await open();
    let t = 1_000_000;
    const now = () => t;
    const shared = { ...soloFleet("x"), shared: () => true };
    const instances = ["a", "b", "c"].map((instance) =>
      createSharedReads({ db: storage.db, fleet: { ...shared, instance }, now, claimMs: 5_000, pollMs: 10 }),
    );
    let reads = 0;
    const load = async () => {
      reads += 1;
      await sleep(100);
      return [{ id: "slot-1", price: 250_000 }];
    };
    const lists = await Promise.all(
      instances.flatMap((r) =>
        [1, 2].map(() => r.read("tee-times:c1|2026-11-26", { ttlMs: 60_000, fresh: false, load })),
      ),
    );
    expect(reads).toBe(1);
    expect(lists.every((l) => l.value[0]?.id === "slot-1" && l.at === 1_000_000)).toBe(true);
    // An instance whose clock runs a little behind the reader's takes the list too (it is not "from the future").
    const behind = createSharedReads({
      db: storage.db,
      fleet: { ...shared, instance: "d" },
      now: () => t - 40,
      claimMs: 5_000,
    });
    await behind.read("tee-times:c1|2026-11-26", { ttlMs: 60_000, fresh: false, load });
    expect(reads).toBe(1);
    // Within the minute: still the one read. Past it: read again, once.
    t += 59_000;
    await instances[2]!.read("tee-times:c1|2026-11-26", { ttlMs: 60_000, fresh: false, load });
    expect(reads).toBe(1);
    t += 2_000;
    await Promise.all(instances.map((r) => r.read("tee-times:c1|2026-11-26", { ttlMs: 60_000, fresh: false, load })));
    expect(reads).toBe(2);
    // Fresh (a date picked, Refresh): read after the ask, whatever the age.
    t += 1;
    await instances[0]!.read("tee-times:c1|2026-11-26", { ttlMs: 60_000, fresh: true, load });
    expect(reads).toBe(3);

    // A failure is the caller's, and leaves the next one free to read.
    const failing = () => Promise.reject(new Error("partner down"));
    await expect(instances[1]!.read("courses", { ttlMs: 600_000, fresh: false, load: failing })).rejects.toThrow(
      "partner down",
    );
    const courses = await instances[2]!.read("courses", { ttlMs: 600_000, fresh: false, load });
    expect(courses.value).toHaveLength(1);
  });
});
