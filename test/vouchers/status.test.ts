/** What a voucher is worth, from its tee times' states in the ledger. */
import { describe, expect, it } from "vitest";
import type { BookingState } from "../../src/bookings/index.js";
import { voucherStatus } from "../../src/vouchers/status.js";

const of = (...states: BookingState[]) => states.map((state) => ({ state }));

describe("a voucher's status", () => {
  it.each([
    [of("PAID"), null, "valid"],
    [of("REFUNDED"), null, "void"],
    [of("REFUNDING"), null, "void"],
    [of("RELEASED"), null, "void"],
    [of("CONFIRMING"), null, "pending"],
    [of("PAID", "PAID", "PAID"), null, "valid"],
    [of("PAID", "REFUNDED"), null, "partial"],
    [of("REFUNDED", "REFUNDED"), null, "void"],
    [of("PAID"), "AbCdEfGhIjKlMnOpQrStUvWx", "moved"],
    [of(), null, "void"],
  ] as const)("%j (replaced by %s): %s", (flights, replacedBy, status) => {
    expect(voucherStatus(flights, replacedBy)).toBe(status);
  });
});
