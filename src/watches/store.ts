/**
 * Watches in the database (migration 011-watches): the agents' saved searches, the (course, date)
 * targets the checker reads, and the alerts sent (one row per watch and tee time, so an alert is
 * claimed once whatever instance or pass sends it).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import * as v from "valibot";
import type { SearchCriteria } from "../search/criteria.js";
import type { SearchHit } from "../search/search.js";
import type { Database, WatchState, WatchTargetsTable } from "../storage/schema.js";

/** A course a watch is limited to, with the names it is shown by. */
export interface WatchCourse {
  id: string;
  name: string;
  nameTH: string;
}

export interface Watch {
  id: string;
  userId: number;
  chatId: number;
  criteria: SearchCriteria;
  /** Only these courses (a course's sold-out day in /book, a customer's link); absent: the criteria's area. */
  courses?: WatchCourse[];
  state: WatchState;
  /** Per target key (`targetKey`), the matching tee times open at the watch's last look at it. */
  open: Record<string, string[]>;
  /** Tee times alerted so far. */
  alerts: number;
  createdAt: number;
  endsAt: number;
  endedAt?: number;
}

/** One (course, date) the checker reads, shared by every watch that covers it. */
export type WatchTarget = WatchTargetsTable;

/** A tee time alerted to a watch, as its "Book it" button finds it again. */
export interface WatchAlert {
  id: string;
  watchId: string;
  hit: SearchHit;
  createdAt: number;
}

export type CreateOutcome =
  { kind: "created"; watch: Watch } | { kind: "exists"; watch: Watch } | { kind: "limit"; active: number };

export interface NewWatch {
  userId: number;
  chatId: number;
  criteria: SearchCriteria;
  courses?: WatchCourse[];
  /** What was open when the agent asked (the search they saw), per target key: never alerted as new. */
  open: Record<string, string[]>;
  endsAt: number;
  /** Most active watches per user (WATCHES_PER_USER). */
  limit: number;
}

/** The key of a course's date: `<courseId>|<date>`. */
export function targetKey(courseId: string, date: string): string {
  return `${courseId}|${date}`;
}

const TimeWindowSchema = v.object({ from: v.number(), to: v.number() });
const CriteriaSchema = v.object({
  dates: v.array(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
  window: v.optional(TimeWindowSchema),
  players: v.number(),
  area: v.optional(
    v.union([
      v.object({ kind: v.literal("area"), id: v.string() }),
      v.object({ kind: v.literal("near"), lat: v.number(), lon: v.number() }),
    ]),
  ),
  maxPrice: v.optional(v.number()),
});
const CoursesSchema = v.array(v.object({ id: v.string(), name: v.string(), nameTH: v.string() }));
const OpenSchema = v.record(v.string(), v.array(v.string()));

function newId(): string {
  // 10 characters of [a-z0-9]: about 51 bits, short enough for callback data.
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(10)].map((b) => alphabet[b % 36]).join("");
}

/** The same search (criteria and courses, whatever their order of keys) gives the same key. */
export function dedupeKey(criteria: SearchCriteria, courses: readonly WatchCourse[] | undefined): string {
  const canonical = {
    dates: [...criteria.dates].sort(),
    window: criteria.window ? [criteria.window.from, criteria.window.to] : null,
    players: criteria.players,
    area: criteria.area ?? null,
    maxPrice: criteria.maxPrice ?? null,
    courses: courses ? courses.map((c) => c.id).sort() : null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex").slice(0, 64);
}

type Row = Database["watches"];

function toWatch(row: Row): Watch | undefined {
  const criteria = v.safeParse(CriteriaSchema, JSON.parse(row.criteria));
  const courses = row.courses === null ? undefined : v.safeParse(CoursesSchema, JSON.parse(row.courses));
  const open = v.safeParse(OpenSchema, JSON.parse(row.open_slots));
  if (!criteria.success || (courses && !courses.success) || !open.success) return undefined;
  return {
    id: row.id,
    userId: Number(row.user_id),
    chatId: Number(row.chat_id),
    criteria: criteria.output,
    ...(courses?.success ? { courses: courses.output } : {}),
    state: row.state,
    open: open.output,
    alerts: Number(row.alerts),
    createdAt: Number(row.created_at),
    endsAt: Number(row.ends_at),
    ...(row.ended_at !== null ? { endedAt: Number(row.ended_at) } : {}),
  };
}

const rowsToWatches = (rows: Row[]) => rows.map(toWatch).filter((w): w is Watch => w !== undefined);

export function createWatchStore(db: Kysely<Database>, now: () => number) {
  const store = {
    /**
     * Saves a watch for its user, unless they already watch the same search (that one is returned)
     * or have `limit` active watches. A user's updates run one at a time (the chat lock), so the count
     * and the insert do not race.
     */
    async create(input: NewWatch): Promise<CreateOutcome> {
      const key = dedupeKey(input.criteria, input.courses);
      const active = await db
        .selectFrom("watches")
        .selectAll()
        .where("user_id", "=", input.userId)
        .where("state", "=", "active")
        .execute();
      const same = active.find((r) => r.dedupe_key === key);
      const existing = same ? toWatch(same) : undefined;
      if (existing) return { kind: "exists", watch: existing };
      if (active.length >= input.limit) return { kind: "limit", active: active.length };
      const row: Row = {
        id: newId(),
        user_id: input.userId,
        chat_id: input.chatId,
        criteria: JSON.stringify(input.criteria),
        courses: input.courses ? JSON.stringify(input.courses) : null,
        dedupe_key: key,
        state: "active",
        open_slots: JSON.stringify(input.open),
        alerts: 0,
        created_at: now(),
        ends_at: input.endsAt,
        ended_at: null,
      };
      await db.insertInto("watches").values(row).execute();
      return { kind: "created", watch: toWatch(row)! };
    },

    async get(id: string): Promise<Watch | undefined> {
      const row = await db.selectFrom("watches").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toWatch(row) : undefined;
    },

    /** A user's active watches (oldest first), and those that ended or were stopped since `endedSince`. */
    async forUser(userId: number, endedSince: number): Promise<Watch[]> {
      const rows = await db
        .selectFrom("watches")
        .selectAll()
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("state", "=", "active"), eb("ended_at", ">=", endedSince)]))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rowsToWatches(rows);
    },

    /** Every active watch. */
    async active(): Promise<Watch[]> {
      return rowsToWatches(await db.selectFrom("watches").selectAll().where("state", "=", "active").execute());
    },

    async countActive(): Promise<number> {
      const row = await db
        .selectFrom("watches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "=", "active")
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Stops a user's active watch; false when it is not theirs or no longer active. */
    async stop(id: string, userId: number): Promise<boolean> {
      const result = await db
        .updateTable("watches")
        .set({ state: "stopped", ended_at: now() })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .where("state", "=", "active")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends every active watch whose end has come; returns how many. */
    async expire(at: number): Promise<number> {
      const result = await db
        .updateTable("watches")
        .set({ state: "ended", ended_at: at })
        .where("state", "=", "active")
        .where("ends_at", "<=", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Brings a watch's end nearer (its last date's last tee time, once read); never later. */
    async endBy(id: string, at: number): Promise<void> {
      await db.updateTable("watches").set({ ends_at: at }).where("id", "=", id).where("ends_at", ">", at).execute();
    },

    /** What the watch saw open at its last look, per target. */
    async saveOpen(id: string, open: Record<string, string[]>): Promise<void> {
      await db
        .updateTable("watches")
        .set({ open_slots: JSON.stringify(open) })
        .where("id", "=", id)
        .execute();
    },

    /**
     * Claims the alert of `hit` for `watchId`: its id for the one caller that wins (the alert is then
     * theirs to send), undefined when it was alerted before.
     */
    async claimAlert(watchId: string, hit: SearchHit): Promise<string | undefined> {
      const id = newId();
      const result = await db
        .insertInto("watch_alerts")
        .values({ id, watch_id: watchId, slot_id: hit.slotId, hit: JSON.stringify(hit), created_at: now() })
        .onConflict((oc) => oc.columns(["watch_id", "slot_id"]).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return undefined;
      await db
        .updateTable("watches")
        .set((eb) => ({ alerts: eb("alerts", "+", 1) }))
        .where("id", "=", watchId)
        .execute();
      return id;
    },

    async alert(id: string): Promise<WatchAlert | undefined> {
      const row = await db.selectFrom("watch_alerts").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        watchId: row.watch_id,
        hit: JSON.parse(row.hit) as SearchHit,
        createdAt: Number(row.created_at),
      };
    },

    /** Tee times alerted in [from, to). */
    async alertsBetween(from: number, to: number): Promise<number> {
      const row = await db
        .selectFrom("watch_alerts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("created_at", ">=", from)
        .where("created_at", "<", to)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Every target row. */
    async targets(): Promise<WatchTarget[]> {
      const rows = await db.selectFrom("watch_targets").selectAll().execute();
      return rows.map((r) => ({
        ...r,
        checked_at: r.checked_at === null ? null : Number(r.checked_at),
        next_check_at: Number(r.next_check_at),
        failures: Number(r.failures),
        last_start: r.last_start === null ? null : Number(r.last_start),
      }));
    },

    /**
     * Claims a target for one read: moves its next check to `until` if it is due at `at` (or new).
     * False when another checker claimed or read it first, so two checkers (a leadership handover, a
     * clock jump) never read the same course and date for the same check.
     */
    async claimTarget(courseId: string, date: string, at: number, until: number): Promise<boolean> {
      const result = await db
        .insertInto("watch_targets")
        .values({ course_id: courseId, date, checked_at: null, next_check_at: until, failures: 0, last_start: null })
        .onConflict((oc) =>
          oc
            .columns(["course_id", "date"])
            .doUpdateSet({ next_check_at: until })
            .where("watch_targets.next_check_at", "<=", at),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Writes a target's schedule after a read (or creates it). */
    async saveTarget(target: WatchTarget): Promise<void> {
      const { checked_at, next_check_at, failures, last_start } = target;
      await db
        .insertInto("watch_targets")
        .values(target)
        .onConflict((oc) =>
          oc.columns(["course_id", "date"]).doUpdateSet({ checked_at, next_check_at, failures, last_start }),
        )
        .execute();
    },

    /** Forgets targets no active watch covers any more. */
    async dropTargets(keys: readonly { courseId: string; date: string }[]): Promise<void> {
      for (const { courseId, date } of keys)
        await db.deleteFrom("watch_targets").where("course_id", "=", courseId).where("date", "=", date).execute();
    },
  };
  return store;
}

export type WatchStore = ReturnType<typeof createWatchStore>;
