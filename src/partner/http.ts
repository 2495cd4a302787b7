/**
 * One partner request: authentication, a timeout covering the whole answer, the retry policy for
 * reads, error mapping and response parsing. ofetch's own retry is off; the policy lives here.
 */
import * as v from "valibot";
import { lazy } from "../runtime/lazy.js";
import { extractPartnerMessage, parseRetryAfter } from "./error-body.js";
import { createPartnerError } from "./error-factory.js";
import { PartnerApiError, PartnerInvalidResponseError, PartnerRateLimitError } from "./errors.js";
import type { PartnerLogger } from "./logger.js";
import { backoffDelay, sleep } from "./retry.js";
import { createRedactor, networkCodeOf } from "./secrets.js";

export type HttpMethod = "GET" | "POST" | "DELETE";

export interface PartnerHttpOptions {
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  maxRetryAfterMs: number;
  logger?: PartnerLogger | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  /** Uniform random in [0, 1) for jitter; tests may pin it. */
  random?: () => number;
  /** Told of every attempt once it is over (metrics). Must be cheap; whatever it throws is ignored. */
  onRequest?: ((info: PartnerAttemptInfo) => void) | undefined;
  /** Starts an attempt's timeout; default `setTimeout`. See `PartnerTimeoutStarter`. */
  startTimeout?: PartnerTimeoutStarter | undefined;
}

/**
 * Starts the timeout of one attempt: calls `onTimeout` after `ms` unless the returned function is called
 * first. Production uses the timer; a test harness may end a wait early (the sandbox told it that the
 * request will never be answered), so a timeout is its subject and not a race with the machine's speed.
 */
export type PartnerTimeoutStarter = (
  ms: number,
  onTimeout: () => void,
  attempt: { method: HttpMethod; url: string },
) => () => void;

const timerTimeout: PartnerTimeoutStarter = (ms, onTimeout) => {
  const timer = setTimeout(onTimeout, ms);
  return () => clearTimeout(timer);
};

/** One HTTP attempt, as `onRequest` hears of it. */
export interface PartnerAttemptInfo {
  /** The route template with `:name` placeholders, e.g. `/order/:id/confirm`; never an id. */
  endpoint: string;
  method: HttpMethod;
  /** The HTTP status, or why there was none. */
  status: number | "timeout" | "network";
  durationMs: number;
}

export interface PartnerRequest<TOutput> {
  method: HttpMethod;
  /** Path template under `/api/v1/ext`, e.g. `/order/{id}/confirm`. */
  path: string;
  /** Values for the template's `{name}` segments (URL-encoded here). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  schema: v.GenericSchema<unknown, TOutput>;
  /** Retry on network failures, 429 and 5xx. Only ever true for reads. */
  retry: boolean;
}

/** `https://partner.example/` or `https://partner.example/api/v1/ext` → `https://partner.example/api/v1/ext`. */
export function apiRoot(baseURL: string): string {
  const url = new URL(baseURL);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("baseURL must be http(s)");
  if (url.username !== "" || url.password !== "") {
    throw new TypeError("baseURL must not carry credentials; the API key goes in apiKey");
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1\/ext$/, "");
  return `${url.origin}${path}/api/v1/ext`;
}

/** ofetch (and its fetch for Node), loaded with the first partner request. */
const ofetch = lazy(() => import("ofetch"));

/** Creates the request function shared by every endpoint of one client. */
export function createPartnerHttp(options: PartnerHttpOptions) {
  const fetcher = lazy(async () => (await ofetch()).createFetch(options.fetch ? { fetch: options.fetch } : {}));
  const root = apiRoot(options.baseURL);
  const authorization = `Basic ${Buffer.from(options.apiKey, "utf8").toString("base64")}`;
  const redact = createRedactor(options.apiKey);
  const random = options.random ?? Math.random;
  const startTimeout = options.startTimeout ?? timerTimeout;
  const log = options.logger;

  function report(info: PartnerAttemptInfo): void {
    try {
      options.onRequest?.(info);
    } catch {
      // Observation never changes a request's outcome.
    }
  }

  async function attempt<T>(req: PartnerRequest<T>, endpoint: string, url: string, n: number): Promise<T> {
    const $fetch = await fetcher();
    const controller = new AbortController();
    // ofetch's `timeout` stops at the headers; this signal also bounds reading the body.
    const stopTimeout = startTimeout(
      options.timeoutMs,
      () => controller.abort(new Error("partner request timed out")),
      { method: req.method, url },
    );
    const started = performance.now();
    let status = 0;
    let noAnswer: "timeout" | "network" = "network";
    try {
      const headers: Record<string, string> = { authorization, accept: "application/json" };
      if (req.body !== undefined) headers["content-type"] = "application/json";
      const response = await $fetch.raw<string, "text">(url, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        retry: 0,
        ignoreResponseError: true,
        responseType: "text",
        signal: controller.signal,
      });
      status = response.status;
      const text = typeof response._data === "string" ? response._data : "";
      if (status < 200 || status > 299) {
        const { message, code } = extractPartnerMessage(text, response.headers.get("content-type") ?? "");
        throw createPartnerError({
          status,
          endpoint,
          partnerMessage: redact(message || response.statusText || ""),
          ...(code === undefined ? {} : { partnerCode: code }),
          ...retryAfter(response.headers.get("retry-after")),
        });
      }
      return parseBody(req.schema, text, { status, endpoint }, redact);
    } catch (error) {
      if (error instanceof PartnerApiError) throw error;
      const timedOut = controller.signal.aborted;
      if (timedOut) noAnswer = "timeout";
      const networkCode = timedOut ? undefined : networkCodeOf(error);
      throw createPartnerError({
        status: 0,
        endpoint,
        reason: timedOut ? "timeout" : "network",
        ...(networkCode === undefined ? {} : { networkCode }),
        partnerMessage: "",
        message: timedOut
          ? `Partner API ${endpoint} timed out after ${options.timeoutMs} ms`
          : `Partner API ${endpoint} failed: no answer (${networkCode ?? "network error"})`,
      });
    } finally {
      stopTimeout();
      const durationMs = Math.round(performance.now() - started);
      log?.debug({ method: req.method, endpoint, params: req.params, status, durationMs, attempt: n }, "partner call");
      report({
        endpoint: routeTemplate(req.path),
        method: req.method,
        status: status === 0 ? noAnswer : status,
        durationMs,
      });
    }
  }

  /** Sends one request, retrying reads by the policy, and returns the parsed, normalised answer. */
  async function request<T>(req: PartnerRequest<T>): Promise<T> {
    const endpoint = `${req.method} ${req.path}`;
    const url = buildUrl(root, req);
    const attempts = req.retry ? 1 + options.retries : 1;
    for (let n = 1; ; n++) {
      try {
        return await attempt(req, endpoint, url, n);
      } catch (error) {
        const delayMs = n < attempts ? retryDelay(error, n) : undefined;
        if (delayMs === undefined) throw error;
        const e = error as PartnerApiError;
        log?.warn(
          { method: req.method, endpoint, params: req.params, status: e.status, error: e.name, attempt: n, delayMs },
          "partner call failed, retrying",
        );
        await sleep(delayMs);
      }
    }
  }

  /** How long to wait before retrying a read after `error`, or `undefined` not to retry. */
  function retryDelay(error: unknown, attemptNumber: number): number | undefined {
    if (!(error instanceof PartnerApiError)) return undefined;
    const backoff = () => backoffDelay(attemptNumber, options.retryDelayMs, options.maxRetryDelayMs, random);
    if (error instanceof PartnerRateLimitError) {
      if (error.retryAfterMs === undefined) return backoff();
      return error.retryAfterMs <= options.maxRetryAfterMs ? error.retryAfterMs : undefined;
    }
    return error.name === "PartnerUnavailableError" ? backoff() : undefined;
  }

  return { request, root };
}

export type PartnerHttp = ReturnType<typeof createPartnerHttp>;

function buildUrl(root: string, req: PartnerRequest<unknown>): string {
  const path = req.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : "";
  return `${root}${path}${query}`;
}

/** `/order/{id}/confirm` → `/order/:id/confirm`. */
function routeTemplate(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

function retryAfter(header: string | null): { retryAfterMs?: number } {
  const ms = parseRetryAfter(header);
  return ms === undefined ? {} : { retryAfterMs: ms };
}

function parseBody<T>(
  schema: v.GenericSchema<unknown, T>,
  text: string,
  { status, endpoint }: { status: number; endpoint: string },
  redact: (s: string) => string,
): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const what = text.trim() === "" ? "an empty body" : "a body that is not JSON";
    throw new PartnerInvalidResponseError({ status, endpoint, path: "$", issues: [`expected JSON, got ${what}`] });
  }
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issues = result.issues.slice(0, 5).map((i) => redact(`${formatPath(i.path)}: ${i.message}`));
  throw new PartnerInvalidResponseError({ status, endpoint, path: formatPath(result.issues[0].path), issues });
}

/** `$`, `$.reserve.golf.slotTime`, `$[3].price`. */
export function formatPath(path: readonly v.IssuePathItem[] | undefined): string {
  let out = "$";
  for (const item of path ?? []) {
    const key = item.key;
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
