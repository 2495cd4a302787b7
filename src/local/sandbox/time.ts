/**
 * Course-local time. Every seeded course is in Asia/Bangkok, which has had a fixed +07:00 offset
 * with no daylight saving since 1920, so plain offset arithmetic is exact.
 */

export const COURSE_TIME_ZONE = "Asia/Bangkok";
export const OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** The course-local calendar day (days since 1970-01-01) of an instant. */
export function localDay(ms: number): number {
  return Math.floor((ms + OFFSET_MS) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a `YYYY-MM-DD` text, or null when it is not a real calendar date. */
export function dateToDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  if (Number.isNaN(ms) || dayToDate(ms / DAY_MS) !== text) return null;
  return ms / DAY_MS;
}

/** The instant of a course-local day and minute of that day. */
export function localInstant(day: number, minute: number): number {
  return day * DAY_MS + minute * MINUTE_MS - OFFSET_MS;
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: number): number {
  return new Date(day * DAY_MS).getUTCDay();
}

export type OffsetForm = "Z" | "+07:00" | "+0700";

/** ISO 8601 text of an instant with the given offset form and 0, 2, 3 or 6 fractional digits (2: cut to hundredths). */
export function formatInstant(ms: number, offset: OffsetForm, fractionDigits: 0 | 2 | 3 | 6): string {
  const shifted = offset === "Z" ? ms : ms + OFFSET_MS;
  const iso = new Date(shifted).toISOString(); // YYYY-MM-DDThh:mm:ss.sssZ
  const base = iso.slice(0, 19);
  const millis = iso.slice(20, 23);
  const fraction =
    fractionDigits === 6 ? `.${millis}000` : fractionDigits === 0 ? "" : `.${millis.slice(0, fractionDigits)}`;
  return `${base}${fraction}${offset}`;
}

/** `YYYY-MM-DDThh:mm:ss+0700`, the form of `startDateString` and `slotTimeString`. */
export function formatStart(ms: number): string {
  return formatInstant(ms, "+0700", 0);
}

/** Fixed-date Thai public holidays (MM-DD); the lunar ones are left out. */
const HOLIDAYS = new Set([
  "01-01", // New Year's Day
  "04-06", // Chakri Memorial Day
  "04-13", // Songkran
  "04-14",
  "04-15",
  "05-01", // Labour Day
  "06-03", // Queen Suthida's Birthday
  "07-28", // King Vajiralongkorn's Birthday
  "08-12", // Queen Mother's Birthday (Mother's Day)
  "10-13", // King Bhumibol Memorial Day
  "10-23", // Chulalongkorn Day
  "12-05", // King Bhumibol's Birthday (Father's Day)
  "12-10", // Constitution Day
  "12-31", // New Year's Eve
]);

/** True for a fixed-date Thai public holiday. */
export function isHoliday(day: number): boolean {
  return HOLIDAYS.has(dayToDate(day).slice(5));
}
