/**
 * The wall-clock reading of an instant in an IANA time zone, from one `Intl.DateTimeFormat` per zone.
 *
 * Why not date-fns with `@date-fns/tz` here: every `format(ms, …, { in: tz(zone) })` builds a `TZDate`
 * that asks `Intl` for the zone's offset several times, and fairway reads "today at the course" and
 * the time of each listed tee time for every view, so that was a visible share of the CPU per update.
 * A formatter made once per zone gives the same calendar day and time of day in one call (both use
 * the runtime's time-zone data); `test/bot/format/zoned.clock.test.ts` checks they agree across DST changes
 * and odd offsets.
 */

/** The wall clock at the instant: calendar day (month 1-12) and 24-hour time. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, built once. Throws `RangeError` for an unknown zone (as `Intl` does). */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Offsets are read from the formatter for instants from 1980 on (whole-minute offsets only since then). */
const CACHED_FROM = Date.UTC(1980, 0, 1);
/** Hours whose offset is kept, per process; cleared when full (a few days of tee times fit many times over). */
const MAX_CACHED_HOURS = 8192;
/** `zone|hour` → the zone's UTC offset in minutes during that whole UTC hour, or NaN if it changes in it. */
const hourOffsets = new Map<string, number>();

/** The zone's offset (minutes) at the minute `ms`, from the formatter. */
function offsetAt(ms: number, timeZone: string): number {
  const w = formattedWallClock(ms, timeZone);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - ms) / MINUTE;
}

/**
 * What a clock on the wall in `timeZone` shows at the instant `ms` (epoch ms).
 *
 * `formatToParts` is the costly part, and a view asks for dozens of instants in the same few hours
 * (the tee times of one day), so the zone's offset is kept per UTC hour: it is read at the hour's
 * first and last minute, and if both agree (no change of offset in that hour: two changes an hour
 * apart do not happen) every instant of the hour is that offset away. An hour with a change in it
 * (Newfoundland's and Lord Howe's changes fall at half past a UTC hour), and instants before 1980,
 * are read from the formatter each time.
 */
export function wallClock(ms: number, timeZone: string): WallClock {
  if (!(ms >= CACHED_FROM)) return formattedWallClock(ms, timeZone);
  const hour = Math.floor(ms / HOUR);
  const key = `${timeZone}|${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const first = offsetAt(hour * HOUR, timeZone);
    offset = first === offsetAt(hour * HOUR + HOUR - MINUTE, timeZone) ? first : Number.NaN;
    if (hourOffsets.size >= MAX_CACHED_HOURS) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  if (Number.isNaN(offset)) return formattedWallClock(ms, timeZone);
  const wall = new Date(Math.floor(ms / MINUTE) * MINUTE + offset * MINUTE);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The wall clock from the zone's formatter (one `formatToParts` call). */
function formattedWallClock(ms: number, timeZone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  let bc = false;
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    switch (part.type) {
      case "year":
        out.year = Number(part.value);
        break;
      case "month":
        out.month = Number(part.value);
        break;
      case "day":
        out.day = Number(part.value);
        break;
      case "hour":
        out.hour = Number(part.value);
        break;
      case "minute":
        out.minute = Number(part.value);
        break;
      case "era":
        bc = part.value.startsWith("B");
        break;
      default:
        break;
    }
  }
  // Intl writes years before 1 CE as era years (1 BC is year 0 in date-fns' proleptic numbering).
  if (bc) out.year = 1 - out.year;
  return out;
}
