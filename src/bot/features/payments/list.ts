/**
 * /payments: the payments awaiting a decision (an agent's own customers; every one for admins), and a
 * button for each payment whose money is to be returned.
 */
import { InlineKeyboard } from "grammy";
import { isPayFirst } from "../../../bookings/payments.js";
import type { BotContext } from "../../context.js";
import { formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { isAdmin } from "../../middlewares/roles.js";
import { paymentData } from "./callback-data.js";
import { payableHoldEnd, payableLine } from "./messages.js";

/** Room for /payments' rows: Telegram's 4,096 characters less the "more" and "to return" lines. */
const PAYMENTS_LIST_CHARS = 3_600;

/** /payments: the payments awaiting a decision, within one message; the oldest first. */
export async function paymentsCommand(ctx: BotContext): Promise<void> {
  const { deps } = ctx;
  if (ctx.who.role !== "admin" && ctx.who.role !== "agent") {
    await ctx.reply(ctx.t("pay-staff-only"));
    return;
  }
  const locale = localeOf(ctx);
  const open = await deps.bookings.openPayments(isAdmin(ctx) ? {} : { agentId: ctx.from?.id ?? 0 });
  if (open.length === 0) {
    await ctx.reply(ctx.t("pay-list-empty"));
    return;
  }
  const lines = [`<b>${ctx.t("pay-list-title")}</b>`];
  let shown = 0;
  for (const p of open) {
    const what = await deps.bookings.payable(p.booking_id).catch(() => undefined);
    if (!what) continue;
    const b = what.booking;
    const ends = payableHoldEnd(what);
    const row = [
      ctx.t("pay-list-row", {
        reference: escapeHtml(p.reference),
        customer: escapeHtml(b.customer_name),
        amount: formatBaht(p.amount, locale),
        state: ctx.t(`pay-state-${p.state}`),
        hold: isPayFirst(p) && ends ? formatTime(ends, b.time_zone, locale) : "-",
      }),
      `   ${payableLine(what, { t: (k, a) => ctx.t(k, a), locale })}`,
    ];
    // One message, within Telegram's 4,096 characters (the oldest first; the rest after they are decided).
    if ([...lines, ...row].join("\n").length > PAYMENTS_LIST_CHARS) break;
    lines.push(...row);
    shown += 1;
  }
  if (shown < open.length) lines.push(ctx.t("pay-list-more", { count: open.length - shown }));
  const toReturn = open.filter((p) => p.state === "to-return");
  if (toReturn.length > 0) lines.push("", ctx.t("pay-list-to-return"));
  const keyboard = new InlineKeyboard();
  for (const p of toReturn.slice(0, 10))
    keyboard.text(ctx.t("pay-btn-returned", { reference: p.reference }), paymentData("returned", p.booking_id)).row();
  await ctx.reply(lines.join("\n"), { parse_mode: "HTML", ...(toReturn.length > 0 ? { reply_markup: keyboard } : {}) });
}
