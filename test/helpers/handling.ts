/**
 * What "fairway has finished" means to a test (issue 22): every update the bot was handed has been
 * handled, grammY's error handler included, rather than "nothing happened for a while".
 *
 * `trackHandling(bot)` wraps the bot's `handleUpdate` and `errorHandler` and watches its getUpdates
 * answers; call it before the bot starts polling (the runner looks both methods up on every update).
 */
import { BotError, type Bot, type Context } from "grammy";
import type { BotApiServer } from "../../src/bot-api-server/index.js";

export interface Handling {
  /** Updates being handled now, plus failed ones whose error handler has not finished. */
  inFlight(): number;
  /** Updates the bot received (a getUpdates answer) and has not finished handling. */
  unhandled(): number;
  /** After a stop: forgets updates the stopped bot received but never handled, unless Telegram still holds them. */
  forgetLost(telegram: BotApiServer): void;
  /** Tracks a new bot (after a restart), keeping what is still outstanding. */
  track<C extends Context>(bot: Bot<C>): void;
}

export function trackHandling(): Handling {
  let inFlight = 0;
  const unhandled = new Set<number>();
  return {
    inFlight: () => inFlight,
    unhandled: () => unhandled.size,
    forgetLost(telegram) {
      const pending = new Set(telegram.pendingUpdates().map((u) => u.update_id));
      for (const id of unhandled) if (!pending.has(id)) unhandled.delete(id);
    },
    track(bot) {
      const handleUpdate = bot.handleUpdate.bind(bot);
      bot.handleUpdate = async (...args) => {
        inFlight += 1;
        try {
          return await handleUpdate(...args);
        } catch (error) {
          // The runner calls the error handler after this rejects: the update stays counted until then.
          if (error instanceof BotError) inFlight += 1;
          throw error;
        } finally {
          inFlight -= 1;
          unhandled.delete(args[0].update_id);
        }
      };
      const errorHandler = bot.errorHandler.bind(bot);
      bot.errorHandler = async (error) => {
        try {
          await errorHandler(error);
        } finally {
          inFlight -= 1;
        }
      };
      bot.api.config.use(async (prev, method, payload, signal) => {
        const result = await prev(method, payload, signal);
        if (method === "getUpdates" && result.ok)
          for (const u of result.result as { update_id: number }[]) unhandled.add(u.update_id);
        return result;
      });
    },
  };
}
