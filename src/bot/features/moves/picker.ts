/**
 * The picker of a move's new tee time, on the booking's own message: the date on the course's calendar
 * (today to the partner's sales window, in the course's time), the day's open tee times, then the players
 * (today's by default, within the tee time's bounds) and [Hold]. Each step is its own callback data
 * (`data.ts`): nothing is stored until the hold, and a stale step is read against the partner again.
 */
import { InlineKeyboard } from "grammy";
import { bookingCourseName, type BookingRecord } from "../../../bookings/index.js";
import { lastSaleDate } from "../../../partner/sales-window.js";
import { courseToday } from "../../../time/today.js";
import { wallClock } from "../../../time/zoned.js";
import type { BotContext } from "../../context.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { localeOf } from "../../i18n.js";
import { calendarKeyboard } from "../../keyboards/date-picker.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { PICK_NONE, pickData, type PickStep } from "./data.js";
import { moveTeeTimes, teeTimeAt } from "./tee-times.js";

/** Tee times shown for a day at most (four to a row). */
const MAX_TIMES = 48;
/** Players a tee time takes at most, whatever the partner says. */
const MAX_PLAYERS = 8;

/** Shows `step` of the picker of `old`'s move in place of the tapped message. */
export async function showPickerStep(ctx: BotContext, old: BookingRecord, step: PickStep): Promise<void> {
  const view = await viewOf(ctx, old, step);
  await ctx.editMessageText(view.text, { parse_mode: "HTML", reply_markup: view.keyboard }).catch((error: unknown) => {
    if (!isTelegramFailure(error)) throw error;
  });
}

async function viewOf(
  ctx: BotContext,
  old: BookingRecord,
  step: PickStep,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const locale = localeOf(ctx);
  const code = escapeHtml(old.reservation_code ?? "-");
  const course = escapeHtml(bookingCourseName(old, locale));
  const today = courseToday(ctx.deps.now(), old.time_zone);
  const back = (to: PickStep) => new InlineKeyboard().text(ctx.t("btn-back"), pickData(to));
  if (step.step === "start" || step.step === "month") {
    const keyboard = calendarKeyboard({
      data: {
        month: (yyyymm) =>
          pickData({ step: "month", bookingId: old.id, month: `${yyyymm.slice(0, 4)}-${yyyymm.slice(4)}` }),
        day: (yyyymmdd) =>
          pickData({
            step: "day",
            bookingId: old.id,
            date: `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`,
          }),
        none: () => PICK_NONE,
      },
      locale,
      month: step.step === "month" ? step.month : today.slice(0, 7),
      first: today,
      last: lastSaleDate(today),
      today,
    });
    return { text: ctx.t("move-pick-date", { code, course }), keyboard };
  }
  const date = formatDate(step.date, locale);
  // The day's list is read fresh; a players tap reads the catalog's cache that list filled (the hold reads fresh).
  const slots = (await moveTeeTimes(ctx, old, step.date, { fresh: step.step === "day" })).filter(
    (t) => t.maxPerson >= 1 && t.minPerson <= MAX_PLAYERS,
  );
  const month = back({ step: "month", bookingId: old.id, month: step.date.slice(0, 7) });
  if (step.step === "day") {
    if (slots.length === 0) return { text: ctx.t("move-pick-none", { code, date }), keyboard: month };
    const keyboard = new InlineKeyboard();
    slots.slice(0, MAX_TIMES).forEach((t, i) => {
      const at = wallClock(t.startsAt, old.time_zone);
      const persons = Math.min(Math.max(old.persons, t.minPerson), Math.min(t.maxPerson, MAX_PLAYERS));
      keyboard.text(
        formatTime(t.startsAt, old.time_zone, locale),
        pickData({ step: "time", bookingId: old.id, date: step.date, hour: at.hour, minute: at.minute, persons }),
      );
      if (i % 4 === 3) keyboard.row();
    });
    keyboard
      .row()
      .text(ctx.t("btn-back"), pickData({ step: "month", bookingId: old.id, month: step.date.slice(0, 7) }));
    return { text: ctx.t("move-pick-time", { code, course, date }), keyboard };
  }
  // A tee time: its players, then [Hold].
  const slot = teeTimeAt(slots, old.time_zone, step);
  if (!slot)
    return { text: ctx.t("move-slot-gone"), keyboard: back({ step: "day", bookingId: old.id, date: step.date }) };
  const keyboard = new InlineKeyboard();
  for (let n = slot.minPerson; n <= Math.min(slot.maxPerson, MAX_PLAYERS); n++)
    keyboard.text(n === step.persons ? `✓ ${n}` : String(n), pickData({ ...step, step: "time", persons: n }));
  keyboard
    .row()
    .text(ctx.t("move-btn-hold"), pickData({ ...step, step: "hold" }))
    .row()
    .text(ctx.t("btn-back"), pickData({ step: "day", bookingId: old.id, date: step.date }));
  return {
    text: ctx.t("move-pick-players", {
      code,
      course,
      date,
      time: formatTime(slot.startsAt, old.time_zone, locale),
      was: old.persons,
    }),
    keyboard,
  };
}
