/** How admin views name a booking: its ledger state's label and the reference an admin types back. */
import type { BookingRecord } from "../../../bookings/index.js";
import type { OwnerRefusal } from "../../../bookings/ownership.js";
import { tripReference } from "../../../trips/service.js";
import type { BotContext } from "../../context.js";

/** The label of a ledger state, as /mybookings shows it. */
export function stateLabel(ctx: BotContext, booking: Pick<BookingRecord, "state">): string {
  return ctx.t("status-label", { state: booking.state.toLowerCase() });
}

/** How an admin names a booking back to fairway: its code, else its reservation id, else its ledger id. */
export function referenceOf(booking: BookingRecord): string {
  return booking.reservation_code ?? booking.reservation_id ?? booking.id;
}

/** Why a write was not done because something else owns the booking: an open move, or the trip it is a round of. */
export function ownedText(ctx: BotContext, owner: OwnerRefusal, ref: string): string {
  return owner.side === "trip"
    ? ctx.t("admin-owned-by-trip", { ref, trip: tripReference(owner.tripId) })
    : ctx.t("admin-owned-by-move", { ref });
}
