/**
 * fairway's HTTP servers on node:http: `/healthz` always; `/readyz` and `/metrics` when given (the
 * operator's server), optionally behind a bearer token; and the routes the caller mounts (the webhook,
 * the Mini App). Answers carry no stack trace and no secret: failures are logged, not shown.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.js";
import type { Metrics } from "./metrics.js";
import type { Readiness, ReadinessReport } from "./readiness.js";

/** A mounted handler: any method, its path matched exactly (the query string aside). */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HttpServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Default: every interface. */
  host?: string;
  logger: Logger;
  /** How its log lines name it (default `http server`). */
  name?: string;
  /** Served at `/metrics` (Prometheus text). Absent: `/metrics` answers 404. */
  metrics?: Pick<Metrics, "text" | "contentType">;
  /** Served at `/readyz`. Absent: `/readyz` answers 404. */
  readiness?: Readiness;
  /** Set: `/metrics` and `/readyz` answer 401 without `Authorization: Bearer <token>` (`/healthz` never asks). */
  token?: string;
  /** Extra handlers by exact path, e.g. `{ "/telegram/<secret path>": webhookHandler }`. */
  routes?: Record<string, RouteHandler>;
  /** Handlers of every path under a prefix ending in `/`, e.g. `{ "/v/": voucherCheckPage }`; exact routes first. */
  prefixRoutes?: Record<string, RouteHandler>;
  /** How long `close()` waits for requests in progress before cutting them. Default 10 s. */
  closeTimeoutMs?: number;
}

/** Paths no route may take: on a server without readiness or metrics they answer 404, never a route. */
const BUILT_IN = ["/healthz", "/readyz", "/metrics"];

/** Creates the server; nothing listens before `listen()`. */
export function createHttpServer(options: HttpServerOptions) {
  const { logger, metrics, readiness } = options;
  const name = options.name ?? "http server";
  const served = new Set(["/healthz", ...(readiness ? ["/readyz"] : []), ...(metrics ? ["/metrics"] : [])]);
  const authorized = options.token === undefined ? () => true : bearerCheck(options.token);
  const routes = new Map(Object.entries(options.routes ?? {}));
  for (const path of routes.keys()) {
    if (BUILT_IN.includes(path)) throw new TypeError(`createHttpServer: ${path} is built in`);
    if (!path.startsWith("/")) throw new TypeError(`createHttpServer: route ${JSON.stringify(path)} must start with /`);
  }
  const prefixRoutes = Object.entries(options.prefixRoutes ?? {});
  for (const [prefix] of prefixRoutes)
    if (!/^\/.+\/$/.test(prefix) || BUILT_IN.some((p) => p.startsWith(prefix)))
      throw new TypeError(`createHttpServer: prefix ${JSON.stringify(prefix)} must be /…/ and take no built-in path`);
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  const open = new Set<ServerResponse>();
  let draining = false;
  let closing: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  const server = createServer((req, res) => {
    open.add(res);
    res.on("close", () => {
      open.delete(res);
      if (open.size === 0) drained?.();
    });
    if (closing) res.setHeader("connection", "close");
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error, path: pathOf(req) }, "http handler failed");
      if (!res.headersSent) sendJson(res, 500, { error: "internal error" });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req);
    const route = routes.get(path) ?? prefixRoutes.find(([prefix]) => path.startsWith(prefix))?.[1];
    if (route) return await route(req, res);
    if (!served.has(path)) return sendJson(res, 404, { error: "not found" });
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD");
      return sendJson(res, 405, { error: "method not allowed" });
    }
    if (path === "/healthz") return sendJson(res, draining ? 503 : 200, { status: draining ? "draining" : "ok" });
    if (!authorized(req.headers.authorization)) {
      res.setHeader("www-authenticate", 'Bearer realm="fairway"');
      return sendJson(res, 401, { error: "unauthorized" });
    }
    if (path === "/readyz" && readiness) {
      const report = await readiness().catch((error: unknown): ReadinessReport => {
        logger.error({ err: error }, "readiness check failed");
        return { ready: false, checks: {} };
      });
      const checks = draining ? { ...report.checks, draining: { ok: false, detail: "shutting down" } } : report.checks;
      const ready = report.ready && !draining;
      return sendJson(res, ready ? 200 : 503, { ready, checks });
    }
    if (path === "/metrics" && metrics) send(res, 200, metrics.contentType, await metrics.text());
  }

  return {
    /** Starts listening; resolves with the URL a client on this machine can use. */
    listen(): Promise<{ url: string; port: number }> {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port, options.host, () => {
          server.off("error", reject);
          const { port } = server.address() as AddressInfo;
          logger.info({ port, host: options.host ?? "*" }, `${name} listening`);
          resolve({ url: `http://${urlHost(options.host)}:${port}`, port });
        });
      });
    },
    /** From now on `/healthz` and `/readyz` answer 503, so load balancers stop sending; requests are still served. */
    setDraining(): void {
      draining = true;
    },
    /** Stops accepting, waits up to `closeTimeoutMs` for requests in progress, then cuts every connection. */
    close(): Promise<void> {
      closing ??= (async () => {
        draining = true;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (open.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            new Promise<void>((resolve) => (drained = resolve)),
            new Promise<void>((resolve) => (timer = setTimeout(resolve, closeTimeoutMs))),
          ]);
          clearTimeout(timer);
          if (open.size > 0) logger.warn({ open: open.size }, `${name} closed with requests in progress`);
        }
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

export type HttpServer = ReturnType<typeof createHttpServer>;

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body));
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    "content-type": contentType,
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/**
 * Checks an `Authorization` header for `Bearer <token>` (the scheme in any case, RFC 7235), comparing
 * hashes in constant time so that neither the token's length nor its content leaks through timing.
 */
function bearerCheck(token: string): (header: string | undefined) => boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const expected = digest(token);
  return (header) => {
    const given = /^bearer +(\S+)$/i.exec(header?.trim() ?? "")?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

function urlHost(host: string | undefined): string {
  if (host === undefined || host === "" || host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
