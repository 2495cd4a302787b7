/**
 * A trip's itinerary as one forwardable picture, in the reader's language: the party, every round in order
 * (its day, its tee time — or the quoted time, to be confirmed when the day goes on sale — the course and the
 * players), the agency's own lines, and how to reach the agency. No prices: the party forwards it to
 * golfers who did not pay. Drawn as the e-vouchers are (`itinerarySvg`, the same fonts and wrapping), each
 * round keeping its own voucher.
 */
import { translate } from "../bot/i18n.js";
import { formatDateLong, formatTime } from "../bot/format/dates.js";
import type { Locale } from "../locale.js";
import { svgText } from "../render/svg-text.js";
import { FONT_FAMILY, wrap } from "../vouchers/svg.js";
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

const WIDTH = 600;
const MARGIN = 32;
const GREEN = "#1d6b43";
const GREY = "#5b6770";
const INK = "#15202b";
const NOTE: Record<ItineraryContent["rounds"][number]["state"], string> = {
  booked: GREEN,
  planned: "#a15c00",
  cancelled: "#b3261e",
};

/** The itinerary's SVG (600 units wide, as tall as it needs). */
export function itinerarySvg(content: ItineraryContent): string {
  const parts: string[] = [];
  const inner = WIDTH - 2 * MARGIN;
  const text = (x: number, y: number, s: string, style: { size: number; fill?: string; bold?: boolean }) =>
    parts.push(
      `<text x="${x}" y="${y}" font-size="${style.size}"${style.bold ? ' font-weight="bold"' : ""}` +
        ` fill="${style.fill ?? INK}">${svgText(s)}</text>`,
    );
  const lines = (x: number, y: number, s: string, style: { size: number; fill?: string; bold?: boolean }) => {
    const wrapped = wrap(s, { width: inner - (x - MARGIN), size: style.size, locale: content.locale });
    wrapped.forEach((line, i) => text(x, y + i * style.size * 1.35, line, style));
    return y + wrapped.length * style.size * 1.35;
  };
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="88" fill="${GREEN}"/>`);
  text(MARGIN, 38, content.agencyName, { size: 15, fill: "#d9efe2" });
  text(MARGIN, 70, content.title, { size: 26, fill: "#fff", bold: true });
  let y = lines(MARGIN, 130, content.party, { size: 22, bold: true }) + 12;
  content.rounds.forEach((round, i) => {
    const top = y;
    parts.push(`<circle cx="${MARGIN + 14}" cy="${y - 7}" r="14" fill="${NOTE[round.state]}"/>`);
    parts.push(
      `<text x="${MARGIN + 14}" y="${y - 1}" font-size="15" font-weight="bold" fill="#fff" text-anchor="middle">` +
        `${i + 1}</text>`,
    );
    y = lines(MARGIN + 40, y, round.when, { size: 19, bold: true });
    y = lines(MARGIN + 40, y + 2, round.course, { size: 17 });
    y = lines(MARGIN + 40, y + 2, round.note, { size: 14, fill: NOTE[round.state] }) + 14;
    if (i < content.rounds.length - 1)
      parts.push(
        `<line x1="${MARGIN + 14}" y1="${top + 12}" x2="${MARGIN + 14}" y2="${y - 24}" stroke="#d5dbe0" stroke-width="2"/>`,
      );
  });
  if (content.lines) {
    parts.push(`<line x1="${MARGIN}" y1="${y}" x2="${WIDTH - MARGIN}" y2="${y}" stroke="#d5dbe0" stroke-width="1.5"/>`);
    y += 30;
    text(MARGIN, y, content.lines.label, { size: 14, fill: GREY });
    y += 26;
    for (const item of content.lines.items) y = lines(MARGIN, y, `• ${item}`, { size: 17 }) + 4;
    y += 10;
  }
  y = lines(MARGIN, y + 10, content.agency, { size: 15, fill: GREY }) + 12;
  const height = Math.ceil(y);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}"`,
    ` font-family="${FONT_FAMILY[content.locale]}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...parts,
    `</svg>`,
  ].join("");
}
