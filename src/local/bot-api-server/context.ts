/**
 * What method handlers get to work with.
 */
import type { User, UserFromGetMe } from "grammy/types";
import type { EventHub } from "./events.js";
import type { Params } from "./params.js";
import type { Store } from "./store.js";
import type { UpdateQueue } from "./updates.js";
import type { WebhookDispatcher } from "./webhook.js";

/** Resolved server options. */
export interface ServerSettings {
  token: string;
  botInfo: UserFromGetMe;
  clock: () => number;
  callbackQueryTimeoutMs: number;
  strictHtmlAmpersand: boolean;
  /** Hosts the server answers (see the option); undefined: any. */
  allowedHosts: readonly string[] | undefined;
  /** Accept `http://` webhooks on loopback hosts (tests); Telegram requires HTTPS. */
  allowHttpWebhooks: boolean;
  webhookTimeoutMs: number;
  webhookRetryMinMs: number;
  webhookRetryMaxMs: number;
}

/** Shared state handed to every method handler. */
export interface ServerContext {
  settings: ServerSettings;
  store: Store;
  updates: UpdateQueue;
  /** Webhook delivery; setWebhook/deleteWebhook go through it. */
  webhooks: WebhookDispatcher;
  events: EventHub;
  /** The bot as it appears in `from` of its messages. */
  botUser: User;
  /** Current clock time in whole seconds (Telegram's `date`). */
  now(): number;
}

/** A Bot API method. `signal` aborts when the HTTP client goes away (long polling). */
export type MethodHandler = (ctx: ServerContext, params: Params, signal: AbortSignal) => unknown;
