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

/** The poll's partner reads: `readsPerMinute` in any minute for the whole bot, a tenth of them at once. */
export function courseChangesBudget(
  options: Pick<CourseChangesPartOptions, "fleet" | "bucketStore" | "logger"> & { readsPerMinute: number },
): ReadBudget {
  const { readsPerMinute } = options;
  const buckets = fleetBuckets({
    name: "partner-reads",
    rate: { burst: Math.max(1, Math.ceil(readsPerMinute / 10)), perSecond: readsPerMinute / 60 },
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
    ...(options.tickMs !== undefined ? { tickMs: options.tickMs } : {}),
  });
}
