/**
 * A local Telegram Bot API server for end-to-end tests and the playground.
 *
 * ```ts
 * const server = createBotApiServer();
 * const apiRoot = await server.listen();
 * const bot = new Bot(server.token, { client: { apiRoot } });
 * ```
 * See README.md for the supported methods and the enforced rules.
 */
import type { BotCommand, Update, User, UserFromGetMe } from "grammy/types";
import type { ServerContext, ServerSettings } from "./context.js";
import { EventHub, type ServerEvents } from "./events.js";
import { Faults, type FailureSpec } from "./faults.js";
import { commandsKey } from "./methods/commands.js";
import { type ExtraHandler, HttpFront } from "./server.js";
import { type CallRecord, type CallbackQueryRecord, type ChatMessage, type StoredFile, Store, clone, viewMessage } from "./store.js";
import { type NewUpdate, UpdateQueue, type WebhookState } from "./updates.js";
import { SimulatedUser, type SimulatedUserInit } from "./users.js";
import { type IdleOptions, waitForCall, waitForIdle } from "./waiting.js";
import { WebhookDispatcher, type WebhookDeliveryRecord } from "./webhook.js";

export type { CallRecord, CallbackQueryRecord, ChatMessage, StoredFile } from "./store.js";
export type { FailureSpec } from "./faults.js";
export type { MessageEvent, RequestEvent, ServerEvents } from "./events.js";
export type { NewUpdate, WebhookState } from "./updates.js";
export { SimulatedUser, type SimulatedUserInit, type TapTarget } from "./users.js";
export { ApiError } from "./errors.js";
export * as errors from "./errors.js";
export { parseTelegramHtml, HtmlParseError } from "./html.js";
export { SUPPORTED_METHODS } from "./methods/index.js";
export { CLIENT_CLOSED, type ExtraHandler } from "./server.js";
export type { IdleOptions } from "./waiting.js";
export type { WebhookDeliveryRecord } from "./webhook.js";

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
  /** Callback queries nobody answered (yet). */
  unansweredCallbackQueries(): CallbackQueryRecord[];
  /**
   * Resolves with the first call matching `predicate`. Looks at calls recorded
   * since the latest queued update (or since `options.since`, an index into
   * `calls`), then waits for new ones; rejects after `timeoutMs` (default 5 000).
   */
  waitForCall(predicate: (call: CallRecord) => boolean, timeoutMs?: number, options?: { since?: number }): Promise<CallRecord>;
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
  /** How many faults were injected (failNext and dropNext calls consumed, dropConnections). */
  faultsInjected(): number;
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

/** Creates a local Bot API server (not yet listening). */
export function createBotApiServer(options: BotApiServerOptions = {}): BotApiServer {
  const botInfo: UserFromGetMe = {
    id: 123456,
    is_bot: true,
    first_name: "fairway",
    username: "fairway_test_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    ...options.botInfo,
  };
  const settings: ServerSettings = {
    token: options.token ?? "123456:TEST-TOKEN",
    botInfo,
    clock: options.clock ?? Date.now,
    callbackQueryTimeoutMs: options.callbackQueryTimeoutMs ?? 15_000,
    strictHtmlAmpersand: options.strictHtmlAmpersand ?? true,
    allowHttpWebhooks: options.allowHttpWebhooks ?? false,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 60_000,
    webhookRetryMinMs: options.webhookRetryMinMs ?? 100,
    webhookRetryMaxMs: options.webhookRetryMaxMs ?? 2_000,
  };
  const botUser: User = {
    id: botInfo.id,
    is_bot: true,
    first_name: botInfo.first_name,
    ...(botInfo.last_name !== undefined ? { last_name: botInfo.last_name } : {}),
    username: botInfo.username,
  };
  const store = new Store();
  const updates = new UpdateQueue();
  const events = new EventHub();
  const now = (): number => Math.floor(settings.clock() / 1000);
  const webhooks = new WebhookDispatcher(
    updates,
    events,
    { timeoutMs: settings.webhookTimeoutMs, retryMinMs: settings.webhookRetryMinMs, retryMaxMs: settings.webhookRetryMaxMs },
    now,
  );
  const ctx: ServerContext = {
    settings,
    store,
    updates,
    webhooks,
    events,
    botUser,
    now,
  };
  const faults = new Faults();
  const http = new HttpFront(ctx, faults);
  const users = new Map<number, SimulatedUser>();
  let callsAtLastUpdate = 0;
  let lastPushAt = 0;

  const pushUpdate = (update: NewUpdate): Update => {
    const full = updates.push(update);
    const message = full.message ?? full.channel_post;
    if (message !== undefined) {
      // Raw updates make their chat and message known (simulated users stored theirs already).
      const state = store.ensureChat(message.chat);
      if (!state.messages.has(message.message_id)) {
        store.recordMessage(state, clone(message));
        events.emit("message", { kind: "sent", chat_id: message.chat.id, message: clone(message) });
      }
    }
    callsAtLastUpdate = store.calls.length;
    lastPushAt = performance.now();
    events.emit("update", clone(full));
    return clone(full);
  };

  const server: BotApiServer = {
    token: settings.token,
    botInfo,
    get url(): string {
      if (http.url === undefined) throw new Error("bot-api-server: call listen() first");
      return http.url;
    },
    calls: store.calls,
    get polling(): boolean {
      return updates.polling;
    },
    listen: (port = 0, host = "127.0.0.1") => http.listen(port, host),
    async close() {
      updates.abortPoller(new Error("server closing"));
      await webhooks.close();
      await http.close();
    },
    user(init) {
      const existing = users.get(init.id);
      if (existing !== undefined) return existing;
      const handle = new SimulatedUser(ctx, pushUpdate, init);
      users.set(init.id, handle);
      return handle;
    },
    pushUpdate,
    redeliver: (update) => updates.redeliver(update),
    pendingUpdates: () => updates.pending(),
    messages(chatId) {
      const state = store.chats.get(chatId);
      if (state === undefined) return [];
      return store.liveMessages(state).map(viewMessage);
    },
    file: (fileId) => store.files.get(fileId),
    commands: (opts = {}) => clone((store.commands.get(commandsKey(opts.scope, opts.language_code)) ?? []) as BotCommand[]),
    menuButton: (chatId) => clone(chatId === undefined ? store.defaultMenuButton : (store.chats.get(chatId)?.menuButton ?? store.defaultMenuButton)),
    webhook: () => (updates.webhook === undefined ? undefined : clone(updates.webhook)),
    webhookDeliveries: webhooks.log,
    callsTo: (method) => store.calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()),
    callbackQueries: () => [...store.callbackQueries.values()].map((q) => clone(q)),
    get callbackAnswers() {
      return [...store.callbackQueries.values()]
        .flatMap((q) => (q.answer !== undefined ? [{ queryId: q.id, ...q.answer }] : []))
        .sort((a, b) => a.at - b.at);
    },
    unansweredCallbackQueries: () => [...store.callbackQueries.values()].filter((q) => !q.answered).map((q) => clone(q)),
    waitForCall: (predicate, timeoutMs = 5_000, opts = {}) =>
      waitForCall(store.calls, events, predicate, opts.since ?? callsAtLastUpdate, timeoutMs),
    idle: (opts) => waitForIdle(http, updates, webhooks, () => lastPushAt, opts),
    settle(opts) {
      return server.idle(opts);
    },
    failNext: (spec) => faults.failNext(spec),
    dropNext: (method, times) => faults.dropNext(method, times),
    faultsInjected: () => faults.injected,
    dropConnections: () => {
      faults.note();
      http.dropConnections();
    },
    clearFaults: () => faults.clear(),
    mount: (handler) => {
      http.extraHandler = handler;
    },
    on: (event, listener) => events.on(event, listener),
  };
  return server;
}
