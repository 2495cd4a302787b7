import { describe, expect, it } from "vitest";
import { markupText, parseMarkup, parseRounding, quote, sellingPerPlayer } from "../../src/pricing/price.js";
import { NO_MARKUP, PriceBook } from "../../src/pricing/rules.js";

const pct = (p: number) => ({ kind: "percent" as const, basisPoints: p * 100 });
const perPlayer = (baht: number) => ({ kind: "per-player" as const, satang: baht * 100 });

describe("the price function", () => {
  it("no markup: the net itself, unrounded", () => {
    expect(sellingPerPlayer(180_050, null, 100)).toBe(180_050);
  });

  it("a percentage of the net, rounded up to the baht", () => {
    expect(sellingPerPlayer(180_000, pct(15))).toBe(207_000);
    expect(sellingPerPlayer(180_010, pct(15))).toBe(207_100); // 2070.115 baht → 2071
    expect(sellingPerPlayer(100_000, { kind: "percent", basisPoints: 1250 })).toBe(112_500);
  });

  it("baht per player on top of the net", () => {
    expect(sellingPerPlayer(180_000, perPlayer(300))).toBe(210_000);
    expect(sellingPerPlayer(180_050, perPlayer(300))).toBe(210_100);
  });

  it.each([
    [1, 207_000],
    [10, 207_000],
    [50, 210_000],
    [100, 210_000],
  ] as const)("rounds up to %i baht", (rounding, expected) => {
    expect(sellingPerPlayer(180_000, pct(15), rounding)).toBe(expected);
  });

  it("rounding never lowers the margin below the markup", () => {
    for (let net = 50_000; net < 400_000; net += 1_337) {
      for (const r of [1, 10, 50, 100] as const) {
        const selling = sellingPerPlayer(net, pct(12), r);
        expect(selling).toBeGreaterThanOrEqual(Math.ceil((net * 112) / 100));
        expect(selling % (r * 100)).toBe(0);
        expect(selling - Math.ceil((net * 112) / 100)).toBeLessThan(r * 100);
      }
    }
  });

  it("a party's quote: net, selling and margin for every player", () => {
    expect(quote(180_000, 4, pct(15), 10)).toEqual({
      netPerPlayer: 180_000,
      perPlayer: 207_000,
      persons: 4,
      net: 720_000,
      selling: 828_000,
      margin: 108_000,
    });
  });
});

describe("PRICE_MARKUP and /prices read markups", () => {
  it.each([
    ["15%", pct(15), "15%"],
    ["12.5 %", { kind: "percent", basisPoints: 1250 }, "12.5%"],
    ["300", perPlayer(300), "300"],
    ["1,000", perPlayer(1000), "1000"],
    ["฿250.50", { kind: "per-player", satang: 25_050 }, "250.5"],
    ["300 บาท", perPlayer(300), "300"],
  ])("%s", (text, markup, back) => {
    expect(parseMarkup(text)).toEqual(markup);
    expect(markupText(parseMarkup(text)!)).toBe(back);
  });

  it.each(["", "abc", "-5%", "600%", "15%%", "1e3"])("refuses %j", (text) => {
    expect(parseMarkup(text)).toBeUndefined();
  });

  it("roundings are 1, 10, 50 or 100 baht", () => {
    expect(parseRounding("50")).toBe(50);
    expect(parseRounding("5")).toBeUndefined();
  });
});

describe("overrides", () => {
  const book = new PriceBook({
    agency: pct(15),
    agencySource: "agency",
    rounding: 10,
    courses: new Map([["c-premium", pct(25)]]),
    agents: new Map([[42, perPlayer(200)]]),
  });

  it("the agency's markup for anyone, anywhere", () => {
    expect(book.ruleFor({ courseId: "c1", agentId: 7 }).source).toBe("agency");
    expect(book.perPlayer(180_000, { courseId: "c1", agentId: 7 })).toBe(207_000);
  });

  it("an agent's override for that agent's sales", () => {
    expect(book.perPlayer(180_000, { courseId: "c1", agentId: 42 })).toBe(200_000);
  });

  it("a course's override binds every agent who sells it", () => {
    expect(book.perPlayer(180_000, { courseId: "c-premium", agentId: 42 })).toBe(225_000);
    expect(book.ruleFor({ courseId: "c-premium", agentId: 42 }).source).toBe("course");
  });

  it("a booking's selling total is never under its net, even when the net does not split evenly by the players", () => {
    for (const rules of [NO_MARKUP, book])
      for (const [net, persons] of [
        [100_000, 3],
        [100_001, 2],
        [250_000, 3],
        [7, 4],
      ] as const)
        expect(rules.sellingTotal(net, persons, { courseId: "c1", agentId: 7 })).toBeGreaterThanOrEqual(net);
    expect(NO_MARKUP.sellingTotal(100_000, 3, { courseId: "c1", agentId: null })).toBe(100_000);
  });

  it("a group prices each flight by its players and adds them up", () => {
    const flights = [
      { net: 720_000, persons: 4 },
      { net: 540_000, persons: 3 },
    ];
    const total = flights.reduce(
      (sum, f) => sum + book.sellingTotal(f.net, f.persons, { courseId: "c1", agentId: 7 }),
      0,
    );
    expect(total).toBe(207_000 * 7);
  });
});
