/**
 * What each booking-service call reports, and how a ledger row reads as that outcome when the call
 * found the booking already moved on. Pure: no I/O.
 */
import type { HoldRefusal } from "../access/index.js";
import type { PartnerErrorJSON } from "../partner/errors.js";
import type { OwnerRefusal } from "./ownership.js";
import { WRITES_IN_FLIGHT, type BookingRecord, type GroupView } from "./record.js";

/** Outcomes are plain JSON: the booking conversation stores them through `conversation.external`. */
export type ReserveOutcome =
  | { kind: "held"; booking: BookingRecord }
  /** The service's rule refused the hold before any partner call (who books, for which agent and course). */
  | { kind: "refused"; booking: BookingRecord; reason: HoldRefusal }
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
  | { kind: "busy"; booking: BookingRecord }
  /** A move of this booking is open and owns it (`ownership.ts`): nothing was done; abandon the move first. */
  | { kind: "owned"; booking: BookingRecord; owner: OwnerRefusal };

export type ReleaseOutcome =
  | { kind: "released"; booking: BookingRecord }
  | { kind: "pending"; booking: BookingRecord }
  | { kind: "not-held"; booking: BookingRecord }
  /** A flight of a group, which a person releases only with its group (`releaseGroup`): nothing was done. */
  | { kind: "group-flight"; booking: BookingRecord }
  /** The hold of an open move (`ownership.ts`): only the move releases it (its abandon, or its hold's end). */
  | { kind: "owned"; booking: BookingRecord; owner: OwnerRefusal };

export function reserveOutcomeOf(booking: BookingRecord): ReserveOutcome {
  if (booking.state === "RESERVE_UNKNOWN") return { kind: "unknown", booking };
  if (booking.state === "RESERVE_FAILED") {
    const refused = refusalOf(booking.last_error);
    if (refused) return { kind: "refused", booking, reason: refused };
    return { kind: "failed", booking, error: parseError(booking.last_error) };
  }
  if (booking.state === "RESERVING" || booking.state === "INTENT") return { kind: "busy", booking };
  // An intent the reaper dropped before any reserve (a reserve that comes later, as a conversation's replay
  // of the step that failed, finds it so): nothing was held or charged, and the slot is to be chosen again.
  if (booking.state === "RELEASED" && booking.reservation_id === null) return { kind: "unknown", booking };
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

/** Where a group operation stopped: the flight (1 first) and why. */
export interface GroupStop {
  flight: number;
  /** The flight's own outcome kind (failed, refused, unknown, insufficient, expired, …). */
  kind: string;
  error?: PartnerErrorJSON;
  /** Why the service refused the hold (kind `refused`). */
  refusal?: HoldRefusal;
}

/** Hold all or none. */
export type GroupHoldOutcome =
  | { kind: "held"; view: GroupView }
  /** A flight could not be held; every hold already made was released (or is being released). */
  | { kind: "failed"; view: GroupView; stop: GroupStop }
  /** Another call holds this group right now, or did and was interrupted (the reaper finishes it). */
  | { kind: "busy"; view: GroupView };

/** Confirm as one: `view` always tells which flights are paid. */
export type GroupConfirmOutcome =
  /** `balanceAfter`: the credit read before the first confirm less what the flights paid, when that read succeeded. */
  | { kind: "paid"; view: GroupView; balanceAfter?: number }
  /** The credit does not cover the total: nothing was confirmed; the holds stand. */
  | { kind: "insufficient"; view: GroupView; balance: number | null; total: number }
  /** The first confirm was refused and nothing is paid: the holds stand (try again). */
  | { kind: "failed"; view: GroupView; stop: GroupStop }
  /** A confirm stopped midway: the paid flights stay paid, the rest were released. */
  | { kind: "partial"; view: GroupView; stop?: GroupStop }
  /** A confirm's outcome is unknown: the flights after it were released; the reaper settles it and tells the booker. */
  | { kind: "unknown"; view: GroupView; stop?: GroupStop }
  /** The holds ended (or were too close to their end to confirm them all): released, nothing paid. */
  | { kind: "expired"; view: GroupView }
  /** The group is being confirmed by another call (or was interrupted and the reaper will settle it). */
  | { kind: "busy"; view: GroupView }
  /** The group is not held (released, or never held). */
  | { kind: "not-held"; view: GroupView };

export type GroupReleaseOutcome =
  | { kind: "released"; view: GroupView }
  /** A flight's release is unanswered: the reaper finishes it. */
  | { kind: "pending"; view: GroupView }
  | { kind: "not-held"; view: GroupView };

export interface GroupRefundOutcome {
  view: GroupView;
  /** The flights refunded by this call or before (satang the partner credited back, summed where known). */
  refunded: number;
  /** Flights whose refund failed or is unknown. */
  failed: { flight: number; kind: string }[];
}

/** Paid flights: paid and not refunded since. */
export const paidFlights = (view: GroupView) => view.flights.filter((f) => f.state === "PAID");

/** How a group reads as the outcome of a confirm that found it already moved on. */
export function groupConfirmOutcomeOf(view: GroupView): GroupConfirmOutcome {
  const { group, flights } = view;
  switch (group.state) {
    case "PAID":
      return { kind: "paid", view };
    case "PARTIAL":
      return { kind: "partial", view };
    case "CONFIRMING":
    case "HOLDING":
      return { kind: "busy", view };
    case "RELEASED":
      return flights.some((f) => f.release_reason === "expired")
        ? { kind: "expired", view }
        : { kind: "not-held", view };
    default:
      return { kind: "not-held", view };
  }
}

/** How a refused hold is recorded in `last_error`. */
export function refusalJSON(reason: HoldRefusal): string {
  return JSON.stringify({ refused: reason });
}

function refusalOf(text: string | null): HoldRefusal | undefined {
  if (!text?.startsWith('{"refused":')) return undefined;
  try {
    return (JSON.parse(text) as { refused: HoldRefusal }).refused;
  } catch {
    return undefined;
  }
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

/** What the reaper's retry of an approved payment's confirm did: a booking's confirm, or a group's. */
export type ApprovedRetry =
  { kind: "booking"; outcome: ConfirmOutcome } | { kind: "group"; outcome: GroupConfirmOutcome };
