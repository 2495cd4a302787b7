import { InlineKeyboard } from "grammy";
import { flowData } from "../callback-data.js";
import { addMonths, monthGrid } from "../format/month-grid.js";
import { formatMonthTitle, weekdayShortNames } from "../format/dates.js";
import type { Locale } from "../context.js";

export interface CalendarOptions {
  nonce: string;
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
  kb.text(canPrev ? "‹" : "·", canPrev ? flowData(o.nonce, "m", key(prev).replace("-", "")) : flowData(o.nonce, "x"));
  kb.text(formatMonthTitle(y, m, o.locale), flowData(o.nonce, "x"));
  kb.text(canNext ? "›" : "·", canNext ? flowData(o.nonce, "m", key(next).replace("-", "")) : flowData(o.nonce, "x"));
  kb.row();
  for (const name of weekdayShortNames(o.locale)) kb.text(name, flowData(o.nonce, "x"));
  kb.row();
  for (const week of monthGrid(y, m)) {
    // A week with no pickable day (all past, or all beyond the window) is left out.
    if (!week.some((day) => day !== null && day >= o.first && day <= o.last)) continue;
    for (const day of week) {
      if (day === null) {
        kb.text("·", flowData(o.nonce, "x"));
        continue;
      }
      const n = String(Number(day.slice(8, 10)));
      const pickable = day >= o.first && day <= o.last;
      const label = !pickable ? "·" : day === o.selected ? `✓${n}` : day === o.today ? `•${n}` : n;
      kb.text(label, pickable ? flowData(o.nonce, "d", day.replaceAll("-", "")) : flowData(o.nonce, "x"));
    }
    kb.row();
  }
  return kb;
}
