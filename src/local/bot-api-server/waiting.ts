/**
 * Test synchronization: wait for a specific API call, or for the bot to go idle.
 */
import type { EventHub } from "./events.js";
import type { HttpFront } from "./server.js";
import type { CallRecord } from "./store.js";
import type { UpdateQueue } from "./updates.js";
import type { WebhookDispatcher } from "./webhook.js";

/** Options of `idle()`. */
export interface IdleOptions {
  /** How long no API request may start or end before the bot counts as idle (default 50 ms). */
  quietMs?: number;
  /** Give up (reject) after this long (default 5 000 ms). */
  timeoutMs?: number;
}

/** Resolves with the first call at index ≥ `since` matching `predicate`; rejects after `timeoutMs`. */
export function waitForCall(
  calls: readonly CallRecord[],
  events: EventHub,
  predicate: (call: CallRecord) => boolean,
  since: number,
  timeoutMs: number,
): Promise<CallRecord> {
  const found = calls.slice(since).find(predicate);
  if (found !== undefined) return Promise.resolve(found);
  return new Promise<CallRecord>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      const seen = calls.slice(since).map((c) => `${c.method}${c.ok ? "" : ` (${c.error?.description ?? "failed"})`}`);
      reject(
        new Error(`waitForCall: no matching call within ${timeoutMs} ms; calls seen: ${seen.join(", ") || "none"}`),
      );
    }, timeoutMs);
    const off = events.on("call", (call) => {
      if (call.seq < since || !predicate(call)) return;
      clearTimeout(timer);
      off();
      resolve(call);
    });
  });
}

/**
 * Resolves when: (1) every queued update was handled — with a webhook set,
 * the webhook answered 2xx for it (grammY answers after its handlers ran); when
 * the bot polls, a later getUpdates offset confirmed it; (2) no API request
 * (other than a held-open getUpdates) and no webhook delivery is in flight;
 * (3) nothing happened — no request or delivery started or ended, no update
 * queued or delivered — for `quietMs`.
 */
export function waitForIdle(
  http: HttpFront,
  updates: UpdateQueue,
  webhooks: WebhookDispatcher,
  lastPushAt: () => number,
  options: IdleOptions = {},
): Promise<void> {
  const quietMs = options.quietMs ?? 50;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const deadline = performance.now() + timeoutMs;
  return new Promise<void>((resolve, reject) => {
    const check = (): void => {
      const now = performance.now();
      const webhookMode = updates.webhook !== undefined;
      const unconfirmed = webhookMode ? updates.backlogCount : updates.everPolled ? updates.pendingCount : 0;
      const inFlight = http.inFlight + webhooks.inFlight;
      const lastActivity = Math.max(http.lastActivityAt, updates.lastDeliveryAt, webhooks.lastActivityAt, lastPushAt());
      if (unconfirmed === 0 && inFlight === 0 && now - lastActivity >= quietMs) {
        resolve();
        return;
      }
      if (now > deadline) {
        const mode = webhookMode
          ? `, webhook ${webhooks.inFlight} deliveries in flight${webhooks.lastError !== undefined ? `, last error "${webhooks.lastError.message}"` : ""}`
          : updates.polling
            ? ""
            : ", no getUpdates pending";
        reject(
          new Error(
            `idle: bot still busy after ${timeoutMs} ms (${unconfirmed} unconfirmed updates, ${http.inFlight} API calls in flight${mode})`,
          ),
        );
        return;
      }
      setTimeout(check, 5);
    };
    check();
  });
}
