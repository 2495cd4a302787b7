/**
 * A refund of something its customer paid through fairway (a pay-first payment approved, or an agent's
 * payment request marked paid): the agent who collected the money is told what the customer paid,
 * what the partner credited back and what to return (`tellAgentToReturn`; `refundAdvice` says the same
 * to whoever is looking at the booking). fairway moves no customer money itself.
 */
import type { BookingRecord } from "../../../bookings/index.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { BotContext, BotDeps } from "../../context.js";
import { customerRefundOf, customerShare, groupMoney, sellingOf } from "../../format/booking-money.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { amountText, translate } from "../after-booking/notices.js";
import { payableLine } from "./messages.js";

export interface RefundedSale {
  /** The tee times refunded now: a booking, or a group's. */
  flights: BookingRecord[];
  /** The group, when `flights` are a group's (its payment is the group's). */
  groupId?: string;
  /** Satang the partner credited back for `flights`; null when unknown. */
  credited: number | null;
  /** Who needs no message (the admin who refunded, told already). */
  exclude?: number[];
}

export async function tellAgentToReturn(
  deps: Pick<BotDeps, "bookings" | "notifications">,
  sale: RefundedSale,
): Promise<void> {
  const first = sale.flights[0];
  if (!first) return;
  const payment = await deps.bookings.payment(sale.groupId ?? first.id);
  if (payment?.state !== "approved" || payment.agent_id === null) return;
  const agentId = Number(payment.agent_id);
  if (sale.exclude?.includes(agentId)) return;
  const what = sale.groupId ? await deps.bookings.payable(sale.groupId) : { booking: first };
  const money = groupMoney(sale.flights);
  const locale = await deps.notifications.localeOf(agentId);
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  await deps.notifications.deliver({
    chatId: agentId,
    text: `💸 ${t("pay-refund-agent", {
      customer: escapeHtml(first.customer_name),
      paid: amountText(sellingOf(money), locale),
      credited: amountText(sale.credited, locale),
      give: amountText(customerShare(money, sale.credited), locale),
      reference: escapeHtml(payment.reference),
    })}\n${payableLine(what, { t, locale })}`,
    what: "payment-refund-agent",
  });
}

/** What a refund means for a booking its customer paid first: what the partner gave back, what to return. */
export function refundAdvice(
  ctx: BotContext,
  b: BookingRecord,
  payment: PaymentRecord | undefined,
): string | undefined {
  if (!payment || payment.state !== "approved") return undefined;
  const locale = localeOf(ctx);
  return ctx.t("pay-refund-advice", {
    credited: formatBaht(b.refunded_amount ?? 0, locale),
    paid: formatBaht(sellingOf(b), locale),
    give: formatBaht(customerRefundOf(b), locale),
  });
}
