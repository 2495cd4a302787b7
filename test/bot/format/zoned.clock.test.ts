import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import { dateKeyOf, formatTime, partOfDay } from "../../../src/bot/format/dates.js";
import { wallClock } from "../../../src/time/zoned.js";

/** Zones with DST at midnight, half-hour and 45-minute offsets, the date line, and fairway's own. */
const ZONES = [
  "Asia/Bangkok",
  "UTC",
  "Europe/London",
  "America/New_York",
  "America/Santiago",
  "America/Havana",
  "Asia/Beirut",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Apia",
];

/** Instants every 19 h 13 min from 1990 to 2040 (so every hour of the day and both sides of each change come up). */
function* instants(): Generator<number> {
  for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(2040, 0, 1); ms += (19 * 60 + 13) * 60_000) yield ms;
}

describe("wall clock in a zone (one Intl formatter per zone)", () => {
  // About 23,000 instants a zone against date-fns: about a second of CPU each alone, and up to 77 s for all
  // twelve in one test on a loaded machine (its 90 s guard then): one test a zone, each with its own guard.
  it.each(ZONES)("%s: reads the same day and time as date-fns with @date-fns/tz", { timeout: 90_000 }, (zone) => {
    const inZone = tz(zone);
    for (const ms of instants()) {
      const expected = format(ms, "yyyy-MM-dd HH:mm", { in: inZone });
      const w = wallClock(ms, zone);
      const got = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")} ${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
      if (got !== expected) expect({ zone, ms, got }).toEqual({ zone, ms, got: expected });
    }
  });

  it("around a DST change at midnight: the day key, the time and the part of day follow the wall clock", () => {
    // Santiago, 2022-09-11: clocks went from 00:00 to 01:00 (UTC-4 → UTC-3).
    const before = Date.UTC(2022, 8, 11, 3, 59);
    expect(dateKeyOf(before, "America/Santiago")).toBe("2022-09-10");
    expect(formatTime(before, "America/Santiago", "en")).toBe("23:59");
    expect(dateKeyOf(before + 60_000, "America/Santiago")).toBe("2022-09-11");
    expect(formatTime(before + 60_000, "America/Santiago", "th")).toBe("01:00");
    expect(partOfDay(Date.UTC(2022, 8, 11, 13, 0), "America/Santiago")).toBe("midday");
  });

  it("rejects an unknown zone with a RangeError", () => {
    expect(() => dateKeyOf(0, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("wall clock: the per-hour offset kept between calls", () => {
  it("every minute of a day with a DST change agrees with date-fns, read in any order", () => {
    // St John's (UTC-3:30) and Lord Howe in October (UTC+10:30) change at half past a UTC hour;
    // Lord Howe in April, Santiago and London on the hour.
    const days: [string, number][] = [
      ["America/St_Johns", Date.UTC(2025, 2, 9)],
      ["Australia/Lord_Howe", Date.UTC(2024, 9, 5, 12)],
      ["Australia/Lord_Howe", Date.UTC(2024, 3, 6, 12)],
      ["America/Santiago", Date.UTC(2022, 8, 11)],
      ["Europe/London", Date.UTC(2025, 2, 30)],
    ];
    for (const [zone, start] of days) {
      const inZone = tz(zone);
      // Backwards, so each hour's offset is first read at its last minute.
      for (let ms = start + 24 * 3_600_000; ms >= start; ms -= 60_000) {
        const w = wallClock(ms, zone);
        const got = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")} ${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
        const expected = format(ms, "yyyy-MM-dd HH:mm", { in: inZone });
        if (got !== expected) expect({ zone, ms, got }).toEqual({ zone, ms, got: expected });
      }
    }
  });
});
