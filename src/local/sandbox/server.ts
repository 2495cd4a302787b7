/**
 * The HTTP side: a node request listener that logs every request, applies latency and faults,
 * and hands API requests to `api.ts`. Also serves GET /__sandbox/state, POST/DELETE /__sandbox/faults
 * and POST /__sandbox/course/* (the course's own changes, `course-side.ts`)
 * (no auth: the sandbox runs on this machine, for tests and the playground).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "../../logger.js";
import type { Answer, ApiRequest } from "./api.js";
import * as v from "valibot";
import { errorBody } from "./errors.js";
import {
  AFTER_APPLY,
  drift,
  htmlErrorPage,
  truncateJson,
  type FaultKind,
  type FaultRule,
  type Faults,
} from "./faults.js";

/** The partner writes the playground can make fail once: each one's method and path. */
const FAILABLE = {
  reserve: { method: "POST", path: /^\/api\/v1\/ext\/order\/reserve$/ },
  confirm: { method: "POST", path: /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/ },
  refund: { method: "POST", path: /^\/api\/v1\/ext\/order\/[^/]+\/refund$/ },
  cancel: { method: "DELETE", path: /^\/api\/v1\/ext\/order\/[^/]+\/cancel$/ },
} as const;

/** `POST /__sandbox/faults`: the next `operation` is refused (HTTP 422, the partner's error body). */
export const FailNext = v.object({ operation: v.picklist(Object.keys(FAILABLE) as (keyof typeof FAILABLE)[]) });

/** One request as the sandbox saw it. */
export interface RequestLogEntry {
  method: string;
  /** URL path without the query. */
  path: string;
  /** The query string including `?`, or "". */
  query: string;
  /** HTTP status answered; 0 while pending or when the answer never came (hang, reset). */
  status: number;
  /** Sandbox clock at arrival, epoch ms. */
  time: number;
  /** The fault applied, if any. */
  fault?: FaultKind | "random-error" | "random-rate-limit";
}

export interface HandlerDeps {
  clock: () => number;
  logger: Logger;
  faults: Faults;
  log: RequestLogEntry[];
  api(req: ApiRequest): Answer;
  state(): unknown;
  /** `POST /__sandbox/course/*`: the course's own changes (`course-side.ts`); undefined for another path. */
  courseSide?(path: string, body: string): Answer | undefined;
  /** Told of each request a hang fault leaves unanswered. */
  onHang?: (entry: RequestLogEntry) => void;
}

const MAX_BODY = 1_000_000;
const JSON_TYPE = "application/json; charset=utf-8";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": type, "content-length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

const sendJson = (res: ServerResponse, answer: Answer): void =>
  send(res, answer.status, JSON.stringify(answer.body), JSON_TYPE, answer.headers);

/** Creates the request listener plus `shutdown`, which ends hanging answers and pending delays. */
export function createHandler(deps: HandlerDeps) {
  const { faults, logger } = deps;
  const hanging = new Set<ServerResponse>();
  const sleepers = new Set<{ timer: NodeJS.Timeout; cancel: () => void }>();

  /** Resolves true after `ms`, or false when shutdown cancels the wait. */
  const sleep = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          sleepers.delete(sleeper);
          resolve(true);
        }, ms),
        cancel: () => resolve(false),
      };
      sleepers.add(sleeper);
    });

  const hang = (res: ServerResponse, entry: RequestLogEntry): void => {
    hanging.add(res);
    res.on("close", () => hanging.delete(res));
    deps.onHang?.(entry);
  };

  /** A 5xx or other injected status: explicit body, else HTML (5xx with htmlErrors), else JSON. */
  const injectedStatus = (res: ServerResponse, rule: FaultRule, fallback: number): void => {
    const status = rule.status ?? fallback;
    if (rule.body !== undefined) return send(res, status, rule.body, rule.contentType ?? JSON_TYPE);
    if (status >= 500 && faults.control.settings.htmlErrors)
      return send(res, status, htmlErrorPage(status), "text/html");
    sendJson(res, { status, body: errorBody(status, "Injected fault") });
  };

  const rateLimited = (res: ServerResponse, seconds: number): void =>
    sendJson(res, {
      status: 429,
      body: errorBody(429, `Rate limit exceeded, retry in ${seconds} s`, "RATE_LIMITED"),
      headers: { "retry-after": String(seconds) },
    });

  /** Faults that answer instead of the API: nothing changes. */
  const before = (rule: FaultRule, req: IncomingMessage, res: ServerResponse, entry: RequestLogEntry): void => {
    switch (rule.kind) {
      case "status":
        return injectedStatus(res, rule, 500);
      case "html":
        return send(res, rule.status ?? 502, htmlErrorPage(rule.status ?? 502), "text/html");
      case "text":
        return send(
          res,
          rule.status ?? 500,
          rule.body ?? "Internal Server Error",
          rule.contentType ?? "text/plain; charset=utf-8",
        );
      case "rate-limit":
        return rateLimited(res, rule.retryAfterSeconds ?? 1);
      case "hang":
        return hang(res, entry);
      default:
        req.socket.destroy();
    }
  };

  /** Faults applied after the API acted: the state has changed, the answer is broken or lost. */
  const after = (
    rule: FaultRule,
    answer: Answer,
    req: IncomingMessage,
    res: ServerResponse,
    entry: RequestLogEntry,
  ): void => {
    switch (rule.kind) {
      case "malformed-json":
        return send(res, answer.status, truncateJson(JSON.stringify(answer.body)), JSON_TYPE);
      case "drift":
        return sendJson(res, { ...answer, body: drift(answer.body, rule.field) });
      case "apply-then-status":
        return injectedStatus(res, rule, 500);
      case "apply-then-hang":
        return hang(res, entry);
      default:
        req.socket.destroy();
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, url: URL, entry: RequestLogEntry): Promise<void> => {
    const body = await readBody(req);
    if (url.pathname.startsWith("/__sandbox/")) {
      if (entry.method === "GET" && url.pathname === "/__sandbox/state")
        return sendJson(res, { status: 200, body: deps.state() });
      if (url.pathname === "/__sandbox/faults" && entry.method === "DELETE") {
        faults.control.clear();
        return sendJson(res, { status: 200, body: { ok: true } });
      }
      if (url.pathname === "/__sandbox/faults" && entry.method === "POST") {
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        const parsed = v.safeParse(FailNext, json);
        if (!parsed.success)
          return sendJson(res, { status: 400, body: errorBody(400, "Expected { operation }", "BAD_REQUEST") });
        faults.control.add({ kind: "status", status: 422, times: 1, ...FAILABLE[parsed.output.operation] });
        return sendJson(res, { status: 200, body: { ok: true } });
      }
      if (entry.method === "POST" && url.pathname.startsWith("/__sandbox/course/")) {
        const answer = deps.courseSide?.(url.pathname, body);
        if (answer) return sendJson(res, answer);
      }
      return sendJson(res, { status: 404, body: errorBody(404, "Not found", "NOT_FOUND") });
    }
    const { latencyMs } = faults.control.settings;
    if (latencyMs > 0) {
      if (!(await sleep(latencyMs))) return void res.destroy();
    }
    const rule = faults.take(entry.method, url.pathname);
    if (rule && !AFTER_APPLY.has(rule.kind)) {
      entry.fault = rule.kind;
      return before(rule, req, res, entry);
    }
    if (!rule) {
      const roll = faults.roll();
      if (roll === "rate-limit") {
        entry.fault = "random-rate-limit";
        return rateLimited(res, 1);
      }
      if (roll === "error") {
        entry.fault = "random-error";
        return injectedStatus(res, { kind: "status" }, faults.control.settings.htmlErrors ? 502 : 503);
      }
    }
    const answer = deps.api({
      method: entry.method,
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    });
    if (rule) {
      entry.fault = rule.kind;
      return after(rule, answer, req, res, entry);
    }
    sendJson(res, answer);
  };

  const handler: RequestListener = (req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const entry: RequestLogEntry = {
      method: (req.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.search,
      status: 0,
      time: deps.clock(),
    };
    // The playground polls /__sandbox/state: keep it out of the API request log.
    if (!url.pathname.startsWith("/__sandbox/")) deps.log.push(entry);
    res.on("finish", () => {
      entry.status = res.statusCode;
      logger.debug(
        { method: entry.method, path: entry.path, status: entry.status, fault: entry.fault },
        "sandbox request",
      );
    });
    serve(req, res, url, entry).catch((error: unknown) => {
      logger.error({ err: error, method: entry.method, path: entry.path }, "sandbox handler failed");
      if (res.headersSent) res.destroy();
      else sendJson(res, { status: 500, body: errorBody(500, "Internal server error") });
    });
  };

  return {
    handler,
    /** Destroys hanging answers and releases pending latency delays. */
    shutdown(): void {
      for (const res of hanging) res.destroy();
      hanging.clear();
      for (const s of sleepers) {
        clearTimeout(s.timer);
        s.cancel();
      }
      sleepers.clear();
    },
  };
}
