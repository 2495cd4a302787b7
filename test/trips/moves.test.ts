/**
 * The trip's machines audited from their tables: every target is a state of the same machine, money's end
 * states have no way out, a cancelled trip or an approved instalment is never moved again, and a move not in
 * the table is refused at run time (the store checks it even when the types were bypassed).
 */
import { describe, expect, it } from "vitest";
import { IllegalMoveError } from "../../src/bookings/errors.js";
import {
  assertTripMoves,
  INSTALMENT_MOVES,
  OPEN_INSTALMENT_STATES,
  ROUND_MOVES,
  TRIP_MOVES,
} from "../../src/trips/moves.js";

describe("trip machines", () => {
  const tables = { trip: TRIP_MOVES, instalment: INSTALMENT_MOVES, round: ROUND_MOVES } as const;

  it("moves only to states of the same machine", () => {
    for (const table of Object.values(tables)) {
      const states = Object.keys(table);
      for (const targets of Object.values(table)) for (const to of targets) expect(states).toContain(to);
    }
  });

  it("leaves no way out of a cancelled or completed trip, an approved instalment, a cancelled round", () => {
    expect(TRIP_MOVES.CANCELLED).toEqual([]);
    expect(TRIP_MOVES.COMPLETED).toEqual([]);
    expect(INSTALMENT_MOVES.approved).toEqual([]);
    expect(ROUND_MOVES.CANCELLED).toEqual([]);
    expect(ROUND_MOVES.COURSE_ENDED).toEqual([]);
    // A booked round is only ever cancelled (its reservation refunded) or ended by the course, never booked again.
    expect(ROUND_MOVES.BOOKED).toEqual(["CANCELLED", "COURSE_ENDED"]);
  });

  it("refuses at run time a move the table does not hold", () => {
    expect(() => assertTripMoves("trip", ["CANCELLED"], "ACCEPTED")).toThrow(IllegalMoveError);
    expect(() => assertTripMoves("trip", ["DRAFT"], "DEPOSIT_PAID")).toThrow(IllegalMoveError);
    expect(() => assertTripMoves("instalment", ["approved"], "approved")).toThrow(IllegalMoveError);
    expect(() => assertTripMoves("round", ["BOOKED"], "BOOKING")).toThrow(IllegalMoveError);
    // From several states, the move must be legal from each.
    expect(() => assertTripMoves("round", ["PLANNED", "BOOKED"], "BOOKING")).toThrow(IllegalMoveError);
    expect(() => assertTripMoves("round", ["PLANNED", "FAILED"], "BOOKING")).not.toThrow();
  });

  it("calls open exactly the instalments an approval may still come to: those the table lets approve", () => {
    const approvable = Object.entries(INSTALMENT_MOVES)
      .filter(([, to]) => (to as readonly string[]).includes("approved"))
      .map(([from]) => from);
    expect([...OPEN_INSTALMENT_STATES].sort()).toEqual(approvable.sort());
  });
});
