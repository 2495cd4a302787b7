/**
 * A trip's pictures as PNG files: the itinerary (`src/trips/itinerary.ts`, no prices) and the quote
 * (`src/trips/quote.ts`, selling prices only; a page each), drawn 800 px wide on libuv's thread pool
 * (`svgToPngOffThread`), never on the bot's thread. The drawing's modules (resvg, the fonts) are loaded when
 * the first picture is asked for, as the vouchers' are: nothing of them is read at start.
 */
import type { BotDeps } from "../../context.js";
import type { Locale } from "../../../locale.js";
import type { TripView } from "../../../trips/store.js";
import { lazy } from "../../../runtime/lazy.js";

const drawing = lazy(async () => {
  const [itinerary, quote, png] = await Promise.all([
    import("../../../trips/itinerary.js"),
    import("../../../trips/quote.js"),
    import("../../../render/png.js"),
  ]);
  return { ...itinerary, ...quote, ...png };
});

/** A trip's picture's width as sent, px (the vouchers'). */
export const TRIP_PICTURE_PNG_WIDTH = 800;

/** The agency as a trip's picture names it: AGENCY_NAME and AGENCY_CONTACT, else the bot's t.me link. */
export function pictureAgency(deps: Pick<BotDeps, "config">, botUsername: string) {
  return { name: deps.config.agency.name, contact: deps.config.agency.contact ?? `t.me/${botUsername}` };
}

/** The itinerary as one PNG, in `locale`. */
export async function itineraryPng(
  view: TripView,
  options: { locale: Locale; agency: { name: string; contact: string } },
): Promise<Buffer> {
  const { itineraryContent, itinerarySvg, svgToPngOffThread } = await drawing();
  return svgToPngOffThread(itinerarySvg(itineraryContent(view, options)), { width: TRIP_PICTURE_PNG_WIDTH });
}

/** The quote as PNG pages (one for any ordinary trip), in the trip's language; never the partner's net. */
export async function quotePngs(
  view: TripView,
  options: { locale: Locale; agency: { name: string; contact: string }; agentName?: string | null; nowMs: number },
): Promise<Buffer[]> {
  const { quoteContent, quoteSvgs, svgToPngOffThread } = await drawing();
  const pages = quoteSvgs(quoteContent(view, options));
  const pngs: Buffer[] = [];
  for (const svg of pages) pngs.push(await svgToPngOffThread(svg, { width: TRIP_PICTURE_PNG_WIDTH }));
  return pngs;
}
