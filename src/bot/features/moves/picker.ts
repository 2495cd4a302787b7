/**
 * The picker of a move's new tee time, on the booking's own message: the date on the course's calendar
 * (today to the partner's sales window, in the course's time), the day's open tee times, then the players
 * (today's by default, within the tee time's bounds) and [Hold]. The calendar offers another course where
 * the booker may book one (`otherCourses`). Each step is its own callback data (`data.ts`): nothing is
 * stored until the hold, and a stale step is read against the partner again.
 */
import { InlineKeyboard } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import { lastSaleDate } from "../../../partner/sales-window.js";
import { courseToday } from "../../../time/today.js";
import { wallClock } from "../../../time/zoned.js";
import type { BotContext, Locale } from "../../context.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { localeOf } from "../../i18n.js";
import { calendarKeyboard } from "../../keyboards/date-picker.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { courseCode, PICK_NONE, pickData, type PickStep } from "./data.js";
import { courseOfBooking, moveCourseOf, moveTeeTimes, otherCourses, teeTimeAt, type MoveCourse } from "./tee-times.js";

/** Tee times shown for a day at most (four to a row). */
const MAX_TIMES = 48;
/** Players a tee time takes at most, whatever the partner says. */
const MAX_PLAYERS = 8;
/** Courses on a page of the course step. */
const COURSES_PER_PAGE = 8;

/** A course's name in `locale` (Thai where the partner gives one). */
const nameOf = (c: MoveCourse, locale: Locale) => (locale === "th" && c.nameTH ? c.nameTH : c.name);

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
  const back = (to: PickStep) => new InlineKeyboard().text(ctx.t("btn-back"), pickData(to));
  if (step.step === "courses") return coursesView(ctx, old, step.page);
  const target = await moveCourseOf(ctx, old, step.step === "start" ? undefined : step.course);
  if (!target)
    return { text: ctx.t("move-course-gone"), keyboard: back({ step: "courses", bookingId: old.id, page: 0 }) };
  const on = target.id === old.course_id ? {} : { course: courseCode(target.id) };
  const course = escapeHtml(nameOf(target, locale));
  const tz = target.timeZone;
  const today = courseToday(ctx.deps.now(), tz);
  if (step.step === "start" || step.step === "month") {
    const keyboard = calendarKeyboard({
      data: {
        month: (yyyymm) =>
          pickData({ step: "month", bookingId: old.id, month: `${yyyymm.slice(0, 4)}-${yyyymm.slice(4)}`, ...on }),
        day: (yyyymmdd) =>
          pickData({
            step: "day",
            bookingId: old.id,
            date: `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`,
            ...on,
          }),
        none: () => PICK_NONE,
      },
      locale,
      month: step.step === "month" ? step.month : today.slice(0, 7),
      first: today,
      last: lastSaleDate(today),
      today,
    });
    if (target.id !== old.course_id || (await otherCourses(ctx, old)).length > 0)
      keyboard.row().text(ctx.t("move-btn-course"), pickData({ step: "courses", bookingId: old.id, page: 0 }));
    return { text: ctx.t("move-pick-date", { code, course }), keyboard };
  }
  const date = formatDate(step.date, locale);
  // The day's list is read fresh; a players tap reads the catalog's cache that list filled (the hold reads fresh).
  const slots = (await moveTeeTimes(ctx, old, target, step.date, { fresh: step.step === "day" })).filter(
    (t) => t.maxPerson >= 1 && t.minPerson <= MAX_PLAYERS,
  );
  const month = back({ step: "month", bookingId: old.id, month: step.date.slice(0, 7), ...on });
  if (step.step === "day") {
    if (slots.length === 0) return { text: ctx.t("move-pick-none", { code, date }), keyboard: month };
    const keyboard = new InlineKeyboard();
    slots.slice(0, MAX_TIMES).forEach((t, i) => {
      const at = wallClock(t.startsAt, tz);
      const persons = Math.min(Math.max(old.persons, t.minPerson), Math.min(t.maxPerson, MAX_PLAYERS));
      keyboard.text(
        formatTime(t.startsAt, tz, locale),
        pickData({
          step: "time",
          bookingId: old.id,
          date: step.date,
          hour: at.hour,
          minute: at.minute,
          persons,
          ...on,
        }),
      );
      if (i % 4 === 3) keyboard.row();
    });
    keyboard
      .row()
      .text(ctx.t("btn-back"), pickData({ step: "month", bookingId: old.id, month: step.date.slice(0, 7), ...on }));
    return { text: ctx.t("move-pick-time", { code, course, date }), keyboard };
  }
  // A tee time: its players, then [Hold].
  const slot = teeTimeAt(slots, tz, step);
  if (!slot)
    return {
      text: ctx.t("move-slot-gone"),
      keyboard: back({ step: "day", bookingId: old.id, date: step.date, ...on }),
    };
  const keyboard = new InlineKeyboard();
  for (let n = slot.minPerson; n <= Math.min(slot.maxPerson, MAX_PLAYERS); n++)
    keyboard.text(n === step.persons ? `✓ ${n}` : String(n), pickData({ ...step, step: "time", persons: n }));
  keyboard
    .row()
    .text(ctx.t("move-btn-hold"), pickData({ ...step, step: "hold" }))
    .row()
    .text(ctx.t("btn-back"), pickData({ step: "day", bookingId: old.id, date: step.date, ...on }));
  return {
    text: ctx.t("move-pick-players", {
      code,
      course,
      date,
      time: formatTime(slot.startsAt, tz, locale),
      was: old.persons,
    }),
    keyboard,
  };
}

/** The courses to move to, a page at a time: the booking's own first, then the others its booker may book. */
async function coursesView(
  ctx: BotContext,
  old: BookingRecord,
  page: number,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const locale = localeOf(ctx);
  const others = await otherCourses(ctx, old);
  const pages = Math.max(1, Math.ceil(others.length / COURSES_PER_PAGE));
  const at = Math.min(Math.max(page, 0), pages - 1);
  const keyboard = new InlineKeyboard()
    .text(`✓ ${nameOf(courseOfBooking(old), locale)}`, pickData({ step: "start", bookingId: old.id }))
    .row();
  for (const c of others.slice(at * COURSES_PER_PAGE, (at + 1) * COURSES_PER_PAGE)) {
    const month = courseToday(ctx.deps.now(), c.timeZone).slice(0, 7);
    keyboard
      .text(nameOf(c, locale), pickData({ step: "month", bookingId: old.id, month, course: courseCode(c.id) }))
      .row();
  }
  if (pages > 1) {
    keyboard.text(
      at > 0 ? "‹" : "·",
      at > 0 ? pickData({ step: "courses", bookingId: old.id, page: at - 1 }) : PICK_NONE,
    );
    keyboard.text(`${at + 1}/${pages}`, PICK_NONE);
    keyboard.text(
      at < pages - 1 ? "›" : "·",
      at < pages - 1 ? pickData({ step: "courses", bookingId: old.id, page: at + 1 }) : PICK_NONE,
    );
  }
  return { text: ctx.t("move-pick-course", { code: escapeHtml(old.reservation_code ?? "-") }), keyboard };
}
