/**
 * One POST to a slip-check service: a time limit covering the whole answer, no retry (a check spends
 * quota; whether to ask again is the caller's decision), and never a throw. What came back is handed
 * on as text and parsed JSON, for the adapter's valibot schemas to read.
 */
import { lazy } from "../../runtime/lazy.js";
import { networkCodeOf } from "../../partner/secrets.js";

/** What a slip check needs of a logger: pino's `debug` and `warn`. Lines never carry the key. */
export interface SlipCheckLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** What came of one POST. */
export type ServiceAnswer =
  | { kind: "answer"; status: number; /** The body as JSON, `undefined` when it is not JSON. */ json: unknown }
  | { kind: "no-answer"; reason: "timeout" | "unreachable"; networkCode?: string };

export interface ServicePost {
  url: string;
  headers: Record<string, string>;
  /** A JSON body, or a multipart one (an image). */
  body: Record<string, unknown> | FormData;
}

export interface ServiceHttpOptions {
  /** Time limit of one request, answer included, ms. */
  timeoutMs: number;
  /** Default: ofetch's fetch (Node's). */
  fetch?: typeof globalThis.fetch | undefined;
}

/** ofetch, loaded with the first check. */
const ofetch = lazy(() => import("ofetch"));

/** The POST function an adapter sends its requests with. */
export function createServiceHttp(options: ServiceHttpOptions): (post: ServicePost) => Promise<ServiceAnswer> {
  const fetcher = lazy(async () => (await ofetch()).createFetch(options.fetch ? { fetch: options.fetch } : {}));
  return async (post) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("slip check timed out")), options.timeoutMs);
    try {
      const $fetch = await fetcher();
      const json = !(post.body instanceof FormData);
      const response = await $fetch.raw<string, "text">(post.url, {
        method: "POST",
        headers: {
          accept: "application/json",
          ...(json ? { "content-type": "application/json" } : {}),
          ...post.headers,
        },
        body: json ? JSON.stringify(post.body) : post.body,
        retry: 0,
        ignoreResponseError: true,
        responseType: "text",
        signal: controller.signal,
      });
      const text = typeof response._data === "string" ? response._data : "";
      return { kind: "answer", status: response.status, json: parseJson(text) };
    } catch (error) {
      if (controller.signal.aborted) return { kind: "no-answer", reason: "timeout" };
      const networkCode = networkCodeOf(error);
      return { kind: "no-answer", reason: "unreachable", ...(networkCode ? { networkCode } : {}) };
    } finally {
      clearTimeout(timer);
    }
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
