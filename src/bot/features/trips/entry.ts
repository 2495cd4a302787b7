import { Composer } from "grammy";
import { TRIP_CONVERSATION } from "../../conversations/trip/index.js";
import { TRIP_EDIT_CONVERSATION } from "../../conversations/trip/edit.js";
import type { BotContext } from "../../context.js";

/**
 * "New trip" (`tn:new`, on /trips): an agent or an admin starts building a trip; Edit (`tn:ed:<trip>`) a trip before
 * its customer accepted. Installed below the conversations.
 */
export function createTripEntry() {
  const entry = new Composer<BotContext>();
  entry.callbackQuery("tn:new", async (ctx) => {
    if (ctx.who.role !== "agent" && ctx.who.role !== "admin") {
      await ctx.answerCallbackQuery({ text: ctx.t("trip-not-found"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(TRIP_CONVERSATION);
  });
  // Edit (`tn:ed:<trip>`, on the trip's screen for staff): the trips service decides who may, and when.
  entry.callbackQuery(/^tn:ed:([A-Za-z0-9-]{1,40})$/, async (ctx) => {
    const tripId = ctx.match[1]!;
    const may = await ctx.deps.trips.editableFor(tripId, { userId: ctx.from.id, who: ctx.who });
    if (may.kind !== "editable") {
      const text = ctx.t(may.kind === "refused" ? "trip-not-found" : "tripedit-closed");
      await ctx.answerCallbackQuery({ text, show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(TRIP_EDIT_CONVERSATION, tripId);
  });
  return entry;
}
