import { InlineKeyboard } from "grammy";
import { addMonths, monthGrid } from "../format/month-grid.js";
import { formatMonthTitle, weekdayShortNames } from "../format/dates.js";
import type { Locale } from "../context.js";

/** The callback data of the calendar's buttons (the booking flow's, or a search's). */
export interface CalendarData {
  /** Show the month `YYYYMM`. */
  month(yyyymm: string): string;
  /** Pick the day `YYYYMMDD`. */
  day(yyyymmdd: string): string;
  /** A label or an unpickable day: does nothing. */
  none(): string;
}

export interface CalendarOptions {
  data: CalendarData;
  locale: Locale;
  /** `YYYY-MM` to show. */
  month: string;
  /** First and last pickable dates, `YYYY-MM-DD` (course time). */
  first: string;
  last: string;
  today: string;
  selected?: string;
}

/**
 * A month calendar: title with ‹ › navigation (only towards months that have pickable days), weekday
 * names, and the days; days outside `first..last` are shown as `·` and do nothing.
 */
export function calendarKeyboard(o: CalendarOptions): InlineKeyboard {
  const [y, m] = o.month.split("-").map(Number) as [number, number];
  const kb = new InlineKeyboard();
  const prev = addMonths(y, m, -1);
  const next = addMonths(y, m, 1);
  const key = (p: { year: number; month: number }) => `${p.year}-${String(p.month).padStart(2, "0")}`;
  const canPrev = key(prev) >= o.first.slice(0, 7);
  const canNext = key(next) <= o.last.slice(0, 7);
  kb.text(canPrev ? "‹" : "·", canPrev ? o.data.month(key(prev).replace("-", "")) : o.data.none());
  kb.text(formatMonthTitle(y, m, o.locale), o.data.none());
  kb.text(canNext ? "›" : "·", canNext ? o.data.month(key(next).replace("-", "")) : o.data.none());
  kb.row();
  for (const name of weekdayShortNames(o.locale)) kb.text(name, o.data.none());
  kb.row();
  for (const week of monthGrid(y, m)) {
    // A week with no pickable day (all past, or all beyond the window) is left out.
    if (!week.some((day) => day !== null && day >= o.first && day <= o.last)) continue;
    for (const day of week) {
      if (day === null) {
        kb.text("·", o.data.none());
        continue;
      }
      const n = String(Number(day.slice(8, 10)));
      const pickable = day >= o.first && day <= o.last;
      const label = !pickable ? "·" : day === o.selected ? `✓${n}` : day === o.today ? `•${n}` : n;
      kb.text(label, pickable ? o.data.day(day.replaceAll("-", "")) : o.data.none());
    }
    kb.row();
  }
  return kb;
}
