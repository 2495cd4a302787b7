/**
 * The agent's (or an admin's) decision on a customer's payment: Paid — confirm approves once (the
 * ledger's compare-and-set) and only then is the partner's confirm made (a group's through
 * `confirmGroup`); the customer gets the receipt. A move's difference approved goes to the admins as the
 * move to approve (its saga is theirs), the customer told. Not received tells them. An approval the
 * partner did not confirm keeps its buttons for another try.
 */
import type { GroupConfirmOutcome } from "../../../bookings/index.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Payable } from "../../../bookings/service.js";
import type { BotContext } from "../../context.js";
import { groupMoney, sellingOf } from "../../format/booking-money.js";
import { formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { parseLocale } from "../../../locale.js";
import { localeOf } from "../../i18n.js";
import { closeCard } from "./close-card.js";
import { payableHoldEnd, payableLine, readerIn } from "./messages.js";
import { sendGroupReceipt, sendReceipt } from "./receipts.js";
import { mayDecide } from "./who-decides.js";
import { askAdmins } from "../moves/notices.js";

/** Tells the customer something about their payment (of a booking or a group), in their language. */
async function tellCustomer(ctx: BotContext, what: Payable, key: string, args: Record<string, string | number>) {
  const b = what.booking;
  const locale = await ctx.deps.notifications.localeOf(Number(b.user_id));
  const r = readerIn(locale);
  await ctx.deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: `${r.t(key, args)}\n${payableLine(what, r)}`,
    what: `payment-${key}`,
  });
}

/** Paid — confirm (`approve`; an agent's request marked paid too) or Not received on a payment's card. */
export async function decide(ctx: BotContext, bookingId: string, approve: boolean): Promise<void> {
  const { deps } = ctx;
  const payment = await deps.bookings.payment(bookingId);
  if (!payment || !mayDecide(ctx, payment)) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery(approve ? { text: `⏳ ${ctx.t("confirm-working")}` } : undefined);
  const actorId = ctx.from?.id ?? 0;
  const out = await deps.bookings.decidePayment(bookingId, { approve, actorId });
  const locale = localeOf(ctx);
  const what = await deps.bookings.payable(bookingId);
  const b = what.booking;
  const who = escapeHtml([ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ") || String(actorId));
  switch (out.kind) {
    case "decided": {
      // A person (their id) or the slip check (`slip-check:<provider>`).
      const by = out.payment.decided_by ?? out.payment.decided_via ?? "?";
      await closeCard(ctx, ctx.t("pay-card-decided", { state: out.payment.state, by }));
      return;
    }
    case "rejected":
      await closeCard(ctx, ctx.t("pay-card-rejected", { who }));
      await tellCustomer(ctx, what, "pay-rejected-customer", {
        amount: formatBaht(out.payment.amount, parseLocale(b.locale, "en")),
        reference: escapeHtml(out.payment.reference),
      });
      return;
    case "expired":
      await closeCard(ctx, ctx.t("pay-card-expired", { amount: formatBaht(out.payment.amount, locale) }));
      // A move's difference: its old booking stands; the move's own end tells the customer, once.
      if (out.payment.kind !== "move") await tellCustomer(ctx, what, "pay-expired-customer", {});
      return;
    case "group-approved":
      return groupApproved(ctx, out.payment, out.confirm, who);
    case "move-approved":
      return moveApproved(ctx, bookingId, who);
    case "approved":
      break;
  }
  if (out.payment.kind === "request") {
    await closeCard(ctx, ctx.t("pay-card-request-paid", { who }));
    return;
  }
  const confirm = out.confirm;
  if (confirm.kind === "paid") {
    await closeCard(ctx, ctx.t("pay-card-paid", { who, code: escapeHtml(confirm.booking.reservation_code ?? "-") }));
    await sendReceipt(ctx, confirm.booking);
    await deps.notifications.afterPaid(bookingId, confirm.balanceAfter);
    return;
  }
  if (confirm.kind === "expired" || confirm.kind === "not-held") {
    await closeCard(ctx, ctx.t("pay-card-expired", { amount: formatBaht(out.payment.amount, locale) }));
    await tellCustomer(ctx, what, "pay-expired-customer", {});
    return;
  }
  // Approved, but the partner did not confirm (no credit, a refusal, an unknown outcome): the buttons stay.
  const reason =
    confirm.kind === "insufficient"
      ? ctx.t("confirm-insufficient")
      : confirm.kind === "failed"
        ? ctx.t(confirm.error.userMessageKey)
        : ctx.t("confirm-unknown");
  await closeCard(
    ctx,
    confirmFailedText(ctx, reason, confirm.booking.hold_expires_at, confirm.booking.time_zone),
    true,
  );
}

/**
 * A move's difference approved: the card closed, the move (still held) sent to every admin to approve, and
 * the customer told it waits for them. A move over meanwhile is told by its own end (the reaper's event).
 */
async function moveApproved(ctx: BotContext, newBookingId: string, who: string): Promise<void> {
  const { deps } = ctx;
  await closeCard(ctx, ctx.t("pay-card-move-approved", { who }));
  const move = (await deps.bookings.movesOf(newBookingId)).find((m) => m.new_booking_id === newBookingId);
  if (!move) return;
  const view = await deps.bookings.getMove(move.id);
  if (view.move.state !== "HELD") return;
  await askAdmins(deps, view, "customer");
  await tellCustomer(ctx, { booking: view.new }, "move-customer-paid", {
    amount: formatBaht(view.payment?.amount ?? 0, parseLocale(view.old.locale, "en")),
    code: escapeHtml(view.old.reservation_code ?? "-"),
  });
}

/** An approval whose confirm failed: why, and that fairway tries again by itself until the holds end. */
function confirmFailedText(ctx: BotContext, reason: string, ends: number | null | undefined, timeZone: string): string {
  const time = ends ? formatTime(ends, timeZone, localeOf(ctx)) : "-";
  return ctx.t("pay-card-confirm-failed", { reason, time });
}

/**
 * A group's payment approved: its confirm went through `confirmGroup` (one balance read, the flights
 * one by one). Paid: the customer's receipt. Paid in part: the customer is told which tee times are
 * booked and the decider what to return. Expired: nothing booked, the money to return. Not confirmed
 * (no credit, a refusal): the buttons stay for another try.
 */
async function groupApproved(
  ctx: BotContext,
  payment: PaymentRecord,
  confirm: GroupConfirmOutcome,
  who: string,
): Promise<void> {
  const { deps } = ctx;
  const locale = localeOf(ctx);
  const view = confirm.view;
  const what: Payable = { booking: view.flights[0]!, group: view };
  const paid = view.flights.filter((f) => f.state === "PAID");
  switch (confirm.kind) {
    case "paid":
      await closeCard(ctx, ctx.t("pay-card-group-paid", { who, flights: view.flights.length }));
      await sendGroupReceipt(ctx, view);
      await deps.notifications.afterGroupPaid(view.group.id, confirm.balanceAfter);
      return;
    case "partial":
    case "unknown": {
      const unpaid = groupMoney(view.flights.filter((f) => f.state !== "PAID"));
      await closeCard(
        ctx,
        ctx.t("pay-card-group-partial", {
          who,
          paid: paid.length,
          flights: view.flights.length,
          give: formatBaht(sellingOf(unpaid), locale),
        }),
      );
      if (paid.length > 0) {
        await sendGroupReceipt(ctx, view);
        await deps.notifications.afterGroupPaid(view.group.id);
      }
      return;
    }
    case "expired":
    case "not-held":
      await closeCard(ctx, ctx.t("pay-card-expired", { amount: formatBaht(payment.amount, locale) }));
      await tellCustomer(ctx, what, "pay-expired-customer", {});
      return;
    case "busy":
      // Another tap (an admin, another instance) is confirming the group, or the reaper will settle it.
      await closeCard(ctx, ctx.t("pay-card-group-busy"));
      return;
    case "insufficient":
    case "failed": {
      const reason =
        confirm.kind === "insufficient"
          ? ctx.t("confirm-insufficient")
          : ctx.t(confirm.stop.error?.userMessageKey ?? "partner-error-generic");
      const ends = payableHoldEnd(what);
      await closeCard(ctx, confirmFailedText(ctx, reason, ends, what.booking.time_zone), true);
      return;
    }
  }
}
