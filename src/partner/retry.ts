/** Backoff for retried reads: exponential, capped, with full jitter. */

/**
 * The wait before retry number `attempt` (1 for the first retry): a uniform random duration in
 * `[0, min(maxMs, baseMs × 2^(attempt − 1))]` ("full jitter"), in whole milliseconds.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(random() * ceiling);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
