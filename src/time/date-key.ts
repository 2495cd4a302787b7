/**
 * Calendar-day keys (`YYYY-MM-DD`): pure calendar arithmetic, no time zone involved.
 * A key names a day on a course's wall calendar; turning an instant into a key is the only step
 * that needs a zone (see `dateKeyOf` in `today.ts`). Internally a key maps to midnight UTC of that
 * day, which is never affected by the server's `TZ`.
 */

/** Thai dates count years in the Buddhist era: BE = CE + 543. */
export const BUDDHIST_ERA_OFFSET = 543;

/** A calendar day as `{ year, month: 1-12, day: 1-31 }`. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True when `value` is a real calendar day written as `YYYY-MM-DD` (so `2026-02-30` is not). */
export function isDateKey(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Splits a key into numbers. Throws `RangeError` for anything but a real `YYYY-MM-DD` day. */
export function parseDateKey(dateKey: string): DateParts {
  if (!isDateKey(dateKey)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(dateKey)}`);
  const [year, month, day] = dateKey.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** Writes `YYYY-MM-DD` with zero padding. Throws `RangeError` if the day does not exist. */
export function toDateKey(year: number, month: number, day: number): string {
  const key = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  if (!isDateKey(key)) throw new RangeError(`not a calendar day: ${year}-${month}-${day}`);
  return key;
}

/** Number of days in `month` (1-12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Midnight UTC of the key's day, as epoch ms: an anchor for arithmetic, never shown to anyone. */
export function dateKeyToUtcMs(dateKey: string): number {
  const { year, month, day } = parseDateKey(dateKey);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function utcMsToDateKey(ms: number): string {
  const date = new Date(ms);
  return toDateKey(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The key `n` days after `dateKey` (`n` may be negative); crosses months and years. */
export function addDaysToDateKey(dateKey: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`days must be a whole number: ${n}`);
  return utcMsToDateKey(dateKeyToUtcMs(dateKey) + n * DAY_MS);
}

/** Day of the week of `dateKey`: 0 = Sunday … 6 = Saturday (like `Date#getDay`). */
export function weekdayOf(dateKey: string): number {
  return new Date(dateKeyToUtcMs(dateKey)).getUTCDay();
}
