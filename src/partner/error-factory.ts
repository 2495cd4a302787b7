/** The one place that picks the error class for a failed partner call. */
import {
  PartnerApiError,
  PartnerAuthError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerNotFoundError,
  PartnerRateLimitError,
  PartnerUnavailableError,
  PartnerValidationError,
  type PartnerErrorInit,
  type PartnerUnavailableInit,
  type UnavailableReason,
} from "./errors.js";

const INSUFFICIENT =
  /insufficient\s+(credit|balance|fund)|not\s+enough\s+(credit|balance|fund)|(credit|balance)\s+(is\s+)?(too\s+low|insufficient)/i;

/**
 * Picks the error class for an HTTP answer: by status first, then by the message (a 4xx saying
 * the credit is insufficient). Status 0 is a network failure or timeout (`reason` tells which).
 */
export function createPartnerError(
  init: PartnerErrorInit & { reason?: UnavailableReason; networkCode?: string },
): PartnerApiError {
  const { status } = init;
  if (status === 0 || status === 408 || (status >= 500 && status <= 599)) {
    const unavailable: PartnerUnavailableInit = {
      ...init,
      reason: init.reason ?? (status === 0 ? "network" : "status"),
    };
    return new PartnerUnavailableError(unavailable);
  }
  if (status === 402 || (status >= 400 && status < 500 && INSUFFICIENT.test(init.partnerMessage ?? ""))) {
    return new PartnerInsufficientCreditError(init);
  }
  switch (status) {
    case 401:
    case 403:
      return new PartnerAuthError(init);
    case 404:
    case 410:
      return new PartnerNotFoundError(init);
    case 409:
    case 423:
      return new PartnerConflictError(init);
    case 400:
    case 422:
      return new PartnerValidationError(init);
    case 429:
      return new PartnerRateLimitError(init);
    default:
      return new PartnerApiError(init);
  }
}
