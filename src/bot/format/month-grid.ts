/**
 * Month arithmetic and month grids on `YYYY-MM-DD` keys, for the date-picker keyboard.
 * Pure calendar math: once a day is a key, no time zone is involved.
 */
import { daysInMonth, parseDateKey, toDateKey, weekdayOf } from "../../time/date-key.js";

/** A calendar month: `month` is 1-12. */
export interface YearMonth {
  year: number;
  month: number;
}

function assertMonth(year: number, month: number): void {
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`not a calendar month: ${year}-${month}`);
  }
}

/**
 * The weeks of `month` (1-12) of `year`, **Monday first**: each row has 7 cells, a date key or `null`
 * for days outside the month. Rows run from the week holding the 1st to the week holding the last
 * day, so a month has 4 to 6 rows (February 2027 starts on a Monday and fills exactly 4).
 */
export function monthGrid(year: number, month: number): (string | null)[][] {
  assertMonth(year, month);
  // Monday-first column of the 1st: Sunday (0) becomes column 6.
  const lead = (weekdayOf(toDateKey(year, month, 1)) + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(toDateKey(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The month a date key falls in. Throws `RangeError` for an invalid key. */
export function monthOf(dateKey: string): YearMonth {
  const { year, month } = parseDateKey(dateKey);
  return { year, month };
}

/** The month `n` months after `month` (1-12) of `year`; `n` may be negative (Jan − 1 = Dec of the year before). */
export function addMonths(year: number, month: number, n: number): YearMonth {
  assertMonth(year, month);
  if (!Number.isInteger(n)) throw new RangeError(`months must be a whole number: ${n}`);
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}
