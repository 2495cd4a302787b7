import { describe, expect, it } from "vitest";
import { divideBudget, type Demand } from "../../src/bot/outgoing-shares.js";

const d = (instance: string, interactive: number, background = 0): Demand => ({ instance, interactive, background });
const parts = (map: Map<string, number>) =>
  Object.fromEntries([...map].map(([k, v]) => [k, Math.round(v * 100) / 100]));
const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

describe("dividing the bot's sends per second among its instances", () => {
  it("alone, an instance has the whole budget, whatever it asks", () => {
    expect(parts(divideBudget(25, 10, [d("a", 0)]))).toEqual({ a: 25 });
    expect(parts(divideBudget(25, 10, [d("a", 400, 30)]))).toEqual({ a: 25 });
  });

  it("everyone gets what they ask while it fits; what nobody asked for goes by what each asked, plus one", () => {
    const map = divideBudget(25, 10, [d("a", 5), d("b", 2), d("c", 0)]);
    // 7 asked, 18 spare: weights 6, 3, 1 of 10.
    expect(parts(map)).toEqual({ a: 5 + 10.8, b: 2 + 5.4, c: 1.8 });
    expect(total(map)).toBeCloseTo(25);
  });

  it("over the budget, answers to updates are divided evenly among those asking more than an even part, and background sends wait", () => {
    expect(parts(divideBudget(25, 10, [d("a", 30, 0), d("b", 20, 8)]))).toEqual({ a: 12.5, b: 12.5 });
    // One asking less than an even part gets what it asks; the others share the rest evenly.
    expect(parts(divideBudget(25, 10, [d("a", 30), d("b", 4), d("c", 12)]))).toEqual({ a: 10.5, b: 4, c: 10.5 });
  });

  it("background sends (the leader's outbox) get what answers leave, at most the background share", () => {
    // Answers 5 + 5, background 10 of the 20 asked, the 5 left by weight 26 : 6.
    expect(parts(divideBudget(25, 10, [d("leader", 5, 20), d("b", 5)]))).toEqual({ leader: 19.06, b: 5.94 });
    const map = divideBudget(25, 10, [d("leader", 12, 20), d("b", 10)]);
    expect(parts(map)).toEqual({ leader: 12 + 3, b: 10 });
    expect(total(map)).toBeCloseTo(25);
  });
});
