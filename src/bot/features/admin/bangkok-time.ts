/** Admin times (balance, audit, report, the digest) are read on Thailand's clock; tee times on the course's. */
import { TZDate } from "@date-fns/tz";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { formatDateTime } from "../../format/dates.js";

export const ADMIN_TIME_ZONE = "Asia/Bangkok";

/** Date and time in Thailand, e.g. `Mon 23 Nov 2026, 14:05`. */
export function bangkokTime(ctx: BotContext, ms: number): string {
  return formatDateTime(ms, ADMIN_TIME_ZONE, localeOf(ctx));
}

/** The instant a `YYYY-MM-DD` day starts in Thailand. */
export function bangkokDayStart(dateKey: string): number {
  const [year, month, day] = dateKey.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, ADMIN_TIME_ZONE).getTime();
}
