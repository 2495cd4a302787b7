/** /report's and the digest's trips lines: each trip's margin, at most TRIP_MARGIN_LINES of them and "…and N more". */
import { describe, expect, it } from "vitest";
import { reportTripLines, TRIP_MARGIN_LINES } from "../../../../src/bot/features/admin/report-trips.js";
import { fitLines } from "../../../../src/bot/features/admin/fit-lines.js";
import { translate } from "../../../../src/bot/i18n.js";
import type { TripMargin } from "../../../../src/trips/store.js";

const env = { t: (k: string, a?: Record<string, string | number>) => translate("en", k, a), locale: "en" as const };
const money = { deposits: 0, balances: 0, due: 0, overdue: 0, overdueCount: 0 };

function margin(n: number): TripMargin {
  const rounds = 1_000_001 * n;
  return {
    tripId: `trip-${n}`,
    lead: `Lead <${n}> ${"x".repeat(100)}`,
    first: "2026-12-20",
    last: "2026-12-22",
    rounds,
    lines: 50_000,
    nets: 700_000,
    booked: 1,
    roundCount: 2,
    margin: rounds + 50_000 - 700_000,
  };
}

describe("the trips' lines", () => {
  it("says each trip's margin, escaped, and caps them with how many more", () => {
    const margins = Array.from({ length: TRIP_MARGIN_LINES + 5 }, (_, i) => margin(i + 1));
    const lines = reportTripLines({ money, margins }, undefined, env);
    expect(lines[0]).toContain(`Margin per trip (${margins.length})`);
    expect(lines).toHaveLength(1 + TRIP_MARGIN_LINES + 1);
    expect(lines.at(-1)).toBe("…and 5 more");
    expect(lines[1]).toContain("Lead &lt;1&gt;");
    expect(lines[1]).toContain("rounds ฿10,000.01 + lines ฿500 − partner ฿7,000 (1/2 rounds booked) = ฿3,500.01");
    const total = margins.reduce((n, m) => n + m.margin, 0);
    expect(lines[0]).toContain(`together ฿${(total / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    expect(fitLines(lines, (n) => env.t("admin-more", { count: n })).length).toBeLessThan(4096);
  });

  it("says nothing for a period without trips", () => {
    expect(
      reportTripLines({ money, margins: [] }, { count: 0, amount: 0, refundedCount: 0, refundedAmount: 0 }, env),
    ).toEqual([]);
  });
});
