/**
 * A watch on one course's day, from the booking flow's sold-out day (or part of the day): what was
 * open there is nothing, so any tee time that opens is new. Plain JSON in and out: the flow calls it
 * inside `conversation.external`.
 */
import { PARTS_OF_DAY, type PartOfDay, type SearchCriteria } from "../../../search/criteria.js";
import { watchEnd } from "../../../watches/checker.js";
import { createWatchStore, targetKey, type CreateOutcome, type WatchCourse } from "../../../watches/store.js";
import type { BotDeps } from "../../context.js";

export interface DayWatch {
  userId: number;
  chatId: number;
  course: WatchCourse;
  /** YYYY-MM-DD, the course's. */
  date: string;
  /** A part of the day (its tee times are all taken), or the whole day. */
  part?: PartOfDay;
}

/** Saves the watch (or finds the same one); the limit is the configured one. */
export async function watchDay(
  deps: Pick<BotDeps, "storage" | "config" | "now">,
  day: DayWatch,
): Promise<CreateOutcome> {
  const criteria: SearchCriteria = {
    dates: [day.date],
    // The party is not chosen yet on the tee-time step: any party.
    players: 0,
    ...(day.part ? { window: { ...PARTS_OF_DAY[day.part] } } : {}),
  };
  return createWatchStore(deps.storage.db, deps.now).create({
    userId: day.userId,
    chatId: day.chatId,
    criteria,
    courses: [day.course],
    open: { [targetKey(day.course.id, day.date)]: [] },
    endsAt: watchEnd(criteria),
    limit: deps.config.watches.perUser,
  });
}
