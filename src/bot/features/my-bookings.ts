import { Composer, InlineKeyboard } from "grammy";
import {
  bookingCourseName,
  groupCourseName,
  type BookingRecord,
  type CancellablePaymentState,
  type GroupView,
} from "../../bookings/index.js";
import { isPartnerApiError } from "../../partner/errors.js";
import { cancelRequestData, golferCopyData, myBookingsData, parseMyBookingsData } from "../callback-data.js";
import { localeOf, translate } from "../i18n.js";
import { parseLocale } from "../../locale.js";
import { myTripsPart } from "./trips/views.js";
import { paymentData } from "./payments/callback-data.js";
import { bookingLines, groupFlightLines, groupTotal } from "../conversations/booking/summary.js";
import { formatBaht } from "../format/money.js";
import type { BotContext } from "../context.js";
import { formatDate, formatTime, dateKeyOf, formatDateTime } from "../format/dates.js";
import { escapeHtml, truncate } from "../format/html.js";
import { isNotModified } from "../ui/telegram-errors.js";
import { groupRequestable, requestable } from "./after-booking/cancel-request.js";
import { receiptOffered, withReceiptButton, withTaxInvoiceButton } from "./after-booking/receipt-document.js";
import { pickData } from "./moves/data.js";
import { movable, moverOf } from "./moves/index.js";

const LIST_SIZE = 10;
/** States the partner may still move (released, paid or refunded there); the others are never read again. */
const LIVE = new Set(["HELD", "CONFIRMING", "RELEASING", "PAID"]);
/**
 * A booking read from the partner less than this long ago is shown from the ledger: opening the list,
 * a booking, Back and the booking again make one partner read a minute, not one a tap. What fairway
 * itself changes (a release, a payment) is in the ledger at once; Refresh reads again.
 */
const PARTNER_READ_MAX_AGE_MS = 60_000;

/**
 * A live booking's reservation as the partner has it, the ledger corrected (best effort): read again
 * only when the last read is older than `PARTNER_READ_MAX_AGE_MS`, or always when `fresh` (Refresh).
 */
async function refreshFromPartner(
  ctx: BotContext,
  booking: BookingRecord,
  fresh = false,
): Promise<{ booking: BookingRecord; stale: boolean }> {
  if (!booking.reservation_id || !LIVE.has(booking.state)) return { booking, stale: false };
  try {
    const opts = fresh ? {} : { maxAgeMs: PARTNER_READ_MAX_AGE_MS };
    return { booking: await ctx.deps.bookings.refresh(booking.id, opts), stale: false };
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    return { booking, stale: true };
  }
}

function statusLabel(ctx: BotContext, b: BookingRecord): string {
  return ctx.t("status-label", { state: b.state.toLowerCase() });
}

async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { parse_mode: "HTML", reply_markup: keyboard });
      return;
    } catch (error) {
      if (isNotModified(error)) return;
    }
  }
  await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
}

/** The user's own bookings and those attached to them by a golfer's copy, newest first. */
async function bookingsOf(ctx: BotContext, userId: number): Promise<BookingRecord[]> {
  const own = await ctx.deps.bookings.listForUser(userId, LIST_SIZE);
  const ownIds = new Set(own.map((b) => b.id));
  const viewed = (await ctx.deps.golferCopies.viewedBookingIds(userId, LIST_SIZE)).filter((id) => !ownIds.has(id));
  const copies = (await Promise.all(viewed.map((id) => ctx.deps.bookings.get(id)))).filter((b) => b !== undefined);
  return [...own, ...copies].sort((a, b) => b.created_at - a.created_at).slice(0, LIST_SIZE);
}

/**
 * A trip's lead customer (a link with a trip's scope): their trip alone, in the trip's language, at its
 * selling prices, with a button opening it as /trips does; what the trips service lets them see.
 */
async function tripCustomerView(ctx: BotContext, userId: number): Promise<void> {
  const [seen] = await ctx.deps.trips.mineFor({ userId, who: ctx.who });
  if (!seen) {
    await show(ctx, ctx.t("my-bookings-empty"), new InlineKeyboard());
    return;
  }
  const locale = parseLocale(seen.view.trip.locale, "en");
  const part = myTripsPart((k, a) => translate(locale, k, a), locale, [seen.view]);
  const kb = new InlineKeyboard();
  for (const b of part.buttons) kb.text(b.label, b.data).row();
  await show(ctx, `<b>${translate(locale, "my-bookings-title")}</b>\n\n${part.text}`, kb);
}

/** The list; `fresh` (Refresh): every live booking read from the partner again. */
async function listView(ctx: BotContext, fresh = false): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  if (ctx.who.role === "customer" && ctx.who.tripId !== undefined) return tripCustomerView(ctx, userId);
  const locale = localeOf(ctx);
  // An agent's own trips (an admin's: those they built), as the trips service lets them see them.
  const trips = await ctx.deps.trips.mineFor({ userId, who: ctx.who });
  const tripPart =
    trips.length > 0
      ? myTripsPart(
          (k, a) => ctx.t(k, a),
          locale,
          trips.map((x) => x.view),
        )
      : undefined;
  const refreshed = await Promise.all((await bookingsOf(ctx, userId)).map((b) => refreshFromPartner(ctx, b, fresh)));
  const list = refreshed.map((r) => r.booking);
  const stale = refreshed.some((r) => r.stale);
  const kb = new InlineKeyboard();
  if (list.length === 0 && !tripPart) {
    await show(ctx, ctx.t("my-bookings-empty"), kb.text(ctx.t("menu-book"), "g:book"));
    return;
  }
  const groupsShown = new Set<string>();
  for (const b of list) {
    const when = `${formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale)} ${formatTime(b.slot_starts_at, b.time_zone, locale)}`;
    // A group is one entry (its earliest flight's date and time), opening to its flights; a golfer with
    // a copy of one of its flights sees that flight alone.
    if (b.group_id !== null && b.user_id === userId) {
      if (groupsShown.has(b.group_id)) continue;
      groupsShown.add(b.group_id);
      const view = await ctx.deps.bookings.getGroup(b.group_id);
      if (!view) continue;
      const first = view.flights[0] ?? b;
      const day = formatDate(dateKeyOf(first.slot_starts_at, first.time_zone), locale);
      const start = `${day} ${formatTime(first.slot_starts_at, first.time_zone, locale)}`;
      const label = `${groupStatus(ctx, view)} ×${view.flights.length} · ${start} · ${groupCourseName(view.group, locale)}`;
      kb.text(truncate(label, 60), myBookingsData("group", b.group_id)).row();
      continue;
    }
    // Status first: a long course name is what gets cut (here, or by a narrow client), never the status.
    kb.text(
      truncate(`${statusLabel(ctx, b)} · ${when} · ${bookingCourseName(b, locale)}`, 60),
      myBookingsData("view", b.id),
    ).row();
  }
  for (const b of tripPart?.buttons ?? []) kb.text(b.label, b.data).row();
  kb.text(ctx.t("btn-refresh"), myBookingsData("refresh")).row();
  const note = stale ? `\n⚠️ ${ctx.t("my-bookings-stale")}` : "";
  const hint = list.length > 0 ? `\n${ctx.t("my-bookings-hint")}` : "";
  const tripsText = tripPart ? `\n\n${tripPart.text}` : "";
  await show(ctx, truncate(`<b>${ctx.t("my-bookings-title")}</b>${hint}${note}${tripsText}`, 4000), kb);
}

async function detailView(ctx: BotContext, id: string, notice?: string): Promise<void> {
  const found = await ctx.deps.bookings.get(id);
  const userId = ctx.from?.id;
  // Someone else's booking (copied callback data) looks exactly like a missing one; a golfer's copy is read-only.
  const own = found !== undefined && found.user_id === userId;
  if (!found || userId === undefined || (!own && !(await ctx.deps.golferCopies.isViewer(found.id, userId)))) {
    await show(
      ctx,
      ctx.t("my-bookings-not-found"),
      new InlineKeyboard().text(ctx.t("btn-back"), myBookingsData("list")),
    );
    return;
  }
  const { booking, stale } = await refreshFromPartner(ctx, found);
  const locale = localeOf(ctx);
  const lines = [
    notice ? `${notice}\n` : "",
    `<b>${statusLabel(ctx, booking)}</b>`,
    ...bookingLines(booking, undefined, {
      t: (k, a) => ctx.t(k, a),
      locale,
      // Customers and golfers with a copy see what they pay; agents and admins the net and margin too.
      audience: ctx.who.role === "admin" || ctx.who.role === "agent" ? "staff" : "customer",
    }),
    booking.reservation_code ? `🔖 ${ctx.t("summary-code", { code: escapeHtml(booking.reservation_code) })}` : "",
    booking.tx_no && booking.state === "PAID" ? `🧾 ${ctx.t("summary-txno", { txno: escapeHtml(booking.tx_no) })}` : "",
    booking.state === "HELD" && booking.hold_expires_at
      ? `⏳ ${ctx.t("held-until", { time: formatTime(booking.hold_expires_at, booking.time_zone, locale), minutes: Math.max(0, Math.ceil((booking.hold_expires_at - ctx.deps.now()) / 60_000)) })}`
      : "",
    `🗓 ${ctx.t("my-bookings-made", { when: formatDateTime(booking.created_at, booking.time_zone, locale) })}`,
    stale ? `⚠️ ${ctx.t("my-bookings-stale")}` : "",
    own ? "" : `👁 ${ctx.t("my-bookings-shared")}`,
    booking.group_id !== null ? `👥 ${ctx.t("group-flight-of", { n: booking.flight ?? 0 })}` : "",
  ].filter(Boolean);
  const kb = new InlineKeyboard();
  // A group's tee time is released only with its group (the booking service refuses it alone): its
  // view offers the group's own release while the group is held.
  const group = own && booking.group_id !== null ? await ctx.deps.bookings.getGroup(booking.group_id) : undefined;
  if (own && booking.state === "HELD" && booking.group_id === null)
    kb.text(ctx.t("btn-release"), myBookingsData("release", booking.id)).row();
  if (group?.group.state === "HELD")
    kb.text(ctx.t("btn-release-group"), myBookingsData("release", group.group.id)).row();
  // Another tee time instead of a cancellation: its agent, its customer, an admin (a group's, one tee time at a time).
  if (movable(booking, ctx.deps.now()) && moverOf(ctx, booking))
    kb.text(ctx.t("btn-move"), pickData({ step: "start", bookingId: booking.id })).row();
  if (requestable(booking, ctx.deps.now()))
    kb.text(ctx.t("btn-request-cancellation"), cancelRequestData(booking.id)).row();
  // A group's receipt is one message: each flight's golfer's copy is sent from the flight's own view (an
  // agent's or admin's own group, as a single booking's receipt offers it only to them).
  const ahead = booking.slot_starts_at > ctx.deps.now();
  if (own && booking.group_id !== null && booking.agent_id === null && booking.state === "PAID" && ahead)
    kb.text(ctx.t("btn-send-to-golfer"), golferCopyData(booking.id)).row();
  // A group's flight goes back to its group (a golfer's copy, to the list).
  const back = own && booking.group_id !== null ? myBookingsData("group", booking.group_id) : myBookingsData("list");
  // An agent's own sale: ask the customer to pay (the QR for the selling price), when there is a PromptPay ID.
  const staff = ctx.who.role === "agent" || ctx.who.role === "admin";
  // A group's tee time: the request is the group's (one payment), from the group's view.
  const single = booking.group_id === null;
  if (own && staff && single && booking.state === "PAID" && (await ctx.deps.payments.payeeFor(ctx.from?.id ?? null)))
    kb.text(ctx.t("pay-btn-request"), paymentData("request", booking.id)).row();
  // Its receipt as a PDF: the booker's own (a golfer's read-only copy has none; the service refuses it too).
  if (own && receiptOffered(booking)) withReceiptButton((k) => ctx.t(k), booking.id, kb).row();
  // A tax invoice for a paid booking (a seller not VAT-registered answers that it issues none).
  if (own && booking.state === "PAID") withTaxInvoiceButton((k) => ctx.t(k), booking.id, kb).row();
  kb.text(ctx.t("btn-back"), back);
  await show(ctx, lines.join("\n"), kb);
}

/** What a group reads as: every flight paid, some, held, or none. */
function groupStatus(ctx: BotContext, view: GroupView): string {
  const states = view.flights.map((f) => f.state);
  const paid = states.filter((s) => s === "PAID").length;
  const refunded = states.filter((s) => s === "REFUNDED").length;
  const state =
    paid === states.length
      ? "paid"
      : refunded === states.length
        ? "refunded"
        : paid + refunded > 0
          ? "partial"
          : states.every((s) => s === "HELD")
            ? "held"
            : view.group.state === "HOLDING" || view.group.state === "CONFIRMING"
              ? "busy"
              : "released";
  return ctx.t("group-status", { state });
}

/** A group's entry: its course, date, lead golfer, every flight with what became of it, and the total paid. */
async function groupView(ctx: BotContext, groupId: string, notice?: string): Promise<void> {
  const found = await ctx.deps.bookings.getGroup(groupId);
  const userId = ctx.from?.id;
  if (!found || found.group.user_id !== userId) {
    await show(
      ctx,
      ctx.t("my-bookings-not-found"),
      new InlineKeyboard().text(ctx.t("btn-back"), myBookingsData("list")),
    );
    return;
  }
  const refreshed = await Promise.all(found.flights.map((f) => refreshFromPartner(ctx, f)));
  const view: GroupView = { group: found.group, flights: refreshed.map((r) => r.booking) };
  const locale = localeOf(ctx);
  const env = { t: (k: string, a?: Record<string, string | number>) => ctx.t(k, a), locale };
  const first = view.flights[0];
  const paid = view.flights.filter((f) => f.state === "PAID");
  const lines = [
    notice ? `${notice}\n` : "",
    `<b>${groupStatus(ctx, view)}</b>`,
    `⛳ ${escapeHtml(groupCourseName(view.group, locale))}`,
    first ? `📅 ${formatDate(dateKeyOf(first.slot_starts_at, first.time_zone), locale)}` : "",
    `👥 ${ctx.t("group-players", { players: view.group.persons, flights: view.flights.length })}`,
    `👤 ${escapeHtml(view.group.customer_name)}`,
    "",
    ...groupFlightLines(view, env, true),
    "",
    [
      `💰 ${ctx.t("group-total", { amount: formatBaht(groupTotal(view), locale) })}`,
      ctx.t("group-paid-total", { amount: formatBaht(groupTotal(view, paid), locale) }),
    ].join(" · "),
    refreshed.some((r) => r.stale) ? `⚠️ ${ctx.t("my-bookings-stale")}` : "",
  ].filter((l, i) => l !== "" || i > 0);
  const kb = new InlineKeyboard();
  // Each flight opens as a booking of its own (its code, and a cancellation request for that tee time).
  view.flights.forEach((f, i) => {
    kb.text(
      `🔍 ${f.flight ?? i + 1}. ${formatTime(f.slot_starts_at, f.time_zone, locale)}`,
      myBookingsData("view", f.id),
    );
    if (i % 3 === 2) kb.row();
  });
  kb.row();
  if (view.group.state === "HELD") kb.text(ctx.t("btn-release"), myBookingsData("release", groupId)).row();
  if (groupRequestable(view, ctx.deps.now()))
    kb.text(ctx.t("btn-request-group-cancellation"), cancelRequestData(groupId)).row();
  // An agent's own sale: one payment request for the group's paid tee times, when there is a PromptPay ID.
  const staff = ctx.who.role === "agent" || ctx.who.role === "admin";
  if (staff && paid.length > 0 && (await ctx.deps.payments.payeeFor(userId ?? null)))
    kb.text(ctx.t("pay-btn-request"), paymentData("request", groupId)).row();
  kb.text(ctx.t("btn-back"), myBookingsData("list"));
  await show(ctx, lines.join("\n"), kb);
}

/**
 * What the booker's release may end: a hold its customer pays first only before their slip is with the
 * agent (the payment then ends with it, as the QR's own Cancel does).
 */
const CANCELLABLE: readonly CancellablePaymentState[] = ["pending", "awaiting", "rejected"];

/** The notice of a release's outcome. */
function releaseKey(out: { kind: string }): string {
  const key =
    out.kind === "released" ? "cancel-released" : out.kind === "pending" ? "release-pending" : "release-not-held";
  return key;
}

/**
 * /mybookings: recent bookings with their status from the partner (read at most once a minute each, or
 * at Refresh); release an unpaid hold. Trips follow, a line and a button each (an agent's own, an admin's
 * own); a trip's lead customer sees their trip alone.
 */
export function createMyBookingsFeature() {
  const feature = new Composer<BotContext>();
  feature.command("mybookings", (ctx) => listView(ctx));
  feature.callbackQuery(/^mb:/, async (ctx) => {
    const data = parseMyBookingsData(ctx.callbackQuery.data);
    if (!data) {
      await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
      return;
    }
    await ctx.answerCallbackQuery();
    if (data.action === "list") return listView(ctx);
    if (data.action === "refresh") return listView(ctx, true);
    if (!data.arg) return listView(ctx);
    if (data.action === "view") return detailView(ctx, data.arg);
    if (data.action === "group") return groupView(ctx, data.arg);
    // Release of a group's id: every flight still held.
    const group = await ctx.deps.bookings.getGroup(data.arg);
    if (group) {
      if (group.group.user_id !== ctx.from.id) return groupView(ctx, data.arg);
      const out = await ctx.deps.bookings.cancelHold(group.group.id, {
        reason: "user-cancel",
        paymentStates: CANCELLABLE,
      });
      if (out.kind === "kept") return groupView(ctx, group.group.id, ctx.t("pay-cancel-checking"));
      if (out.kind === "owned") return groupView(ctx, group.group.id, ctx.t("release-owned-by-move"));
      return groupView(ctx, group.group.id, ctx.t(releaseKey(out.release)));
    }
    const booking = await ctx.deps.bookings.get(data.arg);
    if (!booking || booking.user_id !== ctx.from.id) return detailView(ctx, data.arg);
    const out = await ctx.deps.bookings.cancelHold(booking.id, { reason: "user-cancel", paymentStates: CANCELLABLE });
    if (out.kind === "kept") return detailView(ctx, booking.id, ctx.t("pay-cancel-checking"));
    if (out.kind === "owned" || out.release.kind === "owned")
      return detailView(ctx, booking.id, ctx.t("release-owned-by-move"));
    // A group's tee time (a forged or old button): refused; the group's view, with its own release if held.
    if (out.release.kind === "group-flight" && booking.group_id !== null)
      return groupView(ctx, booking.group_id, ctx.t("release-group-flight"));
    return detailView(ctx, booking.id, ctx.t(releaseKey(out.release)));
  });
  return feature;
}
