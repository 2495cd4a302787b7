/** The customer cancels before paying: their hold (a group's every hold) is released. */
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { CancellablePaymentState, Payable } from "../../../bookings/service.js";
import type { BotContext } from "../../context.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { closeCard } from "./close-card.js";

/** What the customer's Cancel ends: a payment not yet with the agent (a slip being checked is not cancelled). */
const CANCELLABLE: readonly CancellablePaymentState[] = ["pending", "awaiting", "rejected"];

/** The customer cancels before paying: the hold (a group's every hold) is released. Not once a slip is being checked. */
export async function cancelByCustomer(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const what = await deps.bookings.payable(bookingId).catch(() => undefined);
  const b = what?.booking;
  if (!what || !b || Number(b.user_id) !== ctx.from?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  const payment = await deps.bookings.payment(bookingId);
  if (payment?.state === "submitted") {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-cancel-checking"), show_alert: true });
    return;
  }
  if (!payment || !CANCELLABLE.includes(payment.state as CancellablePaymentState)) {
    // Decided or over already (an approval, the window's end): the booking's real state, and the
    // card's buttons go.
    await ctx.answerCallbackQuery({ text: cancelRefusal(ctx, what, payment), show_alert: true });
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
    });
    return;
  }
  await ctx.answerCallbackQuery();
  // The money module ends the payment, then releases the holds; decided meanwhile, nothing is released.
  const out = await deps.bookings.cancelHold(bookingId, { reason: "user-cancel", paymentStates: CANCELLABLE });
  if (out.kind === "kept") {
    await closeCard(ctx, cancelRefusal(ctx, what, out.payment));
    return;
  }
  if (out.kind === "owned") {
    await closeCard(ctx, ctx.t("release-owned-by-move"));
    return;
  }
  await closeCard(ctx, ctx.t(what.group ? "pay-cancelled-group" : "pay-cancelled"));
}

/** Why the customer's Cancel cannot release anything now: what became of their payment and booking. */
function cancelRefusal(ctx: BotContext, what: Payable, payment: PaymentRecord | undefined): string {
  if (payment?.state === "to-return" || payment?.state === "returned") return ctx.t("pay-cancel-refused-to-return");
  if (payment?.state !== "approved") return ctx.t("pay-cancel-refused-ended");
  const codes = (what.group ? what.group.flights : [what.booking])
    .filter((f) => f.state === "PAID")
    .map((f) => f.reservation_code ?? "-");
  return codes.length > 0
    ? ctx.t("pay-cancel-refused-paid", { code: codes.join(", ") })
    : ctx.t("pay-cancel-refused-approved");
}
