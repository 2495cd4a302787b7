/**
 * Telegram's flood limits, as the real server applies them to a bot (switchable: the option
 * `rateLimits` of `createBotApiServer`). Telegram documents "about one message per second in a
 * chat, short bursts allowed" and "about 30 messages per second overall"; over either it answers
 * 429 `Too Many Requests: retry after N` with `parameters.retry_after: N`. Modelled as two token
 * buckets on the machine's monotonic clock (never the world clock, which tests stop and move).
 * Counted: the methods that put or change a message in a chat (send*, edit*, copy*, forward*,
 * stopPoll); not answerCallbackQuery, sendChatAction, deleteMessage or the rest.
 */
import * as E from "./errors.js";
import { ApiError } from "./errors.js";

/** One token bucket: `burst` calls at once, then `perSecond`. */
export interface RateLimit {
  burst: number;
  perSecond: number;
}

export interface RateLimitOptions {
  /** Per chat. Default burst 20, 1/s. */
  perChat?: RateLimit;
  /** Every chat together. Default burst 30, 30/s. */
  overall?: RateLimit;
  /** Monotonic ms (default performance.now). */
  clock?: () => number;
}

/** The 429s the server answered, in order. */
export interface RateLimitedCall {
  method: string;
  chatId: string | undefined;
  scope: "chat" | "overall";
  retryAfter: number;
}

const COUNTED = /^(send(?!ChatAction)|edit|copy|forward|stopPoll)/i;

export function isCountedMethod(method: string): boolean {
  return COUNTED.test(method);
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  readonly refused: RateLimitedCall[] = [];
  private readonly perChat: RateLimit;
  private readonly overall: RateLimit;
  private readonly clock: () => number;
  private readonly chats = new Map<string, Bucket>();
  private readonly all: Bucket;

  constructor(options: RateLimitOptions = {}) {
    this.perChat = options.perChat ?? { burst: 20, perSecond: 1 };
    this.overall = options.overall ?? { burst: 30, perSecond: 30 };
    this.clock = options.clock ?? (() => performance.now());
    this.all = { tokens: this.overall.burst, at: this.clock() };
  }

  /** Takes this call's tokens, or returns the 429 to answer with (nothing taken). */
  check(method: string, chatId: unknown): ApiError | undefined {
    if (!isCountedMethod(method)) return undefined;
    const now = this.clock();
    const key = typeof chatId === "number" || typeof chatId === "string" ? String(chatId) : undefined;
    refill(this.all, this.overall, now);
    let chat: Bucket | undefined;
    if (key !== undefined) {
      chat = this.chats.get(key) ?? { tokens: this.perChat.burst, at: now };
      this.chats.set(key, chat);
      refill(chat, this.perChat, now);
      if (chat.tokens < 1) return this.refuse(method, key, "chat", (1 - chat.tokens) / this.perChat.perSecond);
    }
    if (this.all.tokens < 1) return this.refuse(method, key, "overall", (1 - this.all.tokens) / this.overall.perSecond);
    this.all.tokens -= 1;
    if (chat) chat.tokens -= 1;
    return undefined;
  }

  private refuse(method: string, chatId: string | undefined, scope: "chat" | "overall", seconds: number): ApiError {
    const retryAfter = Math.max(1, Math.ceil(seconds));
    this.refused.push({ method, chatId, scope, retryAfter });
    return new ApiError(429, E.tooManyRequests(retryAfter), { retry_after: retryAfter });
  }
}

function refill(bucket: Bucket, limit: RateLimit, now: number): void {
  bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond);
  bucket.at = now;
}
