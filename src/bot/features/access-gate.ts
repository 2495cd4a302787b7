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
