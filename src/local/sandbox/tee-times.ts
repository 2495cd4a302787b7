/**
 * Tee times are not stored: each one is a pure function of (seed, course, day, minute), so any id
 * resolves without having been listed, and the same seed always yields the same slots. The clock
 * and the sandbox's own reservations are applied on top by `viewSlot`.
 */
import { hash32, unit } from "./random.js";
import { COURSES, type CourseSeed } from "./seed.js";
import { dayOfWeek, isHoliday, localDay, localInstant } from "./time.js";

export type SlotStatus = "OPEN" | "CLOSED" | "BOOKED";
export type PriceType = "WEEKDAY" | "WEEKEND" | "HOLIDAY";

/** Tee times are on sale from today (course-local) through today + WINDOW_DAYS. */
export const WINDOW_DAYS = 35;

/** A tee time as the seed defines it, before the clock and the reservations are applied. */
export interface SlotSeed {
  id: string;
  courseIndex: number;
  course: CourseSeed;
  /** Course-local day number. */
  day: number;
  /** Minutes after course-local midnight. */
  minute: number;
  startMs: number;
  /** Green fee per person, satang. */
  price: number;
  priceType: PriceType;
  minPerson: number;
  maxPerson: number;
  /** CLOSED by the course, BOOKED by another agency, or OPEN. */
  seededStatus: SlotStatus;
  /** Golfers of another agency on a seeded BOOKED slot, else 0. */
  seededPersons: number;
}

/** A tee time as the API shows it now. */
export interface SlotView extends SlotSeed {
  status: SlotStatus;
  /** Golfers already booked on the slot. */
  persons: number;
}

const SALT_STATUS = 1;
const SALT_PERSONS = 2;
const SALT_BOOKED = 3;
const SALT_MASK = 4;
const SALT_CHECK = 5;
const MINUTES_PER_DAY = 1440;
/**
 * A slot id packs (course index, day, minute) into 32 bits: `(course × MAX_DAY + day) × 1440 + minute`.
 * Days run to 2106-11-23 (day 50,000), which leaves room for MAX_COURSES courses.
 */
export const MAX_DAY = 50_000;
/** How many courses the slot ids can tell apart: 59. */
export const MAX_COURSES = Math.floor(2 ** 32 / MINUTES_PER_DAY / MAX_DAY);
if (COURSES.length > MAX_COURSES)
  throw new RangeError(`the slot ids hold ${MAX_COURSES} courses, not ${COURSES.length}`);

/** Share of the seeded tee times a course closes itself (members' days, maintenance). */
export const CLOSED_SHARE = 0.1;
/** Share of the seeded tee times other agencies have booked, on a course that states no demand. */
export const DEFAULT_DEMAND = 0.1;

/** The minutes of the day at which a course has a tee time. */
export function teeMinutes(course: CourseSeed): number[] {
  const out: number[] = [];
  for (let m = course.firstTee; m <= course.lastTee; m += course.interval) out.push(m);
  return out;
}

/** WEEKDAY, WEEKEND (Saturday, Sunday) or HOLIDAY (a fixed-date Thai public holiday). */
export function priceTypeOf(day: number): PriceType {
  if (isHoliday(day)) return "HOLIDAY";
  const dow = dayOfWeek(day);
  return dow === 0 || dow === 6 ? "WEEKEND" : "WEEKDAY";
}

/** Green fee per person in satang; the afternoon rate is rounded to 50 baht. */
export function priceOf(course: CourseSeed, priceType: PriceType, minute: number): number {
  const baht =
    priceType === "WEEKDAY"
      ? course.weekdayPrice
      : priceType === "WEEKEND"
        ? course.weekendPrice
        : (course.holidayPrice ?? course.weekendPrice);
  if (minute < course.afternoonFrom) return baht * 100;
  return Math.round((baht * (100 - course.afternoonDiscount)) / 100 / 50) * 50 * 100;
}

/** The lowest weekday or weekend green fee of a course, satang (the course list's minPrice*). */
export function minPrice(course: CourseSeed, priceType: "WEEKDAY" | "WEEKEND"): number {
  return Math.min(...teeMinutes(course).map((m) => priceOf(course, priceType, m)));
}

/**
 * The share of a course's seeded tee times other agencies have booked on a day of this price type:
 * its weekend demand on weekends and public holidays, within 0..(1 − CLOSED_SHARE).
 */
export function demandOf(course: CourseSeed, priceType: PriceType): number {
  const share = priceType === "WEEKDAY" ? course.demand?.weekday : course.demand?.weekend;
  return Math.min(Math.max(share ?? DEFAULT_DEMAND, 0), 1 - CLOSED_SHARE);
}

function pack(courseIdx: number, day: number, minute: number): number {
  return (courseIdx * MAX_DAY + day) * MINUTES_PER_DAY + minute;
}

const hex = (n: number, width: number): string =>
  (n >>> 0)
    .toString(16)
    .padStart(8, "0")
    .slice(8 - width);

/** The opaque 20-character id of a tee time (scrambled coordinates plus a seeded check). */
export function slotId(seed: number, courseIdx: number, day: number, minute: number): string {
  const packed = pack(courseIdx, day, minute);
  const mask = hash32(seed, SALT_MASK);
  return hex(packed ^ mask, 8) + hex(hash32(seed, packed, SALT_CHECK), 8) + hex(hash32(packed, seed, SALT_CHECK), 4);
}

/** The tee time an id denotes, or null when the id is not one this sandbox (and seed) issues. */
export function parseSlotId(seed: number, id: string): SlotSeed | null {
  if (!/^[0-9a-f]{20}$/.test(id)) return null;
  const packed = (Number.parseInt(id.slice(0, 8), 16) ^ hash32(seed, SALT_MASK)) >>> 0;
  const minute = packed % MINUTES_PER_DAY;
  const rest = Math.floor(packed / MINUTES_PER_DAY);
  const day = rest % MAX_DAY;
  const courseIdx = Math.floor(rest / MAX_DAY);
  const course = COURSES[courseIdx];
  if (!course || !teeMinutes(course).includes(minute)) return null;
  if (slotId(seed, courseIdx, day, minute) !== id) return null;
  return slotSeed(seed, courseIdx, day, minute);
}

/** The seeded tee time of a course at a day and minute (the minute must be on the course's grid). */
export function slotSeed(seed: number, courseIdx: number, day: number, minute: number): SlotSeed {
  const course = COURSES[courseIdx];
  if (!course) throw new RangeError(`no course #${courseIdx}`);
  const at = [seed, courseIdx, day, minute] as const;
  const { oneToFour, twoToFour } = course.persons;
  const p = unit(...at, SALT_PERSONS);
  const minPerson = p < oneToFour ? 1 : p < oneToFour + twoToFour ? 2 : 3;
  const maxPerson = 4;
  const priceType = priceTypeOf(day);
  // One draw per slot: the first CLOSED_SHARE closed, the next demandOf(…) booked, the rest open.
  // With the default demand the thresholds are 0.1 and 0.2, as before demand existed.
  const s = unit(...at, SALT_STATUS);
  const seededStatus: SlotStatus =
    s < CLOSED_SHARE ? "CLOSED" : s < CLOSED_SHARE + demandOf(course, priceType) ? "BOOKED" : "OPEN";
  const seededPersons =
    seededStatus === "BOOKED" ? minPerson + Math.floor(unit(...at, SALT_BOOKED) * (maxPerson - minPerson + 1)) : 0;
  return {
    id: slotId(seed, courseIdx, day, minute),
    courseIndex: courseIdx,
    course,
    day,
    minute,
    startMs: localInstant(day, minute),
    price: priceOf(course, priceType, minute),
    priceType,
    minPerson,
    maxPerson,
    seededStatus,
    seededPersons,
  };
}

/** Every seeded tee time of a course on a day, sorted by start. */
export function courseSlots(seed: number, courseIdx: number, day: number): SlotSeed[] {
  const course = COURSES[courseIdx];
  if (!course) return [];
  return teeMinutes(course).map((m) => slotSeed(seed, courseIdx, day, m));
}

export interface SlotContext {
  now: number;
  /** Golfers of an active (PENDING or PAID) sandbox reservation on the slot, if any. */
  heldPersons(slotId: string): number | undefined;
  /** Whether the course closed this course-local day (the sandbox's close-day knob). Default: never. */
  closedDay?(courseId: string, day: number): boolean;
}

/**
 * The slot as the API shows it. In order: started → CLOSED; beyond the sales window → CLOSED;
 * course closed, or the day closed by the course → CLOSED; held by a sandbox reservation → BOOKED; else the seeded status.
 */
export function viewSlot(slot: SlotSeed, ctx: SlotContext): SlotView {
  const held = ctx.heldPersons(slot.id);
  const persons = held ?? slot.seededPersons;
  let status: SlotStatus = held === undefined ? slot.seededStatus : "BOOKED";
  if (
    slot.startMs <= ctx.now ||
    slot.day > localDay(ctx.now) + WINDOW_DAYS ||
    slot.course.status === "CLOSED" ||
    ctx.closedDay?.(slot.course.id, slot.day) === true
  ) {
    status = "CLOSED";
  }
  return { ...slot, status, persons };
}
