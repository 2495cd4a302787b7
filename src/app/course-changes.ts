/**
 * The course-changes poll (src/bookings/course-changes.ts) as the leader runs it: the ledger's due list,
 * the booking service's `recheck`, and a partner read budget that is the bot's, not this process's (a
 * token bucket in PostgreSQL's `limit_buckets` while other instances are live, in memory while alone).
 */
import type { BookingQueries } from "../bookings/queries.js";
import {
  createCourseChangesPoll,
  type CourseChange,
  type CourseChangesPoll,
  type ReadBudget,
} from "../bookings/course-changes.js";
import type { BookingService } from "../bookings/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { Fleet } from "../runtime/fleet.js";
import { fleetBuckets, type BucketStore } from "../runtime/shared-buckets.js";
import type { Rate } from "../runtime/token-bucket.js";

export interface CourseChangesPartOptions {
  config: Pick<Config, "courseChanges">;
  ledger: Pick<BookingQueries, "paidDueForRecheck">;
  bookings: Pick<BookingService, "recheck">;
  fleet: Fleet;
  bucketStore?: BucketStore;
  /** What is done with each change found (told, recorded); awaited within the pass. */
  onChange(change: CourseChange): Promise<void>;
  /** Run first in each pass (`CourseChangesPollOptions.sweep`). */
  sweep?: () => Promise<unknown>;
  logger: Logger;
  now: () => number;
  /** How often a pass looks for bookings due, ms (the poll's default when absent). */
  tickMs?: number;
}

/** The token bucket of `readsPerMinute` partner reads: a tenth of them at once, the rest as the minute goes. */
export const readBudgetRate = (readsPerMinute: number): Rate => ({
  burst: Math.max(1, Math.ceil(readsPerMinute / 10)),
  perSecond: readsPerMinute / 60,
});

/** The poll's partner reads: `readsPerMinute` in any minute for the whole bot, a tenth of them at once. */
export function courseChangesBudget(
  options: Pick<CourseChangesPartOptions, "fleet" | "bucketStore" | "logger"> & { readsPerMinute: number },
): ReadBudget {
  const { readsPerMinute } = options;
  const buckets = fleetBuckets({
    name: "partner-reads",
    rate: readBudgetRate(readsPerMinute),
    fleet: options.fleet,
    ...(options.bucketStore ? { store: options.bucketStore } : {}),
    onError: (err) =>
      options.logger.warn({ err }, "the shared partner-read budget did not answer; this instance's used"),
  });
  return { take: async () => (await buckets.take("course-changes")).ok };
}

/** Builds the poll the leader starts and stops. */
export function createCourseChangesPart(options: CourseChangesPartOptions): CourseChangesPoll {
  const { config, logger } = options;
  return createCourseChangesPoll({
    due: (at, bands, limit) => options.ledger.paidDueForRecheck(at, bands, limit),
    recheck: (id) => options.bookings.recheck(id),
    budget: courseChangesBudget({ ...options, readsPerMinute: config.courseChanges.readsPerMinute }),
    shortestMs: config.courseChanges.shortestMs,
    onChange: (change) => options.onChange(change),
    ...(options.sweep ? { sweep: options.sweep } : {}),
    logger: logger.child({ module: "course-changes" }),
    now: options.now,
    tickMs: options.tickMs ?? courseChangesTickMs(config.courseChanges.readsPerMinute),
  });
}

/**
 * How often the leader's poll looks, ms: as soon as the budget has refilled a burst (6 s at 30 reads a
 * minute), so a pass can spend it. A pass stops at the first read the budget refuses; looking once a minute
 * spent one burst a minute, a tenth of the budget (`npm run bench -- --course-changes`: 3 reads a minute of 30).
 */
export function courseChangesTickMs(readsPerMinute: number): number {
  const rate = readBudgetRate(readsPerMinute);
  return Math.max(1_000, Math.ceil((rate.burst / rate.perSecond) * 1_000));
}
