import { Composer } from "grammy";
import { markUpdateOutcome } from "../../runtime/update-outcome.js";
import type { BotContext } from "../context.js";

/**
 * Strangers stop here: a polite explanation of how to get access, in their language, and nothing
 * else — no partner call, no booking step, whatever button data they send. Installed after the
 * handlers everyone may use (/start, /help, /language).
 */
export function createAccessGate() {
  const gate = new Composer<BotContext>();
  gate.use(async (ctx, next) => {
    // /start is the way in: a link's token arrives with it (features/start.ts decides).
    if (ctx.who.role !== "stranger" || ctx.hasCommand("start")) return next();
    markUpdateOutcome(ctx, "rejected");
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text: ctx.t("stranger-short"), show_alert: true });
      return;
    }
    if (ctx.message) await ctx.reply(ctx.t("stranger-explain"), { parse_mode: "HTML" });
  });
  return gate;
}

/**
 * Customers whose way in has ended (their agent removed, their link revoked) keep what they have: their
 * bookings (/mybookings, its buttons), /cancel, /start, and their payment in progress (slips and payment
 * buttons are handled above this gate). Anything that would start a booking, a search, a watch or the tee
 * sheet is answered with "contact the agency". The booking service refuses their holds too, whatever
 * road reaches it; this gate only keeps them from walking a flow to that refusal.
 */
export function createFormerCustomerGate() {
  const gate = new Composer<BotContext>();
  gate.use(async (ctx, next) => {
    const { who } = ctx;
    if (who.role !== "customer" || who.standing === undefined || who.standing === "ok") return next();
    if (ctx.hasCommand(["start", "cancel", "mybookings", "help", "language"])) return next();
    if (ctx.callbackQuery?.data?.startsWith("mb:")) return next();
    markUpdateOutcome(ctx, "rejected");
    const text = ctx.t(`access-ended-${who.standing}`);
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text, show_alert: true });
      return;
    }
    if (ctx.message) await ctx.reply(text);
  });
  return gate;
}
