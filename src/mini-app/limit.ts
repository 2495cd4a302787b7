/**
 * The Mini App API's per-user limit (MINI_APP_RATE_BURST, MINI_APP_RATE_PER_MINUTE): a token bucket per
 * Telegram user, taken once the call's initData names the user and before anything is read for it (their
 * role, the partner's lists), so a flood of calls costs a token each and nothing else.
 *
 * The bot's, not this process's, through the same buckets as the bot's per-user gate
 * (runtime/shared-buckets.ts; keys `mini-app:<user id>` in `limit_buckets`). Updates reach only the
 * instances that receive them, but a balancer sends the Mini App's calls to any live instance (a polling
 * standby's PORT too), so these buckets are the database's whenever another instance is live, not only
 * while another receives updates. This instance's own bucket is asked first: a flood's excess costs no
 * database call.
 */
import type { Logger } from "../logger.js";
import type { Fleet } from "../runtime/fleet.js";
import { createHttpLimit } from "../runtime/http-limit.js";
import type { BucketStore, KeyedBuckets } from "../runtime/shared-buckets.js";

export interface MiniAppLimitOptions {
  /** Calls one user may make at once… */
  burst: number;
  /** …then this many a minute. */
  perMinute: number;
  /** This bot's instances (`soloFleet` alone). */
  fleet: Fleet;
  /** The shared buckets (PostgreSQL); without it, in memory. */
  store?: BucketStore;
  logger: Logger;
}

/** The per-user buckets of the Mini App's API, keyed by Telegram user id. */
export function createMiniAppLimit(options: MiniAppLimitOptions): KeyedBuckets {
  return createHttpLimit({ ...options, name: "mini-app", what: "Mini App" });
}
