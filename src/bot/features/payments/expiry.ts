import type { GroupReaperEvent, ReaperEvent } from "../../../bookings/index.js";
import type { PaymentEnding } from "../../../bookings/service.js";
import type { Access } from "../../../access/index.js";
import type { Notifications } from "../../notifications.js";
import type { Locale } from "../../../locale.js";
import { formatBaht } from "../../format/money.js";
import { formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../after-booking/notices.js";
import { payableHoldEnd, payableLine } from "./messages.js";

interface ExpiryDeps {
  notifications: Notifications;
  access: Access;
}

/**
 * A pay-first payment the reaper ended with its holds (the payment window passed, or the holds ended some
 * other way), told to the people concerned. If a slip had come in (money may have moved), the agent and
 * the admins are told to return it, with the amount; and when that slip was still waiting for their word,
 * the customer is told the truth — their payment arrived but was not approved in time, nothing was
 * booked, and their agent will return the money — instead of the reaper's own "hold released". True when
 * the customer was told here, or had been told when their payment ended with a slip.
 */
export async function paymentEnded(deps: ExpiryDeps, ending: PaymentEnding): Promise<boolean> {
  if (ending.kind === "told") return true;
  if (ending.kind === "not-booked") return approvedNotBooked(deps, ending);
  if (ending.slip === "none") return false;
  const { payment, ...what } = ending;
  const b = what.booking;
  const agent = payment.agent_id !== null ? await deps.notifications.agentChats(Number(payment.agent_id)) : [];
  const ids = [...new Set([...agent, ...deps.access.adminIds()])];
  const amount = (locale: Locale) => formatBaht(payment.amount, locale);
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
  if (ending.slip !== "waiting") return false;
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
 * until the end, and nobody's retry went through): it is money to return, shown in /payments until a
 * decider marks it returned; the agent (or, theirs removed, the admins) and the admins are told the
 * amount, and the customer the truth. True: the customer was told here.
 */
async function approvedNotBooked(deps: ExpiryDeps, ending: PaymentEnding & { kind: "not-booked" }): Promise<boolean> {
  const { payment, ...what } = ending;
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
export function paymentOnReaperEvent(deps: ExpiryDeps, event: ReaperEvent): Promise<boolean> {
  return event.payment ? paymentEnded(deps, event.payment) : Promise.resolve(false);
}

/** A group the reaper released; true when the customer was told here (skip the generic notice). */
export function paymentOnGroupEvent(deps: ExpiryDeps, event: GroupReaperEvent): Promise<boolean> {
  return event.payment ? paymentEnded(deps, event.payment) : Promise.resolve(false);
}
