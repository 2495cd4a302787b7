/**
 * A small typed event hub: `call` (every API call), `request` (a call as it
 * arrives), `message` (messages sent, edited or deleted, by the bot or by
 * simulated users), `update` (updates queued for the bot) and `webhook`
 * (webhook delivery attempts, as they start and end). The browser
 * playground relays these over SSE/WebSocket.
 */
import { EventEmitter } from "node:events";
import type { Update } from "grammy/types";
import type { CallRecord, ChatMessage } from "./store.js";

/** A change in a chat's history. */
export interface MessageEvent {
  kind: "sent" | "edited" | "deleted";
  chat_id: number;
  message: ChatMessage;
}

/** A Bot API request as it arrives, before its body is read (a long poll is seen here, not only when it ends). */
export interface RequestEvent {
  method: string;
  /** `performance.now()` at arrival, in the server's process. */
  receivedAt: number;
}

/** One delivery attempt of one update. `ok` is undefined while the request is in flight. */
export interface WebhookDeliveryRecord {
  /** Position in `webhookDeliveries`. */
  seq: number;
  update_id: number;
  /** The chat whose order this update keeps (see update-chat.ts); undefined if none. */
  chat_id?: number;
  url: string;
  /** 1 for the first attempt of this update, 2 for the first redelivery, ... */
  attempt: number;
  /** `performance.now()` when the request started / ended. */
  startedAt: number;
  endedAt?: number;
  ok?: boolean;
  /** HTTP status, when the receiver answered. */
  status?: number;
  /** Why the attempt failed, in Telegram's getWebhookInfo wording. */
  error?: string;
}

/** Event names and their payloads. */
export interface ServerEvents {
  call: CallRecord;
  request: RequestEvent;
  message: MessageEvent;
  update: Update;
  /** A webhook delivery attempt: emitted as it starts (`ok` undefined) and again as it ends. */
  webhook: WebhookDeliveryRecord;
}

/** Typed wrapper around EventEmitter. A throwing listener is reported as a process warning, never breaks the server. */
export class EventHub {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof ServerEvents>(event: K, listener: (payload: ServerEvents[K]) => void): () => void {
    const wrapped = (payload: ServerEvents[K]): void => {
      try {
        listener(payload);
      } catch (error) {
        process.emitWarning(`bot-api-server "${event}" listener threw: ${String(error)}`);
      }
    };
    this.emitter.on(event, wrapped);
    return () => {
      this.emitter.off(event, wrapped);
    };
  }

  /** Notifies listeners. */
  emit<K extends keyof ServerEvents>(event: K, payload: ServerEvents[K]): void {
    this.emitter.emit(event, payload);
  }
}
