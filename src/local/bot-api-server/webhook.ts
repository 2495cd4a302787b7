/**
 * Webhook delivery. While a webhook is set, every queued update is POSTed to
 * its URL until the receiver answers 2xx, like Telegram does:
 *
 * - at most `max_connections` requests in flight;
 * - one update per chat at a time, in queue order (the next update of a chat
 *   waits for the previous one's 2xx), different chats in parallel;
 * - a failed delivery (non-2xx, network error, no answer within the timeout)
 *   keeps the update queued and is retried after a delay that doubles per
 *   consecutive failure of that chat, from `retryMinMs` up to `retryMaxMs`.
 *
 * A 2xx answer with a JSON body `{ method, ...params }` is a webhook reply:
 * the method runs as if the bot had called it (see `HttpFront.runWebhookReply`).
 *
 * Every attempt is logged (`log`, the server's `webhookDeliveries`) and
 * announced as a `webhook` event, so tests can check ordering, concurrency and
 * redeliveries.
 */
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { Update } from "grammy/types";
import type { EventHub, WebhookDeliveryRecord } from "./events.js";
import { updateChatId, orderingKey } from "./update-chat.js";
import type { UpdateQueue, WebhookState } from "./updates.js";
import { type Agents, postJson } from "./webhook-request.js";

/** Timing knobs, from the server options. */
export interface DeliverySettings {
  timeoutMs: number;
  retryMinMs: number;
  retryMaxMs: number;
}

interface Flight {
  update: Update;
  abort: AbortController;
  done: Promise<void>;
}

interface Backoff {
  failures: number;
  until: number;
  timer: NodeJS.Timeout;
}

/** Drives delivery for the server's single bot. */
export class WebhookDispatcher {
  readonly log: WebhookDeliveryRecord[] = [];
  /** The latest failure, for getWebhookInfo (`date` in clock seconds). Reset by setWebhook. */
  lastError: { date: number; message: string } | undefined;
  /** performance.now() of the last delivery start or end (for `idle()`'s quiet window). */
  lastActivityAt = 0;
  /** In-flight deliveries by ordering key: at most one per chat. */
  private readonly flights = new Map<string, Flight>();
  /** Chats whose head update failed and waits for its retry time. */
  private readonly backoffs = new Map<string, Backoff>();
  private readonly attempts = new WeakMap<Update, number>();
  private agents: Agents = newAgents();
  /** Runs a webhook reply; set by the factory (the HTTP front owns method execution). */
  onReply: ((json: string) => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly updates: UpdateQueue,
    private readonly events: EventHub,
    private readonly settings: DeliverySettings,
    /** Clock time in whole seconds (Telegram's dates). */
    private readonly now: () => number,
  ) {
    updates.onQueued = () => this.pump();
  }

  /** Requests in flight right now. */
  get inFlight(): number {
    return this.flights.size;
  }

  /** setWebhook: (re)starts delivery; a new URL gets a fresh chance, without waiting out old backoffs. */
  set(webhook: WebhookState): void {
    this.updates.webhook = webhook;
    this.lastError = undefined;
    this.clearBackoffs();
    this.pump();
  }

  /** deleteWebhook: no new deliveries; requests in flight may still finish (and a 2xx still confirms). */
  remove(): void {
    this.updates.webhook = undefined;
    this.lastError = undefined;
    this.clearBackoffs();
  }

  /** Server close: stops the timers, aborts requests in flight and waits until they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearBackoffs();
    const flights = [...this.flights.values()];
    for (const flight of flights) flight.abort.abort();
    await Promise.all(flights.map((f) => f.done));
    this.agents.http.destroy();
    this.agents.https.destroy();
    this.agents = newAgents();
  }

  /** Starts every delivery the rules allow now. Called whenever something changed. */
  pump(): void {
    const hook = this.updates.webhook;
    if (this.closed || hook === undefined) return;
    const now = performance.now();
    const seen = new Set<string>();
    for (const update of this.updates.webhookBacklog(hook.allowed_updates)) {
      const key = orderingKey(update);
      if (seen.has(key)) continue; // only a chat's oldest update may go
      seen.add(key);
      if (this.flights.has(key)) continue;
      const backoff = this.backoffs.get(key);
      if (backoff !== undefined && backoff.until > now) continue; // its timer pumps again
      if (this.flights.size >= hook.max_connections) break;
      this.start(hook, update, key);
    }
  }

  private start(hook: WebhookState, update: Update, key: string): void {
    const attempt = (this.attempts.get(update) ?? 0) + 1;
    this.attempts.set(update, attempt);
    const chatId = updateChatId(update);
    const record: WebhookDeliveryRecord = {
      seq: this.log.length,
      update_id: update.update_id,
      ...(chatId !== undefined ? { chat_id: chatId } : {}),
      url: hook.url,
      attempt,
      startedAt: performance.now(),
    };
    this.log.push(record);
    this.lastActivityAt = record.startedAt;
    this.events.emit("webhook", { ...record });
    const headers: Record<string, string> =
      hook.secret_token !== undefined ? { "x-telegram-bot-api-secret-token": hook.secret_token } : {};
    const abort = new AbortController();
    const done = postJson(
      hook.url,
      JSON.stringify(update),
      headers,
      this.settings.timeoutMs,
      abort.signal,
      this.agents,
    ).then(async (outcome) => {
      // A reply runs before the delivery counts as done, so idle() covers it.
      if (outcome.ok && outcome.json !== undefined && !this.closed) await this.runReply(outcome.json);
      record.endedAt = performance.now();
      record.ok = outcome.ok;
      if (outcome.status !== undefined) record.status = outcome.status;
      if (outcome.error !== undefined) record.error = outcome.error;
      this.lastActivityAt = record.endedAt;
      this.flights.delete(key);
      if (outcome.ok) {
        this.updates.acknowledge(update);
        this.clearBackoff(key);
      } else if (!outcome.aborted) {
        this.failed(key, update, outcome.error ?? "Connection closed");
      }
      this.events.emit("webhook", { ...record });
      this.pump();
    });
    this.flights.set(key, { update, abort, done });
  }

  private async runReply(json: string): Promise<void> {
    try {
      await this.onReply?.(json);
    } catch (error) {
      process.emitWarning(`bot-api-server: webhook reply failed: ${String(error)}`);
    }
  }

  /** Records the error and holds the chat back for the next backoff step (the update stays queued). */
  private failed(key: string, update: Update, message: string): void {
    if (this.updates.webhook !== undefined) this.lastError = { date: this.now(), message };
    if (this.closed || !this.updates.holds(update)) return; // dropped meanwhile: nothing to retry
    const failures = (this.backoffs.get(key)?.failures ?? 0) + 1;
    this.clearBackoff(key);
    const delay = Math.min(this.settings.retryMaxMs, this.settings.retryMinMs * 2 ** (failures - 1));
    const backoff: Backoff = {
      failures,
      until: performance.now() + delay,
      // Expire explicitly: timer and performance.now() may disagree by a fraction of a ms.
      timer: setTimeout(() => {
        backoff.until = 0;
        this.pump();
      }, delay),
    };
    backoff.timer.unref(); // a forgotten server must not keep the process alive for a retry
    this.backoffs.set(key, backoff);
  }

  private clearBackoff(key: string): void {
    const backoff = this.backoffs.get(key);
    if (backoff === undefined) return;
    clearTimeout(backoff.timer);
    this.backoffs.delete(key);
  }

  private clearBackoffs(): void {
    for (const key of [...this.backoffs.keys()]) this.clearBackoff(key);
  }
}

function newAgents(): Agents {
  return { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
}
