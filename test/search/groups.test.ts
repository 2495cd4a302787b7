import { describe, expect, it } from "vitest";
import {
  flightsNeeded,
  groupPlans,
  moveChoices,
  nearestSlots,
  proposeGroup,
  splitParty,
  splitsFor,
  type PlanSlot,
} from "../../src/search/groups.js";

/** 07:00 on a day, epoch ms (the instant only matters relative to the others). */
const DAY = Date.UTC(2026, 10, 26, 0, 0, 0);
const at = (hhmm: string) => DAY + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;

function slot(hhmm: string, more: Partial<PlanSlot> = {}): PlanSlot {
  return { id: `s${hhmm.replace(":", "")}`, startsAt: at(hhmm), price: 250_000, minPerson: 1, maxPerson: 4, ...more };
}

/** Tee times every `interval` minutes from `from` to `to` inclusive. */
function sheet(from: string, to: string, interval: number, more: Partial<PlanSlot> = {}): PlanSlot[] {
  const out: PlanSlot[] = [];
  for (let t = at(from); t <= at(to); t += interval * 60_000) {
    const m = (t - DAY) / 60_000;
    out.push(slot(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`, more));
  }
  return out;
}

const GAP = { maxGapMinutes: 20 };
const times = (plan: { flights: { slot: PlanSlot }[] } | undefined) =>
  plan?.flights.map((f) => new Date(f.slot.startsAt).toISOString().slice(11, 16));
const split = (plan: { flights: { persons: number }[] } | undefined) => plan?.flights.map((f) => f.persons);

describe("splitting a party", () => {
  it("as evenly as the tee times allow, earlier flights taking the extra player", () => {
    const four = { minPerson: 1, maxPerson: 4 };
    expect(splitParty(12, [four, four, four])).toEqual([4, 4, 4]);
    expect(splitParty(10, [four, four, four])).toEqual([4, 3, 3]);
    expect(splitParty(9, [four, four, four])).toEqual([3, 3, 3]);
    expect(splitParty(5, [four, four])).toEqual([3, 2]);
    expect(splitParty(16, [four, four, four, four])).toEqual([4, 4, 4, 4]);
  });

  it("within each tee time's minimum and maximum", () => {
    // A tee time that takes at least 3 and one that takes at most 2.
    expect(
      splitParty(6, [
        { minPerson: 3, maxPerson: 4 },
        { minPerson: 1, maxPerson: 2 },
        { minPerson: 1, maxPerson: 4 },
      ]),
    ).toEqual([3, 2, 1]);
    expect(
      splitParty(5, [
        { minPerson: 3, maxPerson: 4 },
        { minPerson: 3, maxPerson: 4 },
      ]),
    ).toBeUndefined();
    expect(
      splitParty(13, [
        { minPerson: 1, maxPerson: 4 },
        { minPerson: 1, maxPerson: 4 },
        { minPerson: 1, maxPerson: 4 },
      ]),
    ).toBeUndefined();
    expect(splitParty(4, [])).toBeUndefined();
  });

  it("lists the other splits the agent may choose, the most even first", () => {
    const four = { minPerson: 1, maxPerson: 4 };
    const splits = splitsFor(10, [four, four, four]);
    expect(splits[0]).toEqual([4, 3, 3]);
    expect(splits.slice(0, 3)).toEqual(
      expect.arrayContaining([
        [3, 4, 3],
        [3, 3, 4],
      ]),
    );
    expect(splits).toContainEqual([4, 4, 2]);
    expect(splits.every((s) => s.reduce((a, b) => a + b) === 10 && s.every((n) => n >= 1 && n <= 4))).toBe(true);
    expect(splitsFor(12, [four, four, four])).toEqual([[4, 4, 4]]);
    expect(splitsFor(9, [four, four], 8)).toEqual([]);
  });

  it("needs ceil(party / 4) tee times", () => {
    expect([5, 8, 9, 12, 13, 16].map((n) => flightsNeeded(n))).toEqual([2, 2, 3, 3, 4, 4]);
  });
});

describe("proposing a group", () => {
  it("12 players: three consecutive tee times from the one picked, 4+4+4, with the total", () => {
    const slots = sheet("07:00", "09:00", 8);
    const plan = proposeGroup(slots, 12, at("07:16"), GAP);
    expect(times(plan)).toEqual(["07:16", "07:24", "07:32"]);
    expect(split(plan)).toEqual([4, 4, 4]);
    expect(plan?.total).toBe(12 * 250_000);
    expect(plan?.persons).toBe(12);
  });

  it("10 players: 4+3+3; the total counts each flight's own price", () => {
    const slots = [slot("07:00"), slot("07:08", { price: 300_000 }), slot("07:16", { price: 200_000 })];
    const plan = proposeGroup(slots, 10, at("07:00"), GAP);
    expect(split(plan)).toEqual([4, 3, 3]);
    expect(plan?.total).toBe(4 * 250_000 + 3 * 300_000 + 3 * 200_000);
  });

  it("skips over a gap wider than allowed, and allows one within it", () => {
    // 07:00, 07:08, then nothing until 07:40 (a 32-minute gap), then 07:48.
    const slots = [slot("07:00"), slot("07:08"), slot("07:40"), slot("07:48"), slot("07:56")];
    expect(times(proposeGroup(slots, 12, at("07:00"), GAP))).toEqual(["07:40", "07:48", "07:56"]);
    expect(times(proposeGroup(slots, 12, at("07:00"), { maxGapMinutes: 40 }))).toEqual(["07:00", "07:08", "07:40"]);
    expect(proposeGroup(slots.slice(0, 4), 12, at("07:00"), GAP)).toBeUndefined();
  });

  it("at the end of the day: no group starts where too few tee times are left; the nearest earlier one is proposed", () => {
    const slots = sheet("14:00", "15:00", 10); // 14:00 … 15:00, seven tee times
    expect(times(proposeGroup(slots, 12, at("15:00"), GAP))).toEqual(["14:40", "14:50", "15:00"]);
    const plans = groupPlans(slots, 12, GAP);
    expect(plans.map((p) => times(p)?.[0])).toEqual(["14:00", "14:10", "14:20", "14:30", "14:40"]);
    expect(groupPlans(slots.slice(0, 2), 12, GAP)).toEqual([]);
  });

  it("edge tee times: the day's first tee time starts a group; minimums that leave no room move the start", () => {
    const first = [slot("06:00", { minPerson: 3 }), slot("06:08"), slot("06:16")];
    expect(times(proposeGroup(first, 5, at("06:00"), GAP))).toEqual(["06:00", "06:08"]);
    expect(split(proposeGroup(first, 5, at("06:00"), GAP))).toEqual([3, 2]);
    // Two tee times of at least 3 each cannot take 5, nor can three or four starting at 06:00 (3+3+1 > 5):
    // the group starts at 06:08 instead.
    const tight = [slot("06:00", { minPerson: 3 }), slot("06:08", { minPerson: 3 }), slot("06:16"), slot("06:24")];
    const plan = proposeGroup(tight, 5, at("06:00"), GAP)!;
    expect(times(plan)).toEqual(["06:08", "06:16"]);
    expect(split(plan)).toEqual([3, 2]);
    expect(plan.flights.every((f) => f.persons >= f.slot.minPerson && f.persons <= f.slot.maxPerson)).toBe(true);
  });

  it("uses more tee times when some take fewer than four", () => {
    const slots = sheet("08:00", "09:00", 10, { maxPerson: 2 });
    const plan = proposeGroup(slots, 8, at("08:00"), GAP);
    expect(split(plan)).toEqual([2, 2, 2, 2]);
  });

  it("a party one tee time takes is no group", () => {
    expect(groupPlans(sheet("07:00", "08:00", 8), 4, GAP)).toEqual([]);
    expect(proposeGroup(sheet("07:00", "08:00", 8), 3, at("07:00"), GAP)).toBeUndefined();
  });

  it("nothing open: nothing proposed", () => {
    expect(proposeGroup([], 8, at("07:00"), GAP)).toBeUndefined();
  });
});

describe("changing a flight's time", () => {
  const slots = sheet("07:00", "08:00", 8);
  const plan = proposeGroup(slots, 12, at("07:16"), GAP)!; // 07:16, 07:24, 07:32

  it("offers open times within the gap of the flights beside it, not another flight's, nearest first", () => {
    const middle = moveChoices(slots, plan.flights, 1, GAP).map((s) => times({ flights: [{ slot: s }] })![0]);
    expect(middle).toEqual([]); // 07:16 and 07:32 are neighbours: nothing strictly between them
    const last = moveChoices(slots, plan.flights, 2, GAP).map((s) => times({ flights: [{ slot: s }] })![0]);
    expect(last).toEqual(["07:40"]); // within 20 minutes of 07:24, after it
    const first = moveChoices(slots, plan.flights, 0, GAP).map((s) => times({ flights: [{ slot: s }] })![0]);
    expect(first).toEqual(["07:08"]);
  });

  it("never a tee time that cannot take the flight's players", () => {
    const tight = slots.map((s) => (s.startsAt === at("07:40") ? { ...s, maxPerson: 2 } : s));
    expect(moveChoices(tight, plan.flights, 2, GAP)).toEqual([]);
  });

  it("names the nearest open times to one that failed", () => {
    const near = nearestSlots(slots, at("07:24"), new Set([`s0724`]), 3);
    expect(near.map((s) => s.id)).toEqual(["s0716", "s0732", "s0708"].sort());
  });
});
