/** A token bucket on a monotonic clock: `burst` at once, then `perSecond`. */
export interface Rate {
  burst: number;
  perSecond: number;
}

export interface Bucket {
  tokens: number;
  at: number;
}

/** Refills `bucket` to `now` (ms). */
export function refill(bucket: Bucket, rate: Rate, now: number): void {
  bucket.tokens = Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond);
  bucket.at = now;
}

/** A take's outcome: a token, or none and the wait until the next one (ms). */
export interface TakeResult {
  ok: boolean;
  waitMs: number;
}

/** Token buckets by key, all of one rate. */
export interface KeyedBuckets {
  /** Takes a token of `key`'s bucket if it has one. */
  take(key: string): Promise<TakeResult>;
  /** Empties `key`'s bucket for `ms` (Telegram's retry_after): nothing is taken before then. */
  pause(key: string, ms: number): Promise<void>;
  /** This instance's estimate of the wait for `key`'s next token, without asking anyone (ms; 0: now). */
  estimate(key: string): number;
}

interface PausableBucket extends Bucket {
  pausedUntil: number;
}

/**
 * Buckets by key in this process's memory, forgetting those full again (an idle key costs nothing):
 * the map stays as large as the set of keys active in the last `burst / perSecond` seconds. `take` and
 * `estimate` answer at once; `takeNow` is `take` without the promise.
 */
export function createBuckets(rate: Rate, clock: () => number = () => performance.now()) {
  const buckets = new Map<string, PausableBucket>();
  let sweptAt = clock();

  function get(key: string, now: number): PausableBucket {
    if (now - sweptAt > 60_000) {
      sweptAt = now;
      for (const [k, b] of buckets) {
        if (b.pausedUntil > now) continue;
        refill(b, rate, now);
        if (b.tokens >= rate.burst) buckets.delete(k);
      }
    }
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { tokens: rate.burst, at: now, pausedUntil: 0 };
      buckets.set(key, bucket);
    }
    return bucket;
  }

  function waitOf(bucket: PausableBucket, now: number): number {
    if (bucket.pausedUntil > now) return Math.ceil(bucket.pausedUntil - now);
    refill(bucket, rate, now);
    return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) / rate.perSecond) * 1000);
  }

  function takeNow(key: string): TakeResult {
    const now = clock();
    const bucket = get(key, now);
    const waitMs = waitOf(bucket, now);
    if (waitMs > 0) return { ok: false, waitMs };
    bucket.tokens -= 1;
    return { ok: true, waitMs: 0 };
  }

  return {
    takeNow,
    take: (key: string): Promise<TakeResult> => Promise.resolve(takeNow(key)),
    pause(key: string, ms: number): Promise<void> {
      const now = clock();
      const bucket = get(key, now);
      bucket.tokens = Math.min(bucket.tokens, 0);
      bucket.at = Math.max(bucket.at, now + ms);
      bucket.pausedUntil = Math.max(bucket.pausedUntil, now + ms);
      return Promise.resolve();
    },
    estimate: (key: string): number => {
      const now = clock();
      const bucket = buckets.get(key);
      return bucket ? waitOf(bucket, now) : 0;
    },
    size: () => buckets.size,
  };
}

export type Buckets = ReturnType<typeof createBuckets>;
