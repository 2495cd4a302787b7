/**
 * A trip's money in satang: the total of its rounds and lines, the deposit and the balance that add up to it
 * to the satang, their due days on Bangkok's calendar (not the server's), and the cancellation ladder's quote.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  depositRuleOf,
  DEFAULT_LADDER,
  daysBefore,
  depositOf,
  normalizeLadder,
  percentOf,
  refundQuote,
  scheduleOf,
  tripTotal,
} from "../../src/trips/money.js";

/** 2026-11-29 00:30 in Bangkok is still 2026-11-28 in UTC. */
const ACCEPTED = Date.UTC(2026, 10, 28, 17, 30);
const FIRST_ROUND = "2027-01-20";

describe("trip money", () => {
  it("adds rounds and lines to the satang, with no float drift", () => {
    // 0.1 + 0.2 in baht would be 0.30000000000000004; in satang it is 30.
    expect(tripTotal([10, 20])).toBe(30);
    expect(tripTotal([1_234_567, 3_500_050, 99])).toBe(4_734_716);
    expect(() => tripTotal([10.5])).toThrow(RangeError);
    expect(() => tripTotal([-1])).toThrow(RangeError);
  });

  it("takes the deposit as a percentage (rounded to the satang, halves up) or a fixed amount", () => {
    expect(depositOf(12_800_000, { kind: "percent", percent: 25 })).toBe(3_200_000);
    expect(percentOf(3, 50)).toBe(2);
    expect(percentOf(1, 25)).toBe(0);
    expect(depositOf(1_000_000, { kind: "amount", satang: 300_000 })).toBe(300_000);
    expect(depositOf(100_000, { kind: "amount", satang: 300_000 })).toBe(100_000);
    expect(() => depositOf(100, { kind: "percent", percent: 101 })).toThrow(RangeError);
  });

  it("splits any total into a deposit and a balance that add up to it exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 100 }), (total, percent) => {
        const s = scheduleOf({
          total,
          deposit: { kind: "percent", percent },
          balanceDaysBefore: 30,
          firstRound: FIRST_ROUND,
          acceptedAtMs: ACCEPTED,
        });
        expect(s.deposit.satang + s.balance.satang).toBe(total);
        expect(Number.isSafeInteger(s.deposit.satang)).toBe(true);
      }),
    );
  });

  it("dates the deposit on the day of acceptance in Bangkok and the balance N days before the first round", () => {
    const s = scheduleOf({
      total: 12_800_050,
      deposit: { kind: "percent", percent: 25 },
      balanceDaysBefore: 30,
      firstRound: FIRST_ROUND,
      acceptedAtMs: ACCEPTED,
    });
    expect(s).toEqual({
      deposit: { satang: 3_200_013, due: "2026-11-29" },
      balance: { satang: 9_600_037, due: "2026-12-21" },
    });
  });

  it("asks for the whole total at acceptance when the balance's day is already reached", () => {
    const s = scheduleOf({
      total: 800_000,
      deposit: { kind: "percent", percent: 25 },
      balanceDaysBefore: 30,
      firstRound: "2026-12-20",
      acceptedAtMs: ACCEPTED,
    });
    expect(s).toEqual({ deposit: { satang: 800_000, due: "2026-11-29" }, balance: { satang: 0, due: "2026-11-29" } });
  });

  it("counts calendar days across months and years", () => {
    expect(daysBefore("2026-12-31", "2027-01-20")).toBe(20);
    expect(daysBefore("2027-01-21", "2027-01-20")).toBe(-1);
  });

  describe("the default ladder (30 days → 75 %, 15 days → 50 %, else nothing)", () => {
    const quote = (atMs: number, paid: number) =>
      refundQuote({ total: 10_000_000, paid, ladder: DEFAULT_LADDER, firstRound: FIRST_ROUND, atMs });
    /** Noon in Bangkok, `n` days before the first round. */
    const before = (n: number) => Date.UTC(2027, 0, 20 - n, 5, 0);

    it("returns 50 % of the trip's price for a cancellation 20 days before", () => {
      expect(quote(before(20), 10_000_000)).toEqual({
        daysBefore: 20,
        percent: 50,
        entitled: 5_000_000,
        refund: 5_000_000,
        kept: 5_000_000,
      });
    });

    it("changes rung on the rung's day: 30 and 15 days are the higher rung, 29 and 14 the lower", () => {
      expect(quote(before(31), 10_000_000).percent).toBe(75);
      expect(quote(before(30), 10_000_000).percent).toBe(75);
      expect(quote(before(29), 10_000_000).percent).toBe(50);
      expect(quote(before(15), 10_000_000).percent).toBe(50);
      expect(quote(before(14), 10_000_000)).toMatchObject({ percent: 0, refund: 0, kept: 10_000_000 });
      expect(quote(before(-2), 10_000_000).refund).toBe(0);
    });

    it("counts the day in Bangkok: 23:30 UTC is already the next day there", () => {
      // 2026-12-20 23:30 UTC is 2026-12-21 06:30 in Bangkok: 30 days before, not 31; and 2026-12-05 17:30 UTC
      // is 2026-12-06 00:30 there: 45 days → still 75 %. 2027-01-05 17:00 UTC is 01-06 in Bangkok: 14 days → 0.
      expect(quote(Date.UTC(2026, 11, 20, 23, 30), 10_000_000).daysBefore).toBe(30);
      expect(quote(Date.UTC(2027, 0, 5, 16, 59), 10_000_000).percent).toBe(50);
      expect(quote(Date.UTC(2027, 0, 5, 17, 0), 10_000_000).percent).toBe(0);
    });

    it("never returns more than was paid (a deposit alone)", () => {
      expect(quote(before(40), 2_500_000)).toMatchObject({ entitled: 7_500_000, refund: 2_500_000, kept: 0 });
      expect(quote(before(20), 2_500_000)).toMatchObject({ entitled: 5_000_000, refund: 2_500_000, kept: 0 });
    });
  });

  it("takes a ladder per trip, in any order, and refuses a broken one", () => {
    const ladder = [
      { daysBefore: 7, percent: 10 },
      { daysBefore: 60, percent: 100 },
    ];
    expect(normalizeLadder(ladder).map((s) => s.daysBefore)).toEqual([60, 7]);
    const q = refundQuote({ total: 333, paid: 333, ladder, firstRound: FIRST_ROUND, atMs: Date.UTC(2027, 0, 10, 5) });
    expect(q).toMatchObject({ daysBefore: 10, percent: 10, refund: 33 });
    expect(() => normalizeLadder([{ daysBefore: 5, percent: 120 }])).toThrow(RangeError);
    expect(() =>
      normalizeLadder([
        { daysBefore: 5, percent: 10 },
        { daysBefore: 5, percent: 20 },
      ]),
    ).toThrow(RangeError);
  });

  it("reads a deposit as an agent types it: a percentage, or baht marked as such and at most the total", () => {
    const total = 10_000_000;
    expect(depositRuleOf("25", total)).toEqual({ kind: "percent", percent: 25 });
    expect(depositRuleOf("30 %", total)).toEqual({ kind: "percent", percent: 30 });
    expect(depositRuleOf("0", total)).toEqual({ kind: "percent", percent: 0 });
    expect(depositRuleOf("฿20,000", total)).toEqual({ kind: "amount", satang: 2_000_000 });
    expect(depositRuleOf("20000.50 baht", total)).toEqual({ kind: "amount", satang: 2_000_050 });
    expect(depositRuleOf("THB 100000", total)).toEqual({ kind: "amount", satang: total });
    expect(depositRuleOf("5000 บาท", total)).toEqual({ kind: "amount", satang: 500_000 });
    // More than the trip, nothing, over 100 %, or a bare number too large for a percentage: not a deposit.
    for (const bad of ["฿100,000.01", "฿0", "101", "101%", "20000", "twenty", "฿", "-5"])
      expect(depositRuleOf(bad, total), bad).toBeUndefined();
  });
});
