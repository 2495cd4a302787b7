/** Customers are told when an admin refunds (/refund) or releases (/release) their booking. */
import { createCancelRequests, type BookingRecord } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
import { amountText, tellBookingParties } from "./notices.js";

/**
 * After an admin's /refund: the booking's open cancellation request is closed (it needs no decision
 * now) and its requester, the booker and the golfers with a copy are told, with the amount credited back.
 */
export async function afterAdminRefund(
  deps: BotDeps,
  b: BookingRecord,
  refundedAmount: number | null,
  adminId: number,
): Promise<void> {
  const requests = createCancelRequests(deps.storage.db, deps.now);
  const open = await requests.openFor(b.id);
  await requests.closeFor(b.id);
  await tellBookingParties(deps, b, "notify-admin-refunded", {
    also: [open ? Number(open.requester_id) : null],
    exclude: [adminId],
    args: (locale) => ({ amount: amountText(refundedAmount, locale) }),
  });
}

/** After an admin's /release of a hold: the booker is told nothing was charged. */
export async function afterAdminRelease(deps: BotDeps, b: BookingRecord, adminId: number): Promise<void> {
  await tellBookingParties(deps, b, "notify-admin-released", { exclude: [adminId] });
}
