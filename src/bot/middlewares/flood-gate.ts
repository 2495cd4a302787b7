import type { Context, MiddlewareFn } from "grammy";
import type { Role } from "../../access/index.js";
import { markUpdateOutcome } from "../../runtime/update-outcome.js";
import { createBuckets, type Rate } from "../../runtime/token-bucket.js";

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
 * counts no answer against the limits. The limit is per instance: with polling only the leader
 * receives updates, so it is exact; with a webhook over N instances a sender may get up to N times
 * the rate (see README, "Abuse control and rate limits").
 */
export function floodGate(options: FloodGateOptions): MiddlewareFn<Context> {
  const clock = options.clock ?? (() => performance.now());
  const perUser = createBuckets(options.perUser, clock);
  const strangerPerMinute = options.strangerPerMinute ?? 1;
  const strangerRate: Rate = { burst: strangerPerMinute, perSecond: strangerPerMinute / 60 };
  const strangers = createBuckets(strangerRate, clock);
  const links = createBuckets(strangerRate, clock);
  const roleCacheMs = options.roleCacheMs ?? 10_000;
  const noticeEveryMs = options.noticeEveryMs ?? 60_000;
  const roles = new Map<number, { role: Promise<Role>; at: number }>();
  const noticed = new Map<number, number>();

  function roleOf(userId: number): Promise<Role> {
    const now = clock();
    const cached = roles.get(userId);
    if (cached && now - cached.at < roleCacheMs) return cached.role;
    if (roles.size > 10_000) roles.clear();
    const role = options.roleOf(userId).catch(() => "stranger" as const);
    roles.set(userId, { role, at: now });
    return role;
  }

  function drop(ctx: Context, reason: LimitReason): void {
    markUpdateOutcome(ctx, "limited");
    options.onLimited?.(reason, ctx);
    if (ctx.callbackQuery) void ctx.answerCallbackQuery().catch(() => undefined);
  }

  return async (ctx, next) => {
    const userId = ctx.from?.id;
    if (userId === undefined || ctx.from?.is_bot) return next();
    if (!perUser.take(String(userId))) {
      drop(ctx, "flood");
      const cached = roles.get(userId);
      const member = cached !== undefined && (await cached.role) !== "stranger";
      const last = noticed.get(userId);
      if (member && (last === undefined || clock() - last >= noticeEveryMs)) {
        if (noticed.size > 10_000) noticed.clear();
        noticed.set(userId, clock());
        void options.notice(ctx);
      }
      return;
    }
    if ((await roleOf(userId)) === "stranger") {
      const isLink = /^\/start\s+\S/.test(ctx.message?.text ?? "");
      if (!(isLink ? links : strangers).take(String(userId))) return drop(ctx, "stranger");
      // The link may have made them a customer: read the role again next time.
      if (isLink) roles.delete(userId);
    }
    await next();
  };
}
