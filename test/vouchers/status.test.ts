/** What a voucher is worth, from its tee times' states in the ledger. */
import { describe, expect, it } from "vitest";
import type { BookingState } from "../../src/bookings/index.js";
import { voucherStatus } from "../../src/vouchers/status.js";

const of = (...states: BookingState[]) => states.map((state) => ({ state }));

describe("a voucher's status", () => {
  it.each([
    [of("PAID"), false, "valid"],
    [of("REFUNDED"), false, "void"],
    [of("REFUNDING"), false, "void"],
    [of("RELEASED"), false, "void"],
    [of("CONFIRMING"), false, "pending"],
    [of("PAID", "PAID", "PAID"), false, "valid"],
    [of("PAID", "REFUNDED"), false, "partial"],
    [of("REFUNDED", "REFUNDED"), false, "void"],
    [of("PAID"), true, "moved"],
    [of(), false, "void"],
    [[{ state: "REFUNDED", ended_by: "course" }], false, "course-cancelled"],
    [[{ state: "RELEASED", ended_by: "course" }], false, "course-cancelled"],
    // A group: cancelled by the course only when the course ended every tee time of it.
    [
      [
        { state: "REFUNDED", ended_by: "course" },
        { state: "REFUNDED", ended_by: null },
      ],
      false,
      "void",
    ],
    [
      [
        { state: "REFUNDED", ended_by: "course" },
        { state: "PAID", ended_by: null },
      ],
      false,
      "partial",
    ],
  ] as const)("%j (moved: %s): %s", (flights, moved, status) => {
    expect(voucherStatus(flights, moved)).toBe(status);
  });
});
