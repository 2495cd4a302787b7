/**
 * The course-changes poll: the partner tells nothing when a course cancels a tee time, closes a day or
 * refunds at its request (its spec: "Events: not shown"), so the leader re-reads every upcoming paid
 * booking — single bookings, group flights and moves' new bookings alike — on a schedule that tightens as
 * the tee time nears (`RECHECK_BANDS`), within a partner read budget that all instances share, and reports
 * what it finds: a reservation ended (CANCEL or REFUND) or moved to another tee time that fairway did not
 * ask for. The ledger follows the partner through the booking service's `recheck` (its one door).
 */
import type { Logger } from "../logger.js";
import type { BookingRecord } from "./record.js";
import type { Recheck } from "./booking.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Between two reads of one paid booking, by how far its tee time is: within a day, the shortest interval
 * (`COURSE_CHANGES_POLL_SECONDS`, default 5 minutes); within two days, hourly; within a week, every six
 * hours; beyond, daily. No band is shorter than the shortest interval.
 */
export function recheckBands(shortestMs: number): { within: number; everyMs: number }[] {
  return [
    { within: DAY, everyMs: shortestMs },
    { within: 2 * DAY, everyMs: Math.max(shortestMs, HOUR) },
    { within: 7 * DAY, everyMs: Math.max(shortestMs, 6 * HOUR) },
    { within: Number.POSITIVE_INFINITY, everyMs: Math.max(shortestMs, DAY) },
  ];
}

/** The interval between two reads of a booking whose tee time is `startsAt`, seen at `at`. */
export function recheckIntervalMs(startsAt: number, at: number, shortestMs: number): number {
  return recheckBands(shortestMs).find((b) => startsAt - at <= b.within)!.everyMs;
}

/** What the poll found on one booking that fairway did not ask for. */
export type CourseChange =
  /** The partner ended the reservation (CANCEL or REFUND); `booking` is the ledger's after it followed. */
  | { kind: "ended"; before: BookingRecord; booking: BookingRecord; partnerStatus: string }
  /** The partner's reservation is still paid, at another tee time (`startsAt`, `slotId`; it was at `from`). */
  | { kind: "tee-time-changed"; booking: BookingRecord; from: number; startsAt: number; slotId: string };

/** A shared read budget: one token a partner read; false when the fleet's budget has none now. */
export interface ReadBudget {
  take(): Promise<boolean>;
}

export interface CourseChangesPollOptions {
  /** Upcoming paid bookings due a read (`BookingQueries.paidDueForRecheck`). */
  due(at: number, bands: readonly { within: number; everyMs: number }[], limit: number): Promise<BookingRecord[]>;
  /** The booking service's `recheck`. */
  recheck(id: string): Promise<Recheck>;
  /** Partner reads shared by every instance (the leader's poll and whatever else spends it). */
  budget: ReadBudget;
  /** The shortest interval between two reads of one booking, ms (`COURSE_CHANGES_POLL_SECONDS`). */
  shortestMs: number;
  /** Told of each change found, in the pass that found it (awaited: a pass ends after its notices are queued). */
  onChange(change: CourseChange): Promise<void>;
  /**
   * Run first in each pass: tells what the ledger recorded as changed and nobody told (an end a person's
   * read found first, a crash between the ledger's move and `onChange`). Default: nothing.
   */
  sweep?: () => Promise<unknown>;
  logger: Logger;
  now: () => number;
  /** How often a pass looks for bookings due, ms. Default: the shortest interval, at most a minute. */
  tickMs?: number;
  /** Most bookings read in one pass. Default 50. */
  perPass?: number;
}

/** What one pass did. */
export interface PassResult {
  read: number;
  changes: CourseChange[];
  /** Reads that failed (the booking is read again on its next turn). */
  failed: number;
  /** True when the budget stopped the pass before every due booking was read. */
  budgetSpent: boolean;
}

/** Creates the poll; the leader starts and stops it (`LeaderJob`), tests call `pass` directly. */
export function createCourseChangesPoll(options: CourseChangesPollOptions) {
  const { logger, now, shortestMs } = options;
  const tickMs = options.tickMs ?? Math.min(shortestMs, MINUTE);
  const perPass = options.perPass ?? 50;
  const bands = recheckBands(shortestMs);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** What one booking's read shows that fairway did not ask for, if anything. */
  function changeOf(result: Recheck): CourseChange | undefined {
    const { before, after, partner } = result;
    if (!partner) return undefined;
    if ((partner.status === "CANCEL" || partner.status === "REFUND") && result.moved === true) {
      // The ledger had it PAID with no write of fairway's in flight, and this read moved it off PAID: only
      // the partner's side ended it, and only this pass reports it (a pass racing it lost the compare-and-set).
      return { kind: "ended", before, booking: after, partnerStatus: partner.status };
    }
    if (partner.status === "PAID" && partner.startsAt !== undefined && partner.startsAt !== before.slot_starts_at) {
      const { startsAt, slotId } = partner;
      return { kind: "tee-time-changed", booking: after, from: before.slot_starts_at, startsAt, slotId };
    }
    return undefined;
  }

  /** One pass: the bookings due, the most overdue for its band first, read while the budget lasts. */
  async function pass(): Promise<PassResult> {
    const result: PassResult = { read: 0, changes: [], failed: 0, budgetSpent: false };
    await options.sweep?.().catch((err: unknown) => logger.warn({ err }, "course-changes sweep failed"));
    const due = await options.due(now(), bands, perPass);
    for (const booking of due) {
      if (!(await options.budget.take())) {
        result.budgetSpent = true;
        break;
      }
      let read: Recheck;
      try {
        read = await options.recheck(booking.id);
      } catch (err) {
        result.failed += 1;
        logger.warn({ err, bookingId: booking.id }, "course-changes read failed; read again on its next turn");
        continue;
      }
      result.read += 1;
      const change = changeOf(read);
      if (!change) continue;
      result.changes.push(change);
      logger.warn(
        { bookingId: booking.id, kind: change.kind, reservationId: booking.reservation_id },
        "the course changed a paid booking",
      );
      await options.onChange(change);
    }
    return result;
  }

  return {
    pass,
    /** How often a started poll runs a pass, ms. */
    tickMs,
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = pass()
          .catch((err: unknown) => logger.warn({ err }, "course-changes pass failed"))
          .finally(() => (running = undefined));
      }, tickMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type CourseChangesPoll = ReturnType<typeof createCourseChangesPoll>;
