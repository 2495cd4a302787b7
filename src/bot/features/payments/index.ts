/**
 * Customers' payments, outside the booking flow (the flow ends once the QR is shown). Installed before
 * the booking conversation, so an agent mid-booking can still decide. One file per idea:
 * - `slips.ts` — a customer's slip photo (or image file) reaches the agent and the admins with its bank
 *   reference; late, re-used and too-large slips; anyone else's photo goes nowhere;
 * - `decision.ts` — Paid — confirm (approved once, then the partner's confirm) or Not received;
 * - `receipts.ts` — the customer's receipt and calendar file once paid;
 * - `cancel.ts` — the customer cancels before paying;
 * - `request.ts` — an agent asks a customer to pay for a booking already made, and marks it paid;
 * - `returned.ts` — a decider marks the money of a failed booking returned;
 * - `list.ts` — /payments, the payments awaiting a decision;
 * - `promptpay.ts` — /promptpay, an agent's own PromptPay ID;
 * - `customer-qr.ts` — the customer's QR message, sent by the booking flow;
 * - `refunds.ts` — what a refund of a paid-first booking means: what the agent returns;
 * - `expiry.ts` — the reaper ended a payment's holds: who is told what;
 * - `hold-warnings.ts` — the leader's warning to a customer who has not paid, before the hold lapses;
 * - `who-decides.ts`, `close-card.ts`, `messages.ts` (every text and keyboard), `callback-data.ts` (`py:`
 *   buttons) — what the others share.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { parsePaymentData, PAYMENT_DATA_PREFIX } from "./callback-data.js";
import { cancelByCustomer } from "./cancel.js";
import { decide } from "./decision.js";
import { paymentsCommand } from "./list.js";
import { promptpayCommand } from "./promptpay.js";
import { requestPayment } from "./request.js";
import { markReturned } from "./returned.js";
import { onSlip } from "./slips.js";

/** The booking flow's QR step sends it (conversations/booking/pay.ts). */

/** Installed after the access gate and before the booking conversation. */
export function createPaymentsFeature() {
  const feature = new Composer<BotContext>();
  feature.on(["message:photo", "message:document"], onSlip);
  feature.command("payments", paymentsCommand);
  feature.command("promptpay", promptpayCommand);
  feature.callbackQuery(new RegExp(`^${PAYMENT_DATA_PREFIX}`), async (ctx) => {
    const data = parsePaymentData(ctx.callbackQuery.data);
    if (!data || ctx.who.role === "stranger") {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-button-invalid"), show_alert: true });
      return;
    }
    switch (data.action) {
      case "approve":
      case "mark-paid":
        return decide(ctx, data.bookingId, true);
      case "reject":
        return decide(ctx, data.bookingId, false);
      case "cancel":
        return cancelByCustomer(ctx, data.bookingId);
      case "request":
        return requestPayment(ctx, data.bookingId);
      case "returned":
        return markReturned(ctx, data.bookingId);
      default:
        return data.action satisfies never;
    }
  });
  return feature;
}
