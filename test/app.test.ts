import { describe, expect, it } from "vitest";
import { postgresDatabase } from "./helpers/databases.js";
import { startHarness } from "./helpers/harness.js";

/**
 * Stopping fairway: a second SIGTERM while the first is still draining, or a test's clean-up after its
 * own stop, must not close the database pools twice (PostgreSQL's pool throws when ended twice).
 */
describe("stopping fairway", () => {
  it("a second stop while the first runs, and another after it, wait for the one stop instead of closing twice", async () => {
    const db = postgresDatabase();
    const h = await startHarness({ db });
    try {
      const first = h.app.stop();
      const again = h.app.stop();
      expect(again).toBe(first);
      await expect(Promise.all([first, again])).resolves.toEqual([undefined, undefined]);
      await expect(h.app.stop()).resolves.toBeUndefined();
    } finally {
      // The ledger went with the stopped app: nothing for the checker to read.
      h.invariants.skip("the test stopped fairway itself");
      await h.stop();
      await db.cleanup();
    }
  });
});
