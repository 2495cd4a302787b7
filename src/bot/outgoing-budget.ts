import { createRequire } from "node:module";
import type { FleetStats } from "../runtime/fleet.js";
import { createBuckets, refill, type Bucket, type KeyedBuckets, type Rate } from "../runtime/token-bucket.js";

export interface OutgoingBudgetOptions {
  /** Sends and edits per second, every chat together (burst: the same number); `setRate` changes it. */
  perSecond: number;
  /** One chat: `burst` at once, then `perSecond` (Telegram: about one a second, short bursts allowed). */
  perChat: Rate;
  /** The chats' buckets (default: this process's, of `perChat`); `fleetBuckets` makes them the bot's. */
  chats?: KeyedBuckets;
  /** Monotonic ms (default performance.now). */
  clock?: () => number;
  /** The fetch to pace (default grammY's own, node-fetch); tests pass a fake. */
  baseFetch?: FetchLike;
  /** Each send or edit once it may go: its kind and how long it waited for its tokens, ms (metrics). */
  onWait?: (kind: SendKind, ms: number) => void;
}

/** Answers to updates, or background sends (the outbox). */
export type SendKind = "interactive" | "background";

/** Methods Telegram's flood limits count: those that put or change a message in a chat. */
const COUNTED = /^(send(?!ChatAction)|edit|copy|forward|stopPoll)/i;

interface Waiter {
  resolve: () => void;
}

/**
 * The outgoing budget, wrapped around the HTTP fetch of every Bot API client built
 * from the bot's client options (the bot's, each update's, the conversations' — which install none of
 * the bot's transformers and replay recorded calls through their own — and the outbox's): each real
 * attempt, retries included, that puts or changes a message waits for a token of its chat (`perChat`)
 * and then one of the whole bot (`perSecond`). Interactive calls (answers to updates, through `fetch`)
 * are served before background ones (through `backgroundFetch`: the outbox's client) whenever both
 * wait. Two fetches rather than an async context marking background work: on Node 20 an
 * AsyncLocalStorage in use hooks every promise of the process (docs/performance.md). A 429 empties the
 * chat's bucket for `retry_after` seconds (auto-retry then waits and tries again): a signal to slow
 * down. Waits of one chat delay no other chat. Calls sent as multipart (a file) have no readable
 * chat id here: they take only the overall token.
 *
 * Telegram counts the bot, not the process: with several instances, `chats` are the bot's buckets
 * (`fleetBuckets`) and `perSecond` is this instance's share of the bot's (`shareBudget` sets it every
 * second from what each live instance asks, `outgoing-shares.ts`). Alone, both are this process's.
 */
export function createOutgoingBudget(options: OutgoingBudgetOptions) {
  const clock = options.clock ?? (() => performance.now());
  let overallRate: Rate = { burst: options.perSecond, perSecond: options.perSecond };
  const overall: Bucket = { tokens: overallRate.burst, at: clock() };
  const chats = options.chats ?? createBuckets(options.perChat, clock);
  const queues: { interactive: Waiter[]; background: Waiter[] } = { interactive: [], background: [] };
  let timer: NodeJS.Timeout | undefined;
  const stats: FleetStats = { sends: 0, waited: 0, waitSeconds: 0, rateLimited: 0 };
  const granted = { interactive: 0, background: 0 };
  let grantedSince = clock();

  function pump(): void {
    timer = undefined;
    for (;;) {
      const next = queues.interactive[0] ?? queues.background[0];
      if (!next) return;
      refill(overall, overallRate, clock());
      if (overall.tokens < 1) {
        // No share at all for now (another instance has it): the next `setRate` pumps again.
        if (overallRate.perSecond <= 0) return;
        timer = setTimeout(pump, Math.ceil(((1 - overall.tokens) / overallRate.perSecond) * 1000));
        return;
      }
      overall.tokens -= 1;
      (queues.interactive.length > 0 ? queues.interactive : queues.background).shift();
      next.resolve();
    }
  }

  async function chatToken(key: string): Promise<void> {
    for (;;) {
      const { ok, waitMs } = await chats.take(key);
      if (ok) return;
      await sleep(Math.max(1, waitMs));
    }
  }

  let pending = 0;
  async function acquire(chatKey: string | undefined, background: boolean): Promise<void> {
    pending += 1;
    const started = clock();
    try {
      if (chatKey !== undefined) await chatToken(chatKey);
      await new Promise<void>((resolve) => {
        (background ? queues.background : queues.interactive).push({ resolve });
        if (timer === undefined) pump();
      });
    } finally {
      pending -= 1;
    }
    const kind: SendKind = background ? "background" : "interactive";
    const waited = clock() - started;
    granted[kind] += 1;
    stats.sends += 1;
    if (waited >= 1) {
      stats.waited += 1;
      stats.waitSeconds += waited / 1000;
    }
    options.onWait?.(kind, waited);
  }

  /** grammY's own fetch (node-fetch, resolved from grammY's package), paced. */
  const baseFetch = options.baseFetch
    ? { default: options.baseFetch }
    : (createRequire(grammyEntry())("node-fetch") as { default: FetchLike });
  const pacedFetch =
    (background: boolean): FetchLike =>
    async (url, init) => {
      const method = String(url).split("/").at(-1) ?? "";
      if (!COUNTED.test(method)) return countLimited(await baseFetch.default(url, init));
      const chatKey = chatKeyOf((init as { body?: unknown } | undefined)?.body);
      await acquire(chatKey, background);
      const response = countLimited(await baseFetch.default(url, init));
      if (response.status === 429 && chatKey !== undefined) {
        const body = (await response
          .clone()
          .json()
          .catch(() => undefined)) as { parameters?: { retry_after?: number } } | undefined;
        await chats.pause(chatKey, (body?.parameters?.retry_after ?? 1) * 1000);
      }
      return response;
    };

  function countLimited(response: Response): Response {
    if (response.status === 429) stats.rateLimited += 1;
    return response;
  }

  return {
    /** For the Bot API client options (`client: { fetch }`): every client built from them is paced. */
    fetch: pacedFetch(false) as unknown as typeof globalThis.fetch,
    /** The same for a client whose calls are background sends (served after interactive ones): the outbox's. */
    backgroundFetch: pacedFetch(true) as unknown as typeof globalThis.fetch,
    /** Calls waiting for a token now (their chat's or the bot's). */
    pending: (): number => pending,
    /** Calls waiting for the whole bot's budget now, by kind. */
    waiting: () => ({ interactive: queues.interactive.length, background: queues.background.length }),
    /** This instance's sends and edits per second now (its share of the bot's, `shareBudget`). */
    rate: (): number => overallRate.perSecond,
    /** Sets this instance's sends and edits per second (burst: one second's worth); waiting calls go on at the new pace. */
    setRate(perSecond: number): void {
      const now = clock();
      refill(overall, overallRate, now);
      overallRate = { burst: Math.max(1, perSecond), perSecond: Math.max(0, perSecond) };
      overall.tokens = Math.min(overall.tokens, overallRate.burst);
      if (timer !== undefined) clearTimeout(timer);
      pump();
    },
    /**
     * What this instance asked of the budget since the last call, in sends per second by kind: the
     * sends that got their tokens, plus those still waiting (a backlog to clear within a second).
     */
    demand(): { interactive: number; background: number } {
      const now = clock();
      const seconds = Math.max(0.001, (now - grantedSince) / 1000);
      const demand = {
        interactive: granted.interactive / seconds + queues.interactive.length,
        background: granted.background / seconds + queues.background.length,
      };
      granted.interactive = 0;
      granted.background = 0;
      grantedSince = now;
      return demand;
    },
    /** Counters since start: sends, how many waited and how long, 429s seen. */
    stats: (): FleetStats => ({ ...stats }),
    /**
     * How long an interactive send to `chatKey` would wait now, as this instance knows it (ms): its
     * chat's bucket or pause, and the answers already waiting for the bot's budget ahead of it.
     */
    expectedWaitMs(chatKey: string | undefined): number {
      const chatWait = chatKey === undefined ? 0 : chats.estimate(chatKey);
      refill(overall, overallRate, clock());
      const short = queues.interactive.length + 1 - overall.tokens;
      const overallWait =
        short <= 0 ? 0 : overallRate.perSecond > 0 ? (short / overallRate.perSecond) * 1000 : Number.POSITIVE_INFINITY;
      return Math.max(chatWait, overallWait);
    },
  };
}

export type OutgoingBudget = ReturnType<typeof createOutgoingBudget>;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-fetch's and the DOM's types differ; only url, init and the response's status/clone are used
export type FetchLike = (url: any, init?: any) => Promise<Response>;

function grammyEntry(): string {
  return createRequire(import.meta.url).resolve("grammy");
}

/** grammY's JSON body begins with the payload's first key, `chat_id` for every send: `{"chat_id":123,…`. */
const LEADING_CHAT_ID = /^\{"chat_id":(-?\d+|"(?:[^"\\]|\\.)*")[,}]/;

/**
 * The chat of a JSON body (`chat_id`), as a key; undefined for multipart bodies or none. Read from the body's
 * start where it leads (every send of grammY's: the body is not parsed again for each call); parsed otherwise.
 */
export function chatKeyOf(body: unknown): string | undefined {
  if (typeof body !== "string") return undefined;
  const leading = LEADING_CHAT_ID.exec(body);
  if (leading) return leading[1]!.startsWith('"') ? (JSON.parse(leading[1]!) as string) : leading[1];
  try {
    const chatId = (JSON.parse(body) as { chat_id?: unknown }).chat_id;
    return typeof chatId === "number" || typeof chatId === "string" ? String(chatId) : undefined;
  } catch {
    return undefined;
  }
}
