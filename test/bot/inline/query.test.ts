import { describe, expect, it } from "vitest";
import { matchesCourse } from "../../../src/bot/inline/query.js";
import { parseSearchQuery } from "../../../src/search/query.js";

// Wednesday 25 November 2026 (the test world's day); dates come in as an input, never the wall clock.
const TODAY = "2026-11-25";

describe("reading an agent's inline query (the search's parser)", () => {
  it.each([
    ["riverside today", "2026-11-25", ["riverside"]],
    ["riverside tomorrow", "2026-11-26", ["riverside"]],
    ["riverside sat", "2026-11-28", ["riverside"]],
    ["Riverside Saturday", "2026-11-28", ["riverside"]],
    ["wed lakeview", "2026-11-25", ["lakeview"]],
    ["tue lakeview", "2026-12-01", ["lakeview"]],
    ["kata 30/11", "2026-11-30", ["kata"]],
    ["kata 3/1", "2027-01-03", ["kata"]],
    ["kata 24/11", "2027-11-24", ["kata"]],
    ["ริเวอร์ไซด์ พรุ่งนี้", "2026-11-26", ["ริเวอร์ไซด์"]],
    ["ริเวอร์ไซด์วันนี้", "2026-11-25", ["ริเวอร์ไซด์"]],
    ["ริเวอร์ไซด์ วันเสาร์", "2026-11-28", ["ริเวอร์ไซด์"]],
    ["เลควิว ศุกร์นี้", "2026-11-27", ["เลควิว"]],
  ])("%s → %s, course words %j", (query, date, terms) => {
    const parsed = parseSearchQuery(query, TODAY);
    expect(parsed.criteria.dates).toEqual([date]);
    expect(parsed.rest).toEqual(terms);
  });

  it.each([
    ["หัวหิน มะรืนนี้", "2026-11-27", "hua-hin"],
    ["ภูเก็ต วันอาทิตย์", "2026-11-29", "phuket"],
    ["sat morning pattaya", "2026-11-28", "pattaya"],
  ])("%s: a town is an area, not a course name", (query, date, area) => {
    const parsed = parseSearchQuery(query, TODAY);
    expect(parsed.criteria.dates).toEqual([date]);
    expect(parsed.criteria.area).toEqual({ kind: "area", id: area });
    expect(parsed.rest).toEqual([]);
  });

  it("a query without a date word names no date, and an impossible dd/mm is a word", () => {
    expect(parseSearchQuery("bang saray", TODAY)).toMatchObject({ criteria: {}, rest: ["bang", "saray"] });
    expect(parseSearchQuery("kata 31/11", TODAY)).toMatchObject({ criteria: {}, rest: ["kata", "31/11"] });
    expect(parseSearchQuery("", TODAY)).toMatchObject({ criteria: {}, rest: [] });
  });

  it("matches course names in English and Thai, every word", () => {
    const course = { name: "Bangkok Riverside Golf Club", nameTH: "สนามกอล์ฟบางกอก ริเวอร์ไซด์", place: "Bangkok" };
    expect(matchesCourse(course, ["riverside"])).toBe(true);
    expect(matchesCourse(course, ["river", "golf"])).toBe(true);
    expect(matchesCourse(course, ["ริเวอร์ไซด์"])).toBe(true);
    expect(matchesCourse(course, ["บางกอกริเวอร์"])).toBe(true);
    expect(matchesCourse(course, ["riverside", "kata"])).toBe(false);
  });
});
