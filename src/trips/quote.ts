/**
 * A trip's quote as a forwardable picture, in the trip's language: the agency (and the agent, when named), the
 * lead customer and the party, each round (its day, its tee time — or its quoted time, to be confirmed when the
 * day goes on sale — the course, the players, the selling price), the agency's lines at their selling prices,
 * the total, the payment schedule as the quote's message computes it (`tripSchedule`), the cancellation ladder
 * and how to accept. **Never the partner's net**: only selling prices reach `QuoteContent`. The link that
 * accepts it is the message's (its token is a secret, never drawn). Drawn on the e-vouchers' card
 * (`../render/card.ts`), as the itinerary is; a long trip goes on more than one page (`quoteSvgs`).
 */
import { formatDate, formatDateLong, formatTime } from "../bot/format/dates.js";
import { translate } from "../bot/i18n.js";
import type { Locale } from "../locale.js";
import { formatBaht } from "../money/baht.js";
import { BAND_HEIGHT, CARD_MARGIN as MARGIN, CARD_WIDTH, createCard, GREEN, GREY, type Card } from "../render/card.js";
import { quotedSchedule, type QuotedSchedule } from "./money.js";
import type { TripView } from "./store.js";

/** The quote's schedule: the recorded instalments once accepted, else as if accepted at `nowMs` (in Bangkok). */
export function tripSchedule(view: TripView, nowMs: number): QuotedSchedule {
  return quotedSchedule(
    {
      total: view.total,
      deposit: view.deposit,
      balanceDaysBefore: view.trip.balance_days_before,
      firstRound: view.rounds[0]!.day,
      instalments: view.instalments,
    },
    nowMs,
  );
}

/** A priced row of the picture: what it is, and its selling price as written (`฿24,000`). */
interface PricedRow {
  label: string;
  price: string;
}

/** What the quote's picture says, laid out by `quoteSvgs`. */
export interface QuoteContent {
  locale: Locale;
  agencyName: string;
  title: string;
  party: string;
  /** "Your agent: …", when the agent has a name. */
  agent?: string;
  rounds: (PricedRow & { course: string; note: string; confirmed: boolean })[];
  lines?: { label: string; items: PricedRow[] };
  total: PricedRow;
  schedule: { label: string; rows: PricedRow[] };
  ladder: { label: string; steps: string[] };
  /** How to accept (while the trip waits for acceptance). */
  accept?: string;
  agency: string;
}

export interface QuoteContentOptions {
  /** The trip's language (what the quote is in). */
  locale: Locale;
  agency: { name: string; contact: string };
  /** The trip's agent's name, when one is known. */
  agentName?: string | null;
  /** Now: the schedule of a trip not yet accepted is as if accepted today. */
  nowMs: number;
}

/** The quote's content: selling prices only. */
export function quoteContent(view: TripView, options: QuoteContentOptions): QuoteContent {
  const { locale } = options;
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const baht = (satang: number) => formatBaht(satang, locale);
  const schedule = tripSchedule(view, options.nowMs);
  // Once accepted the deposit has its own day; before, it is due on acceptance.
  const deposit = { due: formatDate(schedule.deposit.due, locale) };
  const scheduleRows: PricedRow[] =
    schedule.balance.satang > 0
      ? [
          {
            label: t(schedule.frozen ? "trip-quote-image-deposit-due" : "trip-quote-image-deposit", deposit),
            price: baht(schedule.deposit.satang),
          },
          {
            label: t("trip-quote-image-balance", { due: formatDate(schedule.balance.due, locale) }),
            price: baht(schedule.balance.satang),
          },
        ]
      : [
          {
            label: t(schedule.frozen ? "trip-quote-image-pay-all-due" : "trip-quote-image-pay-all", deposit),
            price: baht(schedule.deposit.satang),
          },
        ];
  const open = view.trip.state === "DRAFT" || view.trip.state === "QUOTED";
  return {
    locale,
    agencyName: options.agency.name,
    title: t("trip-quote-image-title"),
    party: t("trip-itinerary-party", { lead: view.trip.lead_name, players: view.players.length }),
    ...(options.agentName ? { agent: t("trip-quote-image-agent", { agent: options.agentName }) } : {}),
    rounds: view.rounds.map((r) => {
      // A round beyond the sales window was quoted a time with no tee time behind it: to be confirmed.
      const confirmed = r.starts_at !== null || r.slot_id !== null;
      const time = r.starts_at !== null ? formatTime(r.starts_at, r.time_zone, locale) : r.tee_time;
      const players = t("trip-quote-image-players", { players: r.players });
      return {
        label: `${formatDateLong(r.day, locale)} · ${time}`,
        price: baht(r.selling_amount),
        course: r.course_name,
        note: confirmed ? players : `${players} · ${t("trip-quote-image-tbc")}`,
        confirmed,
      };
    }),
    ...(view.lines.length > 0
      ? {
          lines: {
            label: t("trip-itinerary-lines"),
            items: view.lines.map((l) => ({ label: l.description, price: baht(l.selling_amount) })),
          },
        }
      : {}),
    total: { label: t("trip-quote-image-total"), price: baht(view.total) },
    schedule: { label: t("trip-quote-image-schedule"), rows: scheduleRows },
    ladder: {
      label: t("trip-quote-image-ladder"),
      steps: [
        ...view.ladder.map((s) => t("trip-quote-ladder-step", { days: s.daysBefore, percent: s.percent })),
        t("trip-quote-ladder-rest"),
      ],
    },
    ...(open ? { accept: t("trip-quote-image-accept") } : {}),
    agency: t("voucher-agency", { agency: options.agency.name, contact: options.agency.contact }),
  };
}

/** A page's height at most, in SVG units (the PNG, drawn 800 px wide, stays well inside a photo's limits). */
export const QUOTE_PAGE_HEIGHT = 2000;
/** The width kept at the right for the prices. */
const PRICE_COLUMN = 120;
const AMBER = "#a15c00";

/** One piece of the quote, drawn from `y` down; gives the `y` below it. */
type Block = (card: Card, y: number) => number;

/** `row.label` wrapped left of the price column, `row.price` at the right on its first line. */
function priced(card: Card, x: number, y: number, row: PricedRow, style: { size: number; bold?: boolean }): number {
  card.text(CARD_WIDTH - MARGIN, y, row.price, { ...style, anchor: "end" });
  return card.lines(x, y, row.label, { ...style, width: CARD_WIDTH - MARGIN - PRICE_COLUMN - x });
}

function blocksOf(content: QuoteContent): Block[] {
  const blocks: Block[] = content.rounds.map((round, i) => (card, y) => {
    card.marker(i + 1, y, round.confirmed ? GREEN : AMBER);
    y = priced(card, MARGIN + 40, y, round, { size: 19, bold: true });
    y = card.lines(MARGIN + 40, y + 2, round.course, { size: 17, width: card.inner - 40 - PRICE_COLUMN });
    return card.lines(MARGIN + 40, y + 2, round.note, { size: 14, fill: round.confirmed ? GREY : AMBER }) + 14;
  });
  const section =
    (label: string, first: Block): Block =>
    (card, y) => {
      card.rule(y);
      card.text(MARGIN, y + 30, label, { size: 14, fill: GREY });
      return first(card, y + 56);
    };
  content.lines?.items.forEach((item, i) => {
    const row: Block = (card, y) => priced(card, MARGIN, y, item, { size: 17 }) + 4;
    blocks.push(i === 0 ? section(content.lines!.label, row) : row);
  });
  blocks.push((card, y) => {
    card.rule(y);
    return priced(card, MARGIN, y + 40, content.total, { size: 22, bold: true }) + 14;
  });
  blocks.push((card, y) => {
    card.text(MARGIN, y, content.schedule.label, { size: 14, fill: GREY });
    y += 26;
    for (const row of content.schedule.rows) y = priced(card, MARGIN, y, row, { size: 17 }) + 4;
    return y + 10;
  });
  blocks.push(
    section(content.ladder.label, (card, y) => {
      for (const step of content.ladder.steps) y = card.lines(MARGIN, y, step, { size: 15 }) + 3;
      return y + 10;
    }),
  );
  if (content.accept) {
    const accept = content.accept;
    blocks.push((card, y) => card.lines(MARGIN, y + 6, accept, { size: 16, bold: true, fill: GREEN }) + 10);
  }
  return blocks;
}

/** The page's top: the band (its title numbered on a quote of several pages) and, on the first, the party. */
function top(card: Card, content: QuoteContent, page: number, pages: number): number {
  card.band(content.agencyName, pages > 1 ? `${content.title} · ${page}/${pages}` : content.title);
  if (page > 1) return BAND_HEIGHT + 42;
  let y = card.lines(MARGIN, 130, content.party, { size: 22, bold: true });
  if (content.agent) y = card.lines(MARGIN, y + 2, content.agent, { size: 15, fill: GREY });
  return y + 18;
}

/**
 * The quote's pages as SVGs (600 units wide, each at most `QUOTE_PAGE_HEIGHT` tall unless one round alone is
 * taller): one for any ordinary trip (six rounds and four lines fit), more for a long one, the rounds and
 * lines in order across them, every page with the band and the agency's contact at its foot.
 */
export function quoteSvgs(content: QuoteContent): string[] {
  const blocks = blocksOf(content);
  const foot = (card: Card, y: number) => card.lines(MARGIN, y + 10, content.agency, { size: 15, fill: GREY }) + 12;
  // Measure on scratch cards: each block's height, and the top and foot of a page.
  const scratch = createCard(content.locale);
  const heights = blocks.map((block) => block(scratch, 0));
  const firstTop = top(scratch, content, 1, 2);
  const footHeight = foot(scratch, 0);
  const pages: Block[][] = [[]];
  let y = firstTop;
  blocks.forEach((block, i) => {
    const current = pages.at(-1)!;
    if (current.length > 0 && y + heights[i]! + footHeight > QUOTE_PAGE_HEIGHT) {
      pages.push([]);
      y = BAND_HEIGHT + 42;
    }
    pages.at(-1)!.push(block);
    y += heights[i]!;
  });
  return pages.map((page, i) => {
    const card = createCard(content.locale);
    let at = top(card, content, i + 1, pages.length);
    for (const block of page) at = block(card, at);
    return card.svg(foot(card, at));
  });
}
