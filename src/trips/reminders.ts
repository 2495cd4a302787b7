/**
 * What an unpaid instalment's reminders have reached by a day (pure; Bangkok's calendar). The stages, each
 * told once (`trip_instalments.reminder_stage`, migration 035, moved by a compare-and-set):
 *
 * | stage | when                                   | told                                              |
 * | ----- | -------------------------------------- | ------------------------------------------------- |
 * | 1     | the balance, `SOON_DAYS` before its day | the lead customer: amount, day, how to pay        |
 * | 2     | the balance, on its day                 | the lead customer: due today                      |
 * | 3     | any instalment, the day after its day   | the agent (and through them the customer): overdue |
 *
 * The deposit is due on the day the quote is accepted, which is when the customer is shown how to pay it, so
 * it has no "soon" or "today" stage. A stage missed (the bot was down) is not told late: only the furthest
 * reached is. Nothing is sent before `REMINDER_HOUR` in Bangkok. Overdue releases nothing: the agent is told
 * first and decides (remind, wait, or an admin cancels the trip at its ladder).
 */
import { addDaysToDateKey } from "../time/date-key.js";

/** Reminders are sent from this hour in Bangkok (a day's stage reached at midnight waits for the morning). */
export const REMINDER_HOUR = 9;

/** How many days before the balance's day the customer is first reminded. */
export const SOON_DAYS = 3;

export type ReminderStage = 0 | 1 | 2 | 3;

/** The furthest stage an instalment of `kind` due on `due` has reached on `today` (both `YYYY-MM-DD`). */
export function reminderStageOn(kind: "deposit" | "balance", due: string, today: string): ReminderStage {
  if (today > due) return 3;
  if (kind === "deposit") return 0;
  if (today === due) return 2;
  return today >= addDaysToDateKey(due, -SOON_DAYS) ? 1 : 0;
}
