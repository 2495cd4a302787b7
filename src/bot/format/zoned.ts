/**
 * The wall-clock reading of an instant in an IANA time zone, from one `Intl.DateTimeFormat` per zone.
 *
 * Why not date-fns with `@date-fns/tz` here: every `format(ms, …, { in: tz(zone) })` builds a `TZDate`
 * that asks `Intl` for the zone's offset several times, and fairway reads "today at the course" and
 * the time of each listed tee time for every view, so that was a visible share of the CPU per update.
 * A formatter made once per zone gives the same calendar day and time of day in one call (both use
 * the runtime's time-zone data); `test/bot/format/zoned.test.ts` checks they agree across DST changes
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

/** What a clock on the wall in `timeZone` shows at the instant `ms` (epoch ms). */
export function wallClock(ms: number, timeZone: string): WallClock {
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
