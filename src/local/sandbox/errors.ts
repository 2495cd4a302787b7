import { STATUS_CODES } from "node:http";

/** Error codes of the sandbox's JSON error bodies (docs/partner-api-choices.md). */
export type ErrorCode =
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "VALIDATION"
  | "PERSONS_OUT_OF_RANGE"
  | "SLOT_NOT_AVAILABLE"
  | "INSUFFICIENT_CREDIT"
  | "INVALID_STATE"
  | "RATE_LIMITED";

/** An API error the sandbox answers with `{statusCode, error, message, code}`. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

/** The JSON error body; `code` is left out when undefined (5xx). */
export function errorBody(status: number, message: string, code?: string): ErrorBody {
  const body: ErrorBody = { statusCode: status, error: STATUS_CODES[status] ?? "Error", message };
  if (code !== undefined) body.code = code;
  return body;
}

export const notFound = (what: string): SandboxError => new SandboxError(404, "NOT_FOUND", `${what} not found`);
export const invalid = (message: string): SandboxError => new SandboxError(400, "VALIDATION", message);
