/** Money to return: a decider marks a payment that booked nothing, or money owed for a move or a refund, returned. */
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { mayDecide } from "./who-decides.js";

/**
 * What is to be returned under `id`: a payment `to-return` (its booking's id) or a row of money owed
 * (its own id), with the booking it was paid for.
 */
async function toReturn(ctx: BotContext, id: string) {
  const { bookings } = ctx.deps;
  const payment = await bookings.payment(id);
  if (payment) return { ...payment, booking: (await bookings.payable(id)).booking };
  const owed = await bookings.owed(id);
  const booking = owed ? await bookings.get(owed.booking_id) : undefined;
  return owed && booking ? { ...owed, booking } : undefined;
}

/** A decider marks money to return returned to the customer (once). */
export async function markReturned(ctx: BotContext, id: string): Promise<void> {
  const { deps } = ctx;
  const what = await toReturn(ctx, id);
  if (!what || !mayDecide(ctx, what)) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  if (!(await deps.bookings.markReturned(id, ctx.from?.id ?? 0))) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-returned-already"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const who = escapeHtml([ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" "));
  deps.logger.info({ id, by: ctx.from?.id }, "money marked returned");
  await ctx.reply(
    ctx.t("pay-returned-done", {
      amount: formatBaht(Number(what.amount), localeOf(ctx)),
      reference: escapeHtml(what.reference),
      customer: escapeHtml(what.booking.customer_name),
      who: who || String(ctx.from?.id ?? ""),
    }),
    { parse_mode: "HTML" },
  );
}
