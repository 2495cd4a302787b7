/**
 * The sales chart of a period, in a reader's language: its figures from the ledger's read model (no
 * partner call), its words and dates here, its drawing in `reports/charts/svg.ts`, its pixels off the
 * event loop (`render/png.ts`). /report sends it beside its text and CSV; the digest sends the last 14 days'.
 */
import type { BookingQueries } from "../../../bookings/queries.js";
import { chartFigures, type ChartFigures } from "../../../reports/charts/figures.js";
import { chartSvg, type ChartText } from "../../../reports/charts/svg.js";
import type { Locale } from "../../context.js";
import { courseName } from "../../format/course-name.js";
import { addDaysToDateKey, formatDate, formatDayMonth, formatMonthName, formatMonthShort } from "../../format/dates.js";
import { formatBaht } from "../../format/money.js";
import { lazy } from "../../../runtime/lazy.js";
import { ADMIN_TIME_ZONE, bangkokDayStart } from "./bangkok-time.js";

/** resvg (a native binary), loaded with the first chart. */
const png = lazy(() => import("../../../render/png.js"));

/** The PNG's width in pixels (the SVG is 800 units wide: text stays sharp on a phone's screen). */
export const CHART_PNG_WIDTH = 1200;

type Translate = (key: string, args?: Record<string, string | number>) => string;

export interface ChartPeriod {
  /** Both days included, `YYYY-MM-DD` in Thailand. */
  from: string;
  to: string;
  ledger: Pick<BookingQueries, "paidBetween" | "releasedTimesBetween">;
  /** Who counts as an agent, and their names. */
  agentIds: ReadonlySet<number>;
  names: ReadonlyMap<number, string | null>;
  /** Bookings counted elsewhere (a trip's rounds, counted with their trip): left out of the bars. */
  skip?: ReadonlySet<string>;
}

/** The chart's figures for a period, read from the ledger. */
export async function periodChartFigures(period: ChartPeriod): Promise<ChartFigures> {
  const start = bangkokDayStart(period.from);
  const end = bangkokDayStart(addDaysToDateKey(period.to, 1));
  const [every, releasedAt] = await Promise.all([
    period.ledger.paidBetween(start, end),
    period.ledger.releasedTimesBetween(start, end),
  ]);
  const paid = period.skip ? every.filter((b) => !period.skip!.has(b.id)) : every;
  return chartFigures({ ...period, paid, releasedAt, timeZone: ADMIN_TIME_ZONE });
}

/** The chart's words in `locale` (`t` translates in it). */
export function chartText(f: ChartFigures, t: Translate, locale: Locale): ChartText {
  const money = (satang: number) => formatBaht(satang, locale);
  return {
    language: locale,
    title: t("chart-title", { from: formatDate(f.from, locale), to: formatDate(f.to, locale) }),
    totals: t("chart-totals", { teeTimes: f.teeTimes, selling: money(f.selling), margin: money(f.margin) }),
    selling: t("chart-selling"),
    margin: t("chart-margin"),
    teeTimes: t("chart-tee-times"),
    courses: t("chart-courses"),
    agents: t("chart-agents"),
    unpaidHolds: t("chart-unpaid-holds", { count: f.unpaidHolds }),
    money,
    // A month's bar names its year only on the period's first bar and in January, so the labels fit.
    bucket: (b) =>
      f.grain !== "month"
        ? formatDayMonth(b.start, locale)
        : b.start === f.from || b.start.slice(5, 7) === "01"
          ? formatMonthShort(b.start, locale)
          : formatMonthName(b.start, locale),
    course: (c) => courseName({ name: c.name, nameTH: c.nameTh ?? "" }, locale),
    agent: (a) => (a.agent === "direct" ? t("admin-direct") : (a.name ?? t("admin-agent", { id: String(a.agent) }))),
    more: (count) => t("chart-more", { count }),
  };
}

/** The chart as a PNG, or undefined for an empty period (the caller says `chart-empty` instead). */
export async function chartPng(f: ChartFigures, t: Translate, locale: Locale): Promise<Buffer | undefined> {
  if (f.empty) return undefined;
  const { svgToPngOffThread } = await png();
  return svgToPngOffThread(chartSvg(f, chartText(f, t, locale)), { width: CHART_PNG_WIDTH });
}
