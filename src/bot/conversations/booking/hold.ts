import { GrammyError, HttpError, InlineKeyboard, InputFile } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import { bookingIcsUid, buildTeeTimeIcs } from "../../format/tee-time-ics.js";
import { golferCopyData } from "../../callback-data.js";
import { paymentData } from "../../features/payments/callback-data.js";
import { askPayment } from "./pay.js";
import { courseName } from "../../format/course-name.js";
import { deliverVoucher } from "../../features/after-booking/voucher.js";
import { withReceiptButton } from "../../features/after-booking/receipt-document.js";
import { localeOf } from "../../i18n.js";
import { randomId, refreshSlots, tick, type FlowRun } from "./flow-run.js";
import { caddyInfoOf, heldOrBusy, refusedHold, summaryEnvOf } from "./hold-attempt.js";
import { confirmedText, heldView } from "./summary.js";
import { confirmGroupHold, placeGroupHold } from "./group.js";

/** The partner error keys that send the user back to an earlier step instead of a dead end. */
const BACK_TO: Record<string, "slot" | "players" | "name" | undefined> = {
  "partner-error-slot-unavailable": "slot",
  "partner-error-conflict": "slot",
  "partner-error-persons-out-of-range": "players",
  "partner-error-validation": "name",
};

/** Records the intent, then places the hold: exactly one partner reserve per booking id. */
export async function placeHold(run: FlowRun): Promise<"held" | "back" | "stuck" | "ended"> {
  const { d, deps, ctx } = run;
  if (d.group) return placeGroupHold(run);
  if (!d.course || !d.slot || !d.persons || !d.name || !d.email || !d.mobile) return "back";
  // The contact keyboard must go, and only a message can take it away: this one says what happens.
  // Otherwise the summary is simply the next view of the panel.
  if (run.panel.replyKeyboard) await run.panel.show(ctx, { text: `⏳ ${ctx.t("hold-placing")}` });
  const id = d.nextBookingId;
  const intent = {
    id,
    chatId: run.chatId,
    userId: run.userId,
    agentId: run.agentId,
    locale: localeOf(ctx),
    courseId: d.course.id,
    courseName: courseName(d.course, "en"),
    courseNameTH: d.course.nameTH || null,
    timeZone: d.course.timeZone,
    slotId: d.slot.id,
    slotStartsAt: d.slot.startsAt,
    persons: d.persons,
    customerName: d.name,
    customerEmail: d.email,
    customerMobile: d.mobile,
    expectedAmount: d.slot.price * d.persons,
    caddyInfo: caddyInfoOf(d.slot),
  };
  const outcome = await run.conversation.external(async () => {
    // A customer through a link pays first (PromptPay), unless the link says confirm at once.
    const prepay = run.agentId !== null ? await deps.payments.prepayFor(run.userId, run.agentId) : null;
    await deps.bookings.createIntent(intent, prepay ? { prepay } : {});
    return deps.bookings.reserve(id);
  });
  await tick(run);
  if (outcome.kind === "held" || outcome.kind === "busy")
    return heldOrBusy(run, outcome, (held) => {
      run.held = held.booking;
      d.bookingId = id;
    });
  // This booking id is spent; the next attempt gets a new one (made now, used in a later update).
  d.nextBookingId = await randomId(run);
  if (outcome.kind === "refused") return refusedHold(run, outcome.reason);
  if (outcome.kind === "unknown") {
    // Nothing was charged. Keep every choice; the refreshed list shows whether the slot was taken.
    d.notice = { key: "hold-unknown" };
    refreshSlots(run);
    d.step = "slot";
    return "back";
  }
  const key = outcome.error.userMessageKey;
  const back = BACK_TO[key];
  d.notice = { key: back === "slot" ? "hold-slot-taken" : key };
  if (back === "slot") {
    refreshSlots(run);
    d.step = "slot";
  } else if (back) {
    d.step = back;
  } else {
    run.retry = "reserve";
    d.step = "stuck";
  }
  return "back";
}

/** Renders the hold summary. */
export function heldPanel(run: FlowRun, held: BookingRecord, notice?: string) {
  return heldView(held, run.d.course, summaryEnvOf(run), notice);
}

/** Confirm: at most one partner confirm per booking (the ledger decides), then the receipt and .ics. */
export async function confirmHold(run: FlowRun): Promise<"done" | "held" | "back"> {
  const { d, deps, ctx } = run;
  if (d.groupId) return confirmGroupHold(run, (text, keyboard) => deliverOutcome(run, text, keyboard));
  const id = d.bookingId;
  if (!id) return "back";
  // A customer who pays first is shown the QR; the partner's confirm waits for the agent's approval.
  const payment = await run.conversation.external(() => deps.bookings.payment(id));
  if (payment?.kind === "prepay") return askPayment(run, id);
  // The tap was answered "Confirming and paying…" (index.ts); a second tap waits behind this one and
  // finds the flow done. The ledger confirms at most once whatever arrives.
  const outcome = await run.conversation.external(() => deps.bookings.confirm(id));
  await tick(run);
  run.held = outcome.booking;
  switch (outcome.kind) {
    case "paid": {
      const locale = localeOf(ctx);
      // An agent's receipt offers "Send to golfer" (a customer books for themselves). Its button is handled
      // outside the flow (features/after-booking/golfer-copy.ts): the flow's stored state is unchanged.
      // With a PromptPay ID to collect to, it also offers a payment request (the QR for the selling total).
      const payee =
        run.agentId === null
          ? await run.conversation.external(async () => (await deps.payments.payeeFor(run.userId)) ?? null)
          : null;
      const copy =
        run.agentId === null ? new InlineKeyboard().text(ctx.t("btn-send-to-golfer"), golferCopyData(id)) : undefined;
      if (copy && payee) copy.row().text(ctx.t("pay-btn-request"), paymentData("request", id));
      // Its receipt as a PDF, for the customer and the agent alike (features/after-booking/receipt-document.ts).
      const buttons = withReceiptButton((k) => ctx.t(k), id, copy);
      await deliverOutcome(
        run,
        confirmedText(outcome.booking, d.course, {
          t: (k, a) => ctx.t(k, a),
          locale,
          audience: run.agentId !== null ? "customer" : "staff",
        }),
        buttons,
      );
      await sendCalendarFile(run, outcome.booking).catch((error: unknown) => {
        if (!isTelegramFailure(error)) throw error;
      });
      await run.conversation.external((outside) =>
        deliverVoucher(
          deps,
          { booking: outcome.booking },
          { chatId: run.chatId, locale, botUsername: outside.me.username },
        ),
      );
      // The agent of a customer's booking is told, admins are warned of low credit: once per booking.
      await run.conversation.external(() => deps.notifications.afterPaid(id, outcome.balanceAfter));
      return "done";
    }
    case "insufficient":
      d.notice = { key: "confirm-insufficient" };
      return "held";
    case "failed":
      d.notice = { key: outcome.error.userMessageKey };
      return outcome.booking.state === "HELD" ? "held" : "back";
    case "busy":
      d.notice = { key: "confirm-busy" };
      run.retry = "confirm";
      d.step = "stuck";
      return "back";
    case "unknown":
      await deliverOutcome(run, ctx.t("confirm-unknown"));
      return "done";
    case "expired":
    case "not-held":
      d.bookingId = undefined;
      d.notice = { key: "hold-expired" };
      refreshSlots(run);
      d.step = "slot";
      return "back";
  }
}

function isTelegramFailure(error: unknown): boolean {
  return error instanceof GrammyError || error instanceof HttpError;
}

/**
 * Shows what became of a payment. Money may have moved, so a Telegram failure here (a flood wait
 * longer than the flow's auto-retry, a server error) must not end the flow with "nothing was charged":
 * the text is sent once more through the bot's own API, whose auto-retry waits longer.
 */
async function deliverOutcome(run: FlowRun, text: string, keyboard?: InlineKeyboard): Promise<void> {
  try {
    await run.panel.close(run.ctx, text, keyboard);
    return;
  } catch (error) {
    if (!isTelegramFailure(error)) throw error;
  }
  const delivered = await run.conversation.external(async (outside) => {
    try {
      await outside.api.sendMessage(run.chatId, text, {
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
        ...(keyboard ? { reply_markup: keyboard } : {}),
      });
      return true;
    } catch (error) {
      run.deps.logger.warn(
        { chatId: run.chatId, bookingId: run.d.bookingId, err: error },
        "the outcome of a payment could not be shown",
      );
      return false;
    }
  });
  if (delivered) run.panel.messageId = undefined;
}

async function sendCalendarFile(run: FlowRun, b: BookingRecord): Promise<void> {
  const { ctx, d } = run;
  const locale = localeOf(ctx);
  const name = d.course ? courseName(d.course, locale) : b.course_name;
  const ics = buildTeeTimeIcs({
    uid: bookingIcsUid(b),
    startsAt: b.slot_starts_at,
    timeZone: b.time_zone,
    summary: ctx.t("ics-summary", { course: name }),
    location: [name, d.course?.address ?? ""].filter(Boolean).join(", "),
    description: ctx.t("ics-description", { code: b.reservation_code ?? "", players: b.persons }),
    ...(d.course && d.course.lat !== null && d.course.lon !== null ? { lat: d.course.lat, lon: d.course.lon } : {}),
    ...(d.course?.website ? { url: d.course.website } : {}),
    createdAt: b.paid_at ?? run.now,
  });
  await ctx.api.sendDocument(
    run.chatId,
    new InputFile(Buffer.from(ics, "utf8"), `tee-time-${b.reservation_code ?? "booking"}.ics`),
    {
      caption: ctx.t("ics-caption"),
    },
  );
}
