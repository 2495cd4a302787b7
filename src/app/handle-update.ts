/** An update fairway handles outside grammY's runner: a webhook delivery, the Mini App's hand-over. */
import { BotError } from "grammy";
import type { Update } from "grammy/types";
import type { BotContext } from "../bot/context.js";
import type { FairwayBot } from "../bot/index.js";

/**
 * Handles `update` as the runner does under long polling: a failed update goes to grammY's error
 * handler (`bot.catch`), which logs it and tells the user; only an error outside it reaches the caller.
 */
export function handleUpdateCaught(bot: FairwayBot["bot"], update: Update): Promise<void> {
  return bot.handleUpdate(update).catch(async (error: unknown) => {
    if (!(error instanceof BotError)) throw error;
    await bot.errorHandler(error as BotError<BotContext>);
  });
}
