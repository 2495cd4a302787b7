import { describe, expect, it } from "vitest";
import { chartFigures, grainOf } from "../../../src/reports/charts/figures.js";
import { chartSvg } from "../../../src/reports/charts/svg.js";
import { sampleBookings, sampleFigures } from "../../helpers/chart-sample.js";
import { bangkok } from "../../helpers/clock.js";

describe("the chart's figures", () => {
  it("a bar a day up to a month, a bar a week (Monday to Sunday, clipped) up to half a year, else a bar a month", () => {
    expect(grainOf("2026-11-01", "2026-11-01")).toBe("day");
    expect(grainOf("2026-11-01", "2026-12-01")).toBe("day");
    expect(grainOf("2026-11-01", "2026-12-02")).toBe("week");
    expect(grainOf("2026-06-01", "2026-11-29")).toBe("week");
    expect(grainOf("2026-06-01", "2026-11-30")).toBe("month");

    // 2026-11-04 is a Wednesday: the first week is cut to Wednesday–Sunday, the last to Monday–Thursday.
    const weeks = sampleFigures("2026-11-04", "2026-12-31", 40, (i) => i);
    expect(weeks.grain).toBe("week");
    expect(weeks.buckets[0]).toMatchObject({ start: "2026-11-04", end: "2026-11-08" });
    expect(weeks.buckets[1]).toMatchObject({ start: "2026-11-09", end: "2026-11-15" });
    expect(weeks.buckets.at(-1)).toMatchObject({ start: "2026-12-28", end: "2026-12-31" });
    expect(weeks.buckets[0]!.teeTimes).toBe(5);
    expect(weeks.buckets.reduce((n, b) => n + b.teeTimes, 0)).toBe(40);
  });

  it("a year is drawn by month, its totals those of the bookings; the Bangkok day decides the bar", () => {
    const bookings = sampleBookings("2026-01-01", 73, (i) => i * 5);
    const year = sampleFigures("2026-01-01", "2026-12-31", 73, (i) => i * 5);
    expect(year.grain).toBe("month");
    expect(year.buckets.map((b) => b.start)).toEqual(
      Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, "0")}-01`),
    );
    expect(year.buckets[1]).toMatchObject({ end: "2026-02-28" });
    const selling = (b: (typeof bookings)[number]) => b.selling_amount ?? b.amount!;
    expect(year.selling).toBe(bookings.reduce((s, b) => s + selling(b), 0));
    expect(year.margin).toBe(bookings.filter((b) => b.selling_amount !== null).length * 30_000);
    expect(year.teeTimes).toBe(73);
    const january = bookings.filter((b) => b.paid_at! < bangkok("2026-02-01T00:00"));
    expect(year.buckets[0]).toMatchObject({
      teeTimes: january.length,
      selling: january.reduce((s, b) => s + selling(b), 0),
    });
    expect(year.unpaidHolds).toBe(2);
    expect(year.buckets[0]!.unpaidHolds).toBe(2);

    // 23:30 in Bangkok on 31 January is still January there (16:30 UTC), 00:30 on 1 February is February.
    const edge = chartFigures({
      from: "2026-01-01",
      to: "2026-12-31",
      paid: [
        { ...bookings[1]!, paid_at: bangkok("2026-01-31T23:30") },
        { ...bookings[2]!, paid_at: bangkok("2026-02-01T00:30") },
      ],
      releasedAt: [],
      agentIds: new Set(),
      names: new Map(),
      timeZone: "Asia/Bangkok",
    });
    expect(edge.buckets.slice(0, 2).map((b) => b.teeTimes)).toEqual([1, 1]);
  });

  it("ranks courses and agents by selling total, direct bookings under no agent", () => {
    const f = sampleFigures("2026-11-01", "2026-11-14", 40, (i) => i % 14);
    expect(f.courses.map((c) => c.selling)).toEqual([...f.courses.map((c) => c.selling)].sort((a, b) => b - a));
    expect(f.agents.map((a) => a.selling)).toEqual([...f.agents.map((a) => a.selling)].sort((a, b) => b - a));
    expect(f.agents.find((a) => a.agent === "direct")?.teeTimes).toBe(10);
    expect(f.agents.reduce((s, a) => s + a.selling, 0)).toBe(f.selling);
    expect(f.courses.reduce((s, c) => s + c.teeTimes, 0)).toBe(40);
  });

  it("an empty period is empty: every day a bar of nothing, and no drawing", () => {
    const f = chartFigures({
      from: "2026-11-01",
      to: "2026-11-30",
      paid: [],
      releasedAt: [],
      agentIds: new Set(),
      names: new Map(),
      timeZone: "Asia/Bangkok",
    });
    expect(f.empty).toBe(true);
    expect(f.buckets).toHaveLength(30);
    expect(() => chartSvg(f, {} as never)).toThrow(RangeError);
  });
});
