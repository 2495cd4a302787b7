import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { isQueryTooOld } from "../ui/telegram-errors.js";
import { mainMenu } from "./menu.js";

/**
 * Last in line: a button nothing else handled (an old message, a flow that ended, a restart or a new
 * version of the bot) answers "this menu has expired" and changes nothing; other text gets the menu.
 */
export function createFallbackFeature() {
  const feature = new Composer<BotContext>();
  feature.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t("menu-expired"), show_alert: false }).catch((e: unknown) => {
      if (!isQueryTooOld(e)) throw e;
    });
  });
  feature.on("message", async (ctx) => {
    await ctx.reply(ctx.t("fallback-hint"), { reply_markup: mainMenu(ctx) });
  });
  return feature;
}
