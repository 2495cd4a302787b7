/**
 * Seeded tee times of a larger catalog (to search across courses): popular courses nearly sold out at weekends, the
 * others as busy as before, and slot ids that still pack every course's index into 32 bits.
 */
import { describe, expect, it } from "vitest";
import { COURSES } from "../../../src/local/sandbox/seed.js";
import {
  CLOSED_SHARE,
  DEFAULT_DEMAND,
  MAX_COURSES,
  MAX_DAY,
  WINDOW_DAYS,
  courseSlots,
  demandOf,
  parseSlotId,
  priceTypeOf,
  slotId,
  teeMinutes,
} from "../../../src/local/sandbox/tee-times.js";
import { dateToDay } from "../../../src/local/sandbox/time.js";

const SEED = 1;
/** Monday 2026-11-23 and the sales window from it. */
const FIRST = dateToDay("2026-11-23")!;
const DAYS = Array.from({ length: WINDOW_DAYS + 1 }, (_, i) => FIRST + i);

const open = (courseIdx: number, day: number): number =>
  courseSlots(SEED, courseIdx, day).filter((s) => s.seededStatus === "OPEN").length;

describe("demand", () => {
  const popular = COURSES.map((c, i) => ({ c, i })).filter(({ c }) => (c.demand?.weekend ?? 0) >= 0.85);

  it("keeps the first ten courses at the default: 10 % closed, 10 % booked by other agencies", () => {
    expect([CLOSED_SHARE, DEFAULT_DEMAND]).toEqual([0.1, 0.1]);
    for (const course of COURSES.slice(0, 10)) {
      expect(course.demand).toBeUndefined();
      expect(demandOf(course, "WEEKDAY")).toBe(DEFAULT_DEMAND);
      expect(demandOf(course, "WEEKEND")).toBe(DEFAULT_DEMAND);
      expect(demandOf(course, "HOLIDAY")).toBe(DEFAULT_DEMAND);
    }
  });

  it("makes popular courses in Pattaya, Phuket and Bangkok nearly sold out at weekends", () => {
    const provinces = popular.map(({ c }) => c.place.split(", ")[1]);
    expect(provinces).toEqual(expect.arrayContaining(["Chon Buri", "Phuket", "Pathum Thani"]));
    for (const { c, i } of popular) {
      expect(c.demand!.weekend).toBeLessThanOrEqual(0.9);
      const weekends = DAYS.filter((d) => priceTypeOf(d) === "WEEKEND");
      const weekdays = DAYS.filter((d) => priceTypeOf(d) === "WEEKDAY");
      const slots = teeMinutes(c).length;
      // Some weekend day has only a few open tee times; every weekday has many.
      expect(Math.min(...weekends.map((d) => open(i, d)))).toBeLessThanOrEqual(3);
      expect(weekends.every((d) => open(i, d) <= 0.15 * slots)).toBe(true);
      expect(weekdays.every((d) => open(i, d) >= 0.3 * slots)).toBe(true);
    }
  });

  it("on a nearly sold-out Saturday, the few open tee times stand among booked ones", () => {
    const { i } = popular[0]!;
    const saturday = dateToDay("2026-11-28")!;
    const monday = dateToDay("2026-11-30")!;
    const sat = courseSlots(SEED, i, saturday);
    const count = (status: string) => sat.filter((s) => s.seededStatus === status).length;
    expect(count("OPEN")).toBeGreaterThan(0);
    expect(count("OPEN")).toBeLessThanOrEqual(5);
    expect(count("BOOKED")).toBeGreaterThan(0.7 * sat.length);
    expect(sat.filter((s) => s.seededStatus === "BOOKED").every((s) => s.seededPersons >= s.minPerson)).toBe(true);
    expect(open(i, monday)).toBeGreaterThan(20);
  });

  it("applies the weekend demand on public holidays, and caps it so the course still closes its share", () => {
    const { c } = popular[0]!;
    expect(demandOf(c, "HOLIDAY")).toBe(c.demand!.weekend);
    expect(demandOf(c, "WEEKDAY")).toBe(c.demand!.weekday);
    expect(demandOf({ ...c, demand: { weekday: -1, weekend: 2 } }, "WEEKEND")).toBe(1 - CLOSED_SHARE);
    expect(demandOf({ ...c, demand: { weekday: -1, weekend: 2 } }, "WEEKDAY")).toBe(0);
  });
});

describe("slot ids", () => {
  it("pack every course's index into 32 bits through the last day", () => {
    expect(COURSES.length).toBeLessThanOrEqual(MAX_COURSES);
    // The largest packed value stays below 2³²: MINUTES_PER_DAY = 1440.
    expect(((MAX_COURSES - 1) * MAX_DAY + MAX_DAY - 1) * 1440 + 1439).toBeLessThan(2 ** 32);
    expect(MAX_DAY).toBeGreaterThan(dateToDay("2100-01-01")!);
  });

  it.each([
    ["the first course", 0],
    ["the last course", COURSES.length - 1],
  ])("round-trip through parseSlotId for %s", (_label, courseIdx) => {
    const course = COURSES[courseIdx]!;
    const minutes = teeMinutes(course);
    for (const day of [FIRST, FIRST + WINDOW_DAYS, MAX_DAY - 1]) {
      for (const minute of [minutes[0]!, minutes.at(-1)!]) {
        const id = slotId(SEED, courseIdx, day, minute);
        expect(id).toMatch(/^[0-9a-f]{20}$/);
        const slot = parseSlotId(SEED, id);
        expect(slot).toMatchObject({ id, courseIndex: courseIdx, course, day, minute });
      }
    }
    expect(parseSlotId(SEED + 1, slotId(SEED, courseIdx, FIRST, minutes[0]!))).toBeNull();
  });

  it("are distinct across every course of a day", () => {
    const ids = COURSES.flatMap((_c, i) => courseSlots(SEED, i, FIRST).map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
