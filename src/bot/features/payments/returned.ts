/** Money to return: a decider marks an approved payment whose booking failed returned to the customer. */
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { mayDecide } from "./who-decides.js";

/** A decider marks an approved payment whose booking failed returned to the customer (once). */
export async function markReturned(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const payment = await deps.bookings.payment(bookingId);
  if (!payment || !mayDecide(ctx, payment)) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  if (!(await deps.bookings.markReturned(bookingId, ctx.from?.id ?? 0))) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-returned-already"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const what = await deps.bookings.payable(bookingId);
  const who = escapeHtml([ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" "));
  deps.logger.info({ bookingId, by: ctx.from?.id }, "payment marked returned");
  await ctx.reply(
    ctx.t("pay-returned-done", {
      amount: formatBaht(payment.amount, localeOf(ctx)),
      reference: escapeHtml(payment.reference),
      customer: escapeHtml(what.booking.customer_name),
      who: who || String(ctx.from?.id ?? ""),
    }),
    { parse_mode: "HTML" },
  );
}
