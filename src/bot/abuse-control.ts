import { Api, type Context, type MiddlewareFn, type Transformer } from "grammy";
import type { GolferCopies } from "../bookings/index.js";
import type { Access } from "../access/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { Fleet } from "../runtime/fleet.js";
import { fleetBuckets, type BucketStore, type KeyedBuckets } from "../runtime/shared-buckets.js";
import type { Rate } from "../runtime/token-bucket.js";
import type { Storage } from "../storage/index.js";
import { localeFromLanguageCode, type Locale } from "../locale.js";
import { localeOfUser } from "./session.js";
import { floodGate, type LimitReason } from "./middlewares/flood-gate.js";
import { createOutbox, type OutboxOptions } from "./outbox.js";
import { createOutgoingBudget, type SendKind } from "./outgoing-budget.js";
import { shareBudget } from "./outgoing-shares.js";

/** Metrics hooks of the limits (createMetricsHooks' `limits`). */
export interface AbuseControlHooks {
  onLimited?: (reason: LimitReason) => void;
  onOutboxResult?: (what: string, outcome: "sent" | "blocked" | "refused" | "failed") => void;
  /** A send or edit got its tokens after `ms` (the outgoing budget's wait). */
  onBudgetWait?: (kind: SendKind, ms: number) => void;
}

export interface AbuseControlOptions {
  config: Config;
  storage: Storage;
  access: Access;
  /** Who claimed a booking's copy: a golfer so attached is limited as a customer. */
  golferCopies: Pick<GolferCopies, "viewedBookingIds">;
  logger: Logger;
  now: () => number;
  token: string;
  apiRoot?: string;
  /** The metrics observer, installed below the budget on the outbox's client too. */
  apiObserver?: Transformer;
  /** Changes what every send says (the sandbox mark of a demo): installed on the outbox's client too. */
  outgoing?: Transformer;
  hooks?: AbuseControlHooks;
  /** This bot's instances (`createFleet` on PostgreSQL; `soloFleet` alone): the limits are the bot's. */
  fleet: Fleet;
  /** The shared buckets (PostgreSQL), used while other instances receive updates. */
  bucketStore?: BucketStore;
  /** Draws the e-vouchers queued rows ask for (the outbox's `drawVoucher`). */
  drawVoucher?: OutboxOptions["drawVoucher"];
}

/**
 * The three parts of abuse control and rate limits (docs/operations.md, "Abuse control and rate limits"): the
 * outgoing budget (the `fetch` of the bot's client options), the outbox that `deliver` queues into (its
 * own client, paced as background sends), and the per-user gate placed first in the middleware. All
 * three are the bot's, not this process's: with other instances live, the budget is this instance's
 * share of the bot's (`shareBudget`) and the buckets by chat and by sender are the database's
 * (`fleetBuckets`); alone, everything stays in memory.
 */
export function createAbuseControl(options: AbuseControlOptions) {
  const { config, logger, fleet } = options;
  const limits = config.limits;
  let failedAt = Number.NEGATIVE_INFINITY;
  /** The bot's buckets of a name and rate; a database that fails is logged once a minute. */
  const buckets = (name: string, rate: Rate, extra: { inMemoryFirst?: boolean } = {}): KeyedBuckets =>
    fleetBuckets({
      name,
      rate,
      fleet,
      ...(options.bucketStore ? { store: options.bucketStore } : {}),
      ...extra,
      onError(err) {
        if (performance.now() - failedAt < 60_000) return;
        failedAt = performance.now();
        logger.warn({ err, name }, "shared limits unreachable: this instance limits on its own meanwhile");
      },
    });
  const perChat = { burst: limits.chatBurst, perSecond: 1 };
  const budget = createOutgoingBudget({
    perSecond: limits.sendsPerSecond,
    perChat,
    chats: buckets("chat", perChat),
    ...(options.hooks?.onBudgetWait ? { onWait: options.hooks.onBudgetWait } : {}),
  });
  shareBudget({ budget, fleet, total: limits.sendsPerSecond, backgroundCap: limits.backgroundPerSecond });
  const outboxApi = new Api(options.token, {
    ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}),
    timeoutSeconds: 30,
    fetch: budget.backgroundFetch,
  });
  if (options.apiObserver) outboxApi.config.use(options.apiObserver);
  if (options.outgoing) outboxApi.config.use(options.outgoing);
  const outbox = createOutbox({
    db: options.storage.db,
    api: outboxApi,
    logger: logger.child({ module: "outbox" }),
    now: options.now,
    perSecond: limits.backgroundPerSecond,
    ...(options.hooks?.onOutboxResult ? { onResult: options.hooks.onOutboxResult } : {}),
    ...(options.drawVoucher ? { drawVoucher: options.drawVoucher } : {}),
  });

  /** The per-user gate; `t` words the member's notice, `api` sends it (an interactive send). */
  function gate(api: Api, t: (locale: Locale, key: string) => string): MiddlewareFn<Context> {
    return floodGate({
      perUser: { burst: limits.userBurst, perSecond: limits.userPerMinute / 60 },
      strangerPerMinute: limits.strangerPerMinute,
      // A golfer who claimed a booking's copy has no role but uses /mybookings and its buttons: the
      // limit treats them as a customer (features still check what they may do).
      roleOf: async (userId) => {
        const { role } = await options.access.whoIs(userId);
        if (role !== "stranger") return role;
        return (await options.golferCopies.viewedBookingIds(userId, 1)).length > 0 ? "customer" : "stranger";
      },
      buckets,
      onLimited: (reason) => options.hooks?.onLimited?.(reason),
      async notice(ctx) {
        if (ctx.chat?.type !== "private" || !ctx.from) return;
        // The gate runs before the session and the role are read: the member's language is looked up
        // here (their choice, else their Telegram's; Thai or English for staff), once a minute at most.
        const { id, language_code: code } = ctx.from;
        const users = { kv: options.storage.kv, access: options.access };
        const locale = await localeOfUser(users, id, config.defaultLocale, code).catch((err: unknown) => {
          logger.info({ err, userId: id }, "flood notice's language not read: the Telegram language's instead");
          return localeFromLanguageCode(code, config.defaultLocale);
        });
        await api
          .sendMessage(ctx.chat.id, t(locale, "flood-notice"))
          .catch((err: unknown) => logger.info({ err, chatId: ctx.chat?.id }, "flood notice not sent"));
      },
    });
  }

  return { budget, outbox, gate, buckets };
}

export type AbuseControl = ReturnType<typeof createAbuseControl>;
