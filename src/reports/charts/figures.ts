/**
 * What the sales chart shows, as numbers: pure functions of the ledger's rows (read through
 * `bookings/queries.ts`), so the chart, /report's text and its CSV agree. Money in satang; days are
 * `YYYY-MM-DD` keys on Thailand's calendar.
 */
import { attributedTo } from "../../bookings/queries.js";
import type { PaidLine } from "../../bookings/record.js";
import { addDaysToDateKey, dateKeyToUtcMs, toDateKey, weekdayOf } from "../../time/date-key.js";
import { wallClock } from "../../time/zoned.js";

/** How many days a bar stands for: one, a week (Monday to Sunday) or a calendar month. */
export type ChartGrain = "day" | "week" | "month";

/** Periods up to this many days get a bar a day. */
export const DAY_BARS_UP_TO = 31;
/** Longer periods up to this many days get a bar a week; longer ones a bar a month. */
export const WEEK_BARS_UP_TO = 26 * 7;

/** One bar: the bookings paid from `start` to `end` (inclusive, clipped to the period). */
export interface ChartBucket {
  start: string;
  end: string;
  /** Satang: what the customers pay (the selling price; the partner's amount without a markup). */
  selling: number;
  /** Satang: selling − what the partner charged. */
  margin: number;
  /** Paid tee times (a group's count one by one). */
  teeTimes: number;
  /** Holds released in those days (expired, cancelled or orphaned): ended unpaid. */
  unpaidHolds: number;
}

/** A course's line in the ranking. */
export interface CourseFigure {
  courseId: string;
  name: string;
  nameTh: string | null;
  selling: number;
  teeTimes: number;
}

/** An agent's line in the ranking ("direct": bookings no agent is credited with). */
export interface AgentFigure {
  agent: number | "direct";
  name: string | null;
  selling: number;
  margin: number;
  teeTimes: number;
}

export interface ChartFigures {
  from: string;
  to: string;
  grain: ChartGrain;
  /** Every bar of the period in order, empty ones included. */
  buckets: ChartBucket[];
  /** By selling total, highest first (then by name). */
  courses: CourseFigure[];
  /** By selling total, highest first (then by id, "direct" last). */
  agents: AgentFigure[];
  /** Totals of the buckets. */
  selling: number;
  margin: number;
  teeTimes: number;
  unpaidHolds: number;
  /** Nothing paid and no hold ended in the period: there is nothing to draw. */
  empty: boolean;
}

export interface ChartInput {
  /** The period, both days included (`YYYY-MM-DD`). */
  from: string;
  to: string;
  /** The bookings paid in the period (`paidBetween`), whatever became of them since. */
  paid: readonly PaidLine[];
  /** When each hold released in the period ended (`releasedTimesBetween`), epoch ms. */
  releasedAt: readonly number[];
  /** Who counts as an agent (see `attributedTo`), and their names. */
  agentIds: ReadonlySet<number>;
  names: ReadonlyMap<number, string | null>;
  /** The zone whose calendar the days are read on (Asia/Bangkok). */
  timeZone: string;
}

/** How many days `from` to `to` spans, both included. */
export function periodDays(from: string, to: string): number {
  return Math.round((dateKeyToUtcMs(to) - dateKeyToUtcMs(from)) / 86_400_000) + 1;
}

/** A bar a day up to a month, a bar a week up to half a year, else a bar a month. */
export function grainOf(from: string, to: string): ChartGrain {
  const days = periodDays(from, to);
  return days <= DAY_BARS_UP_TO ? "day" : days <= WEEK_BARS_UP_TO ? "week" : "month";
}

/** The first day of the bar `day` falls in (clipped to `from`). */
function bucketStart(day: string, grain: ChartGrain, from: string): string {
  const start =
    grain === "day"
      ? day
      : grain === "week"
        ? addDaysToDateKey(day, -((weekdayOf(day) + 6) % 7))
        : `${day.slice(0, 8)}01`;
  return start < from ? from : start;
}

/** The bars of the period, empty, in order. */
function emptyBuckets(from: string, to: string, grain: ChartGrain): ChartBucket[] {
  const buckets: ChartBucket[] = [];
  let day = from;
  while (day <= to) {
    const start = day;
    let end = day;
    while (end < to && bucketStart(addDaysToDateKey(end, 1), grain, from) === start) end = addDaysToDateKey(end, 1);
    buckets.push({ start, end, selling: 0, margin: 0, teeTimes: 0, unpaidHolds: 0 });
    day = addDaysToDateKey(end, 1);
  }
  return buckets;
}

/** What the partner charged for a booking, and what its customer pays (satang). */
function amounts(b: PaidLine): { partner: number; selling: number } {
  const partner = b.amount ?? b.expected_amount;
  return { partner, selling: b.selling_amount ?? partner };
}

/**
 * The chart's figures for a period: per bar the selling total, the margin and the paid tee times of
 * the bookings paid in it (by when they were paid, as /report counts them: a booking refunded since
 * still counts), and the holds that ended unpaid; the courses and the agents ranked by selling total.
 */
export function chartFigures(input: ChartInput): ChartFigures {
  const tally = chartTally(input);
  for (const b of input.paid) tally.add(b);
  return tally.figures();
}

/**
 * `chartFigures` a booking at a time (a year's report reads its bookings page by page): `add` each paid
 * booking once, then `figures()`. Its size is the period's bars, courses and agents, not its bookings.
 */
export function chartTally(input: Omit<ChartInput, "paid">) {
  const { from, to, timeZone } = input;
  const grain = grainOf(from, to);
  const buckets = emptyBuckets(from, to, grain);
  const byStart = new Map(buckets.map((b) => [b.start, b]));
  // The bar of each calendar day seen, so a year's hundreds of thousands of bookings build no date key each.
  const barOfDay = new Map<number, ChartBucket | undefined>();
  const bucketOf = (ms: number) => {
    const { year, month, day } = wallClock(ms, timeZone);
    const dayNumber = year * 10_000 + month * 100 + day;
    if (barOfDay.has(dayNumber)) return barOfDay.get(dayNumber);
    const bar = byStart.get(bucketStart(toDateKey(year, month, day), grain, from));
    barOfDay.set(dayNumber, bar);
    return bar;
  };
  const courses = new Map<string, CourseFigure>();
  const agents = new Map<number | "direct", AgentFigure>();
  const add = (b: PaidLine) => {
    const { partner, selling } = amounts(b);
    const bucket = bucketOf(b.paid_at ?? b.created_at);
    if (bucket) {
      bucket.selling += selling;
      bucket.margin += selling - partner;
      bucket.teeTimes += 1;
    }
    let course = courses.get(b.course_id);
    if (!course) {
      course = { courseId: b.course_id, name: b.course_name, nameTh: b.course_name_th, selling: 0, teeTimes: 0 };
      courses.set(b.course_id, course);
    }
    course.selling += selling;
    course.teeTimes += 1;
    const who = attributedTo(b, input.agentIds);
    let agent = agents.get(who);
    if (!agent) {
      agent = {
        agent: who,
        name: who === "direct" ? null : (input.names.get(who) ?? null),
        selling: 0,
        margin: 0,
        teeTimes: 0,
      };
      agents.set(who, agent);
    }
    agent.selling += selling;
    agent.margin += selling - partner;
    agent.teeTimes += 1;
  };
  const figures = (): ChartFigures => {
    for (const bucket of buckets) bucket.unpaidHolds = 0;
    for (const at of input.releasedAt) {
      const bucket = bucketOf(at);
      if (bucket) bucket.unpaidHolds += 1;
    }
    const sum = (pick: (b: ChartBucket) => number) => buckets.reduce((s, b) => s + pick(b), 0);
    const teeTimes = sum((b) => b.teeTimes);
    const unpaidHolds = sum((b) => b.unpaidHolds);
    return {
      from,
      to,
      grain,
      buckets,
      courses: [...courses.values()].sort((a, b) => b.selling - a.selling || a.name.localeCompare(b.name)),
      agents: [...agents.values()].sort(
        (a, b) => b.selling - a.selling || (a.agent === "direct" ? 1 : b.agent === "direct" ? -1 : a.agent - b.agent),
      ),
      selling: sum((b) => b.selling),
      margin: sum((b) => b.margin),
      teeTimes,
      unpaidHolds,
      empty: teeTimes === 0 && unpaidHolds === 0,
    };
  };
  return { add, figures };
}
