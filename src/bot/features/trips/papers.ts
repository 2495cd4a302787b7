/**
 * What the lead customer keeps of a trip, through the outbox: the itinerary as a forwardable picture
 * (`src/trips/itinerary.ts`, no prices), the itinerary's calendar (`format/trip-ics.ts`: an event per round,
 * each round's UID stable so a later file moves the events a calendar has) and each booked round's e-voucher.
 * Sent when the deposit books the rounds inside the sales window, and again (the calendar and the new round's
 * voucher) each time a round is booked as its day goes on sale. The picture is drawn by `pictures.ts`.
 */
import type { BotDeps } from "../../context.js";
import type { TripView } from "../../../trips/store.js";
import { tripReference } from "../../../trips/service.js";
import { parseLocale } from "../../../locale.js";
import { tripIcs } from "../../format/trip-ics.js";
import { translate } from "../../i18n.js";
import { deliverVoucher } from "../after-booking/voucher.js";
import { itineraryPng, pictureAgency } from "./pictures.js";

type PaperDeps = Pick<BotDeps, "notifications" | "bookings" | "vouchers" | "config" | "now" | "logger">;

export interface TripPapers {
  /** The picture (drawn now); false: only the calendar and vouchers. */
  itinerary: boolean;
  /** The vouchers of these bookings (the rounds just booked). */
  vouchersOf: readonly string[];
}

/** Queues the trip's papers to its lead customer, in the trip's language; nothing when nobody accepted it. */
export async function deliverTripPapers(
  deps: PaperDeps,
  view: TripView,
  botUsername: string,
  papers: TripPapers,
): Promise<void> {
  if (view.trip.customer_chat_id === null) return;
  const chatId = Number(view.trip.customer_chat_id);
  const locale = parseLocale(view.trip.locale, deps.config.defaultLocale);
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  if (papers.itinerary) {
    try {
      const png = await itineraryPng(view, { locale, agency: pictureAgency(deps, botUsername) });
      await deps.notifications.deliver({
        chatId,
        text: t("trip-itinerary-caption"),
        photo: { filename: `itinerary-${tripReference(view.trip.id)}.png`, base64: png.toString("base64") },
        what: "trip-itinerary",
      });
    } catch (error) {
      // A picture that cannot be drawn (a font missing) leaves the calendar and the vouchers to go.
      deps.logger.warn({ err: error, tripId: view.trip.id }, "trip itinerary not drawn");
    }
  }
  const { ics, filename } = tripIcs(view, { t, now: deps.now() });
  await deps.notifications.deliver({
    chatId,
    text: t("trip-ics-caption"),
    document: { filename, content: ics },
    what: "trip-ics",
  });
  for (const id of papers.vouchersOf) {
    const booking = await deps.bookings.get(id);
    if (booking) await deliverVoucher(deps, { booking }, { chatId, locale, botUsername });
  }
}
