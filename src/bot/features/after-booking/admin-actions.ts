/** Customers are told when an admin refunds (/refund) or releases (/release) their booking. */
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
import { customerShare, groupMoney } from "../../format/booking-money.js";
import { tellAgentToReturn } from "../payments/refunds.js";
import { refundCredit, sendCreditNote } from "./credit-notes.js";
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
  /** A group refunded whole: its tee times refunded now (`b` the first); one notice says so. */
  group?: { group: GroupView; refunded: BookingRecord[] },
): Promise<void> {
  const requests = deps.cancelRequests;
  const flights = group?.refunded ?? [b];
  const open = (await Promise.all(flights.map((f) => requests.openFor(f.id)))).filter((r) => r !== undefined);
  for (const f of flights) await requests.closeFor(f.id);
  if (group) {
    const forGroup = await requests.openFor(group.group.group.id);
    if (forGroup) open.push(forGroup);
    await requests.closeFor(group.group.group.id);
  }
  await tellBookingParties(deps, b, group ? "notify-admin-group-refunded" : "notify-admin-refunded", {
    also: open.map((r) => Number(r.requester_id)),
    exclude: [adminId],
    // The customer's side: their share of what they paid for the tee times refunded.
    args: (locale) => ({
      amount: amountText(customerShare(group ? groupMoney(flights) : b, refundedAmount), locale),
      ...(group ? { flights: group.refunded.length } : {}),
    }),
  });
  await tellAgentToReturn(deps, {
    flights,
    ...(group ? { groupId: group.group.group.id } : {}),
    credited: refundedAmount,
    exclude: [adminId],
  });
  // A tee time with a full tax invoice: its credit note, to whoever asked for the invoice.
  for (const f of flights) await sendCreditNote(deps, f, refundCredit(f));
}

/** After an admin's /release of a hold: the booker is told nothing was charged. */
export async function afterAdminRelease(deps: BotDeps, b: BookingRecord, adminId: number): Promise<void> {
  await tellBookingParties(deps, b, "notify-admin-released", { exclude: [adminId] });
}
