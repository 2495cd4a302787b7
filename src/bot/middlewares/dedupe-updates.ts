import type { MiddlewareFn } from "grammy";
import { sql } from "kysely";
import { markUpdateOutcome } from "../../runtime/update-outcome.js";
import { isDatabaseUnavailable } from "../../storage/unavailable.js";
import type { BotContext } from "../context.js";

/**
 * Drops an update this bot already handled (Telegram may deliver one twice, and polling re-reads up
 * to 100 after a restart). The update is recorded after it was handled, so a crash mid-update lets it
 * run again; the ledger's compare-and-set transitions make that safe for money. Both queries run for
 * every update, so they are `sql` templates (no query tree built and compiled each time).
 */
export function dedupeUpdates(): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const { db } = ctx.deps.storage;
    const botId = ctx.me.id;
    const updateId = ctx.update.update_id;
    const { rows } = await sql<{
      update_id: number;
    }>`select "update_id" from "processed_updates" where "bot_id" = ${botId} and "update_id" = ${updateId}`.execute(db);
    const seen = rows[0];
    if (seen) {
      ctx.deps.logger.info({ updateId }, "duplicate update ignored");
      markUpdateOutcome(ctx, "duplicate");
      return;
    }
    await next();
    // The update was handled and answered: a database gone meanwhile must not add "fairway is busy, try
    // again" to that answer. Unrecorded, a redelivery of it would run again (as after a crash).
    await sql`insert into "processed_updates" ("bot_id", "update_id", "at")
      values (${botId}, ${updateId}, ${ctx.deps.now()}) on conflict ("bot_id", "update_id") do nothing`
      .execute(db)
      .catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
        ctx.deps.logger.warn(
          { updateId, err: { message: (err as Error).message } },
          "a handled update was not recorded (database unreachable)",
        );
      });
  };
}
