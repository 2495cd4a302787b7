import { Api, type Context, type MiddlewareFn, type Transformer } from "grammy";
import { viewedBookingIds } from "../bookings/index.js";
import type { Access } from "../access/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { Storage } from "../storage/index.js";
import { localeFromLanguageCode } from "./i18n.js";
import { floodGate, type LimitReason } from "./middlewares/flood-gate.js";
import { createOutbox } from "./outbox.js";
import { createOutgoingBudget } from "./outgoing-budget.js";

/** Metrics hooks of the limits (createMetricsHooks' `limits`). */
export interface AbuseControlHooks {
  onLimited?: (reason: LimitReason) => void;
  onOutboxResult?: (what: string, outcome: "sent" | "blocked" | "refused" | "failed") => void;
}

export interface AbuseControlOptions {
  config: Config;
  storage: Storage;
  access: Access;
  logger: Logger;
  now: () => number;
  token: string;
  apiRoot?: string;
  /** The metrics observer, installed below the budget on the outbox's client too. */
  apiObserver?: Transformer;
  hooks?: AbuseControlHooks;
}

/**
 * The three parts of abuse control and rate limits (README, "Abuse control and rate limits"): the
 * outgoing budget (the `fetch` of the bot's client options), the outbox that `deliver` queues into (its
 * own client, paced as background sends), and the per-user gate placed first in the middleware.
 */
export function createAbuseControl(options: AbuseControlOptions) {
  const { config, logger } = options;
  const limits = config.limits;
  const budget = createOutgoingBudget({
    perSecond: limits.sendsPerSecond,
    perChat: { burst: limits.chatBurst, perSecond: 1 },
  });
  const outboxApi = new Api(options.token, {
    ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}),
    timeoutSeconds: 30,
    fetch: budget.fetch,
  });
  if (options.apiObserver) outboxApi.config.use(options.apiObserver);
  const outbox = createOutbox({
    db: options.storage.db,
    api: outboxApi,
    budget,
    logger: logger.child({ module: "outbox" }),
    now: options.now,
    perSecond: limits.backgroundPerSecond,
    ...(options.hooks?.onOutboxResult ? { onResult: options.hooks.onOutboxResult } : {}),
  });

  /** The per-user gate; `t` words the member's notice, `api` sends it (an interactive send). */
  function gate(api: Api, t: (locale: "th" | "en", key: string) => string): MiddlewareFn<Context> {
    return floodGate({
      perUser: { burst: limits.userBurst, perSecond: limits.userPerMinute / 60 },
      strangerPerMinute: limits.strangerPerMinute,
      // A golfer who claimed a booking's copy has no role but uses /mybookings and its buttons: the
      // limit treats them as a customer (features still check what they may do).
      roleOf: async (userId) => {
        const { role } = await options.access.whoIs(userId);
        if (role !== "stranger") return role;
        return (await viewedBookingIds(options.storage.db, userId, 1)).length > 0 ? "customer" : "stranger";
      },
      onLimited: (reason) => options.hooks?.onLimited?.(reason),
      async notice(ctx) {
        if (ctx.chat?.type !== "private") return;
        const locale = localeFromLanguageCode(ctx.from?.language_code, config.defaultLocale);
        await api
          .sendMessage(ctx.chat.id, t(locale, "flood-notice"))
          .catch((err: unknown) => logger.info({ err, chatId: ctx.chat?.id }, "flood notice not sent"));
      },
    });
  }

  return { budget, outbox, gate };
}

export type AbuseControl = ReturnType<typeof createAbuseControl>;
