/**
 * A trip's itinerary as one forwardable picture, in the reader's language: the party, every round in order
 * (its day, its tee time — or the quoted time, to be confirmed when the day goes on sale — the course and the
 * players), the agency's own lines, and how to reach the agency. No prices: the party forwards it to
 * golfers who did not pay. Drawn on the e-vouchers' card (`../render/card.ts`: the same band, fonts and wrapping), each
 * round keeping its own voucher.
 */
import { translate } from "../bot/i18n.js";
import { formatDateLong, formatTime } from "../bot/format/dates.js";
import type { Locale } from "../locale.js";
import { CARD_MARGIN as MARGIN, createCard, GREEN, GREY, RULE } from "../render/card.js";
import type { TripView } from "./store.js";

/** What the itinerary says, laid out by `itinerarySvg`. */
export interface ItineraryContent {
  locale: Locale;
  agencyName: string;
  title: string;
  party: string;
  rounds: { when: string; course: string; note: string; state: "booked" | "planned" | "cancelled" }[];
  lines?: { label: string; items: string[] };
  agency: string;
}

export function itineraryContent(
  view: TripView,
  options: { locale: Locale; agency: { name: string; contact: string } },
): ItineraryContent {
  const { locale } = options;
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  return {
    locale,
    agencyName: options.agency.name,
    title: t("trip-itinerary-title"),
    party: t("trip-itinerary-party", { lead: view.trip.lead_name, players: view.players.length }),
    rounds: view.rounds.map((r) => {
      const booked = r.state === "BOOKED" && r.starts_at !== null;
      const time = booked ? formatTime(r.starts_at!, r.time_zone, locale) : r.tee_time;
      const off = r.state === "CANCELLED" || r.state === "COURSE_ENDED";
      const state = off ? "cancelled" : booked ? "booked" : "planned";
      return {
        when: `${formatDateLong(r.day, locale)} · ${time}`,
        course: r.course_name,
        note: t(`trip-itinerary-${state}`, { players: r.players }),
        state,
      };
    }),
    ...(view.lines.length > 0
      ? { lines: { label: t("trip-itinerary-lines"), items: view.lines.map((l) => l.description) } }
      : {}),
    agency: t("voucher-agency", { agency: options.agency.name, contact: options.agency.contact }),
  };
}

const NOTE: Record<ItineraryContent["rounds"][number]["state"], string> = {
  booked: GREEN,
  planned: "#a15c00",
  cancelled: "#b3261e",
};

/** The itinerary's SVG (600 units wide, as tall as it needs). */
export function itinerarySvg(content: ItineraryContent): string {
  const card = createCard(content.locale);
  const { text, lines, raw } = card;
  card.band(content.agencyName, content.title);
  let y = lines(MARGIN, 130, content.party, { size: 22, bold: true }) + 12;
  content.rounds.forEach((round, i) => {
    const top = y;
    card.marker(i + 1, y, NOTE[round.state]);
    y = lines(MARGIN + 40, y, round.when, { size: 19, bold: true });
    y = lines(MARGIN + 40, y + 2, round.course, { size: 17 });
    y = lines(MARGIN + 40, y + 2, round.note, { size: 14, fill: NOTE[round.state] }) + 14;
    if (i < content.rounds.length - 1)
      raw(
        `<line x1="${MARGIN + 14}" y1="${top + 12}" x2="${MARGIN + 14}" y2="${y - 24}" stroke="${RULE}" stroke-width="2"/>`,
      );
  });
  if (content.lines) {
    card.rule(y);
    y += 30;
    text(MARGIN, y, content.lines.label, { size: 14, fill: GREY });
    y += 26;
    for (const item of content.lines.items) y = lines(MARGIN, y, `• ${item}`, { size: 17 }) + 4;
    y += 10;
  }
  y = lines(MARGIN, y + 10, content.agency, { size: 15, fill: GREY }) + 12;
  return card.svg(y);
}
