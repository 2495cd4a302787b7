/**
 * The tee times a move may go to: the open ones of the booking's course on a date, ahead, other than its own
 * (read fresh from the partner where what is shown or held must be current, from the catalog's cache where
 * the last read is enough), and the one at a time of day (the course's clock).
 */
import type { BookingRecord } from "../../../bookings/index.js";
import type { TeeTime } from "../../../partner/index.js";
import { wallClock } from "../../../time/zoned.js";
import type { BotContext } from "../../context.js";

/** Open tee times of `old`'s course on `date`, ahead of now, its own excepted. */
export async function moveTeeTimes(
  ctx: BotContext,
  old: BookingRecord,
  date: string,
  opts: { fresh: boolean },
): Promise<TeeTime[]> {
  return (await ctx.deps.catalog.teeTimes(old.course_id, date, opts)).filter(
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
