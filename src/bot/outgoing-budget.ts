import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { createBuckets, refill, type Bucket, type Rate } from "../runtime/token-bucket.js";

export interface OutgoingBudgetOptions {
  /** Sends and edits per second, every chat together (burst: the same number). */
  perSecond: number;
  /** One chat: `burst` at once, then `perSecond` (Telegram: about one a second, short bursts allowed). */
  perChat: Rate;
  /** Monotonic ms (default performance.now). */
  clock?: () => number;
  /** The fetch to pace (default grammY's own, node-fetch); tests pass a fake. */
  baseFetch?: FetchLike;
}

/** Methods Telegram's flood limits count: those that put or change a message in a chat. */
const COUNTED = /^(send(?!ChatAction)|edit|copy|forward|stopPoll)/i;

interface Waiter {
  resolve: () => void;
}

/**
 * The outgoing budget of this process, wrapped around the HTTP fetch of every Bot API client built
 * from the bot's client options (the bot's, each update's, the conversations' — which install none of
 * the bot's transformers and replay recorded calls through their own — and the outbox's): each real
 * attempt, retries included, that puts or changes a message waits for a token of its chat (`perChat`)
 * and then one of the whole bot (`perSecond`). Interactive calls (answers to updates) are served before
 * background ones (`background(() => …)`, the outbox's sends) whenever both wait. A 429 empties the
 * chat's bucket for `retry_after` seconds (auto-retry then waits and tries again): a signal to slow
 * down. Waits of one chat delay no other chat. Calls sent as multipart (a file) have no readable
 * chat id here: they take only the overall token.
 */
export function createOutgoingBudget(options: OutgoingBudgetOptions) {
  const clock = options.clock ?? (() => performance.now());
  const overallRate: Rate = { burst: options.perSecond, perSecond: options.perSecond };
  const overall: Bucket = { tokens: overallRate.burst, at: clock() };
  const chats = createBuckets(options.perChat, clock);
  const chatPause = new Map<string, number>();
  const queues: { interactive: Waiter[]; background: Waiter[] } = { interactive: [], background: [] };
  const backgroundScope = new AsyncLocalStorage<true>();
  let timer: NodeJS.Timeout | undefined;

  function pump(): void {
    timer = undefined;
    for (;;) {
      const next = queues.interactive[0] ?? queues.background[0];
      if (!next) return;
      refill(overall, overallRate, clock());
      if (overall.tokens < 1) {
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
      const pausedUntil = chatPause.get(key);
      if (pausedUntil !== undefined) {
        const left = pausedUntil - clock();
        if (left > 0) {
          await sleep(left);
          continue;
        }
        chatPause.delete(key);
      }
      if (chats.take(key)) return;
      await sleep(Math.max(1, chats.waitFor(key)));
    }
  }

  let pending = 0;
  async function acquire(chatKey: string | undefined, background: boolean): Promise<void> {
    pending += 1;
    try {
      if (chatKey !== undefined) await chatToken(chatKey);
      await new Promise<void>((resolve) => {
        (background ? queues.background : queues.interactive).push({ resolve });
        if (timer === undefined) pump();
      });
    } finally {
      pending -= 1;
    }
  }

  /** grammY's own fetch (node-fetch, resolved from grammY's package), paced. */
  const baseFetch = options.baseFetch
    ? { default: options.baseFetch }
    : (createRequire(grammyEntry())("node-fetch") as { default: FetchLike });
  const fetch: FetchLike = async (url, init) => {
    const method = String(url).split("/").at(-1) ?? "";
    if (!COUNTED.test(method)) return baseFetch.default(url, init);
    const chatKey = chatKeyOf((init as { body?: unknown } | undefined)?.body);
    await acquire(chatKey, backgroundScope.getStore() === true);
    const response = await baseFetch.default(url, init);
    if (response.status === 429 && chatKey !== undefined) {
      const body = (await response
        .clone()
        .json()
        .catch(() => undefined)) as { parameters?: { retry_after?: number } } | undefined;
      chatPause.set(chatKey, clock() + (body?.parameters?.retry_after ?? 1) * 1000);
    }
    return response;
  };

  return {
    /** For the Bot API client options (`client: { fetch }`): every client built from them is paced. */
    fetch: fetch as unknown as typeof globalThis.fetch,
    /** Runs `work` with its Bot API calls as background sends (served after interactive ones). */
    background: <T>(work: () => Promise<T>): Promise<T> => backgroundScope.run(true, work),
    /** Calls waiting for a token now (their chat's or the bot's). */
    pending: (): number => pending,
    /** Calls waiting for the whole bot's budget now, by kind. */
    waiting: () => ({ interactive: queues.interactive.length, background: queues.background.length }),
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

/** The chat of a JSON body (`chat_id`), as a key; undefined for multipart bodies or none. */
function chatKeyOf(body: unknown): string | undefined {
  if (typeof body !== "string") return undefined;
  try {
    const chatId = (JSON.parse(body) as { chat_id?: unknown }).chat_id;
    return typeof chatId === "number" || typeof chatId === "string" ? String(chatId) : undefined;
  } catch {
    return undefined;
  }
}
