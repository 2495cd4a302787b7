import { describe, expect, it } from "vitest";
import type { SearchCriteria } from "../../src/search/criteria.js";
import { parseSearchQuery } from "../../src/search/query.js";

// Wednesday 25 November 2026 (the test world's day); every test passes its day, never the wall clock.
const WED = "2026-11-25";
// Month and year ends: Wednesday 30 and Thursday 31 December 2026, Saturday 27 and Sunday 28 February 2027.
const DEC30 = "2026-12-30";
const DEC31 = "2026-12-31";
const FEB27_SAT = "2027-02-27";
const FEB28_SUN = "2027-02-28";
const DEC26_SAT = "2026-12-26";

const MORNING = { from: 0, to: 600 };
const MIDDAY = { from: 600, to: 780 };
const AFTERNOON = { from: 780, to: 1440 };
const pattaya = { kind: "area", id: "pattaya" } as const;

type Row = [query: string, today: string, criteria: Partial<SearchCriteria>, rest: string[]];

const PHRASINGS: Row[] = [
  // The two examples
  [
    "sat morning 4 pax pattaya under 2500",
    WED,
    { dates: ["2026-11-28"], window: MORNING, players: 4, area: pattaya, maxPrice: 250_000 },
    [],
  ],
  [
    "เสาร์นี้ เช้า 4 คน พัทยา ไม่เกิน 2500",
    WED,
    { dates: ["2026-11-28"], window: MORNING, players: 4, area: pattaya, maxPrice: 250_000 },
    [],
  ],
  [
    "tomorrow 7-9am 2 golfers hua hin ฿1800",
    WED,
    {
      dates: ["2026-11-26"],
      window: { from: 420, to: 540 },
      players: 2,
      area: { kind: "area", id: "hua-hin" },
      maxPrice: 180_000,
    },
    [],
  ],
  [
    "25/12/2569 ก่อน 10 โมง สี่คน ภูเก็ต งบ 3,000 บาท",
    WED,
    {
      dates: ["2026-12-25"],
      window: { from: 0, to: 600 },
      players: 4,
      area: { kind: "area", id: "phuket" },
      maxPrice: 300_000,
    },
    [],
  ],
  [
    "พรุ่งนี้บ่าย 2 สามคน หัวหิน",
    WED,
    { dates: ["2026-11-26"], window: { from: 840, to: 900 }, players: 3, area: { kind: "area", id: "hua-hin" } },
    [],
  ],
  [
    "weekend twilight foursome cha-am 2500thb",
    WED,
    {
      dates: ["2026-11-28", "2026-11-29"],
      window: AFTERNOON,
      players: 4,
      area: { kind: "area", id: "hua-hin" },
      maxPrice: 250_000,
    },
    [],
  ],

  // Day words, English
  ["today", WED, { dates: ["2026-11-25"] }, []],
  ["tonight", WED, { dates: ["2026-11-25"] }, []],
  ["Tomorrow", WED, { dates: ["2026-11-26"] }, []],
  ["tmr", WED, { dates: ["2026-11-26"] }, []],
  ["day after tomorrow", WED, { dates: ["2026-11-27"] }, []],
  ["wednesday", WED, { dates: ["2026-11-25"] }, []],
  ["tue", WED, { dates: ["2026-12-01"] }, []],
  ["this saturday", WED, { dates: ["2026-11-28"] }, []],
  ["next sat", WED, { dates: ["2026-12-05"] }, []],
  ["next mon", WED, { dates: ["2026-11-30"] }, []],
  ["this weekend", WED, { dates: ["2026-11-28", "2026-11-29"] }, []],
  ["next weekend", WED, { dates: ["2026-12-05", "2026-12-06"] }, []],

  // Day words, Thai
  ["พรุ่งนี้", WED, { dates: ["2026-11-26"] }, []],
  ["มะรืนนี้", WED, { dates: ["2026-11-27"] }, []],
  ["วันเสาร์", WED, { dates: ["2026-11-28"] }, []],
  ["ศุกร์นี้", WED, { dates: ["2026-11-27"] }, []],
  ["เสาร์หน้า", WED, { dates: ["2026-12-05"] }, []],
  ["วันอาทิตย์หน้า", WED, { dates: ["2026-12-06"] }, []],
  ["สุดสัปดาห์นี้", WED, { dates: ["2026-11-28", "2026-11-29"] }, []],
  ["เสาร์อาทิตย์", WED, { dates: ["2026-11-28", "2026-11-29"] }, []],
  ["เสาร์-อาทิตย์หน้า", WED, { dates: ["2026-12-05", "2026-12-06"] }, []],

  // Written dates
  ["30/11", WED, { dates: ["2026-11-30"] }, []],
  ["24/11", WED, { dates: ["2027-11-24"] }, []],
  ["25/12/2026", WED, { dates: ["2026-12-25"] }, []],
  ["25/12/2569", WED, { dates: ["2026-12-25"] }, []],
  ["2026-12-25", WED, { dates: ["2026-12-25"] }, []],
  ["25 dec", WED, { dates: ["2026-12-25"] }, []],
  ["Dec 25th", WED, { dates: ["2026-12-25"] }, []],
  ["25 ธ.ค.", WED, { dates: ["2026-12-25"] }, []],
  ["25 ธันวาคม 2569", WED, { dates: ["2026-12-25"] }, []],
  ["3 jan", WED, { dates: ["2027-01-03"] }, []],
  ["วันที่ 5 ม.ค. 2570", WED, { dates: ["2027-01-05"] }, []],

  // Month and year ends
  ["tomorrow", DEC30, { dates: ["2026-12-31"] }, []],
  ["fri", DEC30, { dates: ["2027-01-01"] }, []],
  ["next sat", DEC30, { dates: ["2027-01-09"] }, []],
  ["tomorrow", DEC31, { dates: ["2027-01-01"] }, []],
  ["มะรืน", DEC31, { dates: ["2027-01-02"] }, []],
  ["this weekend", DEC31, { dates: ["2027-01-02", "2027-01-03"] }, []],
  ["1/1", DEC31, { dates: ["2027-01-01"] }, []],
  ["31/12", DEC31, { dates: ["2026-12-31"] }, []],
  ["30/12", DEC31, { dates: ["2027-12-30"] }, []],
  ["tomorrow", FEB27_SAT, { dates: ["2027-02-28"] }, []],
  ["มะรืนนี้", FEB27_SAT, { dates: ["2027-03-01"] }, []],
  ["29/2", FEB27_SAT, { dates: ["2028-02-29"] }, []],
  ["sat", FEB27_SAT, { dates: ["2027-02-27"] }, []],

  // "This weekend" said on a Saturday, on a Sunday
  ["this weekend", FEB27_SAT, { dates: ["2027-02-27", "2027-02-28"] }, []],
  ["this weekend 4 pax", DEC26_SAT, { dates: ["2026-12-26", "2026-12-27"], players: 4 }, []],
  ["next weekend", FEB27_SAT, { dates: ["2027-03-06", "2027-03-07"] }, []],
  ["weekend", FEB28_SUN, { dates: ["2027-02-28"] }, []],
  ["สุดสัปดาห์นี้", FEB28_SUN, { dates: ["2027-02-28"] }, []],

  // Times
  ["morning", WED, { window: MORNING }, []],
  ["early", WED, { window: MORNING }, []],
  ["am", WED, { window: MORNING }, []],
  ["lunch", WED, { window: MIDDAY }, []],
  ["noon", WED, { window: MIDDAY }, []],
  ["pm", WED, { window: AFTERNOON }, []],
  ["เที่ยง", WED, { window: MIDDAY }, []],
  ["ช่วงบ่าย", WED, { window: AFTERNOON }, []],
  ["after 2pm", WED, { window: { from: 840, to: 1440 } }, []],
  ["from 14:00", WED, { window: { from: 840, to: 1440 } }, []],
  ["after 2", WED, { window: { from: 840, to: 1440 } }, []],
  ["before 10", WED, { window: { from: 0, to: 600 } }, []],
  ["ก่อน 10 โมง", WED, { window: { from: 0, to: 600 } }, []],
  ["หลังบ่าย 2", WED, { window: { from: 840, to: 1440 } }, []],
  ["ก่อนเที่ยง", WED, { window: { from: 0, to: 720 } }, []],
  ["07:00-09:30", WED, { window: { from: 420, to: 570 } }, []],
  ["11-1pm", WED, { window: { from: 660, to: 780 } }, []],
  ["at 7:30", WED, { window: { from: 450, to: 510 } }, []],
  ["sat morning after 8am", WED, { dates: ["2026-11-28"], window: { from: 480, to: 600 } }, []],

  // Players
  ["4 people", WED, { players: 4 }, []],
  ["3 players", WED, { players: 3 }, []],
  ["for 4", WED, { players: 4 }, []],
  ["x4", WED, { players: 4 }, []],
  ["four", WED, { players: 4 }, []],
  ["a foursome", WED, { players: 4 }, []],
  ["2 foursomes", WED, { players: 8 }, []],
  ["12 of us", WED, { players: 12 }, []],
  ["party of 6", WED, { players: 6 }, []],
  ["4 ท่าน", WED, { players: 4 }, []],
  ["สี่คน", WED, { players: 4 }, []],
  ["สิบสองคน", WED, { players: 12 }, []],
  ["๔ คน", WED, { players: 4 }, []],

  // Prices
  ["< 2500", WED, { maxPrice: 250_000 }, []],
  ["max 2500", WED, { maxPrice: 250_000 }, []],
  ["below 2.5k", WED, { maxPrice: 250_000 }, []],
  ["under 2,500", WED, { maxPrice: 250_000 }, []],
  ["฿2500", WED, { maxPrice: 250_000 }, []],
  ["2500 บาท", WED, { maxPrice: 250_000 }, []],
  ["2500thb", WED, { maxPrice: 250_000 }, []],
  ["2,500 baht pp", WED, { maxPrice: 250_000 }, []],
  ["ต่ำกว่า 2500", WED, { maxPrice: 250_000 }, []],
  ["งบ 2500", WED, { maxPrice: 250_000 }, []],
  ["งบไม่เกินคนละ 1,800 บาท", WED, { maxPrice: 180_000 }, []],

  // Areas
  ["huahin", WED, { area: { kind: "area", id: "hua-hin" } }, []],
  ["in chiang mai", WED, { area: { kind: "area", id: "chiang-mai" } }, []],
  ["แถวเชียงใหม่", WED, { area: { kind: "area", id: "chiang-mai" } }, []],
  ["ชลบุรี", WED, { area: pattaya }, []],
  ["Nonthaburi", WED, { area: { kind: "area", id: "bangkok" } }, []],

  // Not understood: left in `rest`, criteria untouched
  ["riverside sat", WED, { dates: ["2026-11-28"] }, ["riverside"]],
  ["ริเวอร์ไซด์ พรุ่งนี้", WED, { dates: ["2026-11-26"] }, ["ริเวอร์ไซด์"]],
  ["pls find sat 4 pax thx!", WED, { dates: ["2026-11-28"], players: 4 }, ["pls", "find", "thx"]],
  ["blah 2500 4 riverside 7-9", WED, {}, ["blah", "2500", "4", "riverside", "7-9"]],
  ["2,500", WED, {}, ["2,500"]],
  ["max 4", WED, {}, ["max", "4"]],
  ["under 250000", WED, {}, ["under", "250000"]],
  ["41 pax", WED, {}, ["41", "pax"]],
  ["2-4 pax", WED, {}, ["2-4", "pax"]],
  ["31/11 kata", WED, {}, ["31/11", "kata"]],
  ["25/12/69", WED, {}, ["25/12/69"]],
  ["อาทิตย์หน้า", WED, {}, ["อาทิตย์หน้า"]],
  ["sat or sun", WED, { dates: ["2026-11-28"] }, ["or", "sun"]],
  ["morning afternoon", WED, { window: MORNING }, ["afternoon"]],
];

describe("reading a search", () => {
  it.each(PHRASINGS)("%s (today %s)", (query, today, criteria, rest) => {
    const parsed = parseSearchQuery(query, today);
    expect(parsed.criteria).toEqual(criteria);
    expect(parsed.rest).toEqual(rest);
  });

  it("has a broad table", () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(60);
  });

  it("says what it understood, in the order the text says it", () => {
    expect(parseSearchQuery("sat morning 4 pax pattaya under 2500", WED).understood).toEqual([
      { kind: "date", text: "sat" },
      { kind: "window", text: "morning" },
      { kind: "players", text: "4 pax" },
      { kind: "area", text: "pattaya" },
      { kind: "price", text: "under 2500" },
    ]);
    expect(parseSearchQuery("ไม่เกิน 2500 พัทยา เสาร์นี้ เช้า 4 คน", WED).understood).toEqual([
      { kind: "price", text: "ไม่เกิน 2500" },
      { kind: "area", text: "พัทยา" },
      { kind: "date", text: "เสาร์นี้" },
      { kind: "window", text: "เช้า" },
      { kind: "players", text: "4 คน" },
    ]);
  });

  it("reads Thai written without spaces", () => {
    expect(parseSearchQuery("เสาร์นี้เช้า4คนพัทยาไม่เกิน2500", WED)).toEqual({
      criteria: { dates: ["2026-11-28"], window: MORNING, players: 4, area: pattaya, maxPrice: 250_000 },
      understood: [
        { kind: "date", text: "เสาร์นี้" },
        { kind: "window", text: "เช้า" },
        { kind: "players", text: "4คน" },
        { kind: "area", text: "พัทยา" },
        { kind: "price", text: "ไม่เกิน2500" },
      ],
      rest: [],
    });
  });

  it("junk words change nothing but `rest`", () => {
    for (const [query, today, criteria, rest] of PHRASINGS.slice(0, 40)) {
      const parsed = parseSearchQuery(`zzz ${query} qwerty`, today);
      expect(parsed.criteria, query).toEqual(criteria);
      expect(parsed.rest, query).toEqual(["zzz", ...rest, "qwerty"]);
    }
  });

  it("reads upper case as lower case", () => {
    expect(parseSearchQuery("SAT MORNING Cha-Am", WED).criteria).toEqual({
      dates: ["2026-11-28"],
      window: MORNING,
      area: { kind: "area", id: "hua-hin" },
    });
  });

  it("an empty search reads nothing", () => {
    expect(parseSearchQuery("   ", WED)).toEqual({ criteria: {}, understood: [], rest: [] });
  });

  it("refuses a `today` that is not a day", () => {
    expect(() => parseSearchQuery("sat", "2026-02-30")).toThrow(RangeError);
  });
});
