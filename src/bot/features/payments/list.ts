/**
 * /payments: the payments awaiting a decision (an agent's own customers; every one for admins), then the
 * money owed to customers for a move or a refund (what the agent returns; every one for admins), and a
 * button for each sum to be returned, until it is marked returned.
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
  const whose = isAdmin(ctx) ? {} : { agentId: ctx.from?.id ?? 0 };
  const [open, owed] = await Promise.all([deps.bookings.openPayments(whose), deps.bookings.owedToReturn(whose)]);
  if (open.length === 0 && owed.length === 0) {
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
  // Money owed for a move or a refund (not a payment waiting for a word): why, and who returns it.
  for (const o of owed) {
    // A cancelled trip's row names the trip (its `booking_id`): its lead customer is who gets it back.
    const customer =
      o.reason === "trip"
        ? (await deps.trips.get(o.booking_id))?.trip.lead_name
        : (await deps.bookings.get(o.booking_id))?.customer_name;
    const row = ctx.t("pay-owed-row", {
      reference: escapeHtml(o.reference),
      customer: escapeHtml(customer ?? "-"),
      amount: formatBaht(Number(o.amount), locale),
      why: `${ctx.t(`pay-owed-${o.reason}`)}${o.paid_via === "outside" ? ` ${ctx.t("pay-owed-outside")}` : ""}`,
    });
    if ([...lines, row].join("\n").length > PAYMENTS_LIST_CHARS) break;
    lines.push(row);
    shown += 1;
  }
  const total = open.length + owed.length;
  if (shown < total) lines.push(ctx.t("pay-list-more", { count: total - shown }));
  const toReturn = [
    ...open.filter((p) => p.state === "to-return").map((p) => ({ id: p.booking_id, reference: p.reference })),
    ...owed.map((o) => ({ id: o.id, reference: o.reference })),
  ];
  if (toReturn.length > 0) lines.push("", ctx.t("pay-list-to-return"));
  const keyboard = new InlineKeyboard();
  for (const p of toReturn.slice(0, 10))
    keyboard.text(ctx.t("pay-btn-returned", { reference: p.reference }), paymentData("returned", p.id)).row();
  await ctx.reply(lines.join("\n"), { parse_mode: "HTML", ...(toReturn.length > 0 ? { reply_markup: keyboard } : {}) });
}
