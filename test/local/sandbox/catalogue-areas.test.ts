/**
 * The sandbox's catalog is realistic enough to search by area: enough courses in each of
 * the areas agents sell, each one where `areaOfCourse` places it, inside Thailand, at that area's prices.
 */
import { describe, expect, it } from "vitest";
import { COURSES } from "../../../src/local/sandbox/seed.js";
import { areaOfCourse } from "../../../src/search/areas.js";

/** The least number of sandbox courses per area. */
const AT_LEAST: Record<string, number> = {
  pattaya: 6,
  "hua-hin": 4,
  phuket: 4,
  "chiang-mai": 4,
  "khao-yai": 3,
  bangkok: 5,
};

/** Realistic weekday and weekend green fees per area, whole baht (a holiday rate may be above). */
const PRICE_RANGE: Record<string, readonly [number, number]> = {
  bangkok: [1500, 4500],
  pattaya: [1500, 3800],
  "hua-hin": [1600, 4000], // from 1,800, but Cha-am Sea Breeze (closed) charges 1,600 on weekdays
  phuket: [2500, 5500],
  "chiang-mai": [1000, 2800],
  "khao-yai": [1200, 3000],
  kanchanaburi: [900, 2000],
  "chiang-rai": [900, 2200],
  rayong: [1200, 3000],
};

const located = COURSES.map((c) => ({
  course: c,
  area: areaOfCourse({ lat: Number(c.lat), lon: Number(c.lon), place: c.place }),
}));

describe("the sandbox's catalog", () => {
  it("has at least 30 courses, the first ten where the tests expect them", () => {
    expect(COURSES.length).toBeGreaterThanOrEqual(30);
    expect(COURSES.slice(0, 10).map((c) => c.name)).toEqual([
      "Bangkok Riverside Golf Club",
      "Siam Lakeview Country Club",
      "Pattaya Green Hills Golf Resort",
      "Bang Saray Seaside Links",
      "Hua Hin Royal Palms Golf Course",
      "Cha-am Sea Breeze Golf Club",
      "Doi Suthep Highlands Golf Club",
      "Lanna Valley Golf & Country Club",
      "Phuket Andaman Bay Golf Club",
      "Kata Hills Country Club",
    ]);
    expect(new Set(COURSES.map((c) => c.id)).size).toBe(COURSES.length);
    expect(new Set(COURSES.map((c) => c.name)).size).toBe(COURSES.length);
    expect(new Set(COURSES.map((c) => c.nameTH)).size).toBe(COURSES.length);
  });

  it.each(Object.entries(AT_LEAST))("has at least the stated number of courses in %s", (id, least) => {
    expect(located.filter((l) => l.area?.id === id).length).toBeGreaterThanOrEqual(least);
  });

  it.each(COURSES.map((c) => [c.name, c] as const))("%s lies inside Thailand, in an area", (_name, course) => {
    expect(course.lat).toMatch(/^\d{1,2}\.\d{4}$/);
    expect(course.lon).toMatch(/^\d{2,3}\.\d{4}$/);
    const [lat, lon] = [Number(course.lat), Number(course.lon)];
    expect(lat).toBeGreaterThan(5.6);
    expect(lat).toBeLessThan(20.5);
    expect(lon).toBeGreaterThan(97.3);
    expect(lon).toBeLessThan(105.7);
    expect(areaOfCourse({ lat, lon, place: course.place })).toBeDefined();
    expect(course.place).toMatch(/^[A-Z][\w -]+, [A-Z][\w ]+$/);
    expect(course.nameTH).toMatch(/[\u0E00-\u0E7F]{3,}/);
  });

  it.each(located.map((l) => [l.course.name, l.area?.id ?? "none", l.course] as const))(
    "%s (%s) charges that area's fees, in whole baht",
    (_name, areaId, course) => {
      const [low, high] = PRICE_RANGE[areaId] ?? [0, 0];
      for (const fee of [course.weekdayPrice, course.weekendPrice]) {
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(low);
        expect(fee).toBeLessThanOrEqual(high);
      }
      expect(course.weekendPrice).toBeGreaterThanOrEqual(course.weekdayPrice);
      expect(course.holidayPrice ?? course.weekendPrice).toBeGreaterThanOrEqual(course.weekendPrice);
      expect(Number.isInteger(course.holidayPrice ?? 0)).toBe(true);
    },
  );
});
