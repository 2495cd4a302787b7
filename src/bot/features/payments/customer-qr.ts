/** The customer's QR message, the booking flow's last step when the customer pays first. */
import { InputFile, type InlineKeyboard } from "grammy";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Payable } from "../../../bookings/service.js";
import type { BotContext } from "../../context.js";
import { customerQrKeyboard, paymentPhoto, type Reader } from "./messages.js";

/**
 * The customer's QR message, sent by the booking flow (and a move's, for its difference): the exact
 * amount, the reference, the deadline. A move gives its own last line and buttons (its hold is the
 * move's to let go, not the payment's Cancel).
 */
export async function sendPaymentQr(
  api: BotContext["api"],
  chatId: number,
  payment: PaymentRecord,
  what: Payable,
  r: Reader,
  options: { sendSlipKey?: string; keyboard?: InlineKeyboard } = {},
): Promise<void> {
  const photo = await paymentPhoto(payment, what, r, options.sendSlipKey ? { sendSlipKey: options.sendSlipKey } : {});
  await api.sendPhoto(chatId, new InputFile(photo.png, `promptpay-${payment.reference}.png`), {
    caption: photo.caption,
    parse_mode: "HTML",
    reply_markup: options.keyboard ?? customerQrKeyboard(what, r),
  });
}
