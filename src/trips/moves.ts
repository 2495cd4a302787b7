/**
 * The legal moves of a trip's three machines — the trip, each instalment of its payment schedule, each
 * round — one table each, as the money path's are (`src/bookings/moves.ts`). The store (`store.ts`)
 * changes a state only by a compare-and-set typed from these tables and checks the move again at run
 * time (`IllegalMoveError`), so the screens never decide what may follow what.
 */
import { IllegalMoveError } from "../bookings/errors.js";
import type { LegalTo } from "../bookings/moves.js";
import type { TripInstalmentsTable, TripRoundsTable, TripsTable } from "../storage/schema.js";

export type TripState = TripsTable["state"];
export type InstalmentState = TripInstalmentsTable["state"];
export type RoundState = TripRoundsTable["state"];

/**
 * A trip: built and edited by its agent (DRAFT), sent to the lead customer (QUOTED, back to DRAFT for an
 * edit, which voids the quote), accepted by them (ACCEPTED: the schedule frozen, the deposit due), the
 * deposit approved (DEPOSIT_PAID: the rounds inside the sales window booked), the balance approved (PAID),
 * over (COMPLETED). Cancelled from any live state; the ladder decides what is returned.
 */
export const TRIP_MOVES = {
  DRAFT: ["QUOTED", "CANCELLED"],
  QUOTED: ["DRAFT", "ACCEPTED", "CANCELLED"],
  ACCEPTED: ["DEPOSIT_PAID", "CANCELLED"],
  DEPOSIT_PAID: ["PAID", "CANCELLED"],
  PAID: ["COMPLETED", "CANCELLED"],
  COMPLETED: [],
  CANCELLED: [],
} as const satisfies Record<TripState, readonly TripState[]>;

/**
 * An instalment (the deposit or the balance): due until a slip comes (submitted), decided by a person
 * (approved, or rejected: a new slip or a decider's approval follows), or void with its trip (cancelled).
 */
export const INSTALMENT_MOVES = {
  due: ["submitted", "approved", "cancelled"],
  submitted: ["submitted", "approved", "rejected", "cancelled"],
  rejected: ["submitted", "approved", "cancelled"],
  approved: [],
  cancelled: [],
} as const satisfies Record<InstalmentState, readonly InstalmentState[]>;

/**
 * A round: planned with the trip; once the deposit is approved, booked at the partner (BOOKING → BOOKED,
 * or FAILED, which may be tried again) if its day is inside the partner's sales window, else left
 * WAITING_FOR_SALE until the day opens, then booked (BOOKING) or, with no tee time near its time within the
 * agent's price, FAILED (the agent told, with the nearest). Cancelled with its trip (a booked round's
 * reservation refunded). A booked round the course ended at the partner (it cancelled the tee time or closed
 * the day) is COURSE_ENDED: out of the trip's price, what the customer paid for it returned or taken off the
 * balance (`TripService.courseEnded`).
 */
export const ROUND_MOVES = {
  PLANNED: ["BOOKING", "WAITING_FOR_SALE", "CANCELLED"],
  WAITING_FOR_SALE: ["BOOKING", "FAILED", "CANCELLED"],
  BOOKING: ["BOOKED", "FAILED"],
  FAILED: ["BOOKING", "CANCELLED"],
  BOOKED: ["CANCELLED", "COURSE_ENDED"],
  CANCELLED: [],
  COURSE_ENDED: [],
} as const satisfies Record<RoundState, readonly RoundState[]>;

/** An instalment still to be paid: every state an approval (or a cancellation with its trip) may come from. */
export const OPEN_INSTALMENT_STATES = ["due", "submitted", "rejected"] as const satisfies readonly InstalmentState[];

/** Whether an instalment is still to be paid (`OPEN_INSTALMENT_STATES`). */
export function isOpenInstalment(i: {
  state: InstalmentState;
}): i is { state: (typeof OPEN_INSTALMENT_STATES)[number] } {
  return (OPEN_INSTALMENT_STATES as readonly InstalmentState[]).includes(i.state);
}

export type TripTargets<From extends TripState> = LegalTo<typeof TRIP_MOVES, From>;
export type InstalmentTargets<From extends InstalmentState> = LegalTo<typeof INSTALMENT_MOVES, From>;
export type RoundTargets<From extends RoundState> = LegalTo<typeof ROUND_MOVES, From>;

export type TripMachine = "trip" | "instalment" | "round";
const TABLES: Record<TripMachine, Readonly<Record<string, readonly string[]>>> = {
  trip: TRIP_MOVES,
  instalment: INSTALMENT_MOVES,
  round: ROUND_MOVES,
};

/** Throws `IllegalMoveError` unless `to` is legal from every state of `from`. */
export function assertTripMoves(machine: TripMachine, from: readonly string[], to: string): void {
  for (const state of from) {
    if (!(TABLES[machine][state]?.includes(to) ?? false)) throw new IllegalMoveError(machine, state, to);
  }
}
