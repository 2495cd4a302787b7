/**
 * The partner's sales window: it lists a course's tee times from today through today +
 * `SALES_WINDOW_DAYS`, course-local, and answers `[]` for any later date (docs/partner-api-choices.md,
 * "Tee-time date after the sales window"). Every date fairway offers, searches or watches is measured
 * against it, so nothing asks the partner for a day it never lists.
 *
 * Dates are `YYYY-MM-DD` keys of the course's calendar; the arithmetic is on midnight UTC of the key,
 * which no time zone shifts.
 */

/** How many days after today (course-local) the partner lists tee times: today + 35 is the last. */
export const SALES_WINDOW_DAYS = 35;

const DAY_MS = 86_400_000;

/** Midnight UTC of a real `YYYY-MM-DD` day; throws `RangeError` for anything else (`2026-02-30` too). */
function keyToUtcMs(dateKey: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(dateKey) ? Date.parse(`${dateKey}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== dateKey)
    throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(dateKey)}`);
  return ms;
}

const utcMsToKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last date whose tee times the partner lists, seen from `today` (the course's). */
export function lastSaleDate(today: string): string {
  return utcMsToKey(keyToUtcMs(today) + SALES_WINDOW_DAYS * DAY_MS);
}

/** The first day (course-local) on which the partner lists `date`'s tee times. */
export function onSaleFrom(date: string): string {
  return utcMsToKey(keyToUtcMs(date) - SALES_WINDOW_DAYS * DAY_MS);
}

export interface SalesWindowSplit {
  /** From today through `lastSaleDate(today)`: the partner lists them. */
  onSale: string[];
  /** Before today: over. */
  past: string[];
  /** After `lastSaleDate(today)`: not on sale yet. */
  notYet: string[];
}

/** Sorts `dates` by where they fall against the sales window seen from `today`, each keeping its order. */
export function bySalesWindow(dates: readonly string[], today: string): SalesWindowSplit {
  const last = lastSaleDate(today);
  const split: SalesWindowSplit = { onSale: [], past: [], notYet: [] };
  for (const date of dates) {
    if (date < today) split.past.push(date);
    else if (date > last) split.notYet.push(date);
    else split.onSale.push(date);
  }
  return split;
}
