import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { formatDate, formatTime, dateKeyOf } from "../../format/dates.js";
import { formatBaht } from "../../format/money.js";
import { ADMIN_TIME_ZONE } from "./bangkok-time.js";
import { partnerErrorText } from "./partner-error-text.js";

/** The partner credit as text, e.g. `Partner credit: ฿98,500 (read 14:05, Mon 23 Nov 2026)`; a partner failure's text instead. */
export async function balanceLine(ctx: BotContext): Promise<string> {
  const locale = localeOf(ctx);
  try {
    const { balance } = await ctx.deps.partner.getBalance();
    const at = ctx.deps.now();
    return ctx.t("admin-balance", {
      amount: formatBaht(balance, locale),
      time: formatTime(at, ADMIN_TIME_ZONE, locale),
      date: formatDate(dateKeyOf(at, ADMIN_TIME_ZONE), locale),
    });
  } catch (error) {
    return ctx.t("admin-balance-failed", { error: partnerErrorText(ctx, error) });
  }
}

/** /balance: the partner credit in baht, with the time it was read. */
export async function balanceCommand(ctx: BotContext): Promise<void> {
  await ctx.reply(await balanceLine(ctx), { parse_mode: "HTML" });
}
