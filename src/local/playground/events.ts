/**
 * Server-Sent Events for the page. A new connection first gets a `snapshot`
 * (every identity's chat, reply keyboard and language, the bot), then deltas:
 *
 * - `message` `{ kind: "sent" | "edited" | "deleted", chat_id, message }`
 * - `keyboard` `{ chat_id, keyboard }` — the chat's reply keyboard changed (`null`: removed)
 * - `answer` `{ chat_id, query_id, text?, show_alert?, url? }` — a callback query was answered
 * - `commands` `{}` — setMyCommands/deleteMyCommands: fetch the menu again
 * - `language` `{ chat_id, language_code }`
 * - `state` — the sandbox state changed (same shape as `GET /playground/state`)
 *
 * A `state` follows the snapshot at once. A reconnecting EventSource gets a
 * fresh snapshot, so the page never misses a change.
 */
import type { ServerResponse } from "node:http";
import type { BotApiServer, CallRecord } from "../bot-api-server/index.js";
import { PLAYGROUND_IDENTITIES, findIdentity } from "./identities.js";
import { SandboxStateWatcher, readSandboxState } from "./sandbox-state.js";
import { messageView } from "./views.js";

const HEARTBEAT_MS = 15_000;

/** Relays the Bot API server's events and the sandbox's state to connected pages. */
export class PlaygroundEvents {
  private readonly clients = new Set<ServerResponse>();
  private readonly keyboards = new Map<number, string>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly watcher: SandboxStateWatcher;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly telegram: BotApiServer,
    private readonly partnerUrl: string,
    private readonly snapshotOf: () => Record<string, unknown>,
    stateIntervalMs?: number,
  ) {
    this.watcher = new SandboxStateWatcher(partnerUrl, (view) => this.broadcast("state", view), stateIntervalMs);
    this.unsubscribe.push(
      telegram.on("message", (event) => {
        if (findIdentity(event.chat_id) === undefined) return;
        this.broadcast("message", { kind: event.kind, chat_id: event.chat_id, message: messageView(event.message) });
      }),
      telegram.on("call", (call) => this.onCall(call)),
    );
    for (const identity of PLAYGROUND_IDENTITIES) this.keyboards.set(identity.id, this.keyboardJson(identity.id));
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(": keep-alive\n\n");
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Takes an SSE connection: headers, the snapshot, then every event until it closes. */
  async connect(res: ServerResponse): Promise<void> {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 1000\n\n");
    // Snapshot and subscription in the same tick: no change can fall between them.
    write(res, "snapshot", this.snapshotOf());
    this.clients.add(res);
    res.on("close", () => {
      this.clients.delete(res);
      if (this.clients.size === 0) this.watcher.stop();
    });
    write(res, "state", await readSandboxState(this.partnerUrl));
    this.watcher.start();
  }

  /** Sends an event to every connected page. */
  broadcast(event: string, payload: unknown): void {
    for (const res of this.clients) write(res, event, payload);
  }

  /** Reads the sandbox state now (after a user action) and pushes it if it changed. */
  refreshState(): void {
    void this.watcher.poll();
  }

  /** Ends every connection and stops listening to the Bot API server. */
  close(): void {
    clearInterval(this.heartbeat);
    this.watcher.stop();
    for (const off of this.unsubscribe) off();
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private onCall(call: CallRecord): void {
    if (!call.ok) return;
    const method = call.method;
    if (method === "answerCallbackQuery") {
      const queryId = String(call.params.callback_query_id);
      const query = this.telegram.callbackQueries().find((q) => q.id === queryId);
      if (query === undefined) return;
      const { text, show_alert, url } = call.params;
      this.broadcast("answer", {
        chat_id: query.chatId,
        query_id: queryId,
        ...(typeof text === "string" && text !== "" ? { text } : {}),
        ...(show_alert === true ? { show_alert: true } : {}),
        ...(typeof url === "string" ? { url } : {}),
      });
      this.refreshState();
      return;
    }
    if (method === "setMyCommands" || method === "deleteMyCommands" || method === "setChatMenuButton") {
      this.broadcast("commands", {});
      return;
    }
    const chatId = call.params.chat_id;
    if (typeof chatId !== "number" || findIdentity(chatId) === undefined) return;
    const keyboard = this.keyboardJson(chatId);
    if (this.keyboards.get(chatId) !== keyboard) {
      this.keyboards.set(chatId, keyboard);
      this.broadcast("keyboard", { chat_id: chatId, keyboard: JSON.parse(keyboard) as unknown });
    }
    if (/^(send|edit|delete)/.test(method)) this.refreshState();
  }

  private keyboardJson(chatId: number): string {
    const identity = findIdentity(chatId);
    if (identity === undefined) return "null";
    return JSON.stringify(this.telegram.user({ id: identity.id }).replyKeyboard() ?? null);
  }
}

function write(res: ServerResponse, event: string, payload: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
}
