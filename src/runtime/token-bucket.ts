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

/** Takes one token if there is one. */
export function take(bucket: Bucket, rate: Rate, now: number): boolean {
  refill(bucket, rate, now);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** Ms until the bucket holds one token (0: now). */
export function waitFor(bucket: Bucket, rate: Rate, now: number): number {
  refill(bucket, rate, now);
  return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) / rate.perSecond) * 1000);
}

/**
 * Buckets by key, forgetting those full again (an idle key costs nothing): the map stays as large as
 * the set of keys active in the last `burst / perSecond` seconds.
 */
export function createBuckets(rate: Rate, clock: () => number = () => performance.now()) {
  const buckets = new Map<string, Bucket>();
  let sweptAt = clock();
  function get(key: string): Bucket {
    const now = clock();
    if (now - sweptAt > 60_000) {
      sweptAt = now;
      for (const [k, b] of buckets) {
        refill(b, rate, now);
        if (b.tokens >= rate.burst) buckets.delete(k);
      }
    }
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { tokens: rate.burst, at: now };
      buckets.set(key, bucket);
    }
    return bucket;
  }
  return {
    take: (key: string): boolean => take(get(key), rate, clock()),
    waitFor: (key: string): number => waitFor(get(key), rate, clock()),
    size: () => buckets.size,
  };
}
