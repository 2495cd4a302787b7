/**
 * What a failed partner write means: the one table from partner errors to outcomes, read once by every
 * operation of the money module (a booking's reserve, confirm, release and refund).
 */
import {
  isPartnerApiError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerUnavailableError,
  type PartnerErrorJSON,
} from "../partner/errors.js";

/**
 * What a failed partner write means, whatever the write: the one table from partner errors to
 * outcomes. "internal" is not a partner error at all (a bug, a database failure): it is recorded and
 * rethrown. "unknown" and "unreadable" may have been applied; every other kind certainly was not.
 */
export type WriteFailure =
  | "not-applied" // an outage the partner client's read-back settled as not applied
  | "unknown" // an outage whose outcome nobody could read
  | "unreadable" // an answer fairway could not parse
  | "insufficient-credit"
  | "missing" // the partner has no such reservation
  | "conflict" // the reservation is not in the state the write needs
  | "refused" // any other definite refusal (4xx)
  | "internal";

const DEFINITE_FAILURES: readonly [new (...args: never[]) => Error, WriteFailure][] = [
  [PartnerInsufficientCreditError, "insufficient-credit"],
  [PartnerNotFoundError, "missing"],
  [PartnerConflictError, "conflict"],
  [PartnerInvalidResponseError, "unreadable"],
];

export function failureOf(error: unknown): WriteFailure {
  if (!isPartnerApiError(error)) return "internal";
  if (error instanceof PartnerUnavailableError) return error.outcome === "not-applied" ? "not-applied" : "unknown";
  return DEFINITE_FAILURES.find(([type]) => error instanceof type)?.[1] ?? "refused";
}

/** Whether a write that failed so may still have been applied at the partner. */
export function mayHaveApplied(failure: WriteFailure): boolean {
  return failure === "unknown" || failure === "unreadable" || failure === "internal";
}

export function errorJSON(error: unknown): PartnerErrorJSON | undefined {
  return isPartnerApiError(error) ? error.toJSON() : undefined;
}

/** `last_error` as stored: the partner error's JSON, or "internal". */
export function lastError(json: PartnerErrorJSON | undefined): string {
  return json ? JSON.stringify(json) : "internal";
}
