/**
 * When the hold reaper looks: a pass asked for while one is still running is not dropped (it runs as
 * soon as that one ends), and a hold counts as ending one interval and a margin ahead.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHoldReaper, RELEASE_MARGIN_MS, type BookingService } from "../../src/bookings/index.js";
import { memoryLogger } from "../runtime/helpers.js";

const INTERVAL_MS = 10_000;

/** A service whose ledger reads are recorded; the first one waits for `finishFirst`. */
function slowFirstPass() {
  const reads: number[] = [];
  let finishFirst!: () => void;
  const first = new Promise<never[]>((resolve) => {
    finishFirst = () => resolve([]);
  });
  const service = {
    dueForReaping: (at: number) => {
      reads.push(at);
      return reads.length === 1 ? first : Promise.resolve([]);
    },
    groupsDue: () => Promise.resolve([]),
    approvedUnconfirmed: () => Promise.resolve([]),
  } as unknown as BookingService;
  return { service, reads, finishFirst };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the hold reaper's passes", () => {
  it("a pass due while the previous one still runs starts as soon as it ends, not an interval later", async () => {
    vi.useFakeTimers();
    const { service, reads, finishFirst } = slowFirstPass();
    const t = 1_800_000_000_000;
    const reaper = createHoldReaper({ service, logger: memoryLogger().logger, intervalMs: INTERVAL_MS, now: () => t });
    reaper.start();
    expect(reads).toHaveLength(1);
    // The interval comes round while the first pass is still reading the ledger.
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(reads).toHaveLength(1);
    finishFirst();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);
    // And then the usual rhythm: one pass per interval, no more.
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toHaveLength(3);
    await reaper.stop();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 3);
    expect(reads).toHaveLength(3);
  });

  it("looks for holds ending up to one interval and the margin ahead", async () => {
    const { service, reads, finishFirst } = slowFirstPass();
    finishFirst();
    const t = 1_800_000_000_000;
    const reaper = createHoldReaper({ service, logger: memoryLogger().logger, intervalMs: INTERVAL_MS, now: () => t });
    await reaper.tick();
    expect(reads).toEqual([t + INTERVAL_MS + RELEASE_MARGIN_MS]);
  });
});
