/** Turning a stored partner error (its `toJSON` form) back into an instance of the right class. */
import * as v from "valibot";
import {
  PARTNER_ERROR_KEYS,
  PartnerApiError,
  PartnerAuthError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerRateLimitError,
  PartnerUnavailableError,
  PartnerValidationError,
  type PartnerErrorInit,
  type PartnerUnavailableInit,
} from "./errors.js";
import type { Reservation } from "./types.js";

const StoredErrorSchema = v.object({
  name: v.string(),
  message: v.string(),
  status: v.pipe(v.number(), v.integer(), v.minValue(0)),
  endpoint: v.string(),
  partnerMessage: v.optional(v.string(), ""),
  userMessageKey: v.optional(v.picklist(PARTNER_ERROR_KEYS)),
  partnerCode: v.optional(v.string()),
  retryAfterMs: v.optional(v.pipe(v.number(), v.minValue(0))),
  reason: v.optional(v.picklist(["timeout", "network", "status"])),
  networkCode: v.optional(v.string()),
  outcome: v.optional(v.picklist(["not-applied", "unknown"])),
  // A reservation stored by the client itself: already normalised, so only its identity is checked.
  reservation: v.optional(
    v.custom<Reservation>(
      (r) => typeof r === "object" && r !== null && typeof (r as { id?: unknown }).id === "string",
      "a stored reservation needs an id",
    ),
  ),
  path: v.optional(v.string(), "$"),
  issues: v.optional(v.array(v.string()), []),
});

type StoredError = v.InferOutput<typeof StoredErrorSchema>;

/** A Map, not an object: a stored name such as `constructor` or `toString` names no class. */
const SIMPLE = new Map<string, new (init: PartnerErrorInit) => PartnerApiError>([
  ["PartnerAuthError", PartnerAuthError],
  ["PartnerNotFoundError", PartnerNotFoundError],
  ["PartnerConflictError", PartnerConflictError],
  ["PartnerValidationError", PartnerValidationError],
  ["PartnerInsufficientCreditError", PartnerInsufficientCreditError],
  ["PartnerRateLimitError", PartnerRateLimitError],
]);

/**
 * Rebuilds a partner error from its `toJSON()` form (e.g. read back from conversation state), as an
 * instance of the class named by `name`. Returns `null` when the value is not a stored partner error.
 * The stored `message` and `userMessageKey` are kept as they were.
 */
export function revivePartnerError(value: unknown): PartnerApiError | null {
  const parsed = v.safeParse(StoredErrorSchema, value);
  if (!parsed.success) return null;
  const stored = parsed.output;
  const error = build(stored);
  if (error === null) return null;
  // The key was computed when the error was made; a stored one wins (it is what the user saw).
  if (stored.userMessageKey !== undefined) {
    Object.defineProperty(error, "userMessageKey", { value: stored.userMessageKey, enumerable: true });
  }
  return error;
}

function build(stored: StoredError): PartnerApiError | null {
  const init: PartnerErrorInit = {
    status: stored.status,
    endpoint: stored.endpoint,
    partnerMessage: stored.partnerMessage,
    message: stored.message,
  };
  if (stored.partnerCode !== undefined) init.partnerCode = stored.partnerCode;
  if (stored.retryAfterMs !== undefined) init.retryAfterMs = stored.retryAfterMs;

  if (stored.name === "PartnerUnavailableError") {
    const full: PartnerUnavailableInit = {
      ...init,
      reason: stored.reason ?? (stored.status === 0 ? "network" : "status"),
    };
    if (stored.networkCode !== undefined) full.networkCode = stored.networkCode;
    if (stored.outcome !== undefined) full.outcome = stored.outcome;
    if (stored.reservation !== undefined) full.reservation = stored.reservation;
    return new PartnerUnavailableError(full);
  }
  if (stored.name === "PartnerInvalidResponseError") {
    return new PartnerInvalidResponseError({ ...init, path: stored.path, issues: stored.issues });
  }
  if (stored.name === "PartnerApiError") return new PartnerApiError(init);
  const Class = SIMPLE.get(stored.name);
  return Class === undefined ? null : new Class(init);
}
