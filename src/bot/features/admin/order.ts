import { InlineKeyboard } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import { attributedTo } from "../../../bookings/queries.js";
import type { Reservation } from "../../../partner/index.js";
import { bookingLines } from "../../conversations/booking/summary.js";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { formatDateTime } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { attributionText, knownAgentsAmong } from "./attribution.js";
import { ADMIN_TIME_ZONE } from "./bangkok-time.js";
import { referenceOf, stateLabel } from "./booking-labels.js";
import { findBooking, foreignReservation, referenceArg, refreshed } from "./booking-lookup.js";
import { fitLines } from "./fit-lines.js";
import { partnerErrorText } from "./partner-error-text.js";
import { pickData } from "../moves/data.js";
import { movable } from "../moves/index.js";

type History = Awaited<ReturnType<BotContext["deps"]["bookings"]["history"]>>;

/** The few fields of an event's detail worth a glance (reason, via, actor, the partner's status or error). */
function detailText(detail: string | null): string {
  if (!detail) return "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return "";
  }
  if (typeof parsed !== "object" || parsed === null) return "";
  const d = parsed as Record<string, unknown>;
  const parts = ["reason", "via", "actor", "partnerStatus", "name", "status"].flatMap((k) => {
    const value = d[k];
    return typeof value === "string" || typeof value === "number" ? [`${k}=${value}`] : [];
  });
  if (d.reconciled === true) parts.push("reconciled");
  return parts.length > 0 ? ` (${escapeHtml(truncate(parts.join(", "), 80))})` : "";
}

function historyLines(ctx: BotContext, booking: BookingRecord, history: History): string[] {
  const locale = localeOf(ctx);
  return history.map((e) => {
    const from = e.from_state ? `${escapeHtml(e.from_state)} → ` : "";
    return `• ${formatDateTime(e.at, booking.time_zone, locale)}: ${from}${escapeHtml(e.to_state)}${detailText(e.detail)}`;
  });
}

/** The partner's invoice id, the one an accountant reconciles against; nothing before there is one. */
function invoiceLine(ctx: BotContext, invoiceId: string | null | undefined): string {
  return invoiceId ? ctx.t("admin-order-invoice", { invoice: escapeHtml(invoiceId) }) : "";
}

async function partnerRead(
  ctx: BotContext,
  booking: BookingRecord,
): Promise<{ reservation?: Reservation; error?: string }> {
  if (!booking.reservation_id) return {};
  try {
    return { reservation: await ctx.deps.partner.getReservation(booking.reservation_id) };
  } catch (error) {
    return { error: partnerErrorText(ctx, error) };
  }
}

async function ledgerView(ctx: BotContext, found: BookingRecord): Promise<string> {
  const locale = localeOf(ctx);
  const { booking, stale } = await refreshed(ctx, found);
  const read = await partnerRead(ctx, booking);
  const [history, agents] = await Promise.all([
    ctx.deps.bookings.history(booking.id),
    knownAgentsAmong(ctx, [booking]),
  ]);
  const zoned = (ms: number) => formatDateTime(ms, booking.time_zone, locale);
  const r = read.reservation;
  const refundAt = r?.reserve?.refundAt ?? history.find((e) => e.to_state === "REFUNDED")?.at;
  const head = [
    `<b>${ctx.t("admin-order-title", { ref: escapeHtml(referenceOf(booking)) })}</b>`,
    ctx.t("admin-order-status", {
      status: stateLabel(ctx, booking),
      partner: escapeHtml(r?.status ?? booking.partner_status ?? "—"),
    }),
    ...bookingLines(booking, undefined, { t: (k, a) => ctx.t(k, a), locale, audience: "staff" }),
    ctx.t("admin-order-ids", {
      id: escapeHtml(booking.reservation_id ?? "—"),
      tx: escapeHtml(booking.tx_no ?? "—"),
      booking: escapeHtml(booking.id),
    }),
    invoiceLine(ctx, r?.reserve?.invoiceId || booking.invoice_id),
    ctx.t("admin-order-who", {
      agent: attributionText(ctx, attributedTo(booking, agents)),
      user: String(booking.user_id),
    }),
    ctx.t("admin-order-made", { time: zoned(booking.created_at) }),
    booking.state === "HELD" && booking.hold_expires_at
      ? ctx.t("admin-order-hold", { time: zoned(booking.hold_expires_at) })
      : "",
    booking.paid_at ? ctx.t("admin-order-paid", { time: zoned(booking.paid_at) }) : "",
    booking.state === "REFUNDED" || refundAt !== undefined
      ? ctx.t("admin-order-refunded", {
          amount:
            booking.refunded_amount === null
              ? ctx.t("admin-amount-unknown")
              : formatBaht(booking.refunded_amount, locale),
          time: refundAt === undefined ? "—" : zoned(refundAt),
        })
      : "",
    booking.release_reason ? ctx.t("admin-order-release-reason", { reason: escapeHtml(booking.release_reason) }) : "",
    (read.error ?? stale) ? `⚠️ ${ctx.t("admin-partner-unreachable")} ${read.error ?? stale ?? ""}` : "",
    "",
    `<b>${ctx.t("admin-order-history")}</b>`,
  ].filter((line, i, all) => line !== "" || all[i + 1]?.startsWith("<b>"));
  const lines = [...head, ...historyLines(ctx, booking, history)];
  return fitLines(lines, (n) => ctx.t("admin-more", { count: n }));
}

/** A reservation the partner has but fairway's ledger does not: shown, never acted on. */
async function foreignView(ctx: BotContext, reference: string): Promise<string> {
  const ref = escapeHtml(reference);
  let r: Reservation | undefined;
  try {
    r = await foreignReservation(ctx, reference);
  } catch (error) {
    return `${ctx.t("admin-unknown", { ref })}\n${partnerErrorText(ctx, error)}`;
  }
  if (!r) return ctx.t("admin-unknown", { ref });
  const locale = localeOf(ctx);
  const slot = r.reserve?.golf?.slotTime;
  return [
    `<b>${ctx.t("admin-order-foreign-title", { ref: escapeHtml(r.reserve?.code ?? r.id) })}</b>`,
    ctx.t("admin-order-foreign-note"),
    ctx.t("admin-order-status", { status: "—", partner: escapeHtml(r.status) }),
    `⛳ ${escapeHtml(r.courseName ?? r.courseId)}`,
    slot ? `📅 ${formatDateTime(slot, ADMIN_TIME_ZONE, locale)}` : "",
    `👤 ${escapeHtml(r.customerName)}`,
    `💰 ${ctx.t("summary-amount", { amount: formatBaht(r.amount, locale) })}`,
    ctx.t("admin-order-ids", { id: escapeHtml(r.id), tx: escapeHtml(r.txNo || "—"), booking: "—" }),
    invoiceLine(ctx, r.reserve?.invoiceId),
  ]
    .filter(Boolean)
    .join("\n");
}

/** /order <reservation id or code>: the reservation fresh from the partner, with the ledger's history. */
export async function orderCommand(ctx: BotContext, match: string): Promise<void> {
  const reference = referenceArg(match);
  if (!reference) {
    await ctx.reply(ctx.t("admin-order-usage"), { parse_mode: "HTML" });
    return;
  }
  const found = await findBooking(ctx, reference);
  const text = found ? await ledgerView(ctx, found) : await foreignView(ctx, reference);
  // A paid booking ahead can be moved to another tee time from here (the pickers replace this view).
  const move =
    found && movable(found, ctx.deps.now())
      ? new InlineKeyboard().text(ctx.t("btn-move"), pickData({ step: "start", bookingId: found.id }))
      : undefined;
  await ctx.reply(text, { parse_mode: "HTML", ...(move ? { reply_markup: move } : {}) });
}
