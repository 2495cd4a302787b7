/**
 * A rate limit on HTTP calls that any live instance may serve (a balancer sends them anywhere): a token
 * bucket per key (a Telegram user, a client's address), the bot's rather than this process's. Its
 * buckets are the database's (`limit_buckets`, keys `<name>:<key>`) whenever another instance is live,
 * not only while another receives updates; this instance's own bucket is asked first, so a flood's
 * excess costs no database call. A database that does not answer: each instance limits on its own
 * meanwhile (warned at most once a minute).
 */
import type { Logger } from "../logger.js";
import type { Fleet } from "./fleet.js";
import { fleetBuckets, type BucketStore, type KeyedBuckets } from "./shared-buckets.js";

export interface HttpLimitOptions {
  /** Names these buckets among the bot's (`mini-app`, `voucher-check`). */
  name: string;
  /** Calls one key may make at once… */
  burst: number;
  /** …then this many a minute. */
  perMinute: number;
  /** This bot's instances (`soloFleet` alone). */
  fleet: Fleet;
  /** The shared buckets (PostgreSQL); without it, in memory. */
  store?: BucketStore;
  /** Where an unreachable shared limit is warned of, naming what is limited (e.g. "Mini App"). */
  logger: Logger;
  what: string;
}

/** Token buckets by key for HTTP calls served by any live instance. */
export function createHttpLimit(options: HttpLimitOptions): KeyedBuckets {
  const { fleet, logger } = options;
  let failedAt = Number.NEGATIVE_INFINITY;
  return fleetBuckets({
    name: options.name,
    rate: { burst: options.burst, perSecond: options.perMinute / 60 },
    fleet,
    ...(options.store ? { store: options.store } : {}),
    sharedWhile: () => fleet.members().length > 1,
    inMemoryFirst: true,
    onError(err) {
      if (performance.now() - failedAt < 60_000) return;
      failedAt = performance.now();
      logger.warn({ err }, `shared ${options.what} limit unreachable: this instance limits on its own meanwhile`);
    },
  });
}
