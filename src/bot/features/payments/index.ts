/**
 * Customers' payments, outside the booking flow (the flow ends once the QR is shown):
 * - a customer's slip (a photo, or an image sent as a file) for their booking awaiting payment reaches
 *   the agent and the admins with Paid — confirm / Not received, with the bank reference its QR gives
 *   (read in a worker thread, `deps.slips`); an image too large to read is forwarded all the same, and
 *   the customer asked for a screenshot next time; a slip after the hold ended reaches them too, with the booking's
 *   state, so the money can be returned; a slip whose bank reference another booking's slip carried is
 *   flagged; anyone else's photo goes nowhere;
 * - Paid — confirm approves once (the ledger's compare-and-set) and only then is the partner's confirm
 *   made; the customer gets the receipt; Not received tells them;
 * - the customer may cancel before paying; an agent may ask a customer to pay for a booking already made
 *   (the QR for the selling total, to forward into any chat) and mark it paid;
 * - /payments lists the payments awaiting a decision; /promptpay sets an agent's own PromptPay ID.
 * Installed before the booking conversation, so an agent mid-booking can still decide.
 */
import { Composer, GrammyError, HttpError, InlineKeyboard, InputFile } from "grammy";
import type { BookingRecord, GroupConfirmOutcome, GroupView } from "../../../bookings/index.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Payable } from "../../../bookings/service.js";
import { parsePromptPayId } from "../../../payments/promptpay.js";
import type { SlipRead } from "../../../payments/slip-reader.js";
import type { BotContext, Locale } from "../../context.js";
import { customerRefundOf, groupMoney, sellingOf } from "../../format/booking-money.js";
import { formatTime } from "../../format/dates.js";
import { groupIcs } from "../../format/group-ics.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { buildTeeTimeIcs } from "../../format/tee-time-ics.js";
import { formatDate } from "../../format/dates.js";
import { localeOf } from "../../i18n.js";
import { isAdmin } from "../../middlewares/roles.js";
import { translate } from "../after-booking/notices.js";
import { parsePaymentData, paymentData, PAYMENT_DATA_PREFIX } from "./callback-data.js";
import {
  customerGroupReceipt,
  customerQrKeyboard,
  customerReceipt,
  payableHoldEnd,
  payableLine,
  paymentPhoto,
  slipCard,
  type Reader,
} from "./messages.js";

/** A late slip older than this (after its payment ended) is no longer matched to the booking. */
const LATE_SLIP_MS = 24 * 60 * 60 * 1000;

function reader(locale: Locale): Reader {
  return { t: (key, args) => translate(locale, key, args), locale };
}

function isTelegramFailure(error: unknown): boolean {
  return error instanceof GrammyError || error instanceof HttpError;
}

/** The agent credited with a payment and every admin: who may decide on it, and who is shown its slip. */
/** Who decides a payment: its agent (while they are one) and the admins. */
async function deciders(ctx: BotContext, payment: PaymentRecord): Promise<number[]> {
  const agent = payment.agent_id !== null ? await ctx.deps.notifications.agentChats(Number(payment.agent_id)) : [];
  return [...new Set([...agent, ...ctx.deps.access.adminIds()])];
}

function mayDecide(ctx: BotContext, payment: PaymentRecord): boolean {
  return isAdmin(ctx) || (ctx.who.role === "agent" && Number(payment.agent_id) === ctx.from?.id);
}

/**
 * The bytes of a file a user sent, through getFile and the Bot API's file path, up to `maxBytes` (a
 * larger file is not downloaded: `too-large`); undefined if unavailable.
 */
async function download(
  ctx: BotContext,
  fileId: string,
  maxBytes: number,
): Promise<Uint8Array | "too-large" | undefined> {
  try {
    const file = await ctx.api.getFile(fileId);
    if ((file.file_size ?? 0) > maxBytes) return "too-large";
    if (!file.file_path) return undefined;
    const root = ctx.api.options?.apiRoot ?? "https://api.telegram.org";
    const res = await fetch(`${root}/file/bot${ctx.api.token}/${file.file_path}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return undefined;
    if (Number(res.headers.get("content-length") ?? 0) > maxBytes) {
      await res.body?.cancel();
      return "too-large";
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.length > maxBytes ? "too-large" : bytes;
  } catch (error) {
    ctx.deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "slip not downloaded");
    return undefined;
  }
}

/**
 * The slip's QR, read off the event loop (`deps.slips`); `too-large` from the file's size before any
 * download when Telegram gave it. Undefined when the file could not be downloaded.
 */
async function readSlip(ctx: BotContext, fileId: string, fileSize: number | undefined): Promise<SlipRead | undefined> {
  const { slips } = ctx.deps;
  if ((fileSize ?? 0) > slips.limits.maxBytes) return { kind: "too-large" };
  const bytes = await download(ctx, fileId, slips.limits.maxBytes);
  if (bytes === "too-large") return { kind: "too-large" };
  return bytes ? slips.read(bytes) : undefined;
}

/** A slip photo (or an image sent as a file) from a customer with a booking awaiting payment. */
async function onSlip(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined || ctx.who.role !== "customer") return next();
  const message = ctx.message;
  const photo = message?.photo?.at(-1);
  const document = message?.document?.mime_type?.startsWith("image/") ? message.document : undefined;
  const fileId = photo?.file_id ?? document?.file_id;
  if (!fileId) return next();
  const { deps } = ctx;
  const payment = await deps.bookings.latestPrepayOf(userId);
  const ended = payment && ["expired", "cancelled"].includes(payment.state);
  // Nothing to pay, or long over: the photo goes nowhere (the fallback answers as for any message).
  if (!payment || payment.state === "approved" || (ended && payment.updated_at < deps.now() - LATE_SLIP_MS))
    return next();
  const read = await readSlip(ctx, fileId, photo?.file_size ?? document?.file_size);
  const ref = read?.kind === "read" ? read.qr.transRef : undefined;
  const out = await deps.bookings.submitSlip(payment.booking_id, { fileId, ...(ref ? { ref } : {}) });
  if (out.kind === "approved") {
    await ctx.reply(ctx.t("pay-slip-already-confirmed"));
    return;
  }
  const late = out.kind === "late";
  const reusedOf = out.reusedOf;
  const reusedCode = reusedOf ? ((await deps.bookings.get(reusedOf))?.reservation_code ?? reusedOf) : undefined;
  deps.logger.info(
    { bookingId: out.booking.id, late, reused: reusedOf !== undefined, read: read?.kind ?? "not-downloaded" },
    "payment slip received",
  );
  for (const id of await deciders(ctx, out.payment)) {
    const r = reader(await deps.notifications.localeOf(id));
    const card = slipCard(out.payment, out, r, {
      late,
      reusedOf: reusedOf ?? null,
      reusedCode: reusedCode ?? null,
    });
    const options = {
      caption: card.caption,
      parse_mode: "HTML" as const,
      ...(card.keyboard ? { reply_markup: card.keyboard } : {}),
    };
    // A file keeps its kind: Telegram refuses a document's file_id as a photo.
    await (document ? ctx.api.sendDocument(id, fileId, options) : ctx.api.sendPhoto(id, fileId, options)).catch(
      (error: unknown) => {
        if (!isTelegramFailure(error)) throw error;
        deps.logger.warn({ to: id, bookingId: out.booking.id }, "slip card not delivered");
      },
    );
  }
  const b = out.booking;
  const ends = payableHoldEnd(out);
  const answer = late
    ? ctx.t("pay-slip-late-customer", { time: ends ? formatTime(ends, b.time_zone, localeOf(ctx)) : "-" })
    : ctx.t("pay-slip-received", { amount: formatBaht(out.payment.amount, localeOf(ctx)) });
  // Over the limits: the agent still has the slip; the customer knows why its QR was not read.
  const tooLarge = read?.kind === "too-large" ? `\n\n${ctx.t("pay-slip-too-large")}` : "";
  await ctx.reply(answer + tooLarge, { parse_mode: "HTML" });
}

/** The receipt and the calendar file to the customer, through the outbox (their language). */
async function sendReceipt(ctx: BotContext, b: BookingRecord): Promise<void> {
  const { deps } = ctx;
  const locale = await deps.notifications.localeOf(Number(b.user_id));
  const r = reader(locale);
  await deps.notifications.deliver({ chatId: Number(b.chat_id), text: customerReceipt(b, r), what: "payment-receipt" });
  const ics = buildTeeTimeIcs({
    uid: `${b.reservation_id ?? b.id}@fairway`,
    startsAt: b.slot_starts_at,
    timeZone: b.time_zone,
    summary: r.t("ics-summary", { course: b.course_name }),
    location: b.course_name,
    description: r.t("ics-description", { code: b.reservation_code ?? "", players: b.persons }),
    createdAt: b.paid_at ?? deps.now(),
  });
  await deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: r.t("ics-caption"),
    document: { filename: `tee-time-${b.reservation_code ?? "booking"}.ics`, content: ics },
    what: "payment-receipt-ics",
  });
}

/** The receipt of a group paid first and the calendar file of its paid tee times, through the outbox. */
async function sendGroupReceipt(ctx: BotContext, view: GroupView): Promise<void> {
  const { deps } = ctx;
  const g = view.group;
  const r = reader(await deps.notifications.localeOf(Number(g.user_id)));
  await deps.notifications.deliver({
    chatId: Number(g.chat_id),
    text: customerGroupReceipt(view, r),
    what: "payment-receipt",
  });
  const file = groupIcs(view, { t: (k, args) => r.t(k, args), courseName: g.course_name, now: deps.now() });
  if (!file) return;
  await deps.notifications.deliver({
    chatId: Number(g.chat_id),
    text: r.t("ics-group-caption", { flights: file.paid, date: formatDate(file.date, r.locale) }),
    document: { filename: file.filename, content: file.ics },
    what: "payment-receipt-ics",
  });
}

/** Tells the customer something about their payment (of a booking or a group), in their language. */
async function tellCustomer(ctx: BotContext, what: Payable, key: string, args: Record<string, string | number>) {
  const b = what.booking;
  const locale = await ctx.deps.notifications.localeOf(Number(b.user_id));
  const r = reader(locale);
  await ctx.deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: `${r.t(key, args)}\n${payableLine(what, r)}`,
    what: `payment-${key}`,
  });
}

/**
 * Closes a card (slip, QR): its buttons go unless `keep`, and the outcome is said right under it, so
 * the card keeps what it showed.
 */
async function closeCard(ctx: BotContext, line: string, keep = false): Promise<void> {
  const message = ctx.callbackQuery?.message;
  if (!keep)
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
    });
  await ctx.reply(line, {
    parse_mode: "HTML",
    ...(message ? { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } } : {}),
  });
}

async function decide(ctx: BotContext, bookingId: string, approve: boolean): Promise<void> {
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
      const by = out.payment.decided_by ?? "?";
      await closeCard(ctx, ctx.t("pay-card-decided", { state: out.payment.state, by }));
      return;
    }
    case "rejected":
      await closeCard(ctx, ctx.t("pay-card-rejected", { who }));
      await tellCustomer(ctx, what, "pay-rejected-customer", {
        amount: formatBaht(out.payment.amount, b.locale === "th" ? "th" : "en"),
        reference: escapeHtml(out.payment.reference),
      });
      return;
    case "expired":
      await closeCard(ctx, ctx.t("pay-card-expired", { amount: formatBaht(out.payment.amount, locale) }));
      await tellCustomer(ctx, what, "pay-expired-customer", {});
      return;
    case "group-approved":
      return groupApproved(ctx, out.payment, out.confirm, who);
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

/** The customer cancels before paying: the hold (a group's every hold) is released. Not once a slip is being checked. */
async function cancelByCustomer(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const what = await deps.bookings.payable(bookingId).catch(() => undefined);
  const b = what?.booking;
  if (!what || !b || Number(b.user_id) !== ctx.from?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  const payment = await deps.bookings.payment(bookingId);
  if (payment?.state === "submitted") {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-cancel-checking"), show_alert: true });
    return;
  }
  if (!payment || !(await deps.bookings.cancelPayment(bookingId))) {
    // Decided or over already (an approval, the window's end): the booking's real state, and the
    // card's buttons go.
    await ctx.answerCallbackQuery({ text: cancelRefusal(ctx, what, payment), show_alert: true });
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
    });
    return;
  }
  await ctx.answerCallbackQuery();
  if (what.group) await deps.bookings.releaseGroup(bookingId, { reason: "user-cancel" });
  else await deps.bookings.release(bookingId, { reason: "user-cancel" });
  await closeCard(ctx, ctx.t(what.group ? "pay-cancelled-group" : "pay-cancelled"));
}

/** Why the customer's Cancel cannot release anything now: what became of their payment and booking. */
function cancelRefusal(ctx: BotContext, what: Payable, payment: PaymentRecord | undefined): string {
  if (payment?.state === "to-return" || payment?.state === "returned") return ctx.t("pay-cancel-refused-to-return");
  if (payment?.state !== "approved") return ctx.t("pay-cancel-refused-ended");
  const codes = (what.group ? what.group.flights : [what.booking])
    .filter((f) => f.state === "PAID")
    .map((f) => f.reservation_code ?? "-");
  return codes.length > 0
    ? ctx.t("pay-cancel-refused-paid", { code: codes.join(", ") })
    : ctx.t("pay-cancel-refused-approved");
}

/** A decider marks an approved payment whose booking failed returned to the customer (once). */
async function markReturned(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const payment = await deps.bookings.payment(bookingId);
  if (!payment || !mayDecide(ctx, payment)) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  if (!(await deps.bookings.markReturned(bookingId, ctx.from?.id ?? 0))) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-returned-already"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const what = await deps.bookings.payable(bookingId);
  const who = escapeHtml([ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" "));
  deps.logger.info({ bookingId, by: ctx.from?.id }, "payment marked returned");
  await ctx.reply(
    ctx.t("pay-returned-done", {
      amount: formatBaht(payment.amount, localeOf(ctx)),
      reference: escapeHtml(payment.reference),
      customer: escapeHtml(what.booking.customer_name),
      who: who || String(ctx.from?.id ?? ""),
    }),
    { parse_mode: "HTML" },
  );
}

/** An agent's payment request for a booking (or a group) already made: the QR for its selling total, to forward. */
async function requestPayment(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const what = await deps.bookings.payable(bookingId).catch(() => undefined);
  const b = what?.booking;
  const me = ctx.from?.id;
  const own = b && (Number(b.user_id) === me || Number(b.agent_id) === me);
  if (!b || !(own || isAdmin(ctx)) || ctx.who.role === "customer") {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-not-yours"), show_alert: true });
    return;
  }
  const payee = await deps.payments.payeeFor(me ?? null);
  if (!payee) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-no-promptpay"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const payment = await deps.bookings.requestPayment(bookingId, { payee, actorId: me ?? 0 });
  const r: Reader = { t: (k, a) => ctx.t(k, a), locale: localeOf(ctx) };
  const photo = await paymentPhoto(payment, what, r, { forAgent: true });
  const paid = payment.state === "approved";
  await ctx.replyWithPhoto(new InputFile(photo.png, `promptpay-${payment.reference}.png`), {
    caption: paid ? `${photo.caption}\n\n${ctx.t("pay-card-request-paid", { who: "✓" })}` : photo.caption,
    parse_mode: "HTML",
    ...(paid
      ? {}
      : {
          reply_markup: {
            inline_keyboard: [
              [{ text: ctx.t("pay-btn-mark-paid"), callback_data: paymentData("mark-paid", bookingId) }],
            ],
          },
        }),
  });
}

/** /payments: the payments awaiting a decision (an agent's own customers; every one for admins). */
/** Room for /payments' rows: Telegram's 4,096 characters less the "more" and "to return" lines. */
const PAYMENTS_LIST_CHARS = 3_600;

async function paymentsCommand(ctx: BotContext): Promise<void> {
  const { deps } = ctx;
  if (ctx.who.role !== "admin" && ctx.who.role !== "agent") {
    await ctx.reply(ctx.t("pay-staff-only"));
    return;
  }
  const locale = localeOf(ctx);
  const open = await deps.bookings.openPayments(isAdmin(ctx) ? {} : { agentId: ctx.from?.id ?? 0 });
  if (open.length === 0) {
    await ctx.reply(ctx.t("pay-list-empty"));
    return;
  }
  const lines = [`<b>${ctx.t("pay-list-title")}</b>`];
  let shown = 0;
  for (const p of open) {
    const what = await deps.bookings.payable(p.booking_id).catch(() => undefined);
    if (!what) continue;
    const b = what.booking;
    const ends = payableHoldEnd(what);
    const row = [
      ctx.t("pay-list-row", {
        reference: escapeHtml(p.reference),
        customer: escapeHtml(b.customer_name),
        amount: formatBaht(p.amount, locale),
        state: ctx.t(`pay-state-${p.state}`),
        hold: p.kind === "prepay" && ends ? formatTime(ends, b.time_zone, locale) : "-",
      }),
      `   ${payableLine(what, { t: (k, a) => ctx.t(k, a), locale })}`,
    ];
    // One message, within Telegram's 4,096 characters (the oldest first; the rest after they are decided).
    if ([...lines, ...row].join("\n").length > PAYMENTS_LIST_CHARS) break;
    lines.push(...row);
    shown += 1;
  }
  if (shown < open.length) lines.push(ctx.t("pay-list-more", { count: open.length - shown }));
  const toReturn = open.filter((p) => p.state === "to-return");
  if (toReturn.length > 0) lines.push("", ctx.t("pay-list-to-return"));
  const keyboard = new InlineKeyboard();
  for (const p of toReturn.slice(0, 10))
    keyboard.text(ctx.t("pay-btn-returned", { reference: p.reference }), paymentData("returned", p.booking_id)).row();
  await ctx.reply(lines.join("\n"), { parse_mode: "HTML", ...(toReturn.length > 0 ? { reply_markup: keyboard } : {}) });
}

/** /promptpay [id | off]: an agent's own PromptPay ID, so their customers pay them. */
async function promptpayCommand(ctx: BotContext): Promise<void> {
  const { deps } = ctx;
  const me = ctx.from?.id;
  if (me === undefined || (ctx.who.role !== "admin" && ctx.who.role !== "agent")) {
    await ctx.reply(ctx.t("pay-staff-only"));
    return;
  }
  const arg = typeof ctx.match === "string" ? ctx.match.trim() : "";
  if (arg === "") {
    const own = await deps.payments.agentPayee(me);
    const agency = deps.payments.agencyPayee;
    await ctx.reply(
      own
        ? ctx.t("pay-promptpay-own", { id: escapeHtml(own) })
        : agency
          ? ctx.t("pay-promptpay-agency", { id: escapeHtml(agency) })
          : ctx.t("pay-promptpay-none"),
      { parse_mode: "HTML" },
    );
    return;
  }
  if (/^off$/i.test(arg)) {
    await deps.payments.setAgentPayee(me, undefined);
    await ctx.reply(ctx.t("pay-promptpay-cleared"));
    return;
  }
  const id = parsePromptPayId(arg);
  if (!id) {
    await ctx.reply(ctx.t("pay-promptpay-invalid"), { parse_mode: "HTML" });
    return;
  }
  await deps.payments.setAgentPayee(me, id);
  await ctx.reply(ctx.t("pay-promptpay-own", { id: escapeHtml(id.value) }), { parse_mode: "HTML" });
}

/** What a refund means for a booking its customer paid first: what the partner gave back, what to return. */
export function refundAdvice(
  ctx: BotContext,
  b: BookingRecord,
  payment: PaymentRecord | undefined,
): string | undefined {
  if (!payment || payment.state !== "approved") return undefined;
  const locale = localeOf(ctx);
  return ctx.t("pay-refund-advice", {
    credited: formatBaht(b.refunded_amount ?? 0, locale),
    paid: formatBaht(sellingOf(b), locale),
    give: formatBaht(customerRefundOf(b), locale),
  });
}

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
