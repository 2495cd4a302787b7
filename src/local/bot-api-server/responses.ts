/** How the local Bot API server answers: Telegram's `{ ok, result }` / `{ ok: false, error_code, description }`. */
import type { ServerResponse } from "node:http";
import { ApiError } from "./errors.js";
import type { CallRecord } from "./store.js";

/** A handler's exception as the ApiError to answer with (unexpected ones become 500). */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError(500, `Internal Server Error: ${error instanceof Error ? error.message : String(error)}`);
}

/** The `error` of a failed CallRecord. */
export function errorOf(apiError: ApiError): NonNullable<CallRecord["error"]> {
  return {
    error_code: apiError.error_code,
    description: apiError.description,
    ...(apiError.parameters !== undefined ? { parameters: { ...apiError.parameters } } : {}),
  };
}

/** Writes a Bot API response: a result (200) or an ApiError (status = error_code). */
export function send(res: ServerResponse, payload: unknown): void {
  if (res.destroyed || res.headersSent) return;
  const isError = payload instanceof ApiError;
  const body = JSON.stringify(
    isError
      ? {
          ok: false,
          error_code: payload.error_code,
          description: payload.description,
          ...(payload.parameters !== undefined ? { parameters: payload.parameters } : {}),
        }
      : { ok: true, result: payload },
  );
  res.writeHead(isError ? payload.error_code : 200, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}
