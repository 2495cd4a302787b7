import { Composer } from "grammy";
import { TRIP_CONVERSATION } from "../../conversations/trip/index.js";
import type { BotContext } from "../../context.js";

/** "New trip" (`tn:new`, on /trips): an agent or an admin starts building a trip. Installed below the conversation. */
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
  return entry;
}
