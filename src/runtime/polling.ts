import { run, type RunnerHandle } from "@grammyjs/runner";
import { GrammyError, type Bot } from "grammy";
import type { Context } from "grammy";
import type { Logger } from "../logger.js";

export interface PollingOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context type polls the same way
  bot: Bot<any>;
  logger: Logger;
  allowedUpdates: readonly string[];
  /** After a 409 (another poller, or a webhook set by another deployment), try again after this, ms. Default 5 s. */
  retryAfterConflictMs?: number;
}

/**
 * Long polling with grammY's runner, started and stopped by the leader lease. A 409 from getUpdates
 * (a webhook was set by a newer deployment, or a poller outside the lease) pauses polling instead of
 * ending the process; it is tried again while this instance still leads. The webhook is deleted
 * once, when this process first polls (the operator chose polling by starting it so), never on a
 * retry: that would take the updates away from a webhook deployment rolling in.
 */
export function createPolling(options: PollingOptions) {
  const { bot, logger } = options;
  const retryMs = options.retryAfterConflictMs ?? 5_000;
  let runner: RunnerHandle | undefined;
  let wanted = false;
  let webhookDeleted = false;
  let retry: NodeJS.Timeout | undefined;

  async function begin(): Promise<void> {
    if (!wanted || runner?.isRunning()) return;
    if (!webhookDeleted) {
      await bot.api.deleteWebhook();
      webhookDeleted = true;
    }
    const handle = run(bot as Bot<Context>, {
      runner: { fetch: { allowed_updates: options.allowedUpdates as never }, silent: true },
    });
    runner = handle;
    handle.task()?.catch((error: unknown) => {
      if (runner !== handle) return;
      runner = undefined;
      const conflict = error instanceof GrammyError && error.error_code === 409;
      logger.warn(
        { description: error instanceof GrammyError ? error.description : String(error) },
        conflict
          ? "getUpdates refused (409): another poller or a webhook has the updates; polling paused"
          : "polling stopped on an error; retrying",
      );
      if (!wanted) return;
      retry = setTimeout(
        () => void begin().catch((err: unknown) => logger.warn({ err }, "polling did not restart")),
        retryMs,
      );
      retry.unref();
    });
  }

  return {
    /** Starts polling (deleting the webhook the first time). */
    async start(): Promise<void> {
      wanted = true;
      await begin();
    },
    /** Stops fetching and waits for the updates in progress, up to `timeoutMs`. */
    async stop(timeoutMs = 10_000): Promise<void> {
      wanted = false;
      if (retry) clearTimeout(retry);
      const handle = runner;
      runner = undefined;
      if (!handle?.isRunning()) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([handle.stop(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
    isPolling: () => runner?.isRunning() ?? false,
  };
}

export type Polling = ReturnType<typeof createPolling>;
