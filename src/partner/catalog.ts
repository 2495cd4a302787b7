/**
 * Short-lived caches of the partner's read-only data, so a booking costs the partner one tee-time read
 * and no course read (the course list changes rarely; a day's tee times are re-read when they matter).
 *
 * In this process's memory, and, while other instances are live, through `shared` (the database's
 * `partner_cache`): a miss there is read by one instance and taken by the others, so the partner is
 * asked as often as by one process however many run. What is cached is only ever shown; the hold and
 * the payment are the partner's word (a tee time taken meanwhile is refused at reserve, and the list
 * re-read). Concurrent misses for the same key share one partner call; failures are not cached.
 * Tee-time reads wait their turn: at most `maxReadsInFlight` are at the partner at once from this
 * process (a search over every course must not fire dozens of reads at the partner together).
 */
import pLimit from "p-limit";
import { PartnerNotFoundError } from "./errors.js";
import type { PartnerClient } from "./client.js";
import type { Course, TeeTime } from "./types.js";

export interface PartnerCatalogOptions {
  partner: Pick<PartnerClient, "listCourses" | "listTeeTimes">;
  /** Epoch ms (fairway's clock). */
  now: () => number;
  /** How long the course list is kept. Default 10 minutes. */
  courseTtlMs?: number;
  /** How long a course's tee times of one date are kept. Default 60 s. */
  teeTimeTtlMs?: number;
  /** At most this many (course, date) lists are kept; the oldest go first. Default 2,000. */
  maxTeeTimeLists?: number;
  /** At most this many tee-time reads at the partner at once (PARTNER_READS_IN_FLIGHT). Default 40. */
  maxReadsInFlight?: number;
  /** The lists every instance shares (`createSharedReads`), used while `active()`. */
  shared?: SharedReads;
}

/** Lists read once for every instance of the bot (runtime/shared-reads.ts). */
export interface SharedReads {
  /** Whether other instances are live now (alone, the memory above is the whole cache). */
  active(): boolean;
  /**
   * `key`'s list: the shared one while younger than `ttlMs` (or, when `fresh`, read after this call),
   * else `load()` by this instance or the one already reading it; `at` is when its read began.
   */
  read<T>(
    key: string,
    wanted: { ttlMs: number; fresh: boolean; load: () => Promise<T> },
  ): Promise<{ value: T; at: number }>;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export interface PartnerCatalog {
  /** Every course, in the partner's order (cached). */
  courses(): Promise<Course[]>;
  /** One course of the cached list, or undefined. */
  course(id: string): Promise<Course | undefined>;
  /**
   * A course's tee times on a date (YYYY-MM-DD), cached unless `fresh`. A 404 for a course the cached
   * list names also forgets the list (it is out of date); for an id it does not name, the list stays.
   */
  teeTimes(courseId: string, date: string, options?: { fresh?: boolean }): Promise<TeeTime[]>;
  /** Forgets everything (tests, and an operator's reload). */
  clear(): void;
}

/** Creates the caches in front of `partner`. */
export function createPartnerCatalog(options: PartnerCatalogOptions): PartnerCatalog {
  const { partner, now } = options;
  const courseTtl = options.courseTtlMs ?? 10 * 60_000;
  const teeTimeTtl = options.teeTimeTtlMs ?? 60_000;
  const maxLists = options.maxTeeTimeLists ?? 2_000;
  const readTurn = pLimit(options.maxReadsInFlight ?? 40);
  let courseList: Entry<Course[]> | undefined;
  const teeTimes = new Map<string, Entry<TeeTime[]>>();

  /** Where one cached value lives. */
  interface Slot<T> {
    get(): Entry<T> | undefined;
    set(entry: Entry<T> | undefined): void;
  }

  /**
   * The cached value while fresh (unless `fresh`), else one new call (the shared list's, while other
   * instances are live); a failed call leaves no entry behind.
   */
  function cached<T>(slot: Slot<T>, key: string, ttl: number, fresh: boolean, load: () => Promise<T>): Promise<T> {
    const at = now();
    const current = slot.get();
    if (!fresh && current && at >= current.at && at - current.at < ttl) return current.value;
    const shared = options.shared;
    const entry: Entry<T> = { at, value: Promise.resolve(undefined as T) };
    entry.value = shared?.active()
      ? shared.read(key, { ttlMs: ttl, fresh, load }).then((read) => {
          // As old as the shared read: it expires here when it does there.
          entry.at = read.at;
          return read.value;
        })
      : load();
    slot.set(entry);
    entry.value.catch(() => {
      if (slot.get() === entry) slot.set(undefined);
    });
    return entry.value;
  }

  const courseSlot: Slot<Course[]> = {
    get: () => courseList,
    set: (entry) => (courseList = entry),
  };
  const teeTimeSlot = (key: string): Slot<TeeTime[]> => ({
    get: () => teeTimes.get(key),
    set: (entry) => {
      teeTimes.delete(key);
      if (entry === undefined) return;
      teeTimes.set(key, entry);
      if (teeTimes.size > maxLists) teeTimes.delete(teeTimes.keys().next().value!);
    },
  });

  /**
   * Forgets the cached course list when it names `courseId`, a course the partner no longer knows. An
   * id it does not name (made up, or gone already) says nothing about the list: a stream of them must
   * not cost a course-list read each.
   */
  async function forgetCourseListNaming(courseId: string): Promise<void> {
    const entry = courseList;
    if (!entry) return;
    const names = await entry.value.then(
      (list) => list.some((c) => c.id === courseId),
      () => false,
    );
    if (names && courseList === entry) courseList = undefined;
  }

  const catalog: PartnerCatalog = {
    courses: () => cached(courseSlot, "courses", courseTtl, false, () => partner.listCourses()),
    async course(id) {
      return (await catalog.courses()).find((c) => c.id === id);
    },
    async teeTimes(courseId, date, opts = {}) {
      try {
        const key = `${courseId}|${date}`;
        return await cached(teeTimeSlot(key), `tee-times:${key}`, teeTimeTtl, opts.fresh === true, () =>
          readTurn(() => partner.listTeeTimes(courseId, date)),
        );
      } catch (error) {
        if (error instanceof PartnerNotFoundError) await forgetCourseListNaming(courseId);
        throw error;
      }
    },
    clear() {
      courseList = undefined;
      teeTimes.clear();
    },
  };
  return catalog;
}
