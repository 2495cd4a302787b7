import type { BookingService, ReaperEvent } from "../../../bookings/index.js";
import type { Access } from "../../../access/index.js";
import type { Notifications } from "../../notifications.js";
import { formatBaht } from "../../format/money.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../after-booking/notices.js";
import { bookingLine } from "./messages.js";

/**
 * The reaper ended a hold its customer was to pay first (the payment window passed): the payment
 * expires; if a slip had come in (money may have moved), the agent and the admins are told to return
 * it. The customer hears of the hold's end from the reaper's own notice.
 */
export async function paymentOnReaperEvent(
  deps: { bookings: BookingService; notifications: Notifications; access: Access },
  event: ReaperEvent,
): Promise<void> {
  if (event.kind !== "expired" && event.kind !== "released") return;
  const payment = await deps.bookings.payment(event.booking.id);
  if (payment?.kind !== "prepay") return;
  const hadSlip = payment.state === "submitted" || payment.state === "rejected";
  if (!(await deps.bookings.expirePayment(event.booking.id)) || !hadSlip) return;
  const b = event.booking;
  const ids = [
    ...new Set([...(payment.agent_id !== null ? [Number(payment.agent_id)] : []), ...deps.access.adminIds()]),
  ];
  for (const id of ids) {
    const locale = await deps.notifications.localeOf(id);
    const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
    await deps.notifications.deliver({
      chatId: id,
      text: `⚠️ ${t("pay-expired-with-slip", {
        customer: escapeHtml(b.customer_name),
        amount: formatBaht(payment.amount, locale),
        reference: escapeHtml(payment.reference),
      })}\n${bookingLine(b, { t, locale })}`,
      what: "payment-expired-with-slip",
    });
  }
}
