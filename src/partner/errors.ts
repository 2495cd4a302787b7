/**
 * One error hierarchy for the partner API, in the manner of grammY's GrammyError/HttpError and
 * stripe-node's StripeError family. Every error is plain data (`toJSON`, `revivePartnerError`) because
 * the bot stores errors in conversation logs, and none ever holds the API key.
 */
import type { Reservation } from "./types.js";

/** i18n keys the bot translates; one per error class, refined by the partner's message where useful. */
export const PARTNER_ERROR_KEYS = [
  "partner-error-generic",
  "partner-error-auth",
  "partner-error-not-found",
  "partner-error-conflict",
  "partner-error-slot-unavailable",
  "partner-error-validation",
  "partner-error-persons-out-of-range",
  "partner-error-insufficient-credit",
  "partner-error-rate-limited",
  "partner-error-unavailable",
  "partner-error-outcome-unknown",
  "partner-error-invalid-response",
] as const;

export type PartnerErrorKey = (typeof PARTNER_ERROR_KEYS)[number];

/** What became of a write that failed ambiguously (see docs/partner-api-choices.md). */
export type WriteOutcome = "not-applied" | "unknown";

/** Why a call found no usable answer: no answer in time, no connection, or a 5xx/408 answer. */
export type UnavailableReason = "timeout" | "network" | "status";

export interface PartnerErrorInit {
  /** HTTP status, or 0 when no answer arrived (network failure, timeout). */
  status: number;
  /** Method and path template, e.g. `POST /order/{id}/confirm`; never the raw URL. */
  endpoint: string;
  /** The partner's message, extracted and cleaned (`""` when it said nothing). */
  partnerMessage?: string;
  /** The partner's own error code, when the body carried one (informational only). */
  partnerCode?: string;
  retryAfterMs?: number;
  /** Overrides the default message. */
  message?: string;
  cause?: unknown;
}

/** The plain-JSON form of any partner error (`toJSON`), accepted back by `revivePartnerError`. */
export interface PartnerErrorJSON {
  name: string;
  message: string;
  status: number;
  endpoint: string;
  partnerMessage: string;
  userMessageKey: PartnerErrorKey;
  partnerCode?: string;
  retryAfterMs?: number;
  reason?: UnavailableReason;
  networkCode?: string;
  outcome?: WriteOutcome;
  reservation?: Reservation;
  path?: string;
  issues?: string[];
}

/** Base class: any failure of a partner call. Not thrown directly except for unclassified statuses. */
export class PartnerApiError extends Error {
  override name = "PartnerApiError";
  readonly status: number;
  readonly endpoint: string;
  readonly partnerMessage: string;
  readonly partnerCode: string | undefined;
  readonly retryAfterMs: number | undefined;
  /** The i18n key the bot shows the user for this error. */
  readonly userMessageKey: PartnerErrorKey;

  constructor(init: PartnerErrorInit, userMessageKey: PartnerErrorKey = "partner-error-generic") {
    super(init.message ?? defaultMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.endpoint = init.endpoint;
    this.partnerMessage = init.partnerMessage ?? "";
    this.partnerCode = init.partnerCode;
    this.retryAfterMs = init.retryAfterMs;
    this.userMessageKey = userMessageKey;
  }

  /** A plain object for logs and conversation state (no cause, no stack, no secrets). */
  toJSON(): PartnerErrorJSON {
    const json: PartnerErrorJSON = {
      name: this.name,
      message: this.message,
      status: this.status,
      endpoint: this.endpoint,
      partnerMessage: this.partnerMessage,
      userMessageKey: this.userMessageKey,
    };
    if (this.partnerCode !== undefined) json.partnerCode = this.partnerCode;
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    return json;
  }
}

function defaultMessage(init: PartnerErrorInit): string {
  const what = init.status === 0 ? "no answer" : `HTTP ${init.status}`;
  const said = init.partnerMessage ? `: ${init.partnerMessage}` : "";
  return `Partner API ${init.endpoint} failed (${what})${said}`;
}

/** 401 or 403: the API key is missing, wrong or not allowed. */
export class PartnerAuthError extends PartnerApiError {
  override name = "PartnerAuthError";
  constructor(init: PartnerErrorInit) {
    super(init, "partner-error-auth");
  }
}

/** 404: no such course, tee time or reservation. */
export class PartnerNotFoundError extends PartnerApiError {
  override name = "PartnerNotFoundError";
  constructor(init: PartnerErrorInit) {
    super(init, "partner-error-not-found");
  }
}

/** 409: the slot is taken, or the reservation is in a state that forbids the operation. */
export class PartnerConflictError extends PartnerApiError {
  override name = "PartnerConflictError";
  constructor(init: PartnerErrorInit) {
    const slot = /slot|tee.?time|not available|unavailable|already (booked|reserved|taken)/i;
    super(init, slot.test(init.partnerMessage ?? "") ? "partner-error-slot-unavailable" : "partner-error-conflict");
  }
}

/** 400 or 422: the request was refused as invalid (e.g. persons out of the slot's range). */
export class PartnerValidationError extends PartnerApiError {
  override name = "PartnerValidationError";
  constructor(init: PartnerErrorInit) {
    const persons = /person|golfer|player/i.test(init.partnerMessage ?? "");
    super(init, persons ? "partner-error-persons-out-of-range" : "partner-error-validation");
  }
}

/** 402, or any 4xx whose message says the credit balance is too low. */
export class PartnerInsufficientCreditError extends PartnerApiError {
  override name = "PartnerInsufficientCreditError";
  constructor(init: PartnerErrorInit) {
    super(init, "partner-error-insufficient-credit");
  }
}

/** 429. `retryAfterMs` holds the partner's `Retry-After`, when it sent one. */
export class PartnerRateLimitError extends PartnerApiError {
  override name = "PartnerRateLimitError";
  constructor(init: PartnerErrorInit) {
    super(init, "partner-error-rate-limited");
  }
}

export interface PartnerUnavailableInit extends PartnerErrorInit {
  reason: UnavailableReason;
  /** The low-level cause (`ECONNRESET`, `ECONNREFUSED`, …) of a network failure. */
  networkCode?: string;
  outcome?: WriteOutcome;
  reservation?: Reservation;
}

/**
 * 5xx, 408, a timeout or a network failure. For writes, `outcome` says what is known after the
 * client read the reservation back: `"not-applied"` (safe to try again; `reservation` is the fresh
 * read) or `"unknown"`.
 */
export class PartnerUnavailableError extends PartnerApiError {
  override name = "PartnerUnavailableError";
  readonly reason: UnavailableReason;
  readonly networkCode: string | undefined;
  readonly outcome: WriteOutcome | undefined;
  readonly reservation: Reservation | undefined;

  constructor(init: PartnerUnavailableInit) {
    super(init, init.outcome === "unknown" ? "partner-error-outcome-unknown" : "partner-error-unavailable");
    this.reason = init.reason;
    this.networkCode = init.networkCode;
    this.outcome = init.outcome;
    this.reservation = init.reservation;
  }

  /** The same failure, with what reconciliation learnt about the write. */
  withOutcome(outcome: WriteOutcome, reservation?: Reservation): PartnerUnavailableError {
    const init: PartnerUnavailableInit = { ...this.initOf(), outcome };
    if (reservation !== undefined) init.reservation = reservation;
    return new PartnerUnavailableError(init);
  }

  private initOf(): PartnerUnavailableInit {
    const init: PartnerUnavailableInit = {
      status: this.status,
      endpoint: this.endpoint,
      partnerMessage: this.partnerMessage,
      reason: this.reason,
      message: this.message,
    };
    if (this.partnerCode !== undefined) init.partnerCode = this.partnerCode;
    if (this.retryAfterMs !== undefined) init.retryAfterMs = this.retryAfterMs;
    if (this.networkCode !== undefined) init.networkCode = this.networkCode;
    return init;
  }

  override toJSON(): PartnerErrorJSON {
    const json = super.toJSON();
    json.reason = this.reason;
    if (this.networkCode !== undefined) json.networkCode = this.networkCode;
    if (this.outcome !== undefined) json.outcome = this.outcome;
    if (this.reservation !== undefined) json.reservation = this.reservation;
    return json;
  }
}

export interface PartnerInvalidResponseInit extends PartnerErrorInit {
  /** Where the answer differs from the schema, e.g. `$[3].price` (`$` is the whole body). */
  path: string;
  /** Short descriptions of the first few mismatches. */
  issues?: string[];
}

/** A 2xx answer that is not JSON or does not match the schema. */
export class PartnerInvalidResponseError extends PartnerApiError {
  override name = "PartnerInvalidResponseError";
  readonly path: string;
  readonly issues: string[];

  constructor(init: PartnerInvalidResponseInit) {
    super(
      { ...init, message: init.message ?? `Partner API ${init.endpoint} answered an unexpected body at ${init.path}` },
      "partner-error-invalid-response",
    );
    this.path = init.path;
    this.issues = init.issues ?? [];
  }

  override toJSON(): PartnerErrorJSON {
    return { ...super.toJSON(), path: this.path, issues: this.issues };
  }
}

/** True for any error of this hierarchy. */
export function isPartnerApiError(error: unknown): error is PartnerApiError {
  return error instanceof PartnerApiError;
}
