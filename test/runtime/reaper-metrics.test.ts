/** The hold reaper's `onRun` hook feeding `fairway_reaper_runs_total` and `fairway_reaper_changes_total`. */
import { describe, expect, it } from "vitest";
import { createHoldReaper, type BookingService } from "../../src/bookings/index.js";
import { memoryLogger, sample, testMetrics } from "./helpers.js";

/** A service whose ledger read fails, or finds nothing due (no booking, no group, no payment). */
function service(due: () => Promise<never[]>): BookingService {
  return {
    dueForReaping: due,
    groupsDue: due,
    approvedUnconfirmed: due,
    paymentsEndedUnsettled: due,
    movesDue: due,
  } as unknown as BookingService;
}

describe("reaper metrics", () => {
  it("counts passes by outcome; a pass that cannot read the ledger is failed, and a throwing hook is ignored", async () => {
    const metrics = testMetrics();
    const { logger } = memoryLogger();
    const runs: [number, boolean][] = [];
    const onRun = (changed: number, failed: boolean) => {
      runs.push([changed, failed]);
      metrics.reaperRun(changed, failed);
      throw new Error("metrics broke");
    };
    const healthy = createHoldReaper({ service: service(() => Promise.resolve([])), logger, onRun });
    const broken = createHoldReaper({
      service: service(() => Promise.reject(new Error("database is locked"))),
      logger,
      onRun,
    });
    expect(await healthy.tick()).toBe(0);
    expect(await broken.tick()).toBe(0);
    metrics.reaperRun(3, false);
    expect(runs).toEqual([
      [0, false],
      [0, true],
    ]);
    const text = await metrics.text();
    expect(sample(text, 'fairway_reaper_runs_total{outcome="ok"}')).toBe(2);
    expect(sample(text, 'fairway_reaper_runs_total{outcome="failed"}')).toBe(1);
    expect(sample(text, "fairway_reaper_changes_total")).toBe(3);
  });
});
