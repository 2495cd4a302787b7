/**
 * Reminders before tee-off (REMINDERS, default 24 h and 2 h): to whoever booked, with the course,
 * date, time, players, reservation code and where the course is, and buttons (My booking, Request
 * cancellation); and one line to the agent of a customer's booking. Each (booking, offset) is claimed
 * in the database before the send, so restarts and several instances never send one twice.
 */
import type { I18n } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import { bookingCourseName, type BookingRecord } from "../../../bookings/index.js";
import type { Logger } from "../../../logger.js";
import type { PartnerCatalog } from "../../../partner/catalog.js";
import type { Course } from "../../../partner/types.js";
import { cancelRequestData, myBookingsData } from "../../callback-data.js";
import type { Locale } from "../../context.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import type { Notifications } from "../../notifications.js";
import type { AfterBookingStore } from "./store.js";

export interface RemindersOptions {
  store: AfterBookingStore;
  notifications: Pick<Notifications, "deliver" | "localeOf">;
  i18n: Pick<I18n, "t">;
  /** Where the course is (address, coordinates); best effort, a reminder goes out without it. */
  catalog: Pick<PartnerCatalog, "course">;
  logger: Logger;
  now: () => number;
  /** Minutes before tee-off (Config.reminderMinutes). */
  offsets: readonly number[];
  /** Golfers who claimed the booking's copy (they get the booker's reminder too). */
  viewers?: (bookingId: string) => Promise<number[]>;
}

/** "24 hours", "95 minutes": how long before tee-off, in the reader's language. */
export function before(
  t: (locale: Locale, key: string, args?: Record<string, string | number>) => string,
  locale: Locale,
  minutes: number,
): string {
  return minutes % 60 === 0
    ? t(locale, "reminder-hours", { hours: minutes / 60 })
    : t(locale, "reminder-minutes", { minutes });
}

/** Which offset to send now, and which are too late to bother with (a nearer one is due too). */
export function dueOffsets(
  b: Pick<BookingRecord, "slot_starts_at" | "paid_at" | "created_at">,
  offsets: readonly number[],
  claimed: ReadonlySet<number>,
  at: number,
) {
  const madeAt = b.paid_at ?? b.created_at;
  // Due: its moment has come, and had not yet come when the booking was made (else it never is).
  const due = offsets.filter((m) => {
    const moment = b.slot_starts_at - m * 60_000;
    return moment <= at && moment > madeAt && !claimed.has(m);
  });
  if (due.length === 0) return undefined;
  const send = Math.min(...due);
  return { send, skip: due.filter((m) => m !== send) };
}

export function createReminders(options: RemindersOptions) {
  const { store, notifications, i18n, logger, now } = options;
  const t = (locale: Locale, key: string, args?: Record<string, string | number>) => i18n.t(locale, key, args);

  async function courseOf(courseId: string): Promise<Course | undefined> {
    try {
      return await options.catalog.course(courseId);
    } catch (error) {
      logger.warn({ err: error, courseId }, "course details unavailable for a reminder");
      return undefined;
    }
  }

  function bookerText(b: BookingRecord, course: Course | undefined, locale: Locale, offset: number): string {
    const place = [course?.address, course?.place].filter((s): s is string => !!s && s.trim() !== "");
    const lines = [
      `⏰ <b>${t(locale, "reminder-title", { before: before(t, locale, offset) })}</b>`,
      `⛳ ${escapeHtml(bookingCourseName(b, locale))}`,
      `📅 ${formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale)} · 🕒 ${formatTime(b.slot_starts_at, b.time_zone, locale)}`,
      `👥 ${t(locale, "summary-players", { count: b.persons })}`,
      `🔖 ${t(locale, "summary-code", { code: escapeHtml(b.reservation_code ?? b.reservation_id ?? "") })}`,
      place.length > 0 ? `📍 ${escapeHtml([...new Set(place)].join(", "))}` : "",
    ];
    return lines.filter(Boolean).join("\n");
  }

  function keyboard(b: BookingRecord, course: Course | undefined, locale: Locale): InlineKeyboard {
    const kb = new InlineKeyboard()
      .text(t(locale, "reminder-btn-booking"), myBookingsData("view", b.id))
      .text(t(locale, "reminder-btn-cancel"), cancelRequestData(b.id));
    if (course && course.lat !== null && course.lon !== null) {
      kb.row().url(
        t(locale, "reminder-btn-map"),
        `https://www.google.com/maps/search/?api=1&query=${course.lat},${course.lon}`,
      );
    }
    return kb;
  }

  async function remind(b: BookingRecord, offset: number): Promise<void> {
    const course = await courseOf(b.course_id);
    const locale = await notifications.localeOf(b.user_id);
    const delivered = await notifications.deliver({
      chatId: b.chat_id,
      text: bookerText(b, course, locale, offset),
      replyMarkup: keyboard(b, course, locale),
      what: "reminder",
    });
    // "sent": handed to the outbox, which sends it once (a user who blocked the bot is logged there and
    // dropped). Claimed once, so never queued again, whatever happens to it.
    await store.reminderOutcome(b.id, offset, delivered ? "sent" : "failed");
    if (!delivered)
      logger.warn(
        { bookingId: b.id, chatId: b.chat_id, offsetMinutes: offset },
        "reminder not queued; it will not be retried",
      );
    // Golfers who claimed the booking's copy (the agent's "Send to golfer") get the same reminder.
    for (const viewer of (await options.viewers?.(b.id)) ?? []) {
      if (viewer === b.user_id) continue;
      const viewerLocale = await notifications.localeOf(viewer);
      await notifications.deliver({
        chatId: viewer,
        text: bookerText(b, course, viewerLocale, offset),
        replyMarkup: keyboard(b, course, viewerLocale),
        what: "reminder-golfer",
      });
    }
    if (b.agent_id !== null && b.agent_id !== b.user_id) {
      const agentLocale = await notifications.localeOf(b.agent_id);
      await notifications.deliver({
        chatId: b.agent_id,
        text: t(agentLocale, "reminder-agent", {
          before: before(t, agentLocale, offset),
          customer: escapeHtml(b.customer_name),
          course: escapeHtml(bookingCourseName(b, agentLocale)),
          date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), agentLocale),
          time: formatTime(b.slot_starts_at, b.time_zone, agentLocale),
          code: escapeHtml(b.reservation_code ?? ""),
        }),
        what: "reminder-agent",
      });
    }
  }

  return {
    /** One pass: every reminder whose moment has come is claimed and sent. Returns how many were sent. */
    async tick(): Promise<number> {
      if (options.offsets.length === 0) return 0;
      const at = now();
      let sent = 0;
      for (const { booking, claimed } of await store.paidWithDueReminders(at, options.offsets)) {
        const due = dueOffsets(booking, options.offsets, claimed, at);
        if (!due) continue;
        // The nearest one only: after downtime, "in 2 hours" is worth sending, "in 24 hours" is not.
        for (const m of due.skip) await store.claimReminder(booking.id, m, "skipped");
        if (!(await store.claimReminder(booking.id, due.send, "claimed"))) continue;
        try {
          await remind(booking, due.send);
          sent += 1;
        } catch (error) {
          logger.warn(
            { err: error, bookingId: booking.id, offsetMinutes: due.send },
            "reminder failed; it will not be retried",
          );
        }
      }
      return sent;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
