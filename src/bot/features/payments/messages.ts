/**
 * What the payment step shows: the PromptPay QR for the exact selling total with its reference and
 * deadline (to the customer, or to an agent to forward), the slip card the agent and admins decide on,
 * and the customer's receipt once the partner confirmed. Texts take a translator, so they are written
 * in their reader's language whoever's update sends them.
 */
import { InlineKeyboard } from "grammy";
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import type { Payable } from "../../../bookings/service.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import { maskedPromptPayId, promptPayPayload, qrPng, type PromptPayId } from "../../../payments/promptpay.js";
import { payeeId } from "../../../payments/settings.js";
import { confirmedGroupText, confirmedText, groupOutcomeText } from "../../conversations/booking/summary.js";
import type { Locale } from "../../context.js";
import { groupMoney, sellingOf, netOf } from "../../format/booking-money.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { bookingCourseName, groupHoldSetEnd } from "../../../bookings/index.js";
import { translate } from "../after-booking/notices.js";
import { paymentData } from "./callback-data.js";

type T = (key: string, args?: Record<string, string | number>) => string;
export interface Reader {
  t: T;
  locale: Locale;
}

/** A reader in `locale`: texts for someone other than the sender of the update (a customer, a decider). */
export function readerIn(locale: Locale): Reader {
  return { t: (key, args) => translate(locale, key, args), locale };
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

/** A group in one line: course, date, its tee times, players over tee times. */
export function groupLine(view: GroupView, r: Reader): string {
  const first = view.flights[0]!;
  return r.t("pay-group-line", {
    course: escapeHtml(bookingCourseName(first, r.locale)),
    date: formatDate(dateKeyOf(first.slot_starts_at, first.time_zone), r.locale),
    times: view.flights.map((f) => formatTime(f.slot_starts_at, f.time_zone, r.locale)).join(", "),
    players: view.group.persons,
    flights: view.flights.length,
  });
}

/** What a payment is for, in one line: its booking, or its group. */
export function payableLine(what: Payable, r: Reader): string {
  return what.group ? groupLine(what.group, r) : bookingLine(what.booking, r);
}

/** When the holds a payment is for end (a group's flights end together); undefined when not held. */
export function payableHoldEnd(what: Payable): number | undefined {
  return what.group ? groupHoldSetEnd(what.group.flights) : (what.booking.hold_expires_at ?? undefined);
}

/** Satang: the net and the selling amount of what a payment is for (a group's flights together). */
function payableMoney(what: Payable): { net: number; selling: number } {
  const money = what.group ? groupMoney(what.group.flights) : what.booking;
  return { net: netOf(money), selling: sellingOf(money) };
}

/** The id a payment's buttons name: the booking's, or the group's. */
export function payableId(what: Payable): string {
  return what.group?.group.id ?? what.booking.id;
}

/**
 * A PromptPay QR asking for exactly `amount` (satang) to `payee` under `reference`, and its caption's head: the
 * amount, `what` it pays for, to whom (masked) and the reference. A booking's payment and a trip's instalment
 * both ask this way.
 */
export async function promptPayAsk(
  ask: { payee: PromptPayId; amount: number; reference: string },
  what: string,
  r: Reader,
): Promise<{ png: Buffer; lines: string[] }> {
  const png = await qrPng(promptPayPayload(ask.payee, ask.amount, ask.reference));
  const lines = [
    `💳 <b>${r.t("pay-title", { amount: formatBaht(ask.amount, r.locale) })}</b>`,
    what,
    r.t("pay-to", { payee: maskedPromptPayId(ask.payee), reference: escapeHtml(ask.reference) }),
  ];
  return { png, lines };
}

/**
 * The QR image asking for the payment's exact amount, and its caption: to whom, the reference and,
 * for a customer's booking or group, the deadline (the holds' end) and what to do next.
 */
export async function paymentPhoto(
  payment: PaymentRecord,
  what: Payable,
  r: Reader,
  options: { forAgent?: boolean; sendSlipKey?: string } = {},
): Promise<{ png: Buffer; caption: string }> {
  const payee = payeeId(payment.payee);
  if (!payee) throw new Error(`payment of ${payment.booking_id}: the payee ${payment.payee} is no PromptPay ID`);
  const ask = { payee, amount: payment.amount, reference: payment.reference };
  const { png, lines } = await promptPayAsk(ask, payableLine(what, r), r);
  const ends = payableHoldEnd(what);
  if (options.forAgent) lines.push("", r.t("pay-request-forward"));
  else if (ends)
    lines.push(
      "",
      r.t("pay-deadline", { time: formatTime(ends, what.booking.time_zone, r.locale) }),
      r.t(options.sendSlipKey ?? "pay-send-slip"),
    );
  return { png, caption: lines.join("\n") };
}

/** The keyboard under a customer's QR: cancel before paying (the booking, or the whole group). */
export function customerQrKeyboard(what: Payable, r: Reader): InlineKeyboard {
  return new InlineKeyboard().text(r.t("pay-btn-cancel"), paymentData("cancel", payableId(what)));
}

/** The slip card the agent and admins get: the booking, the amount asked, what the slip says, and the decision buttons. */
export function slipCard(
  payment: PaymentRecord,
  what: Payable,
  r: Reader,
  options: {
    late?: boolean;
    reusedOf?: string | null;
    reusedCode?: string | null;
    /** What was sent before: the bank reference (default), the very file, or the same picture. */
    reusedBy?: "ref" | "file" | "pixels";
  },
): { caption: string; keyboard?: InlineKeyboard } {
  const b = what.booking;
  const money = payableMoney(what);
  const state = what.group ? what.group.group.state : b.state;
  const ends = payableHoldEnd(what);
  const asked = { amount: formatBaht(payment.amount, r.locale), reference: escapeHtml(payment.reference) };
  const lines = [
    `🧾 <b>${r.t(options.late ? "pay-slip-late-title" : "pay-slip-title", { customer: escapeHtml(b.customer_name) })}</b>`,
    payableLine(what, r),
    // A move's difference: the new tee time's net and margin are not what this payment is.
    payment.kind === "move"
      ? r.t("pay-slip-asked-move", asked)
      : r.t("pay-slip-asked", {
          ...asked,
          net: formatBaht(money.net, r.locale),
          margin: formatBaht(money.selling - money.net, r.locale),
        }),
  ];
  if (payment.slip_ref) lines.push(r.t("pay-slip-ref", { ref: escapeHtml(payment.slip_ref) }));
  // Not read: no re-use check by bank reference was possible; the decider checks the transfer by eye.
  else lines.push(`⚠️ ${r.t("pay-slip-qr-not-read", { why: payment.slip_qr ?? "unread" })}`);
  if (options.reusedOf) {
    const code = escapeHtml(options.reusedCode ?? options.reusedOf);
    const by = options.reusedBy ?? "ref";
    lines.push(`⚠️ ${by === "ref" ? r.t("pay-slip-reused", { code }) : r.t("pay-slip-reused-image", { code, by })}`);
  }
  if (options.late) {
    lines.push(
      `⚠️ ${r.t("pay-slip-late", {
        state,
        time: ends ? formatTime(ends, b.time_zone, r.locale) : "-",
        amount: formatBaht(payment.amount, r.locale),
      })}`,
    );
    return { caption: lines.join("\n") };
  }
  if (ends) lines.push(r.t("pay-slip-hold", { time: formatTime(ends, b.time_zone, r.locale) }));
  const keyboard = new InlineKeyboard()
    .text(r.t("pay-btn-approve"), paymentData("approve", payableId(what)))
    .text(r.t("pay-btn-reject"), paymentData("reject", payableId(what)));
  return { caption: lines.join("\n"), keyboard };
}

/** The customer's receipt of a booking paid first: what they paid, what is due at the course. */
export function customerReceipt(b: BookingRecord, r: Reader): string {
  return confirmedText(b, undefined, { ...r, audience: "customer" });
}

/**
 * The customer's receipt of a group paid first: every tee time with its code, what was prepaid and
 * what is due at the course; a group paid only in part says which tee times are booked.
 */
export function customerGroupReceipt(view: GroupView, r: Reader): string {
  const env = { ...r, audience: "customer" as const };
  return view.group.state === "PAID" || view.flights.every((f) => f.state === "PAID")
    ? confirmedGroupText(view, undefined, env)
    : groupOutcomeText("partial", view, undefined, env);
}
