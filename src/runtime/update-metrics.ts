import type { Context, MiddlewareFn } from "grammy";
import type { Update } from "grammy/types";
import type { Metrics, UpdateType } from "./metrics.js";
import { markedUpdateOutcome } from "./update-outcome.js";

/** The `type` label of an update. */
export function updateTypeOf(update: Update): UpdateType {
  if (update.message) return "message";
  if (update.callback_query) return "callback_query";
  if (update.inline_query) return "inline_query";
  return "other";
}

/**
 * Times every update and counts it by type and outcome: `error` when the handlers threw (the error
 * is rethrown untouched, for `bot.catch`), else the mark a middleware left (`duplicate`, `rejected`),
 * else `ok`. Install it first.
 */
export function updateMetrics(metrics: Pick<Metrics, "update">): MiddlewareFn<Context> {
  return async (ctx, next) => {
    const started = performance.now();
    const type = updateTypeOf(ctx.update);
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const outcome = failed ? "error" : (markedUpdateOutcome(ctx.update) ?? "ok");
      metrics.update(type, outcome, (performance.now() - started) / 1000);
    }
  };
}
