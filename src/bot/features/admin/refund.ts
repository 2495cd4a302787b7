import { InlineKeyboard } from "grammy";
import { userActor, type BookingRecord, type GroupView, type RefundOutcome } from "../../../bookings/index.js";
import { bookingLines, groupFlightLines } from "../../conversations/booking/summary.js";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { isNotModified } from "../../ui/telegram-errors.js";
import { formatBaht } from "../../format/money.js";
import { customerShare, sellingOf } from "../../format/booking-money.js";
import { afterAdminRefund } from "../after-booking/admin-actions.js";
import { balanceLine } from "./balance.js";
import { groupRefundConfirmData, refundConfirmData, REFUND_CANCEL_DATA } from "./data.js";
import { ownedText, referenceOf, stateLabel } from "./booking-labels.js";
import { IN_FLIGHT, writeTarget } from "./booking-lookup.js";

/** Edits the message the button was on (or replies, for a command), ignoring "not modified". */
async function showAdmin(ctx: BotContext, text: string, reply_markup?: InlineKeyboard): Promise<void> {
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { parse_mode: "HTML", ...(reply_markup ? { reply_markup } : {}) });
      return;
    } catch (error) {
      if (isNotModified(error)) return;
    }
  }
  await ctx.reply(text, { parse_mode: "HTML", ...(reply_markup ? { reply_markup } : {}) });
}

/** Why `booking` cannot be refunded now; undefined when it can (it is PAID). */
export function refundRefusal(ctx: BotContext, booking: BookingRecord): string | undefined {
  const ref = escapeHtml(referenceOf(booking));
  const status = stateLabel(ctx, booking);
  if (booking.state === "PAID") return undefined;
  if (booking.state === "HELD") return ctx.t("admin-refund-held", { ref });
  if (booking.state === "REFUNDED") {
    const amount =
      booking.refunded_amount === null
        ? ctx.t("admin-amount-unknown")
        : formatBaht(booking.refunded_amount, localeOf(ctx));
    return ctx.t("admin-refund-already", { ref, amount });
  }
  if (IN_FLIGHT.has(booking.state)) return ctx.t("admin-busy", { ref, status });
  return ctx.t("admin-refund-not-paid", { ref, status });
}

function confirmView(ctx: BotContext, booking: BookingRecord, group?: GroupView) {
  const locale = localeOf(ctx);
  const paid = group?.flights.filter((f) => f.state === "PAID") ?? [];
  const text = [
    `<b>${ctx.t("admin-refund-confirm-title")}</b>`,
    ...bookingLines(booking, undefined, { t: (k, a) => ctx.t(k, a), locale, audience: "staff" }),
    `🔖 ${ctx.t("summary-code", { code: escapeHtml(referenceOf(booking)) })}`,
    // A group's tee time: this one alone, or every paid one of the group.
    ...(group
      ? [
          "",
          ctx.t("admin-refund-group", { n: booking.flight ?? 0, flights: group.flights.length, paid: paid.length }),
          ...groupFlightLines(group, { t: (k, a) => ctx.t(k, a), locale }, true),
        ]
      : []),
    "",
    ctx.t("admin-refund-policy"),
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("admin-btn-confirm-refund"), refundConfirmData(booking.id))
    .text(ctx.t("admin-btn-cancel"), REFUND_CANCEL_DATA);
  if (group && paid.length > 1)
    keyboard.row().text(ctx.t("admin-btn-refund-group", { paid: paid.length }), groupRefundConfirmData(group.group.id));
  return { text, keyboard };
}

/** /refund <reservation id or code>: what will be refunded, and [Confirm refund] [Cancel]. */
export async function refundCommand(ctx: BotContext, match: string): Promise<void> {
  const target = await writeTarget(ctx, match, "admin-refund-usage", refundRefusal);
  if (!target) return;
  const { booking, stale } = target;
  if (stale) {
    // Money is not refunded on a view of the reservation that may be out of date.
    await ctx.reply(`${ctx.t("admin-partner-unreachable")}\n${stale}`, { parse_mode: "HTML" });
    return;
  }
  const group = booking.group_id !== null ? await ctx.deps.bookings.getGroup(booking.group_id) : undefined;
  const view = confirmView(ctx, booking, group);
  await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.keyboard });
}

/**
 * [Refund the whole group]: every paid tee time of the group refunded, each at most once (the ledger
 * decides), then one answer with what the partner credited back, and one notice to the booker.
 */
export async function confirmGroupRefund(ctx: BotContext, groupId: string): Promise<void> {
  const adminId = ctx.from?.id;
  const group = await ctx.deps.bookings.getGroup(groupId);
  if (!group || adminId === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("admin-button-invalid"), show_alert: true });
    return;
  }
  if (!group.flights.some((f) => f.state === "PAID")) {
    await ctx.answerCallbackQuery({ text: ctx.t("admin-refund-group-none"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("admin-refund-working") });
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  const before = new Set(group.flights.filter((f) => f.state === "REFUNDED").map((f) => f.id));
  const out = await ctx.deps.bookings.refundGroup(groupId, { actor: userActor(adminId) });
  ctx.deps.logger.info({ groupId, adminId, failed: out.failed }, "admin group refund");
  const locale = localeOf(ctx);
  const now = out.view.flights.filter((f) => f.state === "REFUNDED" && !before.has(f.id));
  const credited = now.reduce((sum, f) => sum + (f.refunded_amount ?? 0), 0);
  const text = [
    ctx.t("admin-refund-group-done", {
      refunded: now.length,
      flights: out.view.flights.length,
      amount: formatBaht(credited, locale),
    }),
    ...groupFlightLines(out.view, { t: (k, a) => ctx.t(k, a), locale }, true),
    out.failed.some((f) => f.kind === "owned")
      ? ctx.t("admin-owned-by-move", {
          ref: escapeHtml(
            out.view.flights
              .filter((f) => out.failed.some((x) => x.kind === "owned" && x.flight === f.flight))
              .map((f) => referenceOf(f))
              .join(", "),
          ),
        })
      : out.failed.length > 0
        ? ctx.t("admin-refund-group-failed", { flights: out.failed.map((f) => f.flight).join(", ") })
        : "",
    await balanceLine(ctx),
  ].filter(Boolean);
  await showAdmin(ctx, text.join("\n"));
  const first = now[0];
  if (first) await afterAdminRefund(ctx.deps, first, credited, adminId, { group: out.view, refunded: now });
}

function outcomeText(ctx: BotContext, out: RefundOutcome): string {
  const locale = localeOf(ctx);
  const ref = escapeHtml(referenceOf(out.booking));
  switch (out.kind) {
    case "refunded":
      return [
        ctx.t("admin-refund-done", {
          ref,
          refunded:
            out.refundedAmount === null ? ctx.t("admin-amount-unknown") : formatBaht(out.refundedAmount, locale),
          paid: formatBaht(out.booking.amount ?? out.booking.expected_amount, locale),
          status: escapeHtml(out.booking.partner_status ?? "?"),
        }),
        // What the customer paid, and what to return to them (fairway moves no customer money itself).
        ...(out.booking.selling_amount !== null && out.refundedAmount !== null
          ? [
              ctx.t("pay-refund-advice", {
                paid: formatBaht(sellingOf(out.booking), locale),
                credited: formatBaht(out.refundedAmount, locale),
                give: formatBaht(customerShare(out.booking, out.refundedAmount) ?? 0, locale),
              }),
            ]
          : []),
      ].join("\n");
    case "failed":
      return ctx.t("admin-refund-failed", {
        ref,
        error: ctx.t(out.error.userMessageKey),
        status: stateLabel(ctx, out.booking),
      });
    case "unknown":
      return ctx.t("admin-refund-unknown", { ref });
    case "owned":
      return ownedText(ctx, out.owner, ref);
    case "busy":
      return ctx.t("admin-busy", { ref, status: stateLabel(ctx, out.booking) });
    case "not-paid":
      return (
        refundRefusal(ctx, out.booking) ?? ctx.t("admin-refund-not-paid", { ref, status: stateLabel(ctx, out.booking) })
      );
  }
}

/** [Confirm refund]: re-reads the booking, removes the buttons, refunds once, shows the answer and the credit after. */
export async function confirmRefund(ctx: BotContext, bookingId: string): Promise<void> {
  const adminId = ctx.from?.id;
  const booking = await ctx.deps.bookings.get(bookingId);
  if (!booking || adminId === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("admin-button-invalid"), show_alert: true });
    return;
  }
  // A replayed or second tap, or data for a booking that is not PAID: say where it stands, change nothing.
  const refusal = refundRefusal(ctx, booking);
  if (refusal) {
    await ctx.answerCallbackQuery({ text: plain(refusal), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("admin-refund-working") });
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  const out = await ctx.deps.bookings.refund(booking.id, { actor: userActor(adminId) });
  ctx.deps.logger.info({ bookingId: booking.id, adminId, outcome: out.kind }, "admin refund");
  const balance = out.kind === "refunded" ? `\n${await balanceLine(ctx)}` : "";
  await showAdmin(ctx, `${outcomeText(ctx, out)}${balance}`);
  if (out.kind === "refunded") await afterAdminRefund(ctx.deps, out.booking, out.refundedAmount, adminId);
}

/** [Cancel] on the refund question. */
export async function cancelRefund(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery();
  await showAdmin(ctx, ctx.t("admin-refund-cancelled"), new InlineKeyboard());
}

/** Callback answers are plain text of at most 200 characters. */
function plain(html: string): string {
  const text = html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
