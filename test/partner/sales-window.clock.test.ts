/**
 * The partner's sales window (docs/partner-api-choices.md: a date after today + 35, course-local, lists
 * nothing): the last date fairway offers, searches or watches, and the sandbox standing in for the
 * partner agreeing with it day for day.
 */
import { describe, expect, it } from "vitest";
import { SALES_WINDOW_DAYS, bySalesWindow, lastSaleDate, onSaleFrom } from "../../src/partner/sales-window.js";
import { TODAY, start } from "../local/sandbox/helpers.js";

describe("the sales window", () => {
  it("ends 35 days after today, across months, years and 29 February", () => {
    expect(SALES_WINDOW_DAYS).toBe(35);
    expect(lastSaleDate("2026-11-25")).toBe("2026-12-30");
    expect(lastSaleDate("2026-12-31")).toBe("2027-02-04");
    expect(lastSaleDate("2028-02-01")).toBe("2028-03-07");
    expect(onSaleFrom("2026-12-30")).toBe("2026-11-25");
    expect(onSaleFrom("2028-03-07")).toBe("2028-02-01");
  });

  it("splits dates into past, on sale and not on sale yet, each in its order", () => {
    expect(bySalesWindow(["2026-11-24", "2026-11-25", "2026-12-30", "2026-12-31", "2031-01-01"], "2026-11-25")).toEqual(
      { past: ["2026-11-24"], onSale: ["2026-11-25", "2026-12-30"], notYet: ["2026-12-31", "2031-01-01"] },
    );
    expect(bySalesWindow([], "2026-11-25")).toEqual({ past: [], onSale: [], notYet: [] });
  });

  it("refuses a today that is not a calendar day", () => {
    expect(() => lastSaleDate("2026-02-30")).toThrow(RangeError);
    expect(() => lastSaleDate("25/11/2026")).toThrow(RangeError);
  });

  it("is the sandbox's: it lists the window's last date and nothing the day after", async () => {
    const { sandbox, call } = await start();
    const course = sandbox.courses().find((c) => c.status !== "CLOSED")!;
    const list = (date: string) => call("GET", `/tee-time?courseId=${course.id}&date=${date}`);
    const last = await list(lastSaleDate(TODAY));
    expect(last.status).toBe(200);
    expect(last.json.length).toBeGreaterThan(0);
    const after = await list(dayAfter(lastSaleDate(TODAY)));
    expect(after.status).toBe(200);
    expect(after.json).toEqual([]);
  });
});

function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
