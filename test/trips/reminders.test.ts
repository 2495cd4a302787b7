/** An unpaid instalment's reminder stages by Bangkok's calendar day. */
import { describe, expect, it } from "vitest";
import { reminderStageOn, SOON_DAYS } from "../../src/trips/reminders.js";

describe("reminderStageOn", () => {
  it(`reminds of the balance ${SOON_DAYS} days before its day, on its day, and calls it overdue the day after`, () => {
    const due = "2026-12-01";
    expect(reminderStageOn("balance", due, "2026-11-27")).toBe(0);
    expect(reminderStageOn("balance", due, "2026-11-28")).toBe(1);
    expect(reminderStageOn("balance", due, "2026-11-30")).toBe(1);
    expect(reminderStageOn("balance", due, "2026-12-01")).toBe(2);
    expect(reminderStageOn("balance", due, "2026-12-02")).toBe(3);
    expect(reminderStageOn("balance", due, "2027-01-15")).toBe(3);
  });

  it("has the deposit (due on acceptance, with its QR shown then) only overdue", () => {
    expect(reminderStageOn("deposit", "2026-12-01", "2026-12-01")).toBe(0);
    expect(reminderStageOn("deposit", "2026-12-01", "2026-12-02")).toBe(3);
  });
});
