/**
 * The course-changes poll's partner read budget is the bot's, not an instance's: two instances on one
 * PostgreSQL database, both live (the fleet shared), draw on one bucket in `limit_buckets`, so together they
 * take no more than one instance alone may. Alone (SQLite, or no other instance live), the budget is in memory.
 */
import { afterEach, describe, expect, it } from "vitest";
import { courseChangesBudget } from "../../src/app/course-changes.js";
import { createLogger } from "../../src/logger.js";
import { soloFleet, type Fleet } from "../../src/runtime/fleet.js";
import { createBucketStore } from "../../src/runtime/shared-buckets.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { postgresDatabase, type TestDatabase } from "../helpers/databases.js";

const logger = createLogger({ level: "silent" });
/** A fleet of live instances (another one receives updates): shared limits. */
const sharedFleet = (instance: string): Fleet => ({ ...soloFleet(instance), shared: () => true });

let db: TestDatabase | undefined;
const storages: Storage[] = [];
afterEach(async () => {
  for (const s of storages.splice(0)) await s.close();
  await db?.cleanup();
  db = undefined;
});

async function takes(budget: { take(): Promise<boolean> }, n: number): Promise<number> {
  let granted = 0;
  for (let i = 0; i < n; i += 1) if (await budget.take()) granted += 1;
  return granted;
}

describe("the course-changes read budget", () => {
  it("two live instances on PostgreSQL share one budget: their burst together is one instance's", async () => {
    db = postgresDatabase();
    for (let i = 0; i < 2; i += 1) storages.push(await createStorage(db.config));
    // One read a minute: a burst of one, the next a minute later (far beyond this test's takes).
    const [a, b] = storages.map((s, i) =>
      courseChangesBudget({
        fleet: sharedFleet(`i${i}`),
        bucketStore: createBucketStore(s.db),
        logger,
        readsPerMinute: 1,
      }),
    );
    const together = (await takes(a!, 3)) + (await takes(b!, 3));
    expect(together).toBe(1);
  });

  it("an instance alone keeps the budget in memory", async () => {
    const alone = courseChangesBudget({ fleet: soloFleet("solo"), logger, readsPerMinute: 1 });
    expect(await takes(alone, 3)).toBe(1);
    // Another alone has its own: nothing is shared while no other instance is live.
    const other = courseChangesBudget({ fleet: soloFleet("solo-2"), logger, readsPerMinute: 1 });
    expect(await takes(other, 3)).toBe(1);
  });
});
