/**
 * An agent asks a customer to pay for a booking (or a group) already made: the QR for its selling total,
 * to forward into any chat, and Mark paid once the money is in.
 */
import { InputFile } from "grammy";
import type { BotContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { isAdmin } from "../../middlewares/roles.js";
import { paymentData } from "./callback-data.js";
import { paymentPhoto, type Reader } from "./messages.js";

/** An agent's payment request for a booking (or a group) already made: the QR for its selling total, to forward. */
export async function requestPayment(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const what = await deps.bookings.payable(bookingId).catch(() => undefined);
  const b = what?.booking;
  const me = ctx.from?.id;
  const own = b && (Number(b.user_id) === me || Number(b.agent_id) === me);
  if (!b || !(own || isAdmin(ctx)) || ctx.who.role === "customer") {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  const payee = await deps.payments.payeeFor(me ?? null);
  if (!payee) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-no-promptpay"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const payment = await deps.bookings.requestPayment(bookingId, { payee, actorId: me ?? 0 });
  const r: Reader = { t: (k, a) => ctx.t(k, a), locale: localeOf(ctx) };
  const photo = await paymentPhoto(payment, what, r, { forAgent: true });
  const paid = payment.state === "approved";
  await ctx.replyWithPhoto(new InputFile(photo.png, `promptpay-${payment.reference}.png`), {
    caption: paid ? `${photo.caption}\n\n${ctx.t("pay-card-request-paid", { who: "✓" })}` : photo.caption,
    parse_mode: "HTML",
    ...(paid
      ? {}
      : {
          reply_markup: {
            inline_keyboard: [
              [{ text: ctx.t("pay-btn-mark-paid"), callback_data: paymentData("mark-paid", bookingId) }],
            ],
          },
        }),
  });
}
