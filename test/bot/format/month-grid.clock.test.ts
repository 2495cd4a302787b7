import { describe, expect, it } from "vitest";
import { addMonths, monthGrid, monthOf } from "../../../src/bot/format/month-grid.js";
import { weekdayOf } from "../../../src/bot/format/dates.js";

const days = (grid: (string | null)[][]) => grid.flat().filter((d): d is string => d !== null);

describe("monthGrid", () => {
  it("lays November 2026 out Monday first with null padding", () => {
    const grid = monthGrid(2026, 11);
    // 1 November 2026 is a Sunday: six empty cells, then the 1st in the last column.
    expect(grid[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(grid[1]?.[0]).toBe("2026-11-02");
    expect(grid.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(grid).toHaveLength(6);
  });

  it("fills exactly four rows when February starts on a Monday", () => {
    const grid = monthGrid(2027, 2);
    expect(grid).toHaveLength(4);
    expect(grid.flat()).not.toContain(null);
    expect(grid[0]?.[0]).toBe("2027-02-01");
    expect(grid[3]?.[6]).toBe("2027-02-28");
  });

  it("includes the leap day of February 2028", () => {
    const grid = monthGrid(2028, 2);
    expect(days(grid)).toHaveLength(29);
    expect(days(grid).at(-1)).toBe("2028-02-29");
    // 1 Feb 2028 is a Tuesday.
    expect(grid[0]?.[0]).toBeNull();
    expect(grid[0]?.[1]).toBe("2028-02-01");
  });

  it("has 7 cells a row, every day once, each in its weekday's column", () => {
    for (let month = 1; month <= 12; month++) {
      const grid = monthGrid(2026, month);
      expect(grid.every((week) => week.length === 7)).toBe(true);
      const list = days(grid);
      expect(new Set(list).size).toBe(list.length);
      expect(list[0]).toBe(`2026-${String(month).padStart(2, "0")}-01`);
      grid.forEach((week) =>
        week.forEach((day, column) => {
          if (day !== null) expect((weekdayOf(day) + 6) % 7).toBe(column);
        }),
      );
    }
  });

  it("refuses months outside 1-12", () => {
    expect(() => monthGrid(2026, 0)).toThrow(RangeError);
    expect(() => monthGrid(2026, 13)).toThrow(RangeError);
  });
});

describe("monthOf and addMonths", () => {
  it("reads the month of a key", () => {
    expect(monthOf("2026-12-31")).toEqual({ year: 2026, month: 12 });
    expect(() => monthOf("2026-02-30")).toThrow(RangeError);
  });

  it("crosses December to January and back", () => {
    expect(addMonths(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths(2026, 11, 0)).toEqual({ year: 2026, month: 11 });
    expect(addMonths(2026, 11, 14)).toEqual({ year: 2028, month: 1 });
    expect(addMonths(2026, 1, -13)).toEqual({ year: 2024, month: 12 });
  });

  it("refuses fractional steps and invalid months", () => {
    expect(() => addMonths(2026, 1, 0.5)).toThrow(RangeError);
    expect(() => addMonths(2026, 0, 1)).toThrow(RangeError);
  });
});
