import type { Context, MiddlewareFn } from "grammy";

export interface InlineThrottleOptions {
  /** fairway's clock (epoch ms): the rate window. */
  now: () => number;
  /** How long a query waits for a newer keystroke before it is served. Default 350 ms. */
  debounceMs?: number;
  /** Per user, at most `maxPerWindow` served queries per `windowMs`. Defaults 10 per 10 s. */
  windowMs?: number;
  maxPerWindow?: number;
  /** Users remembered at most (the oldest go first). Default 10,000. */
  maxUsers?: number;
}

/**
 * Debounce and rate limit of inline queries, per user and per process: a burst of keystrokes is
 * served once (its last query), and a user is served at most `maxPerWindow` queries per window.
 */
export function createInlineThrottle(options: InlineThrottleOptions) {
  const debounceMs = options.debounceMs ?? 350;
  const windowMs = options.windowMs ?? 10_000;
  const maxPerWindow = options.maxPerWindow ?? 10;
  const maxUsers = options.maxUsers ?? 10_000;
  const latest = new Map<number, string>();
  const served = new Map<number, number[]>();

  const remember = <T>(map: Map<number, T>, key: number, value: T) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > maxUsers) map.delete(map.keys().next().value!);
  };

  return {
    /**
     * Records each user's newest inline query, waits the debounce, and drops the query if a newer
     * keystroke arrived meanwhile. Installed before the per-user sequencing and its lock, so the
     * wait holds neither, and a query in line learns at once that it was replaced.
     */
    debounce: (async (ctx, next) => {
      const q = ctx.inlineQuery;
      if (!q) return next();
      remember(latest, q.from.id, q.id);
      if (debounceMs > 0) await new Promise((resolve) => setTimeout(resolve, debounceMs));
      if (latest.get(q.from.id) !== q.id) return;
      await next();
    }) as MiddlewareFn<Context>,

    /** Whether a newer query of this user arrived after `queryId`. */
    superseded(userId: number, queryId: string): boolean {
      const newest = latest.get(userId);
      return newest !== undefined && newest !== queryId;
    },

    /** Counts a served query; false when the user is over the rate. */
    allow(userId: number): boolean {
      const at = options.now();
      const recent = (served.get(userId) ?? []).filter((t) => at - t < windowMs && t <= at);
      if (recent.length >= maxPerWindow) {
        remember(served, userId, recent);
        return false;
      }
      recent.push(at);
      remember(served, userId, recent);
      return true;
    },
  };
}

export type InlineThrottle = ReturnType<typeof createInlineThrottle>;
