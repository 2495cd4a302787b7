/**
 * The HTTP front: routes `/bot<token>/<method>` (GET or POST), parses bodies,
 * applies fault injection, runs the method, records the call and answers in
 * Telegram's `{ ok, result }` / `{ ok: false, error_code, description }` shape.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { Socket } from "node:net";
import { parseBody, readBody } from "./body.js";
import type { ServerContext } from "./context.js";
import * as E from "./errors.js";
import { ApiError } from "./errors.js";
import type { Faults } from "./faults.js";
import { isAllowedHost } from "./hosts.js";
import { findMethod } from "./methods/index.js";
import { Params, normalizeFields } from "./params.js";
import type { RateLimiter } from "./rate-limits.js";
import { errorOf, send, toApiError } from "./responses.js";
import type { CallRecord } from "./store.js";

/** Error code recorded for a call whose client went away (or whose connection was dropped). */
export const CLIENT_CLOSED = 499;

/**
 * An extra handler for requests outside `/bot<token>/...` (the browser playground mounts
 * its page and API this way). Returns true when it answered the request; false lets the
 * server answer 404 `Not Found` as before. Its requests are neither recorded as calls nor
 * counted by `idle()`.
 */
export type ExtraHandler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/** HTTP server plus the activity counters `idle()` relies on. */
export class HttpFront {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  /** Non-getUpdates requests being processed. */
  inFlight = 0;
  /** performance.now() of the last non-getUpdates request start or end. */
  lastActivityAt = 0;
  url: string | undefined;
  /** Handles non-Bot-API paths when set (see {@link ExtraHandler}). */
  extraHandler: ExtraHandler | undefined;
  /** Telegram's flood limits, when the server enforces them (`rateLimits` option). */
  limiter: RateLimiter | undefined;

  constructor(
    private readonly ctx: ServerContext,
    private readonly faults: Faults,
  ) {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  /** Starts listening; resolves with the apiRoot (http://host:port). */
  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    const address = this.server.address();
    if (address === null || typeof address === "string") throw new Error("bot-api-server: unexpected listen address");
    const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
    this.url = `http://${shownHost}:${address.port}`;
    return this.url;
  }

  /** Stops the server and cuts every connection. */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.dropConnections();
    this.server.closeAllConnections();
    await closed;
  }

  /** Destroys every open connection: in-flight requests (e.g. a long poll) see a network error. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  private record(call: Omit<CallRecord, "seq">): void {
    const record: CallRecord = { seq: this.ctx.store.calls.length, ...call };
    this.ctx.store.calls.push(record);
    this.ctx.events.emit("call", record);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedHost(this.ctx.settings.allowedHosts, req.headers.host)) {
      req.resume();
      res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
      res.end("Forbidden: this server answers only 127.0.0.1 and localhost");
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const download = /^\/file\/bot([^/]+)\/files\/([^/]+)$/.exec(url.pathname);
    if (download !== null) {
      req.resume();
      const file = this.ctx.store.files.get(decodeURIComponent(download[2] ?? ""));
      if (decodeURIComponent(download[1] ?? "") !== this.ctx.settings.token || file?.data === undefined) {
        send(res, new ApiError(404, E.NOT_FOUND));
        return;
      }
      res.writeHead(200, {
        "content-type": file.mime_type ?? "application/octet-stream",
        "content-length": file.data.length,
      });
      res.end(file.data);
      return;
    }
    const route = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    const token = route?.[1] !== undefined ? decodeURIComponent(route[1]) : undefined;
    const methodName = route?.[2];
    if (token === undefined || methodName === undefined) {
      if (this.extraHandler !== undefined && !url.pathname.startsWith("/bot")) {
        try {
          if (await this.extraHandler(req, res)) return;
        } catch (error) {
          process.emitWarning(`bot-api-server: mounted handler threw: ${String(error)}`);
          if (res.headersSent) res.destroy();
          else
            send(
              res,
              new ApiError(500, `Internal Server Error: ${error instanceof Error ? error.message : String(error)}`),
            );
          return;
        }
      }
      req.resume();
      send(res, new ApiError(404, E.NOT_FOUND));
      return;
    }
    if (token !== this.ctx.settings.token) {
      req.resume();
      send(res, new ApiError(401, E.UNAUTHORIZED));
      return;
    }
    const method = findMethod(methodName);
    const name = method?.name ?? methodName;
    const isPoll = name === "getUpdates";
    const at = this.ctx.settings.clock();
    this.ctx.events.emit("request", { method: name, receivedAt: performance.now() });
    if (!isPoll) this.begin();
    let params: Record<string, unknown> = {};
    let files: CallRecord["files"] = {};
    /** The client hung up before its answer: recorded as such, nothing sent. */
    const clientGone = (): boolean => {
      if (!res.destroyed && !req.socket.destroyed) return false;
      this.record({
        method: name,
        params,
        files,
        at,
        ok: false,
        error: { error_code: CLIENT_CLOSED, description: "client closed the request" },
      });
      return true;
    };
    try {
      const body = parseBody(req.headers["content-type"], await readBody(req), url.searchParams);
      params = normalizeFields(body.fields);
      files = Object.fromEntries(
        [...body.files].map(([k, f]) => [k, { filename: f.filename, contentType: f.contentType, data: f.data }]),
      );
      if (method === undefined) throw new ApiError(404, E.NOT_FOUND);
      if (this.faults.takeDrop(name)) {
        req.socket.destroy();
        this.record({
          method: name,
          params,
          files,
          at,
          ok: false,
          error: { error_code: CLIENT_CLOSED, description: "connection dropped (fault injection)" },
        });
        return;
      }
      const failure = this.faults.takeFailure(name) ?? this.limiter?.check(name, params.chat_id);
      if (failure !== undefined) throw failure;
      const abort = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) abort.abort();
      });
      const result: unknown = await method.fn(this.ctx, new Params(params, body.files), abort.signal);
      const held = this.faults.takeHold(name, params);
      if (held) await held;
      if (clientGone()) return;
      send(res, result);
      this.record({ method: name, params, files, at, ok: true, result });
    } catch (error) {
      if (clientGone()) return;
      const apiError = toApiError(error);
      send(res, apiError);
      this.record({ method: name, params, files, at, ok: false, error: errorOf(apiError) });
    } finally {
      if (!isPoll) this.end();
    }
  }

  /**
   * Runs the method a webhook answered with (Telegram's webhook reply: a 2xx JSON body
   * `{ method, ...params }`) as if the bot had called it: recorded in `calls` with
   * `via: "webhook-reply"`, counted by `idle()`, subject to `failNext`. Its result goes
   * nowhere, as in Telegram, so errors are only recorded. Bodies without a method are ignored.
   */
  async runWebhookReply(json: string): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(json);
    } catch {
      return;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return;
    const { method: methodName, ...fields } = body as Record<string, unknown>;
    if (typeof methodName !== "string") return;
    const method = findMethod(methodName);
    const name = method?.name ?? methodName;
    const params = normalizeFields(fields);
    const at = this.ctx.settings.clock();
    this.ctx.events.emit("request", { method: name, receivedAt: performance.now() });
    this.begin();
    try {
      if (method === undefined || name === "getUpdates") throw new ApiError(404, E.NOT_FOUND);
      const failure = this.faults.takeFailure(name) ?? this.limiter?.check(name, params.chat_id);
      if (failure !== undefined) throw failure;
      const result: unknown = await method.fn(this.ctx, new Params(params), new AbortController().signal);
      this.record({ method: name, params, files: {}, at, ok: true, result, via: "webhook-reply" });
    } catch (error) {
      this.record({
        method: name,
        params,
        files: {},
        at,
        ok: false,
        error: errorOf(toApiError(error)),
        via: "webhook-reply",
      });
    } finally {
      this.end();
    }
  }

  private begin(): void {
    this.inFlight += 1;
    this.lastActivityAt = performance.now();
  }

  private end(): void {
    this.inFlight -= 1;
    this.lastActivityAt = performance.now();
  }
}
