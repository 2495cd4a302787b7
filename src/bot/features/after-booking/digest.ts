/**
 * The admins' daily digest at DIGEST_TIME (Asia/Bangkok): yesterday's paid bookings and revenue,
 * refunds, released holds, pending cancellation requests, the trips (their deposits and balances received that day,
 * due and overdue today, their rounds paid that day — counted there, not among the bookings — and the margin of
 * each trip with money or a round that day: `admin/report-trips.ts`) and the partner's credit, with /report's
 * CSV of yesterday attached. A group's tee times count among the paid ones, and the groups get a line
 * (how many, how many tee times) and a line each. Claimed in the database by date, so it goes out once a day whatever the
 * number of instances; each admin can turn it off with /digest off. A chart of the last 14 days (/report's
 * chart: `admin/report-chart.ts`) follows the CSV, drawn once per language.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Access } from "../../../access/index.js";
import type { BookingQueries } from "../../../bookings/queries.js";
import type { Logger } from "../../../logger.js";
import type { PartnerClient } from "../../../partner/index.js";
import type { Locale } from "../../context.js";
import { addDaysToDateKey, courseToday, formatDate } from "../../format/dates.js";
import { formatBaht } from "../../format/money.js";
import { reportCsv, reportGroups, reportRows, type ReportGroup } from "../admin/report-data.js";
import { reportGroupLines } from "../admin/report-groups.js";
import { ADMIN_TIME_ZONE, bangkokDayStart } from "../admin/bangkok-time.js";
import { chartPng, periodChartFigures } from "../admin/report-chart.js";
import type { ChartFigures } from "../../../reports/charts/figures.js";
import type { Notifications } from "../../notifications.js";
import type { AfterBookingStore } from "./store.js";
import { reportMovesLine } from "../admin/report-moves.js";
import type { MovesEnded } from "../../../bookings/index.js";
import type { TripFigures } from "../../../trips/service.js";
import { reportTripLines, type TripRoundsPaid } from "../admin/report-trips.js";

/** A digest not sent within this long after DIGEST_TIME (fairway was down) waits for the next day. */
export const DIGEST_GRACE_MS = 60 * 60_000;

/** The digest's chart covers this many days, the digest's day the last. */
export const DIGEST_CHART_DAYS = 14;

/** At most this many groups get a line of their own in the digest (the CSV counts them all). */
const DIGEST_GROUP_LINES = 10;

export interface DigestOptions {
  store: AfterBookingStore;
  /** The ledger's read model: the day's paid bookings and the agents it credited. */
  ledger: Pick<BookingQueries, "paidBetween" | "ledgerAgentIds" | "releasedTimesBetween">;
  access: Pick<Access, "adminIds" | "agents">;
  partner: Pick<PartnerClient, "getBalance">;
  notifications: Pick<Notifications, "deliver" | "localeOf">;
  i18n: Pick<I18n, "t">;
  logger: Logger;
  now: () => number;
  /** DIGEST_TIME as minutes after midnight in Bangkok. */
  minuteOfDay: number;
  /**
   * Hook for the cancellation requests (`bookings/cancel-requests.ts`): how many wait for an admin. Absent
   * (no such table yet), the digest leaves the line out.
   */
  countPendingCancelRequests?: () => Promise<number>;
  /** Moves to another tee time that ended in [from, to) (the booking service's). Absent: no line. */
  movesEnded?: (from: number, to: number) => Promise<MovesEnded>;
  /**
   * The trips' figures over [from, to) with what is due and overdue on `today` (the trips service's
   * `figuresBetween`): their lines, and their rounds' bookings left out of the bookings' figures. Absent: no line.
   */
  tripFigures?: (from: number, to: number, today: string) => Promise<TripFigures>;
  /** The watches' line (src/watches/): active watches now, and tee times alerted in [from, to). Absent: no line. */
  watchFigures?: (from: number, to: number) => Promise<{ active: number; alerted: number }>;
}

/** What the digest says about one Bangkok day. */
export interface DigestFigures {
  day: string;
  paidCount: number;
  /** Satang. */
  paidAmount: number;
  /** The groups among the paid bookings (each of their tee times is one of `paidCount`). */
  groups: ReportGroup[];
  /** Satang: what the customers of the day's paid bookings pay, less what the partner charged. */
  margin: number;
  refundedCount: number;
  /** Satang. */
  refundedAmount: number;
  /** Paid bookings the course ended that day (apart from the agency's refunds), and the satang credited back (as stated). */
  courseEnded: { count: number; credited: number };
  released: number;
  /** Moves to another tee time that ended that day (absent: not counted). */
  moves?: MovesEnded;
  pendingCancelRequests?: number;
  /** Trips: their money that day and due or overdue today, their rounds paid that day, their margins. */
  trips?: Pick<TripFigures, "money" | "margins"> & { rounds: TripRoundsPaid };
  /** Active watches now, and tee times they alerted that day. */
  watches?: { active: number; alerted: number };
  /** Satang; undefined when the partner could not be asked. */
  balance?: number;
  csv: Buffer;
  /** The last `DIGEST_CHART_DAYS` days up to `day`, for the chart. */
  chart: ChartFigures;
}

export function createDigest(options: DigestOptions) {
  const { store, logger, now } = options;
  const t = (locale: Locale, key: string, args?: Record<string, string | number>) => options.i18n.t(locale, key, args);
  const queries = options.ledger;

  /** The figures of the Bangkok date `day`. */
  async function figures(day: string): Promise<DigestFigures> {
    const from = bangkokDayStart(day);
    const to = bangkokDayStart(addDaysToDateKey(day, 1));
    let trips: TripFigures | undefined;
    try {
      trips = await options.tripFigures?.(from, to, courseToday(now(), ADMIN_TIME_ZONE));
    } catch (error) {
      logger.warn({ err: error }, "trip figures unavailable for the digest");
    }
    const [everyPaid, refunded, courseEnded, released, moves, agents, credited] = await Promise.all([
      queries.paidBetween(from, to),
      store.refundedBetween(from, to),
      store.courseEndedBetween(from, to),
      store.releasedBetween(from, to),
      options.movesEnded?.(from, to),
      options.access.agents.list(),
      queries.ledgerAgentIds(),
    ]);
    // Trips' rounds count with their trips (their selling price comes through the trip's instalments).
    const paid = trips ? everyPaid.filter((b) => !trips.roundBookings.has(b.id)) : everyPaid;
    const tripRounds = everyPaid.filter((b) => trips?.roundBookings.has(b.id));
    const agentIds = new Set([...agents.map((a) => a.userId), ...credited]);
    const names = new Map(agents.map((a) => [a.userId, a.name]));
    const rows = reportRows(paid, agentIds, names);
    const chart = await periodChartFigures({
      from: addDaysToDateKey(day, 1 - DIGEST_CHART_DAYS),
      to: day,
      ledger: queries,
      agentIds,
      names,
      // Trips' rounds count with their trips, in the chart as in the text.
      ...(trips ? { skip: trips.roundBookings } : {}),
    });
    let balance: number | undefined;
    try {
      balance = (await options.partner.getBalance()).balance;
    } catch (error) {
      logger.warn({ err: error }, "partner credit unavailable for the digest");
    }
    let pendingCancelRequests: number | undefined;
    try {
      pendingCancelRequests = await options.countPendingCancelRequests?.();
    } catch (error) {
      logger.warn({ err: error }, "pending cancellation requests unavailable for the digest");
    }
    let watches: DigestFigures["watches"];
    try {
      watches = await options.watchFigures?.(from, to);
    } catch (error) {
      logger.warn({ err: error }, "watch figures unavailable for the digest");
    }
    return {
      day,
      paidCount: paid.length,
      groups: reportGroups(paid),
      paidAmount: paid.reduce((s, b) => s + (b.amount ?? b.expected_amount), 0),
      margin: paid.reduce(
        (s, b) => s + ((b.selling_amount ?? b.amount ?? b.expected_amount) - (b.amount ?? b.expected_amount)),
        0,
      ),
      refundedCount: refunded.length,
      refundedAmount: refunded.reduce((s, b) => s + (b.refunded_amount ?? 0), 0),
      courseEnded: {
        count: courseEnded.length,
        credited: courseEnded.reduce((s, b) => s + (b.refunded_amount ?? 0), 0),
      },
      released,
      ...(moves ? { moves } : {}),
      ...(pendingCancelRequests !== undefined ? { pendingCancelRequests } : {}),
      ...(watches !== undefined ? { watches } : {}),
      ...(trips
        ? {
            trips: {
              money: trips.money,
              margins: trips.margins,
              rounds: {
                count: tripRounds.length,
                amount: tripRounds.reduce((n, b) => n + (b.amount ?? b.expected_amount), 0),
                refundedCount: 0,
                refundedAmount: 0,
              },
            },
          }
        : {}),
      ...(balance !== undefined ? { balance } : {}),
      csv: reportCsv(rows),
      chart,
    };
  }

  /** The groups' line, and one per group (at most DIGEST_GROUP_LINES). */
  function groupLines(f: DigestFigures, locale: Locale): string[] {
    if (f.groups.length === 0) return [];
    const flights = f.groups.reduce((n, g) => n + g.flights.length, 0);
    const hidden = f.groups.length - DIGEST_GROUP_LINES;
    return [
      `👥 ${t(locale, "digest-groups", { groups: f.groups.length, flights })}`,
      ...reportGroupLines(f.groups.slice(0, DIGEST_GROUP_LINES), { t: (k, a) => t(locale, k, a), locale }),
      ...(hidden > 0 ? [t(locale, "admin-more", { count: hidden })] : []),
    ];
  }

  function text(f: DigestFigures, locale: Locale): string {
    return [
      `📊 <b>${t(locale, "digest-title", { date: formatDate(f.day, locale) })}</b>`,
      `✅ ${t(locale, "digest-paid", { count: f.paidCount, amount: formatBaht(f.paidAmount, locale) })}`,
      `📈 ${t(locale, "pay-digest-margin", { margin: formatBaht(f.margin, locale) })}`,
      ...groupLines(f, locale),
      `↩️ ${t(locale, "digest-refunded", { count: f.refundedCount, amount: formatBaht(f.refundedAmount, locale) })}`,
      f.courseEnded.count > 0
        ? `⛳ ${t(locale, "digest-course-ended", { count: f.courseEnded.count })}` +
          (f.courseEnded.credited > 0 ? ` · ${formatBaht(f.courseEnded.credited, locale)}` : "")
        : "",
      `🔓 ${t(locale, "digest-released", { count: f.released })}`,
      (f.moves && reportMovesLine(f.moves, { t: (k, a) => t(locale, k, a), locale })) ?? "",
      f.pendingCancelRequests !== undefined
        ? `📨 ${t(locale, "digest-cancel-requests", { count: f.pendingCancelRequests })}`
        : "",
      ...(f.trips ? reportTripLines(f.trips, f.trips.rounds, { t: (k, a) => t(locale, k, a), locale }) : []),
      f.watches !== undefined ? `🔔 ${t(locale, "digest-watches", f.watches)}` : "",
      `💳 ${f.balance !== undefined ? t(locale, "digest-balance", { balance: formatBaht(f.balance, locale) }) : t(locale, "digest-balance-unavailable")}`,
      f.chart.empty ? `📉 ${t(locale, "chart-empty")}` : "",
      "",
      t(locale, "digest-footer"),
    ]
      .filter((l, i, all) => l !== "" || (i > 0 && all[i - 1] !== ""))
      .join("\n");
  }

  /** The chart of `f` in `locale`, drawn once per language and digest; undefined when empty or not drawn. */
  function chartOf(f: DigestFigures, locale: Locale, drawn: Map<Locale, Promise<Buffer | undefined>>) {
    let png = drawn.get(locale);
    if (!png) {
      png = chartPng(f.chart, (k, a) => t(locale, k, a), locale).catch((error: unknown) => {
        logger.error({ err: error }, "digest chart not drawn");
        return undefined;
      });
      drawn.set(locale, png);
    }
    return png;
  }

  /** Queues the digest of `day` (figures `f`) for every admin who wants it. */
  async function send(day: string, f: DigestFigures): Promise<number> {
    let sent = 0;
    const drawn = new Map<Locale, Promise<Buffer | undefined>>();
    for (const admin of options.access.adminIds()) {
      if (!(await store.digestEnabled(admin))) continue;
      const locale = await options.notifications.localeOf(admin);
      const delivered = await options.notifications.deliver({ chatId: admin, text: text(f, locale), what: "digest" });
      if (!delivered) {
        logger.info({ chatId: admin, day }, "digest not delivered (blocked bot?)");
        continue;
      }
      sent += 1;
      await options.notifications.deliver({
        chatId: admin,
        text: t(locale, "admin-report-caption"),
        document: { filename: `fairway-report-${day}-${day}.csv`, content: f.csv.toString("utf8") },
        what: "digest-csv",
      });
      const png = await chartOf(f, locale, drawn);
      if (png)
        await options.notifications.deliver({
          chatId: admin,
          text: t(locale, "chart-caption", { grain: f.chart.grain }),
          photo: { filename: `fairway-chart-${f.chart.from}-${f.chart.to}.png`, base64: png.toString("base64") },
          what: "digest-chart",
        });
    }
    logger.info({ day, admins: sent }, "daily digest sent");
    return sent;
  }

  return {
    figures,
    /**
     * Once DIGEST_TIME has come today (Bangkok), the first caller of the day claims and sends yesterday's
     * digest. The figures (a partner call among them) are gathered before the claim, so the claim is
     * followed only by the admins' messages queued in the outbox: an instance that hangs on the partner
     * or dies meanwhile has claimed nothing, and another instance's pass sends the day's digest.
     */
    async tick(): Promise<boolean> {
      const at = now();
      const today = courseToday(at, ADMIN_TIME_ZONE);
      const dueAt = bangkokDayStart(today) + options.minuteOfDay * 60_000;
      if (at < dueAt || at >= dueAt + DIGEST_GRACE_MS) return false;
      if (await store.digestClaimed(today)) return false;
      const day = addDaysToDateKey(today, -1);
      const f = await figures(day);
      if (!(await store.claimDigest(today))) return false;
      await send(day, f);
      return true;
    },
  };
}

export type Digest = ReturnType<typeof createDigest>;
