/**
 * The alternatives in the booker's notice of a booking the course ended: one button per open tee time near
 * the old one (`ce:t:<booking>:<tee time>`), which opens the booking flow on that tee time for the same
 * players and customer name (the flow asks the rest, as after a search's tap). Who may tap is the service's
 * write rule (`writeRefusal`'s "rebook": staff, for their own bookings and their customers'); a tee time
 * taken or gone since the notice is said so, and the flow opens on that day's tee times instead.
 */
import { Composer } from "grammy";
import * as v from "valibot";
import { writeRefusal } from "../../../access/index.js";
import { toSlotView } from "../../conversations/booking/data.js";
import { BOOKING_CONVERSATION, type BookingArgs } from "../../conversations/booking/entry.js";
import type { BotContext } from "../../context.js";
import { dateKeyOf } from "../../format/dates.js";
import { releaseActiveHold } from "../booking.js";

const AlternativeDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^ce:t:[A-Za-z0-9-]{1,40}:[A-Za-z0-9_-]{1,40}$/),
  v.transform((s) => {
    const [, , bookingId, slotId] = s.split(":") as [string, string, string, string];
    return { bookingId, slotId };
  }),
);

/** The button's data, or undefined when the ids would not fit Telegram's 64 bytes (the button is left out). */
export function alternativeData(bookingId: string, slotId: string): string | undefined {
  const data = `ce:t:${bookingId}:${slotId}`;
  return v.safeParse(AlternativeDataSchema, data).success ? data : undefined;
}

export function parseAlternativeData(data: string | undefined) {
  const result = v.safeParse(AlternativeDataSchema, data);
  return result.success ? result.output : undefined;
}

/** Below the booking conversation: a tap on an alternative opens the flow on it. */
export function createCourseAlternativesEntry() {
  const entry = new Composer<BotContext>();
  entry.callbackQuery(/^ce:t:/, async (ctx) => {
    const data = parseAlternativeData(ctx.callbackQuery.data);
    const { deps } = ctx;
    const booking = data ? await deps.bookings.get(data.bookingId) : undefined;
    if (!data || !booking || booking.ended_by !== "course") {
      return void (await ctx.answerCallbackQuery({ text: ctx.t("course-alt-expired") }));
    }
    const actorId = ctx.from.id;
    const refused = writeRefusal(ctx.who, {
      kind: "rebook",
      actorId,
      userId: booking.user_id,
      agentId: booking.agent_id,
    });
    if (refused) return void (await ctx.answerCallbackQuery({ text: ctx.t("course-alt-not-yours") }));

    const date = dateKeyOf(booking.slot_starts_at, booking.time_zone);
    const fresh = await deps.catalog.teeTimes(booking.course_id, date, { fresh: true }).catch(() => undefined);
    const slot = fresh?.find(
      (t) => t.id === data.slotId && t.status.toUpperCase() === "OPEN" && t.startsAt > deps.now(),
    );
    await ctx.answerCallbackQuery(slot ? {} : { text: ctx.t("course-alt-gone"), show_alert: true });
    if (ctx.conversation.active(BOOKING_CONVERSATION) > 0) await ctx.conversation.exitAll();
    if (await releaseActiveHold(ctx)) await ctx.reply(ctx.t("earlier-hold-released"));
    const args: BookingArgs = {
      courseId: booking.course_id,
      date,
      customerName: booking.customer_name,
      ...(slot ? { slot: toSlotView(slot), persons: booking.persons } : {}),
    };
    await ctx.conversation.enter(BOOKING_CONVERSATION, args);
  });
  return entry;
}
