/**
 * The update queue and Telegram's long-polling semantics: `offset` confirms
 * (forgets) earlier updates, `limit` caps a batch, `timeout` holds the request
 * open until an update arrives, and a second concurrent getUpdates terminates
 * the first with 409 Conflict.
 */
import type { Update } from "grammy/types";
import * as E from "./errors.js";
import { ApiError } from "./errors.js";
import { clone } from "./store.js";

/** An update before the server numbers it. */
export type NewUpdate = Omit<Update, "update_id"> & { update_id?: number };

/** Queues an update (numbering it) and returns it. */
export type Deliver = (update: NewUpdate) => Update;

/** The webhook set by setWebhook; `webhook.ts` POSTs queued updates to `url` while it is set. */
export interface WebhookState {
  url: string;
  /** 1–100, default 40: how many deliveries may be in flight at once. */
  max_connections: number;
  allowed_updates?: string[];
  secret_token?: string;
}

interface Poller {
  wake(): void;
  fail(error: Error): void;
}

/** The bot's pending updates. */
export class UpdateQueue {
  private queue: Update[] = [];
  /** Old updates to hand out again, whatever the offset says (see `redeliver`). */
  private redeliveries: Update[] = [];
  private nextId = 1;
  private poller: Poller | undefined;
  private allowedUpdates: string[] | undefined;
  private wakeScheduled = false;
  /** True once any getUpdates arrived (the bot is polling). */
  everPolled = false;
  webhook: WebhookState | undefined;
  /** performance.now() of the last batch handed to the bot. */
  lastDeliveryAt = 0;
  /** Called once per tick after updates were queued or put back (the webhook dispatcher listens). */
  onQueued: (() => void) | undefined;

  /** Queues an update with the next global update_id (or the given one, which must be higher). */
  push(update: NewUpdate): Update {
    const id = update.update_id ?? this.nextId;
    if (id < this.nextId) throw new Error(`update_id ${id} is not greater than the previous one (${this.nextId - 1})`);
    this.nextId = id + 1;
    const full = { ...update, update_id: id };
    this.queue.push(full);
    this.scheduleWake();
    return full;
  }

  /**
   * Hands an update the bot already received to it once more, with its original update_id, as
   * Telegram does when an offset was not confirmed before a restart or a webhook answer was lost.
   */
  redeliver(update: Update): void {
    this.redeliveries.push(clone(update));
    this.scheduleWake();
  }

  /** Unconfirmed updates (the bot has not yet acknowledged them with a higher offset). */
  pending(): Update[] {
    return this.queue.map((u) => clone(u));
  }

  /** How many updates are unconfirmed (`pending().length` without copying them). */
  get pendingCount(): number {
    return this.queue.length;
  }

  /** Whether a getUpdates request is currently held open. */
  get polling(): boolean {
    return this.poller !== undefined;
  }

  /** Forgets all pending updates (deleteWebhook / setWebhook with drop_pending_updates). */
  dropPending(): void {
    this.queue = [];
    this.redeliveries = [];
  }

  /**
   * What the webhook still has to deliver, in order: updates put back by `redeliver`
   * first, then the queue. The objects themselves (not copies), so `acknowledge` can
   * find them again. Updates outside `allowed` are dropped, as getUpdates drops them.
   */
  webhookBacklog(allowed: readonly string[] | undefined): readonly Update[] {
    if (allowed !== undefined) {
      const keep = (u: Update): boolean => Object.keys(u).some((k) => k !== "update_id" && allowed.includes(k));
      this.queue = this.queue.filter(keep);
      this.redeliveries = this.redeliveries.filter(keep);
    }
    return [...this.redeliveries, ...this.queue];
  }

  /** Updates the webhook has not had a 2xx for (`pending_update_count` in webhook mode). */
  get backlogCount(): number {
    return this.redeliveries.length + this.queue.length;
  }

  /** Whether this exact update object is still waiting (it may have been dropped meanwhile). */
  holds(update: Update): boolean {
    return this.queue.includes(update) || this.redeliveries.includes(update);
  }

  /** The webhook got a 2xx for this update: forget it, as a later getUpdates offset would. */
  acknowledge(update: Update): void {
    this.queue = this.queue.filter((u) => u !== update);
    this.redeliveries = this.redeliveries.filter((u) => u !== update);
  }

  /** Ends a held-open getUpdates (e.g. on server close) with the given error. */
  abortPoller(error: Error): void {
    this.poller?.fail(error);
  }

  /** getUpdates: confirm, then answer now or hold until an update arrives or `timeout` seconds pass. */
  getUpdates(
    options: { offset?: number; limit?: number; timeout?: number; allowed_updates?: unknown },
    signal: AbortSignal,
  ): Promise<Update[]> {
    if (this.webhook !== undefined) throw new ApiError(409, E.WEBHOOK_ACTIVE);
    this.everPolled = true;
    this.poller?.fail(new ApiError(409, E.POLL_CONFLICT));
    if (Array.isArray(options.allowed_updates)) {
      const list = options.allowed_updates.filter((x): x is string => typeof x === "string");
      this.allowedUpdates = list.length > 0 ? list : undefined;
    }
    this.confirm(options.offset ?? 0);
    const limit = Math.min(100, Math.max(1, options.limit ?? 100));
    const timeout = Math.max(0, options.timeout ?? 0);
    const now = this.take(limit);
    if (now.length > 0 || timeout === 0) return Promise.resolve(this.deliver(now));
    return new Promise<Update[]>((resolve, reject) => {
      let done = false;
      const finish = (action: () => void): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        if (this.poller === poller) this.poller = undefined;
        action();
      };
      const poller: Poller = {
        wake: () => {
          const batch = this.take(limit);
          if (batch.length > 0) finish(() => resolve(this.deliver(batch)));
        },
        fail: (error) => finish(() => reject(error)),
      };
      const onAbort = (): void => finish(() => reject(new Error("client disconnected")));
      const timer = setTimeout(() => finish(() => resolve(this.deliver([]))), timeout * 1000);
      signal.addEventListener("abort", onAbort);
      this.poller = poller;
    });
  }

  private scheduleWake(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    // Batch updates pushed in the same tick, like Telegram would deliver them together.
    setImmediate(() => {
      this.wakeScheduled = false;
      this.poller?.wake();
      this.onQueued?.();
    });
  }

  private confirm(offset: number): void {
    if (offset > 0) this.queue = this.queue.filter((u) => u.update_id >= offset);
    else if (offset < 0) this.queue = this.queue.slice(offset);
  }

  private take(limit: number): Update[] {
    const allowed = this.allowedUpdates;
    if (allowed !== undefined) {
      this.queue = this.queue.filter((u) => Object.keys(u).some((k) => k !== "update_id" && allowed.includes(k)));
    }
    const again = this.redeliveries.splice(0, limit);
    return [...again, ...this.queue.slice(0, limit - again.length)];
  }

  private deliver(batch: Update[]): Update[] {
    if (batch.length > 0) this.lastDeliveryAt = performance.now();
    return batch.map((u) => clone(u));
  }
}
