/**
 * What a voucher is worth now, from its booking's (or its flights') current state in the ledger: valid
 * while paid, void once refunded or released (cancelled by the course when the course ended every tee time
 * of it, `ended_by`), moved once a finished move replaced its booking (or another voucher took its place,
 * `replaced_by`). The page never names what replaced it.
 */
import type { BookingRecord, BookingState } from "../bookings/index.js";

/** The check page's word for a voucher or one of its tee times. */
export type VoucherStatus = "valid" | "void" | "course-cancelled" | "moved" | "pending" | "partial";

/** A booking's state as the voucher reads it: paid stands; refunded or released (or on the way) is void. */
export function flightStatus(state: BookingState): "valid" | "void" | "pending" {
  if (state === "PAID") return "valid";
  if (state === "REFUNDING" || state === "REFUNDED" || state === "RELEASING" || state === "RELEASED") return "void";
  return "pending";
}

/**
 * The voucher's status: moved when its booking was moved; else its tee times' (a group's, less the
 * flights a finished move replaced: valid when every one stands, void when none does, partial between).
 */
export function voucherStatus(
  flights: readonly (Pick<BookingRecord, "state"> & Partial<Pick<BookingRecord, "ended_by">>)[],
  moved: boolean,
): VoucherStatus {
  if (moved) return "moved";
  const each = flights.map((f) => flightStatus(f.state));
  if (each.length === 0) return "void";
  if (each.every((s) => s === "void"))
    return flights.every((f) => f.ended_by === "course") ? "course-cancelled" : "void";
  if (each.every((s) => s === "valid")) return "valid";
  if (each.some((s) => s === "valid")) return "partial";
  return each.includes("pending") ? "pending" : "void";
}
