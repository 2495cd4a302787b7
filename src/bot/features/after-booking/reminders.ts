/**
 * Reminders before tee-off (REMINDERS, default 24 h and 2 h): to whoever booked, with the course,
 * date, time, players, reservation code and where the course is, and buttons (My booking, Request
 * cancellation, Move to another tee time); and one line to the agent of a customer's booking. Each (booking, offset) is claimed
 * in the database before the send, so restarts and several instances never send one twice.
 */
import type { I18n } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import { bookingCourseName, groupCourseName, type BookingRecord, type GroupView } from "../../../bookings/index.js";
import type { Logger } from "../../../logger.js";
import type { PartnerCatalog } from "../../../partner/catalog.js";
import type { Course } from "../../../partner/types.js";
import { cancelRequestData, myBookingsData } from "../../callback-data.js";
import { pickData } from "../moves/data.js";
import { groupFlightLines } from "../../conversations/booking/summary.js";
import type { Locale } from "../../context.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import type { Notifications } from "../../notifications.js";
import type { AfterBookingStore } from "./store.js";

export interface RemindersOptions {
  store: AfterBookingStore;
  notifications: Pick<Notifications, "deliver" | "localeOf" | "agentChats">;
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

  function placeOf(course: Course | undefined): string {
    const place = [course?.address, course?.place].filter((s): s is string => !!s && s.trim() !== "");
    return place.length > 0 ? `📍 ${escapeHtml([...new Set(place)].join(", "))}` : "";
  }

  function bookerText(b: BookingRecord, course: Course | undefined, locale: Locale, offset: number): string {
    const lines = [
      `⏰ <b>${t(locale, "reminder-title", { before: before(t, locale, offset) })}</b>`,
      `⛳ ${escapeHtml(bookingCourseName(b, locale))}`,
      `📅 ${formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale)} · 🕒 ${formatTime(b.slot_starts_at, b.time_zone, locale)}`,
      `👥 ${t(locale, "summary-players", { count: b.persons })}`,
      `🔖 ${t(locale, "summary-code", { code: escapeHtml(b.reservation_code ?? b.reservation_id ?? "") })}`,
      placeOf(course),
    ];
    return lines.filter(Boolean).join("\n");
  }

  function keyboard(b: BookingRecord, course: Course | undefined, locale: Locale): InlineKeyboard {
    return mapRow(
      new InlineKeyboard()
        .text(t(locale, "reminder-btn-booking"), myBookingsData("view", b.id))
        .text(t(locale, "reminder-btn-cancel"), cancelRequestData(b.id))
        // Another tee time instead (its booker's; the picker checks who taps).
        .row()
        .text(t(locale, "btn-move"), pickData({ step: "start", bookingId: b.id })),
      course,
      locale,
    );
  }

  /** A group's reminder: the course, the date, the party, and each paid flight's time, players and code. */
  function groupText(view: GroupView, course: Course | undefined, locale: Locale, offset: number): string {
    const first = view.flights[0]!;
    return [
      `⏰ <b>${t(locale, "reminder-title", { before: before(t, locale, offset) })}</b>`,
      `⛳ ${escapeHtml(groupCourseName(view.group, locale))}`,
      `📅 ${formatDate(dateKeyOf(first.slot_starts_at, first.time_zone), locale)}`,
      `👥 ${t(locale, "group-players", { players: view.flights.reduce((n, f) => n + f.persons, 0), flights: view.flights.length })}`,
      ...groupFlightLines(view, { t: (k, a) => t(locale, k, a), locale }, false),
      placeOf(course),
    ]
      .filter(Boolean)
      .join("\n");
  }

  function mapRow(kb: InlineKeyboard, course: Course | undefined, locale: Locale): InlineKeyboard {
    if (course && course.lat !== null && course.lon !== null)
      kb.row().url(
        t(locale, "reminder-btn-map"),
        `https://www.google.com/maps/search/?api=1&query=${course.lat},${course.lon}`,
      );
    return kb;
  }

  /**
   * The group's one reminder at `offset`, about its paid flights ahead (`view.flights`): to the booker
   * (My booking opens the group; the cancellation request is the group's), to each golfer with a copy of
   * one of its flights (My booking opens that flight), and one line to a crediting agent.
   */
  async function remindGroup(view: GroupView, offset: number): Promise<boolean> {
    const { group } = view;
    const course = await courseOf(group.course_id);
    const locale = await notifications.localeOf(group.user_id);
    const delivered = await notifications.deliver({
      chatId: group.chat_id,
      text: groupText(view, course, locale, offset),
      replyMarkup: mapRow(
        new InlineKeyboard()
          .text(t(locale, "reminder-btn-booking"), myBookingsData("group", group.id))
          .text(t(locale, "reminder-btn-cancel"), cancelRequestData(group.id)),
        course,
        locale,
      ),
      what: "reminder-group",
    });
    if (!delivered)
      logger.warn(
        { groupId: group.id, chatId: group.chat_id, offsetMinutes: offset },
        "group reminder not queued; it will not be retried",
      );
    // Each golfer once, however many of the group's flights they hold a copy of.
    const viewers = new Map<number, string>();
    for (const f of view.flights)
      for (const viewer of (await options.viewers?.(f.id)) ?? [])
        if (viewer !== group.user_id && !viewers.has(viewer)) viewers.set(viewer, f.id);
    for (const [viewer, flightId] of viewers) {
      const viewerLocale = await notifications.localeOf(viewer);
      await notifications.deliver({
        chatId: viewer,
        text: groupText(view, course, viewerLocale, offset),
        replyMarkup: mapRow(
          new InlineKeyboard().text(t(viewerLocale, "reminder-btn-booking"), myBookingsData("view", flightId)),
          course,
          viewerLocale,
        ),
        what: "reminder-golfer",
      });
    }
    if (group.agent_id !== null && group.agent_id !== group.user_id) {
      const first = view.flights[0]!;
      await tellAgent(group.agent_id, (locale) =>
        t(locale, "reminder-agent-group", {
          before: before(t, locale, offset),
          customer: escapeHtml(group.customer_name),
          course: escapeHtml(groupCourseName(group, locale)),
          date: formatDate(dateKeyOf(first.slot_starts_at, first.time_zone), locale),
          times: view.flights.map((f) => formatTime(f.slot_starts_at, f.time_zone, locale)).join(", "),
          codes: escapeHtml(view.flights.map((f) => f.reservation_code ?? "").join(", ")),
        }),
      );
    }
    return delivered;
  }

  /**
   * A pass over the group of a flight found due: its reminder at the offset its earliest paid flight
   * ahead is due for (claimed on flight 1's row: one caller wins), then every paid flight's offsets whose
   * moment has come claimed as "grouped". True if this caller sent the group's reminder.
   */
  async function groupTick(groupId: string, at: number): Promise<boolean> {
    const found = await store.group(groupId);
    if (!found) return false;
    const paid = found.flights.filter((f) => f.state === "PAID" && f.slot_starts_at > at);
    const lead = paid[0];
    const key = found.flights.find((f) => f.flight === 1) ?? found.flights[0];
    if (!lead || !key) return false;
    const due = dueOffsets(lead, options.offsets, await store.claimedOffsets(key.id), at);
    let sent = false;
    if (due) {
      for (const m of due.skip) await store.claimReminder(key.id, m, "skipped");
      if (await store.claimReminder(key.id, due.send, "claimed")) {
        try {
          const delivered = await remindGroup({ group: found.group, flights: paid }, due.send);
          await store.reminderOutcome(key.id, due.send, delivered ? "sent" : "failed");
          sent = true;
        } catch (error) {
          logger.warn(
            { err: error, groupId, offsetMinutes: due.send },
            "group reminder failed; it will not be retried",
          );
        }
      }
    }
    for (const f of paid)
      for (const m of options.offsets)
        if (f.slot_starts_at - m * 60_000 <= at) await store.claimReminder(f.id, m, "grouped");
    return sent;
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
    if (b.agent_id !== null && b.agent_id !== b.user_id)
      await tellAgent(b.agent_id, (locale) =>
        t(locale, "reminder-agent", {
          before: before(t, locale, offset),
          customer: escapeHtml(b.customer_name),
          course: escapeHtml(bookingCourseName(b, locale)),
          date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale),
          time: formatTime(b.slot_starts_at, b.time_zone, locale),
          code: escapeHtml(b.reservation_code ?? ""),
        }),
      );
  }

  /** The agent who sold a customer's booking or group gets one line of its reminder, in the agent's language. */
  async function tellAgent(agentId: number, text: (locale: Locale) => string): Promise<void> {
    for (const to of await notifications.agentChats(agentId)) {
      const locale = await notifications.localeOf(to);
      await notifications.deliver({ chatId: to, text: text(locale), what: "reminder-agent" });
    }
  }

  return {
    /** One pass: every reminder whose moment has come is claimed and sent. Returns how many were sent. */
    async tick(): Promise<number> {
      if (options.offsets.length === 0) return 0;
      const at = now();
      let sent = 0;
      const groups = new Set<string>();
      for (const { booking, claimed } of await store.paidWithDueReminders(at, options.offsets)) {
        if (booking.group_id !== null) {
          if (groups.has(booking.group_id)) continue;
          groups.add(booking.group_id);
          if (await groupTick(booking.group_id, at)) sent += 1;
          continue;
        }
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
