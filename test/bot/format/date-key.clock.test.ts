import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDaysToDateKey, daysInMonth, isDateKey, parseDateKey, toDateKey } from "../../../src/time/date-key.js";

describe("date keys", () => {
  it("accepts only real YYYY-MM-DD days", () => {
    expect(isDateKey("2028-02-29")).toBe(true);
    expect(isDateKey("2027-02-29")).toBe(false);
    expect(isDateKey("2026-04-31")).toBe(false);
    expect(isDateKey("2026-11-23T00:00")).toBe(false);
    expect(isDateKey(20261123)).toBe(false);
  });

  it("round-trips between parts and keys", () => {
    expect(parseDateKey("2026-01-05")).toEqual({ year: 2026, month: 1, day: 5 });
    expect(toDateKey(2026, 1, 5)).toBe("2026-01-05");
    expect(() => toDateKey(2026, 2, 29)).toThrow(RangeError);
  });

  it("knows month lengths, leap years included", () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("adding then subtracting days returns the same key", () => {
    const key = fc
      .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(key, fc.integer({ min: -1000, max: 1000 }), (k, n) => {
        const moved = addDaysToDateKey(k, n);
        expect(isDateKey(moved)).toBe(true);
        expect(addDaysToDateKey(moved, -n)).toBe(k);
      }),
    );
  });
});
