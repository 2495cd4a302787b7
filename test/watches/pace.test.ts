import { describe, expect, it } from "vitest";
import {
  backoffMs,
  checkIntervalMs,
  createReadBudget,
  jitterMs,
  MAX_BACKOFF_MS,
  pauseMs,
} from "../../src/watches/pace.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const AT = Date.parse("2026-11-25T10:00:00+07:00");

describe("how often a (course, date) is read", () => {
  it("more often as its day nears", () => {
    expect(checkIntervalMs(AT - HOUR, AT)).toBe(MINUTE); // today
    expect(checkIntervalMs(AT + 14 * HOUR, AT)).toBe(MINUTE); // tomorrow
    expect(checkIntervalMs(AT + 62 * HOUR, AT)).toBe(3 * MINUTE); // Saturday, seen from Wednesday
    expect(checkIntervalMs(AT + 5 * 24 * HOUR, AT)).toBe(10 * MINUTE);
    expect(checkIntervalMs(AT + 20 * 24 * HOUR, AT)).toBe(30 * MINUTE);
  });

  it("less and less often while its reads fail, and the whole checker pauses while every read fails", () => {
    expect([1, 2, 3, 4].map((f) => backoffMs(3 * MINUTE, f))).toEqual([6, 12, 24, 30].map((m) => m * MINUTE));
    expect(backoffMs(MINUTE, 100)).toBe(MAX_BACKOFF_MS);
    expect([1, 2, 3, 10].map(pauseMs)).toEqual([30_000, 60_000, 120_000, 15 * MINUTE]);
  });

  it("spread by a stable tenth of the interval per target", () => {
    const a = jitterMs("course-a|2026-11-28", 3 * MINUTE);
    expect(a).toBe(jitterMs("course-a|2026-11-28", 3 * MINUTE));
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(18_000);
    const spread = new Set(Array.from({ length: 20 }, (_, i) => jitterMs(`course-${i}|2026-11-28`, 3 * MINUTE)));
    expect(spread.size).toBeGreaterThan(15);
  });
});

describe("the checker's read budget", () => {
  it("never more than the budget in any 60 seconds, a tenth of it at once, whatever is asked", () => {
    const budget = createReadBudget(30);
    const taken: number[] = [];
    for (let t = 0; t < 10 * MINUTE; t += 1_000) {
      const n = budget.take(100, AT + t);
      expect(n).toBeLessThanOrEqual(3);
      for (let i = 0; i < n; i += 1) taken.push(AT + t);
    }
    for (const t of taken) expect(taken.filter((u) => u >= t && u < t + MINUTE).length).toBeLessThanOrEqual(30);
    // It is used in full: about 30 a minute over the ten minutes.
    expect(taken.length).toBeGreaterThanOrEqual(295);
    expect(budget.used(AT + 10 * MINUTE)).toBeLessThanOrEqual(30);
  });

  it("a small budget hands out one read at a time, and none beyond it within the minute", () => {
    const budget = createReadBudget(3);
    expect(budget.take(10, AT)).toBe(1);
    expect(budget.take(10, AT)).toBe(0);
    expect(budget.take(10, AT + 20_000)).toBe(1);
    expect(budget.take(10, AT + 40_000)).toBe(1);
    expect(budget.take(10, AT + 59_000)).toBe(0);
    expect(budget.take(10, AT + 60_000)).toBe(1);
  });
});
