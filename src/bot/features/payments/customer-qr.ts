/** The customer's QR message, the booking flow's last step when the customer pays first. */
import { InputFile } from "grammy";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Payable } from "../../../bookings/service.js";
import type { BotContext } from "../../context.js";
import { customerQrKeyboard, paymentPhoto, type Reader } from "./messages.js";

/** The customer's QR message, sent by the booking flow: the exact total, the reference, the deadline. */
export async function sendPaymentQr(
  api: BotContext["api"],
  chatId: number,
  payment: PaymentRecord,
  what: Payable,
  r: Reader,
): Promise<void> {
  const photo = await paymentPhoto(payment, what, r);
  await api.sendPhoto(chatId, new InputFile(photo.png, `promptpay-${payment.reference}.png`), {
    caption: photo.caption,
    parse_mode: "HTML",
    reply_markup: customerQrKeyboard(what, r),
  });
}
