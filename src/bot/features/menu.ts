import { Composer, InlineKeyboard } from "grammy";
import { GLOBAL_DATA, myBookingsData } from "../callback-data.js";
import type { BotContext } from "../context.js";

/** The main menu: book, my bookings, language. */
export function mainMenu(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("menu-book"), GLOBAL_DATA.book)
    .row()
    .text(ctx.t("menu-my-bookings"), myBookingsData("list"))
    .text(ctx.t("menu-language"), "lang:menu")
    .row();
}

/** /start and /help: a welcome and the main menu. */
export function createMenuFeature() {
  const feature = new Composer<BotContext>();
  feature.command(["start", "help"], async (ctx) => {
    await ctx.reply(ctx.t("welcome", { name: ctx.from?.first_name ?? "" }), { reply_markup: mainMenu(ctx), parse_mode: "HTML" });
  });
  return feature;
}
