/**
 * What each booking-service call reports, and how a ledger row reads as that outcome when the call
 * found the booking already moved on. Pure: no I/O.
 */
import type { PartnerErrorJSON } from "../partner/errors.js";
import { WRITES_IN_FLIGHT, type BookingRecord } from "./record.js";

/** Outcomes are plain JSON: the booking conversation stores them through `conversation.external`. */
export type ReserveOutcome =
  | { kind: "held"; booking: BookingRecord }
  | { kind: "failed"; booking: BookingRecord; error: PartnerErrorJSON }
  | { kind: "unknown"; booking: BookingRecord }
  | { kind: "busy"; booking: BookingRecord };

export type ConfirmOutcome =
  /** `balanceAfter` (satang): the credit read before this confirm less what it paid, when that read succeeded. */
  | { kind: "paid"; booking: BookingRecord; balanceAfter?: number }
  | { kind: "insufficient"; booking: BookingRecord; balance: number | null }
  | { kind: "expired"; booking: BookingRecord }
  | { kind: "failed"; booking: BookingRecord; error: PartnerErrorJSON }
  | { kind: "unknown"; booking: BookingRecord }
  | { kind: "busy"; booking: BookingRecord }
  | { kind: "not-held"; booking: BookingRecord };

export type RefundOutcome =
  | { kind: "refunded"; booking: BookingRecord; refundedAmount: number | null }
  | { kind: "not-paid"; booking: BookingRecord }
  | { kind: "failed"; booking: BookingRecord; error: PartnerErrorJSON }
  | { kind: "unknown"; booking: BookingRecord }
  | { kind: "busy"; booking: BookingRecord };

export type ReleaseOutcome =
  | { kind: "released"; booking: BookingRecord }
  | { kind: "pending"; booking: BookingRecord }
  | { kind: "not-held"; booking: BookingRecord };

export function reserveOutcomeOf(booking: BookingRecord): ReserveOutcome {
  if (booking.state === "RESERVE_UNKNOWN") return { kind: "unknown", booking };
  if (booking.state === "RESERVE_FAILED") {
    return { kind: "failed", booking, error: parseError(booking.last_error) };
  }
  if (booking.state === "RESERVING" || booking.state === "INTENT") return { kind: "busy", booking };
  return { kind: "held", booking };
}

export function confirmOutcomeOf(booking: BookingRecord): ConfirmOutcome {
  if (booking.state === "PAID" || booking.state === "REFUNDED" || booking.state === "REFUNDING")
    return { kind: "paid", booking };
  if (WRITES_IN_FLIGHT.includes(booking.state)) return { kind: "busy", booking };
  if (booking.state === "RELEASED" && booking.release_reason === "expired") return { kind: "expired", booking };
  return { kind: "not-held", booking };
}

export function releaseOutcomeOf(booking: BookingRecord): ReleaseOutcome {
  if (booking.state === "RELEASED") return { kind: "released", booking };
  if (booking.state === "RELEASING") return { kind: "pending", booking };
  return { kind: "not-held", booking };
}

function parseError(text: string | null): PartnerErrorJSON {
  try {
    if (text) return JSON.parse(text) as PartnerErrorJSON;
  } catch {
    // fall through
  }
  return {
    name: "PartnerApiError",
    message: "unknown",
    status: 0,
    endpoint: "",
    partnerMessage: "",
    userMessageKey: "partner-error-generic",
  };
}
