import type { Context, MiddlewareFn } from "grammy";
import type { Role } from "../../access/index.js";
import { createBuckets, type KeyedBuckets, type Rate } from "../../runtime/token-bucket.js";
import { markUpdateOutcome } from "../../runtime/update-outcome.js";

/** Why an update was dropped before any work: over the per-user rate, or a stranger over their allowance. */
export type LimitReason = "flood" | "stranger";

export interface FloodGateOptions {
  /** Everyone's per-user rate (a person never reaches it); the excess is dropped at once. */
  perUser: Rate;
  /** Updates a stranger gets answered per minute (default 1); invite links (/start with a payload) have as many again of their own. */
  strangerPerMinute?: number;
  /** The sender's role (a read; cached here for `roleCacheMs`). */
  roleOf: (userId: number) => Promise<Role>;
  /** How long a role read is reused for the limit's choice (default 10 s); features still read it fresh. */
  roleCacheMs?: number;
  /** Tells a member once that their excess is dropped (must not throw; not awaited). */
  notice: (ctx: Context) => Promise<void>;
  /** Notices to one member at most once per this (default 60 s). */
  noticeEveryMs?: number;
  /** A dropped update (metrics). */
  onLimited?: (reason: LimitReason, ctx: Context) => void;
  /** Monotonic ms (default performance.now). */
  clock?: () => number;
  /**
   * The bot's buckets of a name and rate (`fleetBuckets`: in the database while several instances
   * receive updates). Default: this process's. The per-user rate and the notices are asked of this
   * process's memory first (`inMemoryFirst`), so a flood's excess costs no database call.
   */
  buckets?: (name: string, rate: Rate, options?: { inMemoryFirst?: boolean }) => KeyedBuckets;
}

/**
 * The per-user limit, placed first (before sequentialize, the chat lock, dedupe, the session and
 * any database write), all in this process's memory:
 *
 * 1. a token bucket per sender (`perUser`): a flood's excess is dropped here at once, so it never
 *    queues behind its chat nor takes the runner's concurrency from other chats; a member's first
 *    dropped update gets one notice per `noticeEveryMs`;
 * 2. the sender's role (one cached read); a stranger gets `strangerPerMinute` updates a minute
 *    handled, the rest dropped silently (an invite link's /start has one more allowance of its own,
 *    so a stranger who first typed "hi" can still join).
 *
 * A dropped callback query is still answered (empty, so the button stops spinning): Telegram
 * counts no answer against the limits. With several instances receiving updates (a webhook over N),
 * the buckets are the bot's (`buckets`), so a sender gets what one instance would give them, not N
 * times it (see docs/operations.md, "Abuse control and rate limits").
 */
export function floodGate(options: FloodGateOptions): MiddlewareFn<Context> {
  const clock = options.clock ?? (() => performance.now());
  const buckets = options.buckets ?? ((_name: string, rate: Rate) => createBuckets(rate, clock));
  const perUser = buckets("user", options.perUser, { inMemoryFirst: true });
  const strangerPerMinute = options.strangerPerMinute ?? 1;
  const strangerRate: Rate = { burst: strangerPerMinute, perSecond: strangerPerMinute / 60 };
  const strangers = buckets("stranger", strangerRate);
  const links = buckets("link", strangerRate);
  const roleCacheMs = options.roleCacheMs ?? 10_000;
  const noticeEveryMs = options.noticeEveryMs ?? 60_000;
  const notices = buckets("notice", { burst: 1, perSecond: 1000 / noticeEveryMs }, { inMemoryFirst: true });
  const roles = new Map<number, { role: Promise<Role | undefined>; at: number }>();

  /**
   * The sender's role; undefined when it could not be read (the database away): not taken for a
   * stranger's, whose allowance would drop an agent's updates silently, and read again next time. The
   * update goes on, and fails where it needs the database, which tells the sender to try again.
   */
  function roleOf(userId: number): Promise<Role | undefined> {
    const now = clock();
    const cached = roles.get(userId);
    if (cached && now - cached.at < roleCacheMs) return cached.role;
    if (roles.size > 10_000) roles.clear();
    const entry = {
      role: options.roleOf(userId).catch(() => {
        if (roles.get(userId) === entry) roles.delete(userId);
        return undefined;
      }),
      at: now,
    };
    roles.set(userId, entry);
    return entry.role;
  }

  /**
   * Drops the update; a tap is answered before the update counts as handled (an answer left running
   * after it could still be on its way when someone — a test, a graceful stop — takes the bot as done).
   */
  async function drop(ctx: Context, reason: LimitReason): Promise<void> {
    markUpdateOutcome(ctx, "limited");
    options.onLimited?.(reason, ctx);
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  }

  return async (ctx, next) => {
    const userId = ctx.from?.id;
    if (userId === undefined || ctx.from?.is_bot) return next();
    const key = String(userId);
    if (!(await perUser.take(key)).ok) {
      await drop(ctx, "flood");
      const cached = roles.get(userId);
      const member = cached !== undefined && (await cached.role) !== "stranger";
      if (member && (await notices.take(key)).ok) void options.notice(ctx);
      return;
    }
    if ((await roleOf(userId)) === "stranger") {
      const isLink = /^\/start\s+\S/.test(ctx.message?.text ?? "");
      if (!(await (isLink ? links : strangers).take(key)).ok) return drop(ctx, "stranger");
      // The link may have made them a customer: read the role again next time.
      if (isLink) roles.delete(userId);
    }
    await next();
  };
}
