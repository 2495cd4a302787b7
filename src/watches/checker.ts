/**
 * The watch checker (README.md here), run by one timer on the leader (app/leader-jobs.ts starts it with the reaper).
 *
 * Each pass ends the watches whose date is over, gathers the (course, date) targets the active
 * watches cover (a course no watch covers is never read, nor a date before the partner sells it: see
 * `plan`), and reads the targets that are due — one partner read per target, whatever the number of
 * watches on it — as far as the read budget allows (`pace.ts`: nearer dates are due more often; at
 * most `readsPerMinute` in any minute, spread out).
 * For each watch on a target read, the matching tee times open now and not open at its last look are
 * new; each is claimed once in the database (`watch_alerts`) and the watch's new ones go out as one
 * message through `alert` (the outbox). A target whose read fails waits longer each time; when every
 * read of a pass fails the whole checker pauses (30 s, doubling, at most 15 min). Targets' schedules
 * and what each watch last saw live in the database, so a restart or a new leader goes on where the
 * last one stopped.
 */
import { TZDate } from "@date-fns/tz";
import type { Logger } from "../logger.js";
import type { PartnerCatalog } from "../partner/catalog.js";
import { isPartnerApiError } from "../partner/errors.js";
import { lastSaleDate } from "../partner/sales-window.js";
import type { Course, TeeTime } from "../partner/types.js";
import type { SellingPrice } from "../pricing/rules.js";
import { coursesInScope, type SearchHit, type TeeTimeSearch } from "../search/search.js";
import { courseToday } from "../time/today.js";
import { periodicPass } from "../runtime/periodic.js";
import { backoffMs, checkIntervalMs, createReadBudget, jitterMs, pauseMs } from "./pace.js";
import { targetKey, type Watch, type WatchStore, type WatchTarget } from "./store.js";

/** How long a claimed target waits for its reader's result before another checker may read it. */
const CLAIM_MS = 60_000;

/** The zone of a watch's dates (every course fairway sells is in Thailand). */
export const WATCH_ZONE = "Asia/Bangkok";

/** The instant `date` (YYYY-MM-DD) starts in `timeZone`. */
export function dayStart(date: string, timeZone = WATCH_ZONE): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, timeZone).getTime();
}

/** When a watch ends at the latest: the end of its time window on its last date (midnight without one). */
export function watchEnd(criteria: Watch["criteria"]): number {
  const last = [...criteria.dates].sort().at(-1) ?? "";
  return dayStart(last) + (criteria.window?.to ?? 24 * 60) * 60_000;
}

/**
 * A watch's tee times in `list`: its criteria, with its top price compared with what the watcher is
 * shown (`sell`: the selling price; without it, the partner's price). The checker's test and "Book it"'s
 * re-check are this one function.
 */
export function watchHits(
  search: Pick<TeeTimeSearch, "hitsOf">,
  at: { course: Course; date: string; list: readonly TeeTime[]; now: number },
  watch: Pick<Watch, "criteria">,
  sell: SellingPrice | undefined,
): SearchHit[] {
  const { maxPrice, ...rest } = watch.criteria;
  if (!sell || maxPrice === undefined) return search.hitsOf(at.course, at.date, at.list, watch.criteria, at.now);
  return search
    .hitsOf(at.course, at.date, at.list, rest, at.now)
    .filter((h) => sell(h.net ?? h.price, at.course.id) <= maxPrice);
}

/** A tee time alerted: its claim's id (the "Book it" button's) and what was found. */
export interface AlertedTeeTime {
  id: string;
  hit: SearchHit;
}

export interface WatchCheckerOptions {
  store: WatchStore;
  catalog: Pick<PartnerCatalog, "courses" | "teeTimes">;
  search: Pick<TeeTimeSearch, "hitsOf">;
  /**
   * What the watcher is shown a tee time of `net` satang per player costs (the selling price: a
   * customer's agent's, or their own as an agent or admin), which a watch's top price compares; undefined:
   * the partner's price. Default: the partner's for every watch.
   */
  sellingOf?: (watch: Watch) => Promise<SellingPrice | undefined>;
  /** Queues one message with the watch's new tee times; true once queued. */
  alert: (watch: Watch, teeTimes: AlertedTeeTime[]) => Promise<boolean>;
  logger: Logger;
  now: () => number;
  /** WATCH_READS_PER_MINUTE: the checker's partner reads in any minute, at most. */
  readsPerMinute: number;
  /** Between passes, ms. Default 5 s. */
  intervalMs?: number;
  /** One tee-time read by the checker (metrics). */
  onRead?: (outcome: "ok" | "failed") => void;
  /** One alert message queued, with its number of tee times (metrics). */
  onAlert?: (teeTimes: number) => void;
}

/** What one pass did. */
export interface PassSummary {
  /** Targets due and not read for want of budget. */
  deferred: number;
  reads: number;
  failed: number;
  /** Alert messages queued. */
  alerts: number;
  ended: number;
}

interface Plan {
  key: string;
  course: Course;
  date: string;
  watches: Watch[];
}

export function createWatchChecker(options: WatchCheckerOptions) {
  const { store, catalog, search, logger, now } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const budget = createReadBudget(options.readsPerMinute);
  let failedStreak = 0;
  let pausedUntil = 0;

  /**
   * The targets the active watches cover: dates from today through the partner's sales window's last
   * date. A later date waits (the watch stays active, nothing is read for it) and is planned from the
   * pass on which it comes within the window: the partner lists nothing for it before then.
   */
  function plan(watches: Watch[], courses: Course[], at: number): Map<string, Plan> {
    const today = courseToday(at, WATCH_ZONE);
    const last = lastSaleDate(today);
    const byId = new Map(courses.map((c) => [c.id, c]));
    const plans = new Map<string, Plan>();
    for (const watch of watches) {
      const covered = watch.courses
        ? watch.courses.map((c) => byId.get(c.id)).filter((c): c is Course => c !== undefined)
        : coursesInScope(courses, watch.criteria, { now: at });
      for (const date of watch.criteria.dates) {
        if (date < today || date > last) continue;
        for (const course of covered) {
          const key = targetKey(course.id, date);
          const target = plans.get(key) ?? { key, course, date, watches: [] };
          target.watches.push(watch);
          plans.set(key, target);
        }
      }
    }
    return plans;
  }

  /** One target read; false when the partner failed. */
  async function check(
    target: Plan,
    row: WatchTarget | undefined,
    at: number,
    found: Map<string, SearchHit[]>,
  ): Promise<boolean> {
    const every = checkIntervalMs(dayStart(target.date, target.course.timeZone || WATCH_ZONE), at);
    let list: TeeTime[];
    try {
      list = await catalog.teeTimes(target.course.id, target.date, { fresh: true });
    } catch (error) {
      if (!isPartnerApiError(error)) throw error;
      options.onRead?.("failed");
      const failures = (row?.failures ?? 0) + 1;
      logger.warn({ err: error.toJSON(), target: target.key, failures }, "watch check: tee times not read");
      await store.saveTarget({
        course_id: target.course.id,
        date: target.date,
        checked_at: row?.checked_at ?? null,
        next_check_at: at + backoffMs(every, failures),
        failures,
        last_start: row?.last_start ?? null,
      });
      return false;
    }
    options.onRead?.("ok");
    const starts = list.map((t) => t.startsAt);
    const lastStart = starts.length > 0 ? Math.max(...starts) : null;
    await store.saveTarget({
      course_id: target.course.id,
      date: target.date,
      checked_at: at,
      next_check_at: at + every + jitterMs(target.key, every),
      failures: 0,
      last_start: lastStart,
    });
    for (const watch of target.watches) {
      const hits = await hitsFor(watch, target, list);
      const before = watch.open[target.key];
      watch.open[target.key] = hits.map((h) => h.slotId);
      // First look at this target (the search the agent saw could not read it): what is open is the baseline.
      if (before === undefined) continue;
      const fresh = hits.filter((h) => !before.includes(h.slotId));
      if (fresh.length > 0) found.set(watch.id, [...(found.get(watch.id) ?? []), ...fresh]);
    }
    return true;
  }

  /** The watch's tee times in `list`, its top price compared with what the watcher is shown (the selling price). */
  async function hitsFor(watch: Watch, target: Plan, list: TeeTime[]): Promise<SearchHit[]> {
    const sell = watch.criteria.maxPrice === undefined ? undefined : await options.sellingOf?.(watch);
    return watchHits(search, { course: target.course, date: target.date, list, now: now() }, watch, sell);
  }

  /** A watch's end, once the last tee time of every course on its last date is known. */
  function knownEnd(watch: Watch, plans: Map<string, Plan>, rows: Map<string, WatchTarget>): number | undefined {
    const last = [...watch.criteria.dates].sort().at(-1);
    const targets = [...plans.values()].filter((p) => p.date === last && p.watches.includes(watch));
    if (targets.length === 0) return undefined;
    const starts = targets.map((p) => rows.get(p.key)?.last_start);
    if (starts.some((s) => s === undefined || s === null)) return undefined;
    return Math.min(watchEnd(watch.criteria), Math.max(...(starts as number[])));
  }

  async function pass(): Promise<PassSummary> {
    const at = now();
    const summary: PassSummary = { deferred: 0, reads: 0, failed: 0, alerts: 0, ended: await store.expire(at) };
    if (summary.ended > 0) logger.info({ ended: summary.ended }, "watches ended (their date is over)");
    if (at < pausedUntil) return summary;
    const watches = await store.active();
    const stored = await store.targets();
    if (watches.length === 0) {
      await store.dropTargets(stored.map((r) => ({ courseId: r.course_id, date: r.date })));
      return summary;
    }
    let courses: Course[];
    try {
      courses = await catalog.courses();
    } catch (error) {
      if (!isPartnerApiError(error)) throw error;
      pause(at, "the course list could not be read");
      return summary;
    }
    const plans = plan(watches, courses, at);
    const rows = new Map(stored.map((r) => [targetKey(r.course_id, r.date), r]));
    const uncovered = stored.filter((r) => !plans.has(targetKey(r.course_id, r.date)));
    await store.dropTargets(uncovered.map((r) => ({ courseId: r.course_id, date: r.date })));

    const dueAt = (p: Plan) => rows.get(p.key)?.next_check_at ?? 0;
    const due = [...plans.values()].filter((p) => dueAt(p) <= at).sort((a, b) => dueAt(a) - dueAt(b));
    const allowed = budget.take(due.length, at);
    summary.deferred = due.length - allowed;
    // Each read claimed first: a target another checker took in the meantime is its to read.
    const claims = await Promise.all(
      due
        .slice(0, allowed)
        .map((p) => store.claimTarget(p.course.id, p.date, at, at + CLAIM_MS).then((mine) => (mine ? p : undefined))),
    );
    const batch = claims.filter((p): p is Plan => p !== undefined);
    const found = new Map<string, SearchHit[]>();
    const outcomes = await Promise.all(batch.map((p) => check(p, rows.get(p.key), at, found)));
    summary.reads = outcomes.length;
    summary.failed = outcomes.filter((ok) => !ok).length;
    if (summary.reads > 0 && summary.failed === summary.reads) pause(at, "every read failed");
    else if (summary.reads > summary.failed) failedStreak = 0;

    // What each watch saw, its end once known, and its new tee times: claimed once, sent as one message.
    const fresh = new Map((await store.targets()).map((r) => [targetKey(r.course_id, r.date), r]));
    const touched = new Set(batch.flatMap((p) => p.watches));
    for (const watch of touched) {
      await store.saveOpen(watch.id, watch.open);
      const end = knownEnd(watch, plans, fresh);
      if (end !== undefined && end < watch.endsAt) await store.endBy(watch.id, end);
      const hits = found.get(watch.id) ?? [];
      const claimed: AlertedTeeTime[] = [];
      for (const hit of hits.sort((a, b) => a.startsAt - b.startsAt)) {
        const id = await store.claimAlert(watch.id, hit);
        if (id !== undefined) claimed.push({ id, hit });
      }
      if (claimed.length === 0) continue;
      if (await options.alert(watch, claimed)) {
        summary.alerts += 1;
        options.onAlert?.(claimed.length);
      } else logger.warn({ watchId: watch.id }, "watch alert not queued; its tee times stay claimed");
    }
    if (summary.reads > 0 || summary.deferred > 0) logger.debug({ ...summary }, "watch pass");
    return summary;
  }

  function pause(at: number, why: string): void {
    failedStreak += 1;
    const ms = pauseMs(failedStreak);
    pausedUntil = at + ms;
    logger.warn({ why, pauseMs: ms, streak: failedStreak }, "watch checks paused: the partner is failing");
  }

  /** Passes; one never throws (a failure is logged). */
  const passes = periodicPass(
    () =>
      pass().catch((error: unknown) => {
        logger.error({ err: error }, "watch pass failed");
        return undefined;
      }),
    intervalMs,
  );

  return {
    /** A fresh pass now, after any pass under way (tests call it after moving the clock). */
    tick: passes.tick,
    /** Reads made in the minute before now. */
    readsLastMinute: () => budget.used(now()),
    /** Until when the checker is paused (the partner failing); 0 or past: not paused. */
    pausedUntil: () => pausedUntil,
    /** A pass now and then every interval. */
    start: passes.start,
    /** Stops the timer and waits for a pass under way. */
    stop: passes.stop,
  };
}

export type WatchChecker = ReturnType<typeof createWatchChecker>;
