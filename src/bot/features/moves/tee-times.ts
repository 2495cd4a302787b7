/**
 * Where a move may go: the booking's own course, or another one its booker may book (a customer stays
 * within their link's course: the hold's own rule refuses any other, whoever asks), and there the open
 * tee times on a date, ahead, other than the booking's own (read fresh from the partner where what is
 * shown or held must be current, from the catalog's cache where the last read is enough), and the one at
 * a time of day (the course's clock).
 */
import type { BookingRecord } from "../../../bookings/index.js";
import type { TeeTime } from "../../../partner/index.js";
import { wallClock } from "../../../time/zoned.js";
import type { BotContext } from "../../context.js";
import { courseCode } from "./data.js";

/** The course a move goes to: the booking's own, or another (`MoveTarget.course` in the money module). */
export interface MoveCourse {
  id: string;
  name: string;
  nameTH: string | null;
  timeZone: string;
}

/** The booking's own course. */
export function courseOfBooking(old: BookingRecord): MoveCourse {
  return { id: old.course_id, name: old.course_name, nameTH: old.course_name_th, timeZone: old.time_zone };
}

/**
 * The courses other than its own that `old` may move to: the open ones its booker may book (all for
 * staff and for a customer whose link names no course; none for a customer held to one course).
 */
export async function otherCourses(ctx: BotContext, old: BookingRecord): Promise<MoveCourse[]> {
  const booker = await ctx.deps.access.whoIs(Number(old.user_id));
  if (booker.role === "stranger" || (booker.role === "customer" && booker.courseId)) return [];
  return (await ctx.deps.catalog.courses())
    .filter((c) => c.status.toUpperCase() !== "CLOSED" && c.id !== old.course_id)
    .map((c) => ({ id: c.id, name: c.name, nameTH: c.nameTH || null, timeZone: c.timeZone || "Asia/Bangkok" }));
}

/** The course a picker step names: the booking's own without a code; undefined for a code none matches. */
export async function moveCourseOf(
  ctx: BotContext,
  old: BookingRecord,
  code: string | undefined,
): Promise<MoveCourse | undefined> {
  if (code === undefined) return courseOfBooking(old);
  return (await otherCourses(ctx, old)).find((c) => courseCode(c.id) === code);
}

/** Open tee times of `course` on `date`, ahead of now, `old`'s own excepted. */
export async function moveTeeTimes(
  ctx: BotContext,
  old: BookingRecord,
  course: MoveCourse,
  date: string,
  opts: { fresh: boolean },
): Promise<TeeTime[]> {
  return (await ctx.deps.catalog.teeTimes(course.id, date, opts)).filter(
    (t) => t.status.toUpperCase() === "OPEN" && t.startsAt > ctx.deps.now() && t.id !== old.slot_id,
  );
}

/** The one of `slots` at `hour:minute` on the course's clock (`timeZone`). */
export function teeTimeAt(
  slots: readonly TeeTime[],
  timeZone: string,
  at: { hour: number; minute: number },
): TeeTime | undefined {
  return slots.find((t) => {
    const clock = wallClock(t.startsAt, timeZone);
    return clock.hour === at.hour && clock.minute === at.minute;
  });
}
