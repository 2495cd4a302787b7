/**
 * What the payment step shows: the PromptPay QR for the exact selling total with its reference and
 * deadline (to the customer, or to an agent to forward), the slip card the agent and admins decide on,
 * and the customer's receipt once the partner confirmed. Texts take a translator, so they are written
 * in their reader's language whoever's update sends them.
 */
import { InlineKeyboard } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import { maskedPromptPayId, promptPayPayload, qrPng } from "../../../payments/promptpay.js";
import { payeeId } from "../../../payments/settings.js";
import { confirmedText } from "../../conversations/booking/summary.js";
import type { Locale } from "../../context.js";
import { sellingOf, netOf } from "../../format/booking-money.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { bookingCourseName } from "../../../bookings/index.js";
import { paymentData } from "./callback-data.js";

type T = (key: string, args?: Record<string, string | number>) => string;
export interface Reader {
  t: T;
  locale: Locale;
}

/** The booking in one line: course, date and time, players. */
export function bookingLine(b: BookingRecord, r: Reader): string {
  return r.t("pay-booking-line", {
    course: escapeHtml(bookingCourseName(b, r.locale)),
    date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), r.locale),
    time: formatTime(b.slot_starts_at, b.time_zone, r.locale),
    players: b.persons,
  });
}

/**
 * The QR image asking for the payment's exact amount, and its caption: to whom, the reference and,
 * for a customer's booking, the deadline (the hold's end) and what to do next.
 */
export async function paymentPhoto(
  payment: PaymentRecord,
  b: BookingRecord,
  r: Reader,
  options: { forAgent?: boolean } = {},
): Promise<{ png: Buffer; caption: string }> {
  const payee = payeeId(payment.payee);
  if (!payee) throw new Error(`payment of ${b.id}: the payee ${payment.payee} is no PromptPay ID`);
  const png = await qrPng(promptPayPayload(payee, payment.amount, payment.reference));
  const lines = [
    `💳 <b>${r.t("pay-title", { amount: formatBaht(payment.amount, r.locale) })}</b>`,
    bookingLine(b, r),
    r.t("pay-to", { payee: maskedPromptPayId(payee), reference: escapeHtml(payment.reference) }),
  ];
  if (options.forAgent) lines.push("", r.t("pay-request-forward"));
  else if (b.hold_expires_at)
    lines.push(
      "",
      r.t("pay-deadline", { time: formatTime(b.hold_expires_at, b.time_zone, r.locale) }),
      r.t("pay-send-slip"),
    );
  return { png, caption: lines.join("\n") };
}

/** The keyboard under a customer's QR: cancel before paying. */
export function customerQrKeyboard(b: BookingRecord, r: Reader): InlineKeyboard {
  return new InlineKeyboard().text(r.t("pay-btn-cancel"), paymentData("cancel", b.id));
}

/** The slip card the agent and admins get: the booking, the amount asked, what the slip says, and the decision buttons. */
export function slipCard(
  payment: PaymentRecord,
  b: BookingRecord,
  r: Reader,
  options: { late?: boolean; reusedOf?: string | null; reusedCode?: string | null },
): { caption: string; keyboard?: InlineKeyboard } {
  const lines = [
    `🧾 <b>${r.t(options.late ? "pay-slip-late-title" : "pay-slip-title", { customer: escapeHtml(b.customer_name) })}</b>`,
    bookingLine(b, r),
    r.t("pay-slip-asked", {
      amount: formatBaht(payment.amount, r.locale),
      reference: escapeHtml(payment.reference),
      net: formatBaht(netOf(b), r.locale),
      margin: formatBaht(sellingOf(b) - netOf(b), r.locale),
    }),
  ];
  if (payment.slip_ref) lines.push(r.t("pay-slip-ref", { ref: escapeHtml(payment.slip_ref) }));
  else lines.push(r.t("pay-slip-no-ref"));
  if (options.reusedOf)
    lines.push(`⚠️ ${r.t("pay-slip-reused", { code: escapeHtml(options.reusedCode ?? options.reusedOf) })}`);
  if (options.late) {
    lines.push(
      `⚠️ ${r.t("pay-slip-late", {
        state: b.state,
        time: b.hold_expires_at ? formatTime(b.hold_expires_at, b.time_zone, r.locale) : "-",
        amount: formatBaht(payment.amount, r.locale),
      })}`,
    );
    return { caption: lines.join("\n") };
  }
  if (b.hold_expires_at)
    lines.push(r.t("pay-slip-hold", { time: formatTime(b.hold_expires_at, b.time_zone, r.locale) }));
  const keyboard = new InlineKeyboard()
    .text(r.t("pay-btn-approve"), paymentData("approve", b.id))
    .text(r.t("pay-btn-reject"), paymentData("reject", b.id));
  return { caption: lines.join("\n"), keyboard };
}

/** The customer's receipt of a booking paid first: what they paid, what is due at the course. */
export function customerReceipt(b: BookingRecord, r: Reader): string {
  return confirmedText(b, undefined, { ...r, audience: "customer" });
}
