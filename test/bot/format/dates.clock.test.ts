import { describe, expect, it } from "vitest";
import {
  addDaysToDateKey,
  courseToday,
  dateKeyOf,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatMonthTitle,
  formatTime,
  minutesUntil,
  partOfDay,
  weekdayOf,
  weekdayShortNames,
} from "../../../src/bot/format/dates.js";

const BKK = "Asia/Bangkok";
/** Epoch ms of a wall-clock time in Bangkok (UTC+7, no daylight saving). */
const bangkok = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) =>
  Date.UTC(y, mo - 1, d, h - 7, mi, s, ms);

describe("course days and the server's time zone", () => {
  it(`ignores the server zone (running with TZ=${process.env.TZ ?? "unset"})`, () => {
    // 23:30 UTC on the 22nd is already 06:30 on the 23rd in Bangkok, and 18:30 on the 22nd in New York.
    const now = Date.UTC(2026, 10, 22, 23, 30);
    expect(courseToday(now, BKK)).toBe("2026-11-23");
    expect(dateKeyOf(now, "UTC")).toBe("2026-11-22");
    expect(dateKeyOf(now, "America/New_York")).toBe("2026-11-22");
  });

  it("switches day exactly at midnight in Bangkok, which is 17:00 UTC", () => {
    const midnight = bangkok(2026, 11, 23);
    expect(midnight).toBe(Date.UTC(2026, 10, 22, 17));
    expect(courseToday(midnight - 1, BKK)).toBe("2026-11-22");
    expect(courseToday(midnight, BKK)).toBe("2026-11-23");
    // At the same instants the UTC calendar is still on the 22nd.
    expect(dateKeyOf(midnight, "UTC")).toBe("2026-11-22");
  });

  it("crosses the year at Bangkok's midnight, not UTC's", () => {
    const newYear = bangkok(2027, 1, 1);
    expect(courseToday(newYear - 1, BKK)).toBe("2026-12-31");
    expect(courseToday(newYear, BKK)).toBe("2027-01-01");
    expect(dateKeyOf(newYear, "UTC")).toBe("2026-12-31");
  });

  it("throws for an unknown zone", () => {
    expect(() => dateKeyOf(0, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("addDaysToDateKey and weekdayOf", () => {
  it("crosses months, years and leap days", () => {
    expect(addDaysToDateKey("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDaysToDateKey("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDateKey("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDaysToDateKey("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDateKey("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDaysToDateKey("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDaysToDateKey("2026-11-23", 0)).toBe("2026-11-23");
    expect(addDaysToDateKey("2026-11-23", 365)).toBe("2027-11-23");
  });

  it("gives 0 for Sunday through 6 for Saturday", () => {
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2028-02-29")).toBe(2);
    expect(weekdayOf("2026-11-28")).toBe(6);
  });

  it("refuses keys that are not real days", () => {
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-5", "23/11/2026", ""]) {
      expect(() => weekdayOf(bad)).toThrow(RangeError);
      expect(() => addDaysToDateKey(bad, 1)).toThrow(RangeError);
    }
    expect(() => addDaysToDateKey("2026-11-23", 0.5)).toThrow(RangeError);
  });
});

describe("formatting dates", () => {
  it("writes short dates, with the Buddhist-era year in Thai", () => {
    expect(formatDate("2026-11-23", "en")).toBe("Mon 23 Nov 2026");
    expect(formatDate("2026-11-23", "th")).toBe("จ. 23 พ.ย. 2569");
    expect(formatDate("2027-01-01", "th")).toBe("ศ. 1 ม.ค. 2570");
    expect(formatDate("2028-02-29", "en")).toBe("Tue 29 Feb 2028");
    expect(formatDate("2028-02-29", "th")).toBe("อ. 29 ก.พ. 2571");
  });

  it("writes long dates", () => {
    expect(formatDateLong("2026-11-23", "en")).toBe("Monday 23 November 2026");
    expect(formatDateLong("2026-11-23", "th")).toBe("วันจันทร์ที่ 23 พฤศจิกายน 2569");
    expect(formatDateLong("2026-12-27", "th")).toBe("วันอาทิตย์ที่ 27 ธันวาคม 2569");
  });

  it("shows times on the course's clock, 24-hour", () => {
    const teeTime = bangkok(2026, 11, 23, 6, 8);
    expect(formatTime(teeTime, BKK, "en")).toBe("06:08");
    expect(formatTime(teeTime, BKK, "th")).toBe("06:08");
    expect(formatTime(teeTime, "UTC", "en")).toBe("23:08");
    expect(formatTime(bangkok(2026, 11, 23, 13, 30), BKK, "en")).toBe("13:30");
  });

  it("puts the date on the course's side of midnight", () => {
    // 00:10 in Bangkok is still the previous evening in UTC and New York.
    const early = bangkok(2026, 11, 23, 0, 10);
    expect(formatDateTime(early, BKK, "en")).toBe("Mon 23 Nov 2026, 00:10");
    expect(formatDateTime(early, BKK, "th")).toBe("จ. 23 พ.ย. 2569 เวลา 00:10 น.");
    expect(formatDateTime(early, "UTC", "en")).toBe("Sun 22 Nov 2026, 17:10");
  });

  it("titles months, with the Buddhist-era year in Thai", () => {
    expect(formatMonthTitle(2026, 11, "en")).toBe("November 2026");
    expect(formatMonthTitle(2026, 11, "th")).toBe("พฤศจิกายน 2569");
    expect(formatMonthTitle(2027, 1, "th")).toBe("มกราคม 2570");
    expect(() => formatMonthTitle(2026, 13, "en")).toThrow(RangeError);
  });

  it("names weekdays Monday first in both languages", () => {
    expect(weekdayShortNames("en")).toEqual(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]);
    expect(weekdayShortNames("th")).toEqual(["จ", "อ", "พ", "พฤ", "ศ", "ส", "อา"]);
  });
});

describe("partOfDay", () => {
  it.each([
    [0, 0, "morning"],
    [5, 30, "morning"],
    [9, 59, "morning"],
    [10, 0, "midday"],
    [12, 59, "midday"],
    [13, 0, "afternoon"],
    [23, 59, "afternoon"],
  ] as const)("puts %i:%i in Bangkok in the %s", (hour, minute, expected) => {
    expect(partOfDay(bangkok(2026, 11, 23, hour, minute), BKK)).toBe(expected);
  });

  it("uses the course's clock, not UTC's", () => {
    // 06:00 in Bangkok is 23:00 UTC the evening before.
    expect(partOfDay(bangkok(2026, 11, 23, 6), BKK)).toBe("morning");
    expect(partOfDay(bangkok(2026, 11, 23, 6), "UTC")).toBe("afternoon");
  });
});

describe("minutesUntil", () => {
  const now = bangkok(2026, 11, 23, 5);
  it("counts whole minutes still to go", () => {
    expect(minutesUntil(now + 90 * 60_000, now)).toBe(90);
    expect(minutesUntil(now + 59_999, now)).toBe(0);
    expect(minutesUntil(now, now)).toBe(0);
  });

  it("is negative once the instant has passed", () => {
    expect(minutesUntil(now - 1, now)).toBe(-1);
    expect(minutesUntil(now - 30 * 60_000, now)).toBe(-30);
  });
});

describe("dates in Korean, Japanese and Chinese", () => {
  it("write a day as month, day and weekday, at the course's wall clock", () => {
    // 23:30 UTC on Friday the 27th is already Saturday the 28th, 06:30, in Bangkok.
    const ms = Date.UTC(2026, 10, 27, 23, 30);
    expect(formatDateTime(ms, BKK, "ko")).toBe("11월 28일 (토) 06:30");
    expect(formatDateTime(ms, BKK, "ja")).toBe("11月28日(土) 06:30");
    expect(formatDateTime(ms, BKK, "zh")).toBe("11月28日 周六 06:30");
    expect(formatDate("2026-11-28", "ko")).toBe("11월 28일 (토)");
    expect(formatDateLong("2026-11-28", "ko")).toBe("2026년 11월 28일 토요일");
    expect(formatDateLong("2026-11-28", "ja")).toBe("2026年11月28日 土曜日");
    expect(formatDateLong("2026-11-28", "zh")).toBe("2026年11月28日 星期六");
    expect(formatMonthTitle(2026, 11, "ko")).toBe("2026년 11월");
    expect(formatMonthTitle(2026, 11, "ja")).toBe("2026年11月");
    expect(formatMonthTitle(2026, 11, "zh")).toBe("2026年11月");
    expect(weekdayShortNames("ja")).toEqual(["月", "火", "水", "木", "金", "土", "日"]);
    expect(weekdayShortNames("zh")).toEqual(["一", "二", "三", "四", "五", "六", "日"]);
  });
});
