/**
 * One webhook POST, with node:http(s) rather than fetch: its errors carry the
 * socket error codes (ECONNREFUSED, ECONNRESET) that Telegram turns into its
 * `last_error_message` wording, and a request can be destroyed on a deadline
 * or on server close without leaving a socket behind.
 */
import { type Agent as HttpAgent, STATUS_CODES, request as httpRequest } from "node:http";
import { type Agent as HttpsAgent, request as httpsRequest } from "node:https";

/** What came of one delivery attempt. Never a rejection: failures are data. */
export interface PostOutcome {
  ok: boolean;
  /** HTTP status, when the receiver answered at all. */
  status?: number;
  /** Telegram's wording for getWebhookInfo's `last_error_message`. */
  error?: string;
  /** True when the attempt was cut short by `signal` (server closing), not by the receiver. */
  aborted?: boolean;
  /** A 2xx answer's JSON body (a webhook reply: a Bot API method to run), if it had one. */
  json?: string;
}

/** Webhook replies carry one method call; anything bigger is not read (Telegram caps requests too). */
const MAX_REPLY_BYTES = 1 << 20;

/** The keep-alive agents one dispatcher reuses, like Telegram keeps its webhook connections open. */
export interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
}

/** Telegram's descriptions of the usual network failures (as getWebhookInfo reports them). */
const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "Connection refused",
  ECONNRESET: "Connection reset by peer",
  EPIPE: "Connection reset by peer",
  ENOTFOUND: "Failed to resolve host: Name or service not known",
  EAI_AGAIN: "Failed to resolve host: Temporary failure in name resolution",
  EHOSTUNREACH: "No route to host",
  ENETUNREACH: "Network is unreachable",
};

export const READ_TIMEOUT = "Read timeout expired";

/** `Wrong response from the webhook: 500 Internal Server Error`, Telegram's text for a non-2xx answer. */
export function wrongResponse(status: number): string {
  return `Wrong response from the webhook: ${status} ${STATUS_CODES[status] ?? ""}`.trimEnd();
}

/**
 * POSTs `body` (JSON) to `url`. Resolves when the receiver's answer has been read
 * completely, so the connection is free for the next update; a 2xx is success.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
  agents: Agents,
): Promise<PostOutcome> {
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    let cause: "timeout" | "abort" | undefined;
    const settle = (outcome: PostOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const secure = url.startsWith("https:");
    const req = (secure ? httpsRequest : httpRequest)(url, {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => {
      cause = "timeout";
      req.destroy();
    }, timeoutMs);
    const onAbort = (): void => {
      cause = "abort";
      req.destroy();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort);

    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      const isJson = /^application\/json\b/i.test(res.headers["content-type"] ?? "");
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (ok && isJson && size <= MAX_REPLY_BYTES) chunks.push(chunk);
      });
      res.on("end", () => {
        if (!ok) settle({ ok, status, error: wrongResponse(status) });
        else if (chunks.length > 0 && size <= MAX_REPLY_BYTES)
          settle({ ok, status, json: Buffer.concat(chunks).toString("utf8") });
        else settle({ ok, status });
      });
      res.on("error", () => settle(failure(cause, undefined, status)));
    });
    req.on("error", (error: NodeJS.ErrnoException) => settle(failure(cause, error)));
    req.end(body);
  });
}

function failure(cause: "timeout" | "abort" | undefined, error?: NodeJS.ErrnoException, status?: number): PostOutcome {
  const base = status !== undefined ? { ok: false, status } : { ok: false };
  if (cause === "abort") return { ...base, aborted: true, error: "Delivery aborted: server closing" };
  if (cause === "timeout") return { ...base, error: READ_TIMEOUT };
  const code = error?.code;
  const known = code !== undefined ? NETWORK_ERRORS[code] : undefined;
  if (known !== undefined) return { ...base, error: known };
  if (error?.message === "socket hang up")
    return { ...base, error: NETWORK_ERRORS.ECONNRESET ?? "Connection reset by peer" };
  return { ...base, error: error?.message ?? "Connection closed" };
}
