/**
 * The trips' lines under /report's rows and in the daily digest: the deposits and balances received in the
 * period with what is still due or overdue today, the trips' rounds paid to the partner in the period (left
 * out of the bookings' rows: their selling price comes in through the trip's instalments, so counting them
 * there too would count it twice), and each trip's margin — its selling total less the partner's nets of its
 * booked rounds, the agency's lines counted whole (fairway does not know their cost).
 */
import type { TripFigures } from "../../../trips/service.js";
import type { TripMargin } from "../../../trips/store.js";
import type { Locale } from "../../context.js";
import { formatDate } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { tripMarginArgs } from "../trips/views.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/** At most this many trips get a margin line of their own; "…and N more" says how many did not. */
export const TRIP_MARGIN_LINES = 20;

/** The trips' rounds' bookings paid in the period (`readPeriod`'s `skipped`); satang. */
export interface TripRoundsPaid {
  count: number;
  amount: number;
  refundedCount: number;
  refundedAmount: number;
}

/** One trip's margin line. */
export function tripMarginLine(m: TripMargin, env: { t: T; locale: Locale }): string {
  const { t, locale } = env;
  const dates =
    m.first === m.last ? formatDate(m.first, locale) : `${formatDate(m.first, locale)} – ${formatDate(m.last, locale)}`;
  return t("admin-report-trip-margin", { lead: escapeHtml(m.lead), dates, ...tripMarginArgs(m, locale) });
}

/** The trips' lines; none when the period has nothing of trips. */
export function reportTripLines(
  trips: Pick<TripFigures, "money" | "margins">,
  rounds: TripRoundsPaid | undefined,
  env: { t: T; locale: Locale },
): string[] {
  const { t, locale } = env;
  const { money, margins } = trips;
  const out: string[] = [];
  if (money.deposits + money.balances + money.due + money.overdue > 0)
    out.push(
      t("admin-report-trips", {
        deposits: formatBaht(money.deposits, locale),
        balances: formatBaht(money.balances, locale),
        due: formatBaht(money.due, locale),
        overdue: formatBaht(money.overdue, locale),
        count: money.overdueCount,
      }),
    );
  if (rounds && rounds.count > 0)
    out.push(
      t("admin-report-trip-rounds", {
        count: rounds.count,
        amount: formatBaht(rounds.amount, locale),
        refunded: rounds.refundedCount,
        refundedAmount: formatBaht(rounds.refundedAmount, locale),
      }),
    );
  if (margins.length > 0) {
    out.push(
      t("admin-report-trip-margins", {
        count: margins.length,
        margin: formatBaht(
          margins.reduce((n, m) => n + m.margin, 0),
          locale,
        ),
      }),
    );
    out.push(...margins.slice(0, TRIP_MARGIN_LINES).map((m) => tripMarginLine(m, env)));
    if (margins.length > TRIP_MARGIN_LINES) out.push(t("admin-more", { count: margins.length - TRIP_MARGIN_LINES }));
  }
  return out;
}
