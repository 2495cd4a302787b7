import type { MiddlewareFn } from "grammy";
import { markUpdateOutcome } from "../../runtime/update-outcome.js";
import type { BotContext } from "../context.js";

/**
 * Drops an update this bot already handled (Telegram may deliver one twice, and polling re-reads up
 * to 100 after a restart). The update is recorded after it was handled, so a crash mid-update lets it
 * run again; the ledger's compare-and-set transitions make that safe for money.
 */
export function dedupeUpdates(): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const { db } = ctx.deps.storage;
    const botId = ctx.me.id;
    const updateId = ctx.update.update_id;
    const seen = await db
      .selectFrom("processed_updates")
      .select("update_id")
      .where("bot_id", "=", botId)
      .where("update_id", "=", updateId)
      .executeTakeFirst();
    if (seen) {
      ctx.deps.logger.info({ updateId }, "duplicate update ignored");
      markUpdateOutcome(ctx, "duplicate");
      return;
    }
    await next();
    await db
      .insertInto("processed_updates")
      .values({ bot_id: botId, update_id: updateId, at: ctx.deps.now() })
      .onConflict((oc) => oc.columns(["bot_id", "update_id"]).doNothing())
      .execute();
  };
}
