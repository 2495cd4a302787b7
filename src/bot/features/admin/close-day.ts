/**
 * /closeday <YYYY-MM-DD> <course id or part of its name>: a whole course-day closed by the course (rain, a
 * tournament) in one action. It lists every paid booking of that course on that day (Bangkok) with its
 * customer and who booked it, and asks to confirm; on confirm each is refunded at the partner once (the
 * booking service's refund: an admin's by its write rule, at most once by its compare-and-set), marked ended by
 * the course, what its customer is owed recorded with the refund, and everyone concerned told (the course
 * notices, once per booking). Run twice, the second finds nothing paid left and refunds nothing.
 */
import { InlineKeyboard } from "grammy";
import { bookingCourseName, userActor, type BookingRecord } from "../../../bookings/index.js";
import { isDateKey } from "../../../time/date-key.js";
import type { BotContext } from "../../context.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { localeOf } from "../../i18n.js";
import { addDaysToDateKey } from "../../format/dates.js";
import { customerOf } from "../course-changes/notices.js";
import { ADMIN_TIME_ZONE, bangkokDayStart } from "./bangkok-time.js";
import { referenceOf } from "./booking-labels.js";
import { closeDayConfirmData, REFUND_CANCEL_DATA } from "./data.js";
import { fitLines } from "./fit-lines.js";

/** The paid bookings of `date` (Bangkok) at the course whose id is `course`, or whose name holds it. */
async function paidOfCourseDay(ctx: BotContext, date: string, course: string): Promise<BookingRecord[]> {
  const from = bangkokDayStart(date);
  const to = bangkokDayStart(addDaysToDateKey(date, 1));
  const paid = await ctx.deps.ledger.paidTeeTimesBetween(from, to);
  const needle = course.toLowerCase();
  return paid.filter(
    (b) =>
      b.course_id === course ||
      b.course_name.toLowerCase().includes(needle) ||
      (b.course_name_th ?? "").toLowerCase().includes(needle),
  );
}

function parseArgs(match: string): { date: string; course: string } | undefined {
  const [date, ...rest] = match.trim().split(/\s+/);
  const course = rest.join(" ");
  if (!isDateKey(date) || course.length === 0) return undefined;
  return { date, course };
}

/** /closeday <date> <course>: the list, and [Close the day and refund] [Cancel]. */
export async function closeDayCommand(ctx: BotContext, match: string): Promise<void> {
  const args = parseArgs(match);
  if (!args) {
    await ctx.reply(ctx.t("closeday-usage"), { parse_mode: "HTML" });
    return;
  }
  const bookings = await paidOfCourseDay(ctx, args.date, args.course);
  const locale = localeOf(ctx);
  const date = formatDate(args.date, locale);
  const courses = [...new Set(bookings.map((b) => b.course_id))];
  if (courses.length === 0) {
    await ctx.reply(ctx.t("closeday-none", { course: escapeHtml(args.course), date }), { parse_mode: "HTML" });
    return;
  }
  if (courses.length > 1) {
    const names = courses.map((id) => {
      const b = bookings.find((x) => x.course_id === id)!;
      return `• ${escapeHtml(bookingCourseName(b, locale))} — <code>${escapeHtml(id)}</code>`;
    });
    await ctx.reply([ctx.t("closeday-which"), ...names].join("\n"), { parse_mode: "HTML" });
    return;
  }
  const first = bookings[0]!;
  const lines = bookings.map((b) =>
    ctx.t("closeday-line", {
      time: formatTime(b.slot_starts_at, ADMIN_TIME_ZONE, locale),
      code: escapeHtml(referenceOf(b)),
      customer: escapeHtml(b.customer_name),
      players: b.persons,
      agent: b.agent_id ?? b.user_id,
      told: customerOf(b) !== undefined ? "yes" : "no",
    }),
  );
  const title = ctx.t("closeday-title", {
    course: escapeHtml(bookingCourseName(first, locale)),
    date,
    count: bookings.length,
  });
  const text = fitLines([title, "", ...lines, "", ctx.t("closeday-confirm")], (hidden) =>
    ctx.t("admin-more", { count: hidden }),
  );
  const keyboard = new InlineKeyboard()
    .text(ctx.t("closeday-btn-confirm", { count: bookings.length }), closeDayConfirmData(first.course_id, args.date))
    .text(ctx.t("admin-btn-cancel"), REFUND_CANCEL_DATA);
  await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
}

/**
 * The admin confirmed: each paid booking of the course-day refunded once, as ended by the course, and told.
 * The list is read again (what was refunded meanwhile is left out), so a second tap or run refunds nothing.
 */
export async function confirmCloseDay(ctx: BotContext, courseId: string, date: string): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("closeday-working") });
  const actor = userActor(ctx.from!.id);
  const bookings = await paidOfCourseDay(ctx, date, courseId);
  let refunded = 0;
  let failed = 0;
  for (const b of bookings.filter((x) => x.course_id === courseId)) {
    const outcome = await ctx.deps.bookings.refund(b.id, { actor, byCourse: true }).catch((err: unknown) => {
      ctx.deps.logger.warn({ err, bookingId: b.id }, "a closed day's refund failed");
      return undefined;
    });
    const after = outcome?.booking ?? b;
    if (outcome?.kind === "refunded") refunded += 1;
    else failed += 1;
    // Told once per booking (its key), whoever ended it: this refund, or the course's own at the partner. The
    // course is closed that day: no tee time of it is offered instead.
    if (after.ended_by === "course")
      await ctx.deps.courseNotices.tell(
        { kind: "ended", before: b, booking: after, partnerStatus: "REFUND" },
        { alternatives: false },
      );
  }
  const text = ctx.t("closeday-done", { date: formatDate(date, localeOf(ctx)), refunded, failed });
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  await ctx.reply(text, { parse_mode: "HTML" });
}
