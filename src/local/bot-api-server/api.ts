/**
 * The public shape of the local Bot API server: its options and the handle
 * `createBotApiServer` returns (kept apart from the factory so each stays small).
 */
import type { BotCommand, Update, UserFromGetMe } from "grammy/types";
import type { ServerEvents, WebhookDeliveryRecord } from "./events.js";
import type { FailureSpec, HeldAnswer } from "./faults.js";
import type { RateLimitedCall, RateLimitOptions } from "./rate-limits.js";
import type { ExtraHandler } from "./server.js";
import type {
  CallRecord,
  CallbackQueryRecord,
  ChatMessage,
  InlineAnswerRecord,
  InlineQueryRecord,
  StoredFile,
} from "./store.js";
import type { NewUpdate, WebhookState } from "./updates.js";
import type { SimulatedUser, SimulatedUserInit } from "./users.js";
import type { IdleOptions } from "./waiting.js";

/** Options of {@link createBotApiServer}. */
export interface BotApiServerOptions {
  /** Bot token the server accepts (default "123456:TEST-TOKEN"). */
  token?: string;
  /** Overrides for getMe (default id 123456, username "fairway_test_bot", first_name "fairway"). */
  botInfo?: Partial<UserFromGetMe>;
  /** Time source in ms since the epoch (default Date.now); drives message dates and callback-query expiry. */
  clock?: () => number;
  /**
   * How long a callback query can be answered (default 15 000 ms). Telegram does
   * not document its limit; in practice answers later than roughly 10-15 s fail
   * with "query is too old". Use an injected `clock` to test expiry.
   */
  callbackQueryTimeoutMs?: number;
  /** Reject a bare `&` in HTML text (default true; Telegram itself keeps it literally). */
  strictHtmlAmpersand?: boolean;
  /**
   * Answer only requests whose `Host` names one of these (without the port), others get 403
   * (default: any). The playground passes 127.0.0.1, localhost and [::1]: a web page whose name
   * was rebound to 127.0.0.1 (DNS rebinding) then reaches neither the page's API nor the Bot API.
   */
  allowedHosts?: readonly string[];
  /**
   * Accept `http://127.0.0.1…`, `http://localhost…` and `http://[::1]…` webhook URLs
   * (default false). Telegram requires HTTPS; tests receive webhooks on a plain local port.
   */
  allowHttpWebhooks?: boolean;
  /**
   * How long a webhook delivery may take before it counts as failed with "Read timeout
   * expired" and is retried (default 60 000 ms). Telegram does not document its limit.
   */
  webhookTimeoutMs?: number;
  /**
   * First retry delay after a failed webhook delivery (default 100 ms); it doubles per
   * consecutive failure of the same chat, up to `webhookRetryMaxMs` (default 2 000 ms).
   * Telegram also repeats failed deliveries with growing (undocumented) delays, over seconds to minutes.
   */
  webhookRetryMinMs?: number;
  webhookRetryMaxMs?: number;
  /**
   * Enforce Telegram's flood limits (default off): sends and edits over about 1/s per chat (short
   * bursts allowed) or 30/s overall get 429 with `parameters.retry_after` (see rate-limits.ts).
   * `true` takes the defaults.
   */
  rateLimits?: boolean | RateLimitOptions;
}

/** The running fake. All getters return copies: mutate nothing you get back. */
export interface BotApiServer {
  readonly token: string;
  /** The apiRoot to give grammY; throws before `listen()`. */
  readonly url: string;
  readonly botInfo: UserFromGetMe;
  /** True while a getUpdates request is held open (the bot is long polling right now). */
  readonly polling: boolean;
  /** Every API call received, in completion order (including failed ones and getUpdates). */
  readonly calls: readonly CallRecord[];
  /** Starts the HTTP server; resolves with the apiRoot, e.g. http://127.0.0.1:40123. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops the server, failing any held-open getUpdates. */
  close(): Promise<void>;
  /** The simulated user with this id (created on first use; same handle afterwards). */
  user(init: SimulatedUserInit): SimulatedUser;
  /** Queues a raw update (update_id assigned when omitted); chats it mentions become known. */
  pushUpdate(update: NewUpdate): Update;
  /** Delivers an already delivered update again, with its own update_id (Telegram's at-least-once delivery). */
  redeliver(update: Update): void;
  /** Updates the bot has not confirmed yet (for `bot.handleUpdate`-style tests). */
  pendingUpdates(): Update[];
  /** The visible messages of a chat (both sides), current state. */
  messages(chatId: number): ChatMessage[];
  /** A file the bot sent (uploaded bytes in `data`). */
  file(fileId: string): StoredFile | undefined;
  /** The commands set for a scope and language (exact match, like getMyCommands). */
  commands(options?: { scope?: Record<string, unknown>; language_code?: string }): BotCommand[];
  /** The menu button of a chat, or the default one. */
  menuButton(chatId?: number): unknown;
  /** The webhook set by setWebhook, if any. */
  webhook(): WebhookState | undefined;
  /**
   * Every webhook delivery attempt, in start order; a record gets `endedAt`, `ok`,
   * `status`/`error` when its request ends (also announced as `webhook` events).
   */
  readonly webhookDeliveries: readonly WebhookDeliveryRecord[];
  /** Calls to one method (case-insensitive). */
  callsTo(method: string): CallRecord[];
  /** All callback queries created by taps. */
  callbackQueries(): CallbackQueryRecord[];
  /** Answers given via answerCallbackQuery, in order. */
  readonly callbackAnswers: ReadonlyArray<NonNullable<CallbackQueryRecord["answer"]> & { queryId: string }>;
  /** Inline queries typed by simulated users, with the bot's answers. */
  inlineQueries(): InlineQueryRecord[];
  /** The bot's answer to one inline query (undefined while unanswered). */
  inlineAnswer(queryId: string): InlineAnswerRecord | undefined;
  /** Callback queries nobody answered (yet). */
  unansweredCallbackQueries(): CallbackQueryRecord[];
  /**
   * Resolves with the first call matching `predicate`. Looks at calls recorded
   * since the latest queued update (or since `options.since`, an index into
   * `calls`), then waits for new ones; rejects after `timeoutMs` (default 5 000).
   */
  waitForCall(
    predicate: (call: CallRecord) => boolean,
    timeoutMs?: number,
    options?: { since?: number },
  ): Promise<CallRecord>;
  /**
   * Resolves when the bot has caught up: every queued update has been confirmed
   * by a later getUpdates offset (when the bot polls) or answered 2xx by the
   * webhook (when one is set), no API request or webhook delivery is in flight,
   * and nothing started or ended for `quietMs`.
   */
  idle(options?: IdleOptions): Promise<void>;
  /** Alias of {@link BotApiServer.idle}. */
  settle(options?: IdleOptions): Promise<void>;
  /** Makes the next call(s) of a method fail with the given error (e.g. 429 + retry_after). */
  failNext(spec: FailureSpec): void;
  /** Makes the next call(s) of a method fail with a network error (connection destroyed, no response). */
  dropNext(method: string, times?: number): void;
  /**
   * Holds the answer of the next call of `method` whose parameters `match`: the call is applied (the
   * chat shows it) and its answer waits until `release()`; `arrived` resolves once it was applied.
   */
  holdAnswer(method: string, match?: (params: Record<string, unknown>) => boolean): HeldAnswer;
  /** How many faults were injected (failNext and dropNext calls consumed, dropConnections, holdAnswer). */
  faultsInjected(): number;
  /** The 429s the server's flood limits answered (empty when `rateLimits` is off); fault injection's are not here. */
  rateLimited(): RateLimitedCall[];
  /** Destroys all open connections now; a held-open getUpdates fails with a network error. */
  dropConnections(): void;
  /** Disarms failNext/dropNext. */
  clearFaults(): void;
  /**
   * Serves requests outside `/bot<token>/...` on the same port (the browser playground
   * mounts itself here). The handler returns true when it answered; otherwise, and for
   * every `/bot...` path, the server answers as before. One handler; a new one replaces it.
   */
  mount(handler: ExtraHandler | undefined): void;
  /** Subscribes to "call" | "request" | "message" | "update" | "webhook"; returns the unsubscribe function. */
  on<K extends keyof ServerEvents>(event: K, listener: (payload: ServerEvents[K]) => void): () => void;
}
