import type { Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type { ReaperEvent } from "../bookings/index.js";
import type { Logger } from "../logger.js";
import { dateKeyOf, formatDate, formatTime } from "./format/dates.js";
import { escapeHtml } from "./format/html.js";

/** Tells the booker what the hold reaper did (hold expired, payment found after a lost answer, …). */
export function createReaperNotifier(api: Api, i18n: Pick<I18n, "t">, logger: Logger) {
  return async (event: ReaperEvent): Promise<void> => {
    const b = event.booking;
    const locale = b.locale === "th" ? "th" : "en";
    const args = {
      course: escapeHtml(b.course_name),
      date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale),
      time: formatTime(b.slot_starts_at, b.time_zone, locale),
      code: escapeHtml(b.reservation_code ?? ""),
    };
    const text = i18n.t(locale, `notify-${event.kind}`, args);
    try {
      await api.sendMessage(b.chat_id, text, { parse_mode: "HTML" });
    } catch (error) {
      logger.warn({ bookingId: b.id, err: error }, "could not tell the user what the reaper did");
    }
  };
}
