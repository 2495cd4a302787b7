/** A line per group under /report's rows and in the daily digest: when, where, who, its tee times and amount. */
import { bookingCourseName } from "../../../bookings/index.js";
import type { Locale } from "../../context.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import type { ReportGroup } from "./report-data.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/**
 * One HTML line per group: the first tee time's date and time, the course, the lead golfer, the tee
 * times (times and codes) and what the partner charged.
 */
export function reportGroupLines(groups: readonly ReportGroup[], env: { t: T; locale: Locale }): string[] {
  const { t, locale } = env;
  return groups.map(({ flights, amount }) => {
    const first = flights[0]!;
    const { slot_starts_at: startsAt, time_zone: zone } = first;
    return t("report-group-line", {
      when: `${formatDate(dateKeyOf(startsAt, zone), locale)} ${formatTime(startsAt, zone, locale)}`,
      course: escapeHtml(bookingCourseName(first, locale)),
      customer: escapeHtml(first.customer_name),
      flights: flights.length,
      codes: escapeHtml(flights.map((f) => f.reservation_code ?? f.reservation_id ?? "-").join(", ")),
      amount: formatBaht(amount, locale),
    });
  });
}
