import { InputFile } from "grammy";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { addDaysToDateKey, formatDate } from "../../format/dates.js";
import { isDateKey } from "../../../time/date-key.js";
import { dateKeyOf } from "../../../time/today.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { reportCsv, reportTotal, type ReportRow } from "./report-data.js";
import { readPeriod } from "./report-file.js";
import { reportGroupLines } from "./report-groups.js";
import { reportMovesLine } from "./report-moves.js";
import { documentsCsv, reportDocumentLines } from "./report-documents.js";
import { reportSlipLine } from "./report-slips.js";
import { reportTripLines } from "./report-trips.js";
import { attributionText, knownAgentIds } from "./attribution.js";
import { ADMIN_TIME_ZONE, bangkokDayStart } from "./bangkok-time.js";
import { fitLines } from "./fit-lines.js";
import { chartPng } from "./report-chart.js";
import type { ChartFigures } from "../../../reports/charts/figures.js";

/** Longest period one report covers, in days. */
const MAX_DAYS = 366;

function parsePeriod(match: string): { from: string; to: string } | undefined {
  const words = match.trim().split(/\s+/);
  const [from, to] = words;
  if (words.length !== 2 || !isDateKey(from) || !isDateKey(to) || from > to) return undefined;
  if (addDaysToDateKey(from, MAX_DAYS - 1) < to) return undefined;
  return { from, to };
}

function rowText(ctx: BotContext, label: string, r: Omit<ReportRow, "agent" | "name">): string {
  const locale = localeOf(ctx);
  return (
    ctx.t("admin-report-row", {
      who: label,
      paid: r.paidCount,
      paidAmount: formatBaht(r.paidAmount, locale),
      refunded: r.refundedCount,
      refundedAmount: formatBaht(r.refundedAmount, locale),
      net: formatBaht(r.net, locale),
    }) +
    ` · ${ctx.t("pay-report-margin", { selling: formatBaht(r.sellingAmount, locale), margin: formatBaht(r.margin, locale) })}` +
    (r.groups > 0 ? ` · 👥 ${ctx.t("admin-report-groups", { groups: r.groups })}` : "") +
    (r.courseEndedCount > 0
      ? ` · ⛳ ${ctx.t("admin-report-course-ended", { count: r.courseEndedCount })}` +
        (r.courseEndedAmount > 0 ? ` ${formatBaht(r.courseEndedAmount, locale)}` : "")
      : "")
  );
}

/** The period's chart as a photo; a drawing that fails costs the photo only (the text and the CSV follow). */
async function sendChart(ctx: BotContext, figures: ChartFigures): Promise<void> {
  let png: Buffer | undefined;
  try {
    png = await chartPng(figures, (k, a) => ctx.t(k, a), localeOf(ctx));
  } catch (error) {
    ctx.deps.logger.error({ err: error }, "report chart not drawn");
  }
  if (!png) return;
  await ctx.replyWithPhoto(new InputFile(png, `fairway-chart-${figures.from}-${figures.to}.png`), {
    caption: ctx.t("chart-caption", { grain: figures.grain }),
  });
}

/**
 * /report <from> <to>: per agent, the bookings paid from `from` to `to` inclusive (days in Thailand),
 * their amount, how many of them were refunded and for how much, and the net; as a message and as CSV.
 * A group's tee times count one by one; each row says how many groups they came in, and a line per
 * group follows the total. A chart follows (`report-chart.ts`: selling total and margin per day, week or month,
 * tee times, courses and agents ranked, holds ended unpaid), or a line saying the period has nothing to draw.
 * A line counts the moves to another tee time that ended in the period. A second CSV lists the bookings one
 * by one, with the partner's invoice ids and the reservation each was moved to or from. The receipts, tax
 * invoices and credit notes issued in the period follow, as lines and as a third CSV (`report-documents.ts`),
 * what the slip check decided of the period's slips (`report-slips.ts`), and the trips (`report-trips.ts`): deposits
 * and balances received in the period, what is still due or overdue today, and each trip's margin. A trip's
 * round's booking is counted there, not in the rows (its selling price comes in through the trip's instalments).
 */
export async function reportCommand(ctx: BotContext, match: string): Promise<void> {
  const period = parsePeriod(match);
  if (!period) {
    await ctx.reply(ctx.t("admin-report-usage", { days: MAX_DAYS }), { parse_mode: "HTML" });
    return;
  }
  const { from, to } = period;
  const locale = localeOf(ctx);
  const [start, end] = [bangkokDayStart(from), bangkokDayStart(addDaysToDateKey(to, 1))];
  const [agents, agentIds, moves, documents, slips, tripSlips, trips] = await Promise.all([
    ctx.deps.access.agents.list(),
    knownAgentIds(ctx),
    ctx.deps.bookings.movesEndedBetween(start, end),
    ctx.deps.receipts.documents.issuedBetween(start, end),
    ctx.deps.ledger.slipChecksBetween(start, end),
    ctx.deps.trips.store.slipChecksBetween(start, end),
    ctx.deps.trips.figuresBetween(start, end, dateKeyOf(ctx.deps.now(), ADMIN_TIME_ZONE)),
  ]);
  const names = new Map(agents.map((a) => [a.userId, a.name]));
  const read = await readPeriod({
    from,
    to,
    start,
    end,
    ledger: ctx.deps.ledger,
    agentIds,
    names,
    timeZone: ADMIN_TIME_ZONE,
    skip: trips.roundBookings,
  });
  try {
    const { rows, chart } = read;
    const title = `<b>${ctx.t("admin-report-title", { from: formatDate(from, locale), to: formatDate(to, locale) })}</b>`;
    const lines = rows.map((r) =>
      rowText(ctx, `${attributionText(ctx, r.agent)}${r.name ? ` ${escapeHtml(r.name)}` : ""}`, r),
    );
    const body =
      rows.length === 0
        ? [ctx.t("admin-report-empty")]
        : [
            ...lines,
            rowText(ctx, `<b>${ctx.t("admin-report-total")}</b>`, reportTotal(rows)),
            ...reportGroupLines(read.groups, { t: (k, a) => ctx.t(k, a), locale }),
          ];
    // Moves to another tee time that ended in the period (their refunds and new tee times are in the rows).
    const movesLine = reportMovesLine(moves, { t: (k, a) => ctx.t(k, a), locale });
    if (movesLine) body.push(movesLine);
    // Trips: their money, their rounds' bookings (left out of the rows above) and each one's margin.
    body.push(...reportTripLines(trips, read.skipped, { t: (k, a) => ctx.t(k, a), locale }));
    // The slip check's decisions on the period's slips, bookings' and trips' (none without a service).
    const slipLine = reportSlipLine([...slips, ...tripSlips], (k, a) => ctx.t(k, a));
    if (slipLine) body.push(slipLine);
    // Receipts, tax invoices and credit notes issued in the period (their CSV follows the bookings').
    body.push(...reportDocumentLines(documents, { t: (k, a) => ctx.t(k, a), locale }));
    if (chart.empty) body.push(ctx.t("chart-empty"));
    await ctx.reply(
      fitLines([title, ...body], (n) => ctx.t("admin-more", { count: n })),
      { parse_mode: "HTML" },
    );
    await sendChart(ctx, chart);
    await ctx.replyWithDocument(new InputFile(reportCsv(rows), `fairway-report-${from}-${to}.csv`), {
      caption: ctx.t("admin-report-caption"),
    });
    // Read from the file as a stream (a year's CSV is never held in memory); sent directly, not queued in the outbox.
    if (read.paidCount > 0)
      await ctx.replyWithDocument(new InputFile(read.csvPath, `fairway-bookings-${from}-${to}.csv`), {
        caption: ctx.t("admin-report-bookings-caption"),
      });
    if (documents.length > 0)
      await ctx.replyWithDocument(new InputFile(documentsCsv(documents), `fairway-documents-${from}-${to}.csv`), {
        caption: ctx.t("admin-report-documents-caption"),
      });
  } finally {
    await read.dispose();
  }
}
