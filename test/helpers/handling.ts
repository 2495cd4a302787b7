/**
 * What "fairway has finished" means to a test (docs/testing.md): every update the bot was handed has been
 * handled, grammY's error handler included, rather than "nothing happened for a while".
 *
 * `trackHandling(bot)` wraps the bot's `handleUpdate` and `errorHandler` and watches its getUpdates
 * answers; call it before the bot starts polling (the runner looks both methods up on every update).
 */
import { BotError, type Bot, type Context } from "grammy";
import type { App } from "../../src/app.js";
import type { BotApiServer } from "../../src/local/bot-api-server/index.js";

/**
 * How long the local Bot API server must also be quiet once every update was handled and nothing is
 * in flight: a few event-loop turns for work a handler started without awaiting it.
 */
const SETTLE_QUIET_MS = 15;

export interface Handling {
  /** After a stop: forgets updates the stopped bot received but never handled, unless Telegram still holds them. */
  forgetLost(telegram: BotApiServer): void;
  /** Tracks a new bot (after a restart), keeping what is still outstanding. */
  track<C extends Context>(bot: Bot<C>): void;
  /**
   * Resolves when every update the bot received has been handled, no Bot API call is in flight, the
   * outbox's drain, the sends waiting for the outgoing budget and the menu sync are over, `busy` (the
   * caller's own work, e.g. partner requests) is false, and the server stayed quiet a few event-loop
   * turns; or after 15 s.
   */
  settle(telegram: BotApiServer, app: App, busy?: () => boolean): Promise<void>;
}

export function trackHandling(): Handling {
  // Updates being handled now, plus failed ones whose error handler has not finished; and updates the
  // bot received (a getUpdates answer) and has not finished handling.
  let inFlight = 0;
  const unhandled = new Set<number>();
  return {
    async settle(telegram, app, busy = () => false) {
      const deadline = performance.now() + 15_000;
      const working = () =>
        inFlight > 0 ||
        unhandled.size > 0 ||
        app.outbox.busy() ||
        app.sendsWaiting() > 0 ||
        app.syncingMenus() ||
        busy();
      for (;;) {
        await telegram.idle({ quietMs: SETTLE_QUIET_MS, timeoutMs: Math.max(1, deadline - performance.now()) });
        if (!working()) return;
        if (performance.now() > deadline) {
          // Not an assertion (a test may settle on purpose while something hangs), but worth a line
          // when a later step then fails.
          console.warn(
            `settle: still working after 15 s (updates in flight ${inFlight}, unhandled ${unhandled.size}, outbox ${app.outbox.busy()}, sends waiting ${app.sendsWaiting()}, caller busy ${busy()})`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
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
