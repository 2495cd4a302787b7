/**
 * An admin decides a cancellation request: Approve refund (the ledger's once-only refund; the partner
 * decides the amount, which is shown) or Decline. The decision is claimed in the database first, so a
 * double tap, two admins or two instances decide a request once; a booking refunded another way
 * (/refund) closes its request without a second refund. /requests lists the pending ones.
 */
import { InlineKeyboard } from "grammy";
import {
  countPendingRequests,
  userActor,
  type BookingRecord,
  type CancelRequest,
  type GroupView,
  type RefundOutcome,
} from "../../../bookings/index.js";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { isNotModified } from "../../ui/telegram-errors.js";
import { ownedText, referenceOf, stateLabel } from "../admin/booking-labels.js";
import { customerShare, groupMoney } from "../../format/booking-money.js";
import { tellAgentToReturn } from "../payments/refunds.js";
import { amountText, tellBookingParties } from "./notices.js";
import { requestCardKeyboard, requestCardText } from "./request-cards.js";
import { refundCredit, sendCreditNote } from "./credit-notes.js";

const LIST_LIMIT = 10;

/** Replaces the tapped card with the card and `outcome` under it (buttons only when `keep`). */
async function updateCard(
  ctx: BotContext,
  request: CancelRequest,
  booking: BookingRecord,
  outcome: string,
  keep = false,
  group?: GroupView,
): Promise<void> {
  const locale = localeOf(ctx);
  const text = `${requestCardText(locale, request, booking, group)}\n\n${outcome}`;
  try {
    await ctx.editMessageText(text, {
      parse_mode: "HTML",
      reply_markup: keep ? requestCardKeyboard(locale, request) : new InlineKeyboard(),
    });
  } catch (error) {
    if (!isNotModified(error)) await ctx.reply(outcome, { parse_mode: "HTML" });
  }
}

/** Why a request is no longer open, for the admin who tapped it. */
function decidedText(ctx: BotContext, request: CancelRequest): string {
  const by = request.decided_by === null ? "-" : String(request.decided_by);
  return ctx.t("cancel-request-decided", { state: request.state, by });
}

function refundOutcomeText(ctx: BotContext, out: RefundOutcome): string {
  const ref = escapeHtml(referenceOf(out.booking));
  if (out.kind === "failed")
    return ctx.t("admin-refund-failed", {
      ref,
      error: ctx.t(out.error.userMessageKey),
      status: stateLabel(ctx, out.booking),
    });
  if (out.kind === "unknown") return ctx.t("admin-refund-unknown", { ref });
  if (out.kind === "owned") return ownedText(ctx, out.owner, ref);
  return ctx.t("cancel-request-closed", { ref, status: stateLabel(ctx, out.booking) });
}

/**
 * A group's request approved: every paid tee time refunded, each at most once (the ledger decides);
 * the card shows what the partner credited back, and the booker, the requester and the agent are told once.
 */
async function approveGroup(ctx: BotContext, request: CancelRequest, group: GroupView, adminId: number): Promise<void> {
  const { deps } = ctx;
  const requests = deps.cancelRequests;
  const paid = group.flights.filter((f) => f.state === "PAID");
  const first = paid[0] ?? group.flights[0];
  if (!first) return;
  if (paid.length === 0) {
    await requests.finish(request.id, "closed");
    const ref = escapeHtml(group.flights.map((f) => referenceOf(f)).join(", "));
    await updateCard(ctx, request, first, ctx.t("cancel-request-closed", { ref, status: "-" }), false, group);
    return;
  }
  const out = await deps.bookings.refundGroup(group.group.id, { actor: userActor(adminId) });
  const now = out.view.flights.filter((f) => f.state === "REFUNDED" && paid.some((p) => p.id === f.id));
  const credited = now.reduce((sum, f) => sum + (f.refunded_amount ?? 0), 0);
  deps.logger.info(
    { requestId: request.id, groupId: group.group.id, adminId, refunded: now.length, failed: out.failed },
    "group cancellation request approved",
  );
  if (now.length === 0) {
    // Nothing was refunded: the request is open again, its buttons back.
    await requests.reopen(request.id);
    const ref = escapeHtml(paid.map((f) => referenceOf(f)).join(", "));
    const owned = out.failed.some((f) => f.kind === "owned");
    await updateCard(
      ctx,
      request,
      first,
      ctx.t(owned ? "admin-owned-by-move" : "admin-refund-unknown", { ref }),
      true,
      out.view,
    );
    return;
  }
  await requests.finish(request.id, "approved", credited);
  for (const f of now) await requests.closeFor(f.id);
  const locale = localeOf(ctx);
  await updateCard(
    ctx,
    request,
    first,
    ctx.t("admin-refund-group-done", {
      refunded: now.length,
      flights: out.view.flights.length,
      amount: amountText(credited, locale),
    }),
    false,
    out.view,
  );
  await tellBookingParties(deps, first, "cancel-request-group-approved", {
    also: [Number(request.requester_id), first.agent_id === null ? null : Number(first.agent_id)],
    exclude: [adminId],
    // The customer's side: their share of what they paid for the tee times refunded.
    args: (l) => ({ amount: amountText(customerShare(groupMoney(now), credited), l), flights: now.length }),
  });
  await tellAgentToReturn(deps, { flights: now, groupId: group.group.id, credited, exclude: [adminId] });
  for (const f of now) await sendCreditNote(deps, f, refundCredit(f));
}

async function approve(ctx: BotContext, request: CancelRequest, adminId: number): Promise<void> {
  const { deps } = ctx;
  const group = await deps.bookings.getGroup(request.booking_id);
  if (group) return approveGroup(ctx, request, group, adminId);
  const requests = deps.cancelRequests;
  const booking = await deps.bookings.get(request.booking_id);
  if (!booking) return;
  if (booking.state !== "PAID") {
    // Refunded another way (/refund) or no longer paid: nothing more is refunded.
    await requests.finish(request.id, "closed");
    await updateCard(
      ctx,
      request,
      booking,
      ctx.t("cancel-request-closed", { ref: escapeHtml(referenceOf(booking)), status: stateLabel(ctx, booking) }),
    );
    return;
  }
  const out = await deps.bookings.refund(booking.id, { actor: userActor(adminId) });
  deps.logger.info(
    { requestId: request.id, bookingId: booking.id, adminId, outcome: out.kind },
    "cancellation request approved",
  );
  if (out.kind === "refunded") {
    await requests.finish(request.id, "approved", out.refundedAmount);
    const amount = amountText(out.refundedAmount, localeOf(ctx));
    await updateCard(
      ctx,
      request,
      out.booking,
      ctx.t("cancel-request-approved-admin", {
        amount,
        paid: amountText(out.booking.amount ?? out.booking.expected_amount, localeOf(ctx)),
      }),
    );
    await tellBookingParties(deps, out.booking, "cancel-request-approved", {
      also: [Number(request.requester_id), out.booking.agent_id === null ? null : Number(out.booking.agent_id)],
      exclude: [adminId],
      // The customer's side: their share of what they paid, as the partner credited the net back.
      args: (locale) => ({ amount: amountText(customerShare(out.booking, out.refundedAmount), locale) }),
    });
    await tellAgentToReturn(deps, { flights: [out.booking], credited: out.refundedAmount, exclude: [adminId] });
    await sendCreditNote(deps, out.booking, refundCredit(out.booking));
    return;
  }
  if (out.kind === "failed" || out.kind === "owned") {
    // Nothing was refunded: the request is open again, its buttons back.
    await requests.reopen(request.id);
    await updateCard(ctx, request, out.booking, refundOutcomeText(ctx, out), true);
    return;
  }
  // Unknown (the reaper reads the reservation back), or refunded meanwhile by another path.
  await requests.finish(request.id, out.kind === "unknown" ? "approved" : "closed");
  await updateCard(ctx, request, out.booking, refundOutcomeText(ctx, out));
}

async function decline(ctx: BotContext, request: CancelRequest, adminId: number): Promise<void> {
  const { deps } = ctx;
  await deps.cancelRequests.finish(request.id, "declined");
  const group = await deps.bookings.getGroup(request.booking_id);
  const booking = group
    ? (group.flights.find((f) => f.state === "PAID") ?? group.flights[0])
    : await deps.bookings.get(request.booking_id);
  if (!booking) return;
  deps.logger.info({ requestId: request.id, bookingId: request.booking_id, adminId }, "cancellation request declined");
  await updateCard(ctx, request, booking, ctx.t("cancel-request-declined-admin"), false, group);
  // Only who asked, and the agent credited with the booking: the booking stands for everyone else.
  await tellBookingParties(deps, booking, "cancel-request-declined", {
    onlyAlso: true,
    also: [Number(request.requester_id), booking.agent_id === null ? null : Number(booking.agent_id)],
    exclude: [adminId],
  });
}

/** Approve refund / Decline on a card (`rq:ok:<id>` / `rq:no:<id>`); the caller checked the role. */
export async function decideRequest(ctx: BotContext, action: "ok" | "no", requestId: string): Promise<void> {
  const adminId = ctx.from?.id;
  const requests = ctx.deps.cancelRequests;
  const request = await requests.get(requestId);
  if (!request || adminId === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("admin-button-invalid"), show_alert: true });
    return;
  }
  // The one decision: whoever moves it out of `pending` first. Everyone else is told who decided.
  if (!(await requests.claim(request.id, adminId))) {
    const current = (await requests.get(request.id)) ?? request;
    await ctx.answerCallbackQuery({ text: decidedText(ctx, current), show_alert: true });
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t(action === "ok" ? "admin-refund-working" : "cancel-request-declining") });
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  if (action === "ok") await approve(ctx, request, adminId);
  else await decline(ctx, request, adminId);
}

/** /requests: the pending requests, one card each (the oldest first). */
export async function requestsCommand(ctx: BotContext): Promise<void> {
  const { deps } = ctx;
  const total = await countPendingRequests(deps.storage);
  if (total === 0) {
    await ctx.reply(ctx.t("cancel-request-none"));
    return;
  }
  await ctx.reply(ctx.t("cancel-request-list", { count: total, shown: Math.min(total, LIST_LIMIT) }));
  const locale = localeOf(ctx);
  for (const request of await deps.cancelRequests.pending(LIST_LIMIT)) {
    const group = await deps.bookings.getGroup(request.booking_id);
    const booking = group ? group.flights[0] : await deps.bookings.get(request.booking_id);
    if (!booking) continue;
    await ctx.reply(requestCardText(locale, request, booking, group), {
      parse_mode: "HTML",
      reply_markup: requestCardKeyboard(locale, request),
    });
  }
}
