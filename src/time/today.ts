/** The day an instant falls on at a place: what "today" means for a course, whatever the server's `TZ`. */
import { toDateKey } from "./date-key.js";
import { wallClock } from "./zoned.js";

/** The `YYYY-MM-DD` day that the instant `ms` falls on in `timeZone`. Throws `RangeError` for an unknown zone. */
export function dateKeyOf(ms: number, timeZone: string): string {
  const { year, month, day } = wallClock(ms, timeZone);
  return toDateKey(year, month, day);
}

/** Today's `YYYY-MM-DD` at the course: `nowMs` seen from `timeZone` (e.g. `Asia/Bangkok`). */
export function courseToday(nowMs: number, timeZone: string): string {
  return dateKeyOf(nowMs, timeZone);
}
