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
import type { BotApiServer, BotApiServerOptions } from "./api.js";
import type { ServerContext, ServerSettings } from "./context.js";
import { EventHub } from "./events.js";
import { Faults } from "./faults.js";
import { commandsKey } from "./methods/commands.js";
import { RateLimiter } from "./rate-limits.js";
import { HttpFront } from "./server.js";
import { Store, clone, viewMessage } from "./store.js";
import { type NewUpdate, UpdateQueue } from "./updates.js";
import { SimulatedUser } from "./users.js";
import { waitForCall, waitForIdle } from "./waiting.js";
import { WebhookDispatcher } from "./webhook.js";

export type { BotApiServer, BotApiServerOptions } from "./api.js";
export type {
  CallRecord,
  CallbackQueryRecord,
  ChatMessage,
  InlineAnswerRecord,
  InlineQueryRecord,
  InlineResultRecord,
  StoredFile,
} from "./store.js";
export type { FailureSpec, HeldAnswer } from "./faults.js";
export type { RateLimit, RateLimitedCall, RateLimitOptions } from "./rate-limits.js";
export type { MessageEvent, RequestEvent, ServerEvents } from "./events.js";
export type { NewUpdate, WebhookState } from "./updates.js";
export { COMMAND_ENTITY, SimulatedUser, type SimulatedUserInit, type TapTarget } from "./users.js";
export { ApiError } from "./errors.js";
export * as errors from "./errors.js";
export { parseTelegramHtml, HtmlParseError } from "./html.js";
export { SUPPORTED_METHODS } from "./methods/index.js";
export { CLIENT_CLOSED, type ExtraHandler } from "./server.js";
export type { IdleOptions } from "./waiting.js";
export type { WebhookDeliveryRecord } from "./events.js";
export { signWebAppData, type WebAppDataInit } from "./web-app.js";

/** The bot the local server plays unless told otherwise (getMe's answer). */
export const LOCAL_BOT_INFO: UserFromGetMe = {
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
};

/** Creates a local Bot API server (not yet listening). */
export function createBotApiServer(options: BotApiServerOptions = {}): BotApiServer {
  const botInfo: UserFromGetMe = { ...LOCAL_BOT_INFO, ...options.botInfo };
  const settings: ServerSettings = {
    token: options.token ?? "123456:TEST-TOKEN",
    botInfo,
    clock: options.clock ?? Date.now,
    callbackQueryTimeoutMs: options.callbackQueryTimeoutMs ?? 15_000,
    strictHtmlAmpersand: options.strictHtmlAmpersand ?? true,
    allowedHosts: options.allowedHosts?.map((h) => h.toLowerCase()),
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
    {
      timeoutMs: settings.webhookTimeoutMs,
      retryMinMs: settings.webhookRetryMinMs,
      retryMaxMs: settings.webhookRetryMaxMs,
    },
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
  if (options.rateLimits) http.limiter = new RateLimiter(options.rateLimits === true ? {} : options.rateLimits);
  webhooks.onReply = (json) => http.runWebhookReply(json);
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
    commands: (opts = {}) =>
      clone((store.commands.get(commandsKey(opts.scope, opts.language_code)) ?? []) as BotCommand[]),
    menuButton: (chatId) =>
      clone(
        chatId === undefined
          ? store.defaultMenuButton
          : (store.chats.get(chatId)?.menuButton ?? store.defaultMenuButton),
      ),
    webhook: () => (updates.webhook === undefined ? undefined : clone(updates.webhook)),
    webhookDeliveries: webhooks.log,
    callsTo: (method) => store.calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()),
    callbackQueries: () => [...store.callbackQueries.values()].map((q) => clone(q)),
    get callbackAnswers() {
      return [...store.callbackQueries.values()]
        .flatMap((q) => (q.answer !== undefined ? [{ queryId: q.id, ...q.answer }] : []))
        .sort((a, b) => a.at - b.at);
    },
    inlineQueries: () => [...store.inlineQueries.values()].map((q) => clone(q)),
    inlineAnswer: (queryId) => {
      const answer = store.inlineQueries.get(queryId)?.answer;
      return answer === undefined ? undefined : clone(answer);
    },
    unansweredCallbackQueries: () =>
      [...store.callbackQueries.values()].filter((q) => !q.answered).map((q) => clone(q)),
    waitForCall: (predicate, timeoutMs = 5_000, opts = {}) =>
      waitForCall(store.calls, events, predicate, opts.since ?? callsAtLastUpdate, timeoutMs),
    idle: (opts) => waitForIdle(http, updates, webhooks, () => lastPushAt, opts),
    settle(opts) {
      return server.idle(opts);
    },
    failNext: (spec) => faults.failNext(spec),
    dropNext: (method, times) => faults.dropNext(method, times),
    holdAnswer: (method, match) => faults.holdAnswer(method, match),
    faultsInjected: () => faults.injected,
    rateLimited: () => [...(http.limiter?.refused ?? [])],
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
