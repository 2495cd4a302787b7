import type { BookingService, GroupReaperEvent, ReaperEvent } from "../../../bookings/index.js";
import type { Payable } from "../../../bookings/service.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Access } from "../../../access/index.js";
import type { Notifications } from "../../notifications.js";
import { formatBaht } from "../../format/money.js";
import { formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../after-booking/notices.js";
import { payableHoldEnd, payableLine } from "./messages.js";

interface ExpiryDeps {
  bookings: BookingService;
  notifications: Notifications;
  access: Access;
}

/**
 * The reaper ended the holds a customer was to pay first (the payment window passed): the payment
 * expires. If a slip had come in (money may have moved), the agent and the admins are told to return
 * it, with the amount; and when that slip was still waiting for their word, the customer is told the
 * truth — their payment arrived but was not approved in time, nothing was booked, and their agent will
 * return the money — instead of the reaper's own "hold released". True when the customer was told here,
 * or had been told when their payment ended with a slip.
 */
async function expirePaid(deps: ExpiryDeps, id: string): Promise<boolean> {
  const payment = await deps.bookings.payment(id);
  if (payment?.kind !== "prepay") return false;
  if (payment.state === "approved") return approvedNotBooked(deps, id, payment);
  // Ended already with a slip (it came after the holds' end, or an approval found them ended): the
  // customer and the agent were told then; the reaper's "nothing was charged" would deny the money sent.
  if (payment.state === "expired" && payment.slip_at !== null) return true;
  const hadSlip = payment.state === "submitted" || payment.state === "rejected";
  if (!(await deps.bookings.expirePayment(id)) || !hadSlip) return false;
  const what: Payable = await deps.bookings.payable(id);
  const b = what.booking;
  const agent = payment.agent_id !== null ? await deps.notifications.agentChats(Number(payment.agent_id)) : [];
  const ids = [...new Set([...agent, ...deps.access.adminIds()])];
  const amount = (locale: "en" | "th") => formatBaht(payment.amount, locale);
  for (const to of ids) {
    const locale = await deps.notifications.localeOf(to);
    const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
    await deps.notifications.deliver({
      chatId: to,
      text: `⚠️ ${t("pay-expired-with-slip", {
        customer: escapeHtml(b.customer_name),
        amount: amount(locale),
        reference: escapeHtml(payment.reference),
      })}\n${payableLine(what, { t, locale })}`,
      what: "payment-expired-with-slip",
    });
  }
  // A slip the agent marked not received: the customer was told so then; the reaper's notice follows.
  if (payment.state !== "submitted") return false;
  const locale = await deps.notifications.localeOf(Number(b.user_id));
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const ends = payableHoldEnd(what);
  await deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: `⚠️ ${t("pay-expired-slip-customer", {
      amount: amount(locale),
      reference: escapeHtml(payment.reference),
      time: ends ? formatTime(ends, b.time_zone, locale) : "-",
    })}\n${payableLine(what, { t, locale })}`,
    what: "payment-expired-slip-customer",
  });
  return true;
}

/**
 * An approved payment whose holds the reaper ended with nothing booked (the partner's confirm failed
 * until the end, and nobody's retry went through): the payment becomes money to return, shown in
 * /payments until a decider marks it returned; the agent (or, theirs removed, the admins) and the admins
 * are told the amount, and the customer the truth. True: the customer was told here.
 */
async function approvedNotBooked(deps: ExpiryDeps, id: string, payment: PaymentRecord): Promise<boolean> {
  if (!(await deps.bookings.paymentNotBooked(id))) return false;
  const what: Payable = await deps.bookings.payable(id);
  const b = what.booking;
  const agent = payment.agent_id !== null ? await deps.notifications.agentChats(Number(payment.agent_id)) : [];
  for (const to of new Set([...agent, ...deps.access.adminIds()])) {
    const locale = await deps.notifications.localeOf(to);
    const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
    await deps.notifications.deliver({
      chatId: to,
      text: `${t("pay-approved-not-booked", {
        customer: escapeHtml(b.customer_name),
        amount: formatBaht(payment.amount, locale),
        reference: escapeHtml(payment.reference),
      })}\n${payableLine(what, { t, locale })}`,
      what: "payment-approved-not-booked",
    });
  }
  const locale = await deps.notifications.localeOf(Number(b.user_id));
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  await deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: `${t("pay-approved-not-booked-customer", {
      amount: formatBaht(payment.amount, locale),
      reference: escapeHtml(payment.reference),
    })}\n${payableLine(what, { t, locale })}`,
    what: "payment-approved-not-booked-customer",
  });
  return true;
}

/** A booking's hold the reaper ended; true when the customer was told here (skip the generic notice). */
export async function paymentOnReaperEvent(deps: ExpiryDeps, event: ReaperEvent): Promise<boolean> {
  if (event.kind !== "expired" && event.kind !== "released") return false;
  // A group's flight: the group's payment is settled with the group's own event.
  if (event.booking.group_id !== null) return false;
  return expirePaid(deps, event.booking.id);
}

/** A group the reaper released; true when the customer was told here (skip the generic notice). */
export async function paymentOnGroupEvent(deps: ExpiryDeps, event: GroupReaperEvent): Promise<boolean> {
  if (event.kind !== "expired" && event.kind !== "released") return false;
  return expirePaid(deps, event.view.group.id);
}
