import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { releaseActiveHold } from "./booking.js";
import { mainMenu } from "./menu.js";

/**
 * Last in line: a button nothing else handled (an old message, a flow that ended, a restart or a new
 * version of the bot) answers "this menu has expired" and changes nothing; other text gets the menu.
 */
export function createFallbackFeature() {
  const feature = new Composer<BotContext>();
  feature.on("callback_query", async (ctx) => {
    // A button of a booking flow that no longer runs: its hold, if still live, can never be confirmed.
    const flowGone = ctx.chat?.type === "private" && ctx.callbackQuery.data?.startsWith("b:") === true;
    const released = flowGone && (await releaseActiveHold(ctx));
    await ctx.answerCallbackQuery({
      text: ctx.t(released ? "menu-expired-released" : "menu-expired"),
      show_alert: released,
    });
  });
  feature.on("message", async (ctx) => {
    await ctx.reply(ctx.t("fallback-hint"), { reply_markup: mainMenu(ctx) });
  });
  return feature;
}
