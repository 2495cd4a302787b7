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
  ] as const)("%j (moved: %s): %s", (flights, moved, status) => {
    expect(voucherStatus(flights, moved)).toBe(status);
  });
});
