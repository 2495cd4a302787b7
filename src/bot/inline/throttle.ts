import type { Context, MiddlewareFn } from "grammy";
import type { Fleet } from "../../runtime/fleet.js";
import type { KvStore } from "../../storage/index.js";

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
  /**
   * Several instances: while others receive updates (`fleet.shared()`), each user's newest query and
   * the times of their served ones are kept in the key-value store, so keystrokes spread over
   * instances are debounced and limited as by one. (A user's queries are served one at a time across
   * instances, under their lock: reading and writing their served times cannot race.)
   */
  shared?: { fleet: Fleet; kv: KvStore };
}

/**
 * Debounce and rate limit of inline queries, per user: a burst of keystrokes is served once (its last
 * query), and a user is served at most `maxPerWindow` queries per window. In this process's memory,
 * and the bot's (`shared`) while several instances receive updates.
 */
export function createInlineThrottle(options: InlineThrottleOptions) {
  const debounceMs = options.debounceMs ?? 350;
  const windowMs = options.windowMs ?? 10_000;
  const maxPerWindow = options.maxPerWindow ?? 10;
  const maxUsers = options.maxUsers ?? 10_000;
  const latest = new Map<number, string>();
  const served = new Map<number, number[]>();
  const shared = options.shared;
  const latestKey = (userId: number) => `inline-latest:${userId}`;
  const servedKey = (userId: number) => `inline-served:${userId}`;

  const remember = <T>(map: Map<number, T>, key: number, value: T) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > maxUsers) map.delete(map.keys().next().value!);
  };

  const throttle = {
    /**
     * Records each user's newest inline query, waits the debounce, and drops the query if a newer
     * keystroke arrived meanwhile. Installed before the per-user sequencing and its lock, so the
     * wait holds neither, and a query in line learns at once that it was replaced.
     */
    debounce: (async (ctx, next) => {
      const q = ctx.inlineQuery;
      if (!q) return next();
      remember(latest, q.from.id, q.id);
      if (shared?.fleet.shared()) await shared.kv.set(latestKey(q.from.id), q.id, 60_000);
      if (debounceMs > 0) await new Promise((resolve) => setTimeout(resolve, debounceMs));
      if (await throttle.superseded(q.from.id, q.id)) return;
      await next();
    }) as MiddlewareFn<Context>,

    /** Whether a newer query of this user arrived after `queryId` (at any instance, while shared). */
    async superseded(userId: number, queryId: string): Promise<boolean> {
      const newest = latest.get(userId);
      if (newest !== undefined && newest !== queryId) return true;
      if (!shared?.fleet.shared()) return false;
      const stored = await shared.kv.get<string>(latestKey(userId));
      return stored !== undefined && stored !== queryId;
    },

    /** Counts a served query; false when the user is over the rate. */
    async allow(userId: number): Promise<boolean> {
      const at = options.now();
      const sharing = shared?.fleet.shared() === true;
      const before = sharing ? ((await shared.kv.get<number[]>(servedKey(userId))) ?? []) : served.get(userId);
      const recent = (before ?? []).filter((t) => at - t < windowMs && t <= at);
      const ok = recent.length < maxPerWindow;
      if (ok) recent.push(at);
      if (sharing) await shared.kv.set(servedKey(userId), recent, windowMs);
      else remember(served, userId, recent);
      return ok;
    },
  };
  return throttle;
}

export type InlineThrottle = ReturnType<typeof createInlineThrottle>;
