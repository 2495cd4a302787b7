/**
 * Moving a paid booking to another tee time: "🔁 Move to another tee time" on the booking in /mybookings
 * (its agent, its customer, an admin) and in an admin's /order, with the pickers of a booking (the date on
 * the course's calendar, the tee time, the players: today's by default); or by command, `/move <code>
 * <date> <time> [players]`. The new tee time is held at once and shown beside the old one. An admin's own
 * move needs only their [Move now]; an agent's too when the agency's rule lets agents move their own
 * bookings (`/moverule`, an admin command); otherwise, and always for a customer, it goes to the admins, one of whom approves it
 * once. A customer who pays first and picks a dearer tee time pays the difference by PromptPay before
 * that (the QR and slip of a pay-first booking, their agent's word on it: payments/decision.ts then asks
 * the admins); one who does not pay through fairway is sent to their agent. The money module runs the
 * saga (bookings/move.ts): the old booking is refunded only after the approval (and a difference's), then
 * the new hold confirmed.
 */
import { randomUUID } from "node:crypto";
import { Composer, InlineKeyboard } from "grammy";
import { agentsMoveAlone } from "../../../access/index.js";
import {
  userActor,
  type BookingRecord,
  type MoveOutcome,
  type MoveRefusal,
  type MoveView,
} from "../../../bookings/index.js";
import type { PrepayInput } from "../../../bookings/service.js";
import type { TeeTime } from "../../../partner/index.js";
import { isDateKey } from "../../../time/date-key.js";
import type { BotContext } from "../../context.js";
import { sellingOf } from "../../format/booking-money.js";
import { escapeHtml } from "../../format/html.js";
import { localeOf } from "../../i18n.js";
import { isAdmin } from "../../middlewares/roles.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { moveData, parseMoveData, parsePickData, PICK_NONE } from "./data.js";
import { moveCard, moveOutcomeText } from "./messages.js";
import { sendPaymentQr } from "../payments/customer-qr.js";
import { readerIn } from "../payments/messages.js";
import { askAdmins, moveCustomerText, tellMoveDecided } from "./notices.js";
import { sendDifferenceReceipt } from "./receipt.js";
import { showPickerStep } from "./picker.js";
import { courseOfBooking, moveCourseOf, moveTeeTimes, teeTimeAt, type MoveCourse } from "./tee-times.js";

/** What a refused move says. */
const REFUSALS: Record<MoveRefusal, string> = {
  "not-paid": "move-not-paid",
  "open-move": "move-open",
  started: "move-started",
  "cancel-requested": "move-cancel-requested",
  "trip-round": "move-trip-round",
};

/** Who may move a booking, and as what: an admin any; an agent their own and their customers'; a customer their own. */
export type Mover = "admin" | "agent" | "customer";

export function moverOf(ctx: BotContext, b: BookingRecord): Mover | undefined {
  const userId = ctx.from?.id;
  if (userId === undefined) return undefined;
  if (isAdmin(ctx)) return "admin";
  const booker = Number(b.user_id) === userId;
  if (ctx.who.role === "agent" && (booker || (b.agent_id !== null && Number(b.agent_id) === userId))) return "agent";
  // A customer's own booking (one an agent sold them), within what their link allowed: its course.
  if (booker && b.agent_id !== null) return "customer";
  return undefined;
}

/** Whether a booking is one a move can start from now: paid, its tee time ahead. */
export function movable(b: BookingRecord, now: number): boolean {
  return b.state === "PAID" && b.slot_starts_at > now;
}

/** `<code> <YYYY-MM-DD> <HH:MM> [players]`. */
function parseArgs(match: string) {
  const [code, date, time, players] = match.trim().split(/\s+/);
  if (!code || !date || !time || !isDateKey(date) || !/^\d{1,2}:\d{2}$/.test(time)) return undefined;
  const persons = players === undefined ? undefined : Number(players);
  if (persons !== undefined && (!Number.isInteger(persons) || persons < 1 || persons > 8)) return undefined;
  const [h, m] = time.split(":").map(Number) as [number, number];
  return { code, date, hour: h, minute: m, persons };
}

/** The open tee time of `course` at `date` `hour:minute` (the course's clock) taking `persons`, read fresh. */
export async function openTeeTime(
  ctx: BotContext,
  old: BookingRecord,
  course: MoveCourse,
  at: { date: string; hour: number; minute: number; persons: number },
): Promise<TeeTime | undefined> {
  const slot = teeTimeAt(await moveTeeTimes(ctx, old, course, at.date, { fresh: true }), course.timeZone, at);
  return slot && at.persons >= slot.minPerson && at.persons <= slot.maxPerson ? slot : undefined;
}

/**
 * Whether `slot` for `persons` sells for more than `old` did (the customer's prices): a customer who pays
 * first pays the difference by PromptPay before the move goes ahead; one who does not is sent to their agent.
 */
async function dearer(ctx: BotContext, old: BookingRecord, slot: TeeTime, persons: number): Promise<boolean> {
  const book = await ctx.deps.prices.book();
  const selling = book.sellingTotal(slot.price * persons, persons, { courseId: slot.courseId, agentId: old.agent_id });
  return selling > sellingOf(old);
}

/**
 * Holds `slot` of `course` for `persons` as the move of `old` by `mover`, and shows the move with what can
 * be done next; the admins get it to approve unless the mover may move it alone.
 */
export async function holdMove(
  ctx: BotContext,
  old: BookingRecord,
  mover: Mover,
  to: { course: MoveCourse; slot: TeeTime; persons: number },
): Promise<void> {
  const { course, slot, persons } = to;
  const userId = ctx.from!.id;
  const net = slot.price * persons;
  const pay = mover === "customer" ? await payFor(ctx, old, slot, persons) : undefined;
  if (pay === "refused") {
    await ctx.reply(ctx.t("move-customer-dearer"), { parse_mode: "HTML" });
    return;
  }
  const out = await ctx.deps.bookings.startMove(
    {
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: old.id,
      requestedBy: userId,
      to: {
        ...(course.id !== old.course_id ? { course } : {}),
        slotId: slot.id,
        slotStartsAt: slot.startsAt,
        persons,
        expectedAmount: net,
        caddyInfo: {
          ...(slot.freeCaddy !== undefined ? { freeCaddy: slot.freeCaddy } : {}),
          ...(slot.caddyPrice !== undefined ? { caddyPrice: slot.caddyPrice } : {}),
        },
      },
      ...(pay ? { pay } : {}),
    },
    { actor: userActor(userId) },
  );
  const code = escapeHtml(old.reservation_code ?? "-");
  if (out.kind === "refused") {
    await ctx.reply(ctx.t(REFUSALS[out.reason], { code }), { parse_mode: "HTML" });
    return;
  }
  const locale = localeOf(ctx);
  if (out.kind !== "held") {
    await ctx.reply(moveOutcomeText(ctx.t.bind(ctx), locale, out), { parse_mode: "HTML" });
    return;
  }
  const alone = mover === "admin" || (mover === "agent" && (await agentsMoveAlone(ctx.deps.storage.kv)));
  const audience = mover === "customer" ? "customer" : "staff";
  const card = moveCard(ctx.t.bind(ctx), locale, out, ctx.deps.now(), audience);
  // The customer's difference first: the admins are asked once their agent approved the payment.
  const owed = out.payment !== undefined && out.payment.amount > 0 && out.payment.state === "pending";
  const keyboard = new InlineKeyboard();
  if (alone) keyboard.text(ctx.t("move-btn-now"), moveData("approve", out.move.id));
  keyboard.text(ctx.t("move-btn-keep"), moveData("abandon", out.move.id));
  const next = owed ? ctx.t("move-customer-pay") : alone ? "" : ctx.t("move-sent-to-admins");
  await ctx.reply([card, next].filter(Boolean).join("\n\n"), {
    parse_mode: "HTML",
    ...(owed ? {} : { reply_markup: keyboard }),
  });
  if (owed) return askDifference(ctx, out, keyboard);
  if (!alone) await askAdmins(ctx.deps, out, mover === "customer" ? "customer" : "agent");
}

/**
 * Whether the customer pays a dearer tee time's difference first, and to whom (their prepay's payee: the
 * agent's PromptPay, else the agency's); `refused` when it is dearer and they do not pay through fairway.
 */
async function payFor(
  ctx: BotContext,
  old: BookingRecord,
  slot: TeeTime,
  persons: number,
): Promise<PrepayInput | "refused" | undefined> {
  if (!(await dearer(ctx, old, slot, persons))) return undefined;
  const prepay = old.agent_id === null ? null : await ctx.deps.payments.prepayFor(ctx.from!.id, Number(old.agent_id));
  return prepay ?? "refused";
}

/** The difference's QR, as a pay-first booking's: the exact amount, its reference, the hold's end; Keep under it. */
async function askDifference(ctx: BotContext, view: MoveView, keyboard: InlineKeyboard): Promise<void> {
  const payment = await ctx.deps.bookings.showPayment(view.new.id);
  if (!payment) return;
  await sendPaymentQr(ctx.api, ctx.chat!.id, payment, { booking: view.new }, readerIn(localeOf(ctx)), {
    sendSlipKey: "move-pay-send-slip",
    keyboard,
  });
}

/** /move: holds the new tee time and shows the move, with what can be done next. */
async function moveCommand(ctx: BotContext): Promise<void> {
  if (ctx.from === undefined) return;
  if (!isAdmin(ctx) && ctx.who.role !== "agent") {
    await ctx.reply(ctx.t("move-not-yours"));
    return;
  }
  const args = parseArgs(typeof ctx.match === "string" ? ctx.match : "");
  if (!args) {
    await ctx.reply(ctx.t("move-usage"), { parse_mode: "HTML" });
    return;
  }
  const old = await ctx.deps.bookings.findByReservation(args.code);
  const mover = old ? moverOf(ctx, old) : undefined;
  if (!old || !mover) {
    await ctx.reply(ctx.t("move-not-found", { code: escapeHtml(args.code) }), { parse_mode: "HTML" });
    return;
  }
  if (old.state !== "PAID" || !movable(old, ctx.deps.now())) {
    const key = old.state !== "PAID" ? "move-not-paid" : "move-started";
    await ctx.reply(ctx.t(key, { code: escapeHtml(args.code) }), { parse_mode: "HTML" });
    return;
  }
  const persons = args.persons ?? old.persons;
  const course = courseOfBooking(old);
  const slot = await openTeeTime(ctx, old, course, { ...args, persons });
  if (!slot) {
    await ctx.reply(ctx.t("move-no-slot"), { parse_mode: "HTML" });
    return;
  }
  await holdMove(ctx, old, mover, { course, slot, persons });
}

/** [Move now] / [Approve] and [Keep the old one] / [Decline]; 🧾 Receipt of a difference paid. */
async function moveButton(ctx: BotContext): Promise<void> {
  const data = parseMoveData(ctx.callbackQuery?.data ?? "");
  const userId = ctx.from?.id;
  if (!data || userId === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
    return;
  }
  if (data.action === "receipt") return sendDifferenceReceipt(ctx, data.moveId);
  const view = await ctx.deps.bookings.getMove(data.moveId).catch(() => undefined);
  const mover = view ? moverOf(ctx, view.old) : undefined;
  const own = view !== undefined && Number(view.move.requested_by) === userId;
  // Approving spends a refund: an admin's, or an agent's own move where the agency's rule allows it.
  const mayApprove = mover === "admin" || (mover === "agent" && own && (await agentsMoveAlone(ctx.deps.storage.kv)));
  const allowed = data.action === "approve" ? mayApprove : mover === "admin" || own;
  if (!view || !allowed) {
    await ctx.answerCallbackQuery({ text: ctx.t("move-not-yours"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("move-working") });
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch((error: unknown) => {
    if (!isTelegramFailure(error)) throw error;
  });
  const actor = userActor(userId);
  const out: MoveOutcome =
    data.action === "approve"
      ? await ctx.deps.bookings.approveMove(data.moveId, { actor })
      : await ctx.deps.bookings.abandonMove(data.moveId, { actor });
  // A customer reads the outcome in their words (never the partner's figures); a step they need not hear is the staff's.
  const text =
    (mover === "customer" ? moveCustomerText(localeOf(ctx), out) : undefined) ??
    moveOutcomeText(ctx.t.bind(ctx), localeOf(ctx), out);
  await ctx.reply(text, { parse_mode: "HTML" });
  if (out.kind !== "decided") await tellMoveDecided(ctx.deps, out, userId, ctx.me.username);
}

/** The picker's taps: the booking's mover only; a stale or forged step gets an answer and nothing else. */
async function pickerButton(ctx: BotContext): Promise<void> {
  const data = ctx.callbackQuery?.data ?? "";
  if (data === PICK_NONE) {
    await ctx.answerCallbackQuery();
    return;
  }
  const step = parsePickData(data);
  const old = step ? await ctx.deps.bookings.get(step.bookingId) : undefined;
  const mover = old ? moverOf(ctx, old) : undefined;
  if (!step || !old || !mover) {
    await ctx.answerCallbackQuery({ text: ctx.t("move-not-yours"), show_alert: true });
    return;
  }
  if (!movable(old, ctx.deps.now())) {
    await ctx.answerCallbackQuery({
      text: ctx.t(old.state === "PAID" ? "move-started" : "move-not-paid", { code: old.reservation_code ?? "-" }),
      show_alert: true,
    });
    return;
  }
  if (step.step === "hold") {
    // Another course only among the ones its booker may book (a forged or stale code finds none).
    const course = await moveCourseOf(ctx, old, step.course);
    if (!course) {
      await ctx.answerCallbackQuery({ text: ctx.t("move-course-gone"), show_alert: true });
      return;
    }
    const slot = await openTeeTime(ctx, old, course, step);
    if (!slot) {
      await ctx.answerCallbackQuery({ text: ctx.t("move-slot-gone"), show_alert: true });
      const on = step.course === undefined ? {} : { course: step.course };
      await showPickerStep(ctx, old, { step: "day", bookingId: old.id, date: step.date, ...on });
      return;
    }
    if (mover === "customer" && (await payFor(ctx, old, slot, step.persons)) === "refused") {
      // The picker stays: another tee time or fewer players may do.
      await ctx.answerCallbackQuery({ text: ctx.t("move-customer-dearer"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery({ text: ctx.t("move-holding") });
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
    });
    await holdMove(ctx, old, mover, { course, slot, persons: step.persons });
    return;
  }
  await ctx.answerCallbackQuery();
  await showPickerStep(ctx, old, step);
}

export function createMovesFeature() {
  const feature = new Composer<BotContext>();
  feature.command("move", moveCommand);
  feature.callbackQuery(/^mv:[axr]:/, moveButton);
  feature.callbackQuery(/^mv:[scmdthn]/, pickerButton);
  return feature;
}
