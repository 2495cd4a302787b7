/**
 * How updates reach fairway: long polling (started by the leader), or a webhook (WEBHOOK_URL) every
 * instance registers and serves on PORT.
 */
import type { FairwayBot } from "../bot/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import { createPolling } from "../runtime/polling.js";
import { createWebhook, type Webhook } from "../runtime/webhook.js";
import { handleUpdateCaught } from "./handle-update.js";

/** The update types fairway asks Telegram for. */
const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "chosen_inline_result"] as const;

export interface ReceivingOptions {
  bot: FairwayBot["bot"];
  config: Pick<Config, "webhook">;
  logger: Logger;
}

/** Polling or the webhook, and whether updates reach this instance. */
export interface Receiving {
  /** Polling mode: started and stopped by the leader. */
  polling?: ReturnType<typeof createPolling>;
  /** Webhook mode: the endpoint to mount on PORT. */
  webhook?: Webhook;
  /** Whether updates reach this instance: the webhook is registered, or it polls. */
  isReceiving: () => boolean;
  /** Webhook mode: registers the webhook (idempotent, every instance sets the same one). Polling: nothing. */
  register(): Promise<void>;
}

export function createReceiving(options: ReceivingOptions): Receiving {
  const { bot, config, logger } = options;
  if (!config.webhook) {
    const polling = createPolling({
      bot,
      logger: logger.child({ module: "polling" }),
      allowedUpdates: ALLOWED_UPDATES,
    });
    return { polling, isReceiving: () => polling.isPolling(), register: () => Promise.resolve() };
  }
  const settings = config.webhook;
  // As the runner does under long polling: a failed update goes to grammY's error handler (`bot.catch`),
  // which logs it and tells the user; only an error outside it reaches the webhook.
  const webhook = createWebhook({
    handleUpdate: (update) => handleUpdateCaught(bot, update),
    secret: settings.secret,
    logger: logger.child({ module: "webhook" }),
  });
  let registered = false;
  return {
    webhook,
    isReceiving: () => registered,
    async register() {
      // Every instance sets the same webhook: idempotent, and the newest deployment's settings win.
      await bot.api.setWebhook(settings.url, {
        secret_token: settings.secret,
        allowed_updates: [...ALLOWED_UPDATES],
        max_connections: settings.maxConnections,
      });
      registered = true;
    },
  };
}
