/**
 * Moving a paid booking to another tee time, by command: `/move <code> <date> <time> [players]`, for an
 * admin (any booking) or an agent (their own bookings and their customers'). The new tee time is held at
 * once and shown beside the old one; an admin's own move needs only their [Move now], an agent's goes to
 * the admins, one of whom approves it once. The money module runs the saga (bookings/move.ts): the old
 * booking is refunded only after the approval, then the new hold confirmed.
 */
import { randomUUID } from "node:crypto";
import { Composer, InlineKeyboard } from "grammy";
import { userActor, type MoveOutcome, type MoveRefusal } from "../../../bookings/index.js";
import { isDateKey } from "../../../time/date-key.js";
import { wallClock } from "../../../time/zoned.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { localeOf } from "../../i18n.js";
import { isAdmin } from "../../middlewares/roles.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { moveData, parseMoveData } from "./data.js";
import { translate } from "../after-booking/notices.js";
import { moveCard, moveOutcomeText } from "./messages.js";
import { tellMoveDecided } from "./notices.js";

/** What a refused move says. */
const REFUSALS: Record<MoveRefusal, string> = { "not-paid": "move-not-paid", "open-move": "move-open" };

/** `<code> <YYYY-MM-DD> <HH:MM> [players]`. */
function parseArgs(match: string) {
  const [code, date, time, players] = match.trim().split(/\s+/);
  if (!code || !date || !time || !isDateKey(date) || !/^\d{1,2}:\d{2}$/.test(time)) return undefined;
  const persons = players === undefined ? undefined : Number(players);
  if (persons !== undefined && (!Number.isInteger(persons) || persons < 1 || persons > 8)) return undefined;
  const [h, m] = time.split(":").map(Number) as [number, number];
  return { code, date, hour: h, minute: m, persons };
}

/** /move: holds the new tee time and shows the move, with what can be done next. */
async function moveCommand(ctx: BotContext): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const admin = isAdmin(ctx);
  if (!admin && ctx.who.role !== "agent") {
    await ctx.reply(ctx.t("move-not-yours"));
    return;
  }
  const args = parseArgs(typeof ctx.match === "string" ? ctx.match : "");
  if (!args) {
    await ctx.reply(ctx.t("move-usage"), { parse_mode: "HTML" });
    return;
  }
  const old = await ctx.deps.bookings.findByReservation(args.code);
  const own = old && (Number(old.user_id) === userId || (old.agent_id !== null && Number(old.agent_id) === userId));
  if (!old || (!admin && !own)) {
    await ctx.reply(ctx.t("move-not-found", { code: escapeHtml(args.code) }), { parse_mode: "HTML" });
    return;
  }
  if (old.state !== "PAID") {
    await ctx.reply(ctx.t("move-not-paid", { code: escapeHtml(args.code) }), { parse_mode: "HTML" });
    return;
  }
  // The course's own clock: the tee time the user named, on the date they named, where the course is.
  const slot = (await ctx.deps.catalog.teeTimes(old.course_id, args.date, { fresh: true })).find((t) => {
    const at = wallClock(t.startsAt, old.time_zone);
    return at.hour === args.hour && at.minute === args.minute && t.status.toUpperCase() === "OPEN";
  });
  const persons = args.persons ?? old.persons;
  if (!slot || slot.startsAt <= ctx.deps.now() || persons < slot.minPerson || persons > slot.maxPerson) {
    await ctx.reply(ctx.t("move-no-slot"), { parse_mode: "HTML" });
    return;
  }
  const out = await ctx.deps.bookings.startMove(
    {
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: old.id,
      requestedBy: userId,
      to: {
        slotId: slot.id,
        slotStartsAt: slot.startsAt,
        persons,
        expectedAmount: slot.price * persons,
        caddyInfo: {
          ...(slot.freeCaddy !== undefined ? { freeCaddy: slot.freeCaddy } : {}),
          ...(slot.caddyPrice !== undefined ? { caddyPrice: slot.caddyPrice } : {}),
        },
      },
    },
    { actor: userActor(userId) },
  );
  if (out.kind === "refused") {
    await ctx.reply(ctx.t(REFUSALS[out.reason], { code: escapeHtml(args.code) }), { parse_mode: "HTML" });
    return;
  }
  if (out.kind !== "held") {
    await ctx.reply(moveOutcomeText(ctx.t.bind(ctx), localeOf(ctx), out), { parse_mode: "HTML" });
    return;
  }
  const locale = localeOf(ctx);
  const card = moveCard(ctx.t.bind(ctx), locale, out, ctx.deps.now());
  const keyboard = new InlineKeyboard();
  if (admin) keyboard.text(ctx.t("move-btn-now"), moveData("approve", out.move.id));
  keyboard.text(ctx.t("move-btn-keep"), moveData("abandon", out.move.id));
  await ctx.reply([card, admin ? "" : ctx.t("move-sent-to-admins")].filter(Boolean).join("\n\n"), {
    parse_mode: "HTML",
    reply_markup: keyboard,
  });
  if (!admin) {
    // Every admin gets the move to approve or decline (the first tap decides; the others see it decided).
    for (const adminId of ctx.deps.access.adminIds()) {
      const adminLocale = await ctx.deps.notifications.localeOf(adminId);
      const t = (key: string, a?: Record<string, string | number>) => translate(adminLocale, key, a);
      await ctx.deps.notifications.deliver({
        chatId: adminId,
        text: `${t("move-request-title")}\n${moveCard(t, adminLocale, out, ctx.deps.now())}`,
        what: "move-request",
        replyMarkup: new InlineKeyboard()
          .text(t("move-btn-approve"), moveData("approve", out.move.id))
          .text(t("move-btn-decline"), moveData("abandon", out.move.id)),
      });
    }
  }
}

/** [Move now] / [Approve] (admins) and [Keep the old one] / [Decline] (an admin, or the one who asked). */
async function moveButton(ctx: BotContext): Promise<void> {
  const data = parseMoveData(ctx.callbackQuery?.data ?? "");
  const userId = ctx.from?.id;
  if (!data || userId === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
    return;
  }
  const admin = isAdmin(ctx);
  const view = await ctx.deps.bookings.getMove(data.moveId).catch(() => undefined);
  if (!view || (!admin && (data.action === "approve" || Number(view.move.requested_by) !== userId))) {
    await ctx.answerCallbackQuery({ text: ctx.t("move-not-yours"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("move-working") });
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch((error: unknown) => {
    if (!isTelegramFailure(error)) throw error;
  });
  const actor = userActor(userId);
  const out: MoveOutcome =
    data.action === "approve"
      ? await ctx.deps.bookings.approveMove(data.moveId, { actor })
      : await ctx.deps.bookings.abandonMove(data.moveId, { actor });
  await ctx.reply(moveOutcomeText(ctx.t.bind(ctx), localeOf(ctx), out), { parse_mode: "HTML" });
  if (out.kind !== "decided") await tellMoveDecided(ctx.deps, out, userId, ctx.me.username);
}

export function createMovesFeature() {
  const feature = new Composer<BotContext>();
  feature.command("move", moveCommand);
  feature.callbackQuery(/^mv:/, moveButton);
  return feature;
}
