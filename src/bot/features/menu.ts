import { Composer, InlineKeyboard } from "grammy";
import { isStaffRole } from "../../locale.js";
import { GLOBAL_DATA, myBookingsData } from "../callback-data.js";
import type { BotContext } from "../context.js";
import { escapeHtml } from "../format/html.js";
import { withTeeSheetButton } from "./tee-sheet.js";

/**
 * The main menu: find, book, my bookings, language (naming the languages /language offers this user), and
 * the tee sheet when it is served.
 */
export function mainMenu(ctx: BotContext): InlineKeyboard {
  const menu = new InlineKeyboard()
    .text(ctx.t("menu-find"), GLOBAL_DATA.find)
    .row()
    .text(ctx.t("menu-book"), GLOBAL_DATA.book)
    .row()
    .text(ctx.t("menu-my-bookings"), myBookingsData("list"))
    .text(ctx.t(isStaffRole(ctx.who.role) ? "menu-language-staff" : "menu-language"), "lang:menu")
    .row();
  return withTeeSheetButton(ctx, menu);
}

/** The welcome and the main menu; strangers learn how to get access. (/help, and /start without a link.) */
export async function welcome(ctx: BotContext): Promise<void> {
  if (ctx.who.role === "stranger") {
    await ctx.reply(ctx.t("stranger-explain"), { parse_mode: "HTML" });
    return;
  }
  await ctx.reply(ctx.t("welcome", { name: escapeHtml(ctx.from?.first_name ?? "") }), {
    reply_markup: mainMenu(ctx),
    parse_mode: "HTML",
  });
}

/** /help: the welcome. (/start: features/start.ts.) */
export function createMenuFeature() {
  const feature = new Composer<BotContext>();
  feature.command("help", (ctx) => welcome(ctx));
  return feature;
}
