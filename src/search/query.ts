/**
 * Reads an agent's search text (`sat morning 4 pax pattaya under 2500`, `เสาร์นี้ เช้า 4 คน พัทยา
 * ไม่เกิน 2500`) into search criteria, in English or Thai, and says what it understood.
 *
 * It never guesses: a phrase is read only when its meaning is plain (a number is a price only with
 * a price word or a currency, players only with a people word), and whatever is not read is handed
 * back as `rest`, untouched by the criteria. Each kind is read once; a second date or a second
 * player count stays in `rest` for the agent to see.
 *
 * How it reads: the text is NFC-normalised, lower-cased, Thai digits made Arabic; then each kind in
 * turn (area, price, date, time, players) takes its earliest phrase (the longest, when two start at
 * the same place) and blanks it out, so a later kind never reads the same characters again.
 */
import {
  addDaysToDateKey,
  BUDDHIST_ERA_OFFSET,
  daysInMonth,
  isDateKey,
  parseDateKey,
  toDateKey,
  weekdayOf,
} from "../time/date-key.js";
import { findAreaInText } from "./areas.js";
import { PARTS_OF_DAY, type PartOfDay, type SearchCriteria, type TimeWindow } from "./criteria.js";

export type UnderstoodKind = "date" | "window" | "players" | "area" | "price";

export interface ParsedSearch {
  /** Only what the text said. */
  criteria: Partial<SearchCriteria>;
  /** What was understood, in the order the text says it, for the "read as" line: e.g. `{ kind: "date", text: "sat" }`. */
  understood: { kind: UnderstoodKind; text: string }[];
  /** Words not understood, lower-cased (ignored for search; the inline mode matches them against course names). */
  rest: string[];
}

/** A phrase pattern (global, lower-case text) and how to read a match: undefined when it does not make sense. */
interface Rule<T> {
  pattern: RegExp;
  read: (m: RegExpExecArray, today: string) => T | undefined;
}

interface Found<T> {
  index: number;
  length: number;
  value: T;
}

/** Marks characters already read (a noncharacter, never typed): matches no pattern, separates words. */
const BLANK = "\uffff";

/** The earliest phrase any rule reads (the longest of those starting there). */
function earliest<T>(text: string, rules: readonly Rule<T>[], today: string): Found<T> | undefined {
  let best: Found<T> | undefined;
  for (const { pattern, read } of rules) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      const value = read(m, today);
      if (value === undefined) continue;
      if (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length)) {
        best = { index: m.index, length: m[0].length, value };
      }
      break;
    }
  }
  return best;
}

/** Alternation of literal words, longest first, so `saturday` is tried before `sat`. */
function oneOf(words: Iterable<string>): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}

/** Years written 2400 and later are Buddhist-era (2569 = 2026). */
function ceYear(year: number): number {
  return year >= 2400 ? year - BUDDHIST_ERA_OFFSET : year;
}

/** Words that make a number a head count (`4 pax`, `12 of us`, `4 คน`). */
const PEOPLE_EN = String.raw`(?:pax|people|persons?|players?|golfers?|ppl|guests?|of\s+us)(?![a-z])`;
/** คน/ท่าน, not คนละ ("each", a price word). */
const PEOPLE_TH = String.raw`(?:คน(?!ละ)|ท่าน)`;

// ---- Dates -------------------------------------------------------------------------------------

/** The next `weekday` (0 = Sunday) from `today` on, today included. */
function nextWeekday(today: string, weekday: number): string {
  return addDaysToDateKey(today, (weekday - weekdayOf(today) + 7) % 7);
}

/** Weeks run Monday to Sunday: on a Sunday, "this weekend" is today alone. */
function mondayOf(day: string): string {
  return addDaysToDateKey(day, -((weekdayOf(day) + 6) % 7));
}

/** `weekday` of the week after this one. */
function nextWeeks(today: string, weekday: number): string {
  return addDaysToDateKey(mondayOf(today), 7 + ((weekday + 6) % 7));
}

/** Saturday and Sunday of this week (`weeksAhead` 0) or a later one, from today on. */
function weekend(today: string, weeksAhead: number): string[] {
  const saturday = addDaysToDateKey(mondayOf(today), 7 * weeksAhead + 5);
  return [saturday, addDaysToDateKey(saturday, 1)].filter((d) => d >= today);
}

/** A day with its year: only if it exists. */
function exactDay(year: number, month: number, day: number): string[] | undefined {
  const y = ceYear(year);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(y, month)) return undefined;
  return [toDateKey(y, month, day)];
}

/** A day without a year: this year's, or next year's once this year's has passed (29 Feb: the next one within a year). */
function upcomingDay(today: string, month: number, day: number): string[] | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const { year } = parseDateKey(today);
  for (const y of [year, year + 1]) {
    if (day > daysInMonth(y, month)) continue;
    const key = toDateKey(y, month, day);
    if (key >= today) return [key];
  }
  return undefined;
}

/** A year written after a month name is read only when it is plausibly this year's or a near one (`dec 25 2500` is not 1957). */
function nearYear(year: number, today: string): boolean {
  const y = ceYear(year);
  const now = parseDateKey(today).year;
  return y >= now - 1 && y <= now + 5;
}

const EN_WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  weds: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};

const EN_RELATIVE: Record<string, number> = {
  today: 0,
  tonight: 0,
  tomorrow: 1,
  tomorow: 1,
  tmr: 1,
  tmrw: 1,
  "day after tomorrow": 2,
};

const TH_RELATIVE: Record<string, number> = { วันนี้: 0, คืนนี้: 0, พรุ่งนี้: 1, มะรืนนี้: 2, มะรืน: 2 };

const TH_WEEKDAYS: Record<string, number> = {
  อาทิตย์: 0,
  จันทร์: 1,
  อังคาร: 2,
  พุธ: 3,
  พฤหัสบดี: 4,
  พฤหัส: 4,
  ศุกร์: 5,
  เสาร์: 6,
};

const EN_MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const TH_MONTH_NAMES = [
  ["มกราคม", "ม.ค."],
  ["กุมภาพันธ์", "ก.พ."],
  ["มีนาคม", "มี.ค."],
  ["เมษายน", "เม.ย."],
  ["พฤษภาคม", "พ.ค."],
  ["มิถุนายน", "มิ.ย."],
  ["กรกฎาคม", "ก.ค."],
  ["สิงหาคม", "ส.ค."],
  ["กันยายน", "ก.ย."],
  ["ตุลาคม", "ต.ค."],
  ["พฤศจิกายน", "พ.ย."],
  ["ธันวาคม", "ธ.ค."],
] as const;

/** Thai month names and abbreviations, with or without the dots (`ธ.ค.`, `ธ.ค`, `ธค`). */
const TH_MONTHS: Record<string, number> = Object.fromEntries(
  TH_MONTH_NAMES.flatMap(([full, short], i) => [
    [full, i + 1],
    [short, i + 1],
    [short.slice(0, -1), i + 1],
    [short.replaceAll(".", ""), i + 1],
  ]),
);

function monthOf(word: string): number | undefined {
  return EN_MONTHS[word] ?? TH_MONTHS[word];
}

const MONTH = `(?:(?<![a-z])(?:${oneOf(Object.keys(EN_MONTHS))})(?![a-z])|${oneOf(Object.keys(TH_MONTHS))})`;
/** A day of the month not followed by what makes it a time or a head count (`dec 7am`, `dec 4 pax`). */
const DAY_OF_MONTH = String.raw`(?<![\d.,/:])(\d{1,2})(?:st|nd|rd|th)?(?![\d:]|\.\d|\s*(?:a\.?m|p\.?m|pax|people|players?|golfers?|คน|ท่าน))`;
const DATE_PREFIX = String.raw`(?:(?<![a-z])on\s+|วันที่\s*)?`;
const YEAR = String.raw`\s*,?\s*(\d{4})(?!\d)`;

const DATE_RULES: readonly Rule<string[]>[] = [
  // 2026-12-25 (or 2569-12-25)
  { pattern: /(?<![\d/.-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])/g, read: (m) => exactDay(+m[1]!, +m[2]!, +m[3]!) },
  // 25/12/2026, 25/12/2569, 25.12.2026, 25-12-2026
  {
    pattern: new RegExp(String.raw`${DATE_PREFIX}(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\d/-]|\.\d)`, "g"),
    read: (m) => exactDay(+m[4]!, +m[3]!, +m[1]!),
  },
  // 25/12 (never 25.12: that is as likely a price or a time)
  {
    pattern: new RegExp(String.raw`${DATE_PREFIX}(?<![\d/.,:-])(\d{1,2})/(\d{1,2})(?![\d/]|\.\d)`, "g"),
    read: (m, today) => upcomingDay(today, +m[2]!, +m[1]!),
  },
  // 25 dec, 25th of december, 25 ธ.ค., 25 ธันวาคม 2569
  {
    pattern: new RegExp(`${DATE_PREFIX}${DAY_OF_MONTH}\\s*(?:of\\s+)?(${MONTH})${YEAR}`, "g"),
    read: (m, today) => (nearYear(+m[3]!, today) ? exactDay(+m[3]!, monthOf(m[2]!)!, +m[1]!) : undefined),
  },
  {
    pattern: new RegExp(`${DATE_PREFIX}${DAY_OF_MONTH}\\s*(?:of\\s+)?(${MONTH})`, "g"),
    read: (m, today) => upcomingDay(today, monthOf(m[2]!)!, +m[1]!),
  },
  // dec 25, december 25th, 2026
  {
    pattern: new RegExp(`${DATE_PREFIX}(${MONTH})\\s*${DAY_OF_MONTH}${YEAR}`, "g"),
    read: (m, today) => (nearYear(+m[3]!, today) ? exactDay(+m[3]!, monthOf(m[1]!)!, +m[2]!) : undefined),
  },
  {
    pattern: new RegExp(`${DATE_PREFIX}(${MONTH})\\s*${DAY_OF_MONTH}`, "g"),
    read: (m, today) => upcomingDay(today, monthOf(m[1]!)!, +m[2]!),
  },
  // this weekend, next weekend
  {
    pattern: /(?<![a-z])(?:(this|next|coming)\s+)?(?:weekend|wknd)(?![a-z])/g,
    read: (m, today) => weekend(today, m[1] === "next" ? 1 : 0),
  },
  // sat, this saturday, next sat (next week's), on fri
  {
    pattern: new RegExp(`(?<![a-z])(?:(this|next|coming|on)\\s+)?(${oneOf(Object.keys(EN_WEEKDAYS))})(?![a-z])`, "g"),
    read: (m, today) => {
      const weekday = EN_WEEKDAYS[m[2]!]!;
      return [m[1] === "next" ? nextWeeks(today, weekday) : nextWeekday(today, weekday)];
    },
  },
  // today, tonight, tomorrow, tmr
  {
    pattern: new RegExp(`(?<![a-z])(?:the\\s+)?(${oneOf(Object.keys(EN_RELATIVE))})(?![a-z])`, "g"),
    read: (m, today) => [addDaysToDateKey(today, EN_RELATIVE[m[1]!.replace(/\s+/g, " ")]!)],
  },
  // สุดสัปดาห์นี้, เสาร์อาทิตย์, เสาร์-อาทิตย์หน้า
  {
    pattern: /(?:สุดสัปดาห์|(?:วัน)?เสาร์\s*[-–]?\s*(?:วัน)?อาทิตย์)(นี้|หน้า)?/g,
    read: (m, today) => weekend(today, m[1] === "หน้า" ? 1 : 0),
  },
  // พรุ่งนี้, มะรืนนี้, วันนี้
  {
    pattern: new RegExp(`(${oneOf(Object.keys(TH_RELATIVE))})`, "g"),
    read: (m, today) => [addDaysToDateKey(today, TH_RELATIVE[m[1]!]!)],
  },
  // วันเสาร์, เสาร์นี้, เสาร์หน้า (next week's). อาทิตย์นี้/อาทิตย์หน้า without วัน say "this/next week": not a day.
  {
    pattern: new RegExp(`(วัน)?(${oneOf(Object.keys(TH_WEEKDAYS))})(นี้|หน้า)?`, "g"),
    read: (m, today) => {
      const weekday = TH_WEEKDAYS[m[2]!]!;
      if (weekday === 0 && !m[1] && m[3]) return undefined;
      return [m[3] === "หน้า" ? nextWeeks(today, weekday) : nextWeekday(today, weekday)];
    },
  },
];

// ---- Times of day ------------------------------------------------------------------------------

const DAY_END = 24 * 60;

const TH_SMALL_NUMBERS: Record<string, number> = { โมง: 1, สอง: 2, สาม: 3, สี่: 4, ห้า: 5 };

/** A clock time: `2pm`, `14:00`, `14.00 น.`, `10 โมง`, `บ่าย 2`, `บ่ายสองโมง`, `noon`, `เที่ยง`. */
const CLOCK = String.raw`(?:บ่าย\s*(?:[1-5](?!\d)|${oneOf(Object.keys(TH_SMALL_NUMBERS))})(?:\s*โมง)?|เที่ยง(?:วัน|ตรง)?|(?<![a-z])(?:noon|midday)(?![a-z])|(?<![\d.,/:])\d{1,2}(?:[:.]\d{2})?(?:\s*(?:a\.?m\.?|p\.?m\.?|o'?clock)(?![a-z])|\s*(?:น\.|นาฬิกา|โมง(?:เช้า|เย็น)?))?(?!\d))`;

const CLOCK_PARTS = /^(\d{1,2})(?:[:.](\d{2}))?\s*(.*)$/;

/**
 * Minutes after midnight of a clock time. An hour with neither am/pm nor minutes is read only where
 * the phrase says it is a time (`bare`: `after 2`, `ก่อน 10`). Without am/pm, 1 to 5 are afternoon
 * hours (no tee time starts at 2 a.m.) unless written with a leading zero (`05:30`).
 */
function readClock(token: string, bare: boolean): number | undefined {
  const t = token.replace(/\s+/g, "");
  if (/^(?:เที่ยง|noon|midday)/.test(t)) return 12 * 60;
  const afternoon = /^บ่าย(\d|โมง|สอง|สาม|สี่|ห้า)/.exec(t);
  if (afternoon) return (12 + (TH_SMALL_NUMBERS[afternoon[1]!] ?? Number(afternoon[1]))) * 60;
  const m = CLOCK_PARTS.exec(t);
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  // "a.m." → "am", "o'clock" → "oclock", "น." → "น"
  const suffix = m[3]!.replace(/[.']/g, "");
  if (minute > 59) return undefined;
  const at = (h: number) => h * 60 + minute;
  switch (suffix) {
    case "am":
      return hour >= 1 && hour <= 12 ? at(hour % 12) : undefined;
    case "pm":
      return hour >= 1 && hour <= 12 ? at((hour % 12) + 12) : undefined;
    case "น":
    case "นาฬิกา":
      return hour <= 23 ? at(hour) : undefined;
    case "โมงเช้า":
      return hour >= 5 && hour <= 11 ? at(hour) : undefined;
    case "โมงเย็น":
      return hour >= 1 && hour <= 6 ? at(hour + 12) : undefined;
    // Thai counts hours in sixes: "2 โมง" may be 8 a.m.; only 6 to 12 are plain.
    case "โมง":
      return hour >= 6 && hour <= 12 ? at(hour) : undefined;
    case "oclock":
    case "":
      if (suffix === "" && m[2] === undefined && !bare) return undefined;
      if (hour >= 1 && hour <= 5 && !m[1]!.startsWith("0")) return at(hour + 12);
      return hour <= 23 ? at(hour) : undefined;
    default:
      return undefined;
  }
}

function meridiemOf(token: string): "am" | "pm" | undefined {
  const m = /([ap])\.?m\.?$/.exec(token);
  return m ? (m[1] === "a" ? "am" : "pm") : undefined;
}

/** `7-9am`: the start takes the end's am/pm when it has none, unless that puts it after the end (`11-1pm`). */
function readRange(start: string, end: string, keyword: boolean): TimeWindow | undefined {
  const plainStart = /^\d{1,2}(?:[:.]\d{2})?$/.test(start);
  const plainEnd = /^\d{1,2}(?:[:.]\d{2})?$/.test(end);
  // `2-4` alone may be a head count; a range needs a keyword or a clock-looking side.
  if (!keyword && /^\d{1,2}$/.test(start) && /^\d{1,2}$/.test(end)) return undefined;
  const to = readClock(end, plainEnd);
  let from = readClock(start, plainStart);
  const meridiem = meridiemOf(end);
  if (plainStart && meridiem && to !== undefined) {
    const same = readClock(start + meridiem, false);
    from = same !== undefined && same < to ? same : readClock(start + (meridiem === "am" ? "pm" : "am"), false);
  }
  return windowOf(from, to);
}

function windowOf(from: number | undefined, to: number | undefined): TimeWindow | undefined {
  if (from === undefined || to === undefined || from >= to) return undefined;
  return { from, to };
}

const EN_PARTS: Record<string, PartOfDay> = {
  morning: "morning",
  "early morning": "morning",
  early: "morning",
  am: "morning",
  "a.m.": "morning",
  midday: "midday",
  "mid-day": "midday",
  noon: "midday",
  lunch: "midday",
  lunchtime: "midday",
  afternoon: "afternoon",
  pm: "afternoon",
  "p.m.": "afternoon",
  twilight: "afternoon",
};

const TH_PARTS: Record<string, PartOfDay> = {
  เช้า: "morning",
  เช้ามืด: "morning",
  เช้าตรู่: "morning",
  เที่ยง: "midday",
  เที่ยงวัน: "midday",
  บ่าย: "afternoon",
};

const WINDOW_RULES: readonly Rule<TimeWindow>[] = [
  // 7-9am, 07:00-09:30, from 7 to 9, between 7 and 9am, ตั้งแต่ 7 ถึง 9 โมง
  {
    pattern: new RegExp(
      String.raw`(?:(?<![a-z])(from|between)\s+|(ตั้งแต่|ช่วง)\s*)?(${CLOCK})\s*(-|–|—|to|till|until|and|ถึง)\s*(${CLOCK})(?!\s*(?:${PEOPLE_EN}|${PEOPLE_TH}))`,
      "g",
    ),
    read: (m) => {
      if (m[4] === "and" && m[1] !== "between") return undefined;
      return readRange(m[3]!.trim(), m[5]!.trim(), m[1] !== undefined || m[2] !== undefined);
    },
  },
  // after 2pm, from 14:00, หลังบ่าย 2, ตั้งแต่ 7 โมง
  {
    pattern: new RegExp(
      String.raw`(?:(?<![a-z])(?:after|from|since|later\s+than|not\s+before)\s+|(?:>=?|≥|หลัง(?:จาก)?|ตั้งแต่)\s*)(${CLOCK})`,
      "g",
    ),
    read: (m) => windowOf(readClock(m[1]!, true), DAY_END),
  },
  // before 10, until 9:30am, ก่อน 10 โมง, ก่อนเที่ยง
  {
    pattern: new RegExp(
      String.raw`(?:(?<![a-z])(?:before|until|till|til|earlier\s+than|not\s+after)\s+|ก่อน\s*)(${CLOCK})`,
      "g",
    ),
    read: (m) => windowOf(0, readClock(m[1]!, true)),
  },
  // 7am, at 7:30, 14.00 น., บ่าย 2: the tee times starting within that hour
  {
    pattern: new RegExp(String.raw`(?:(?<![a-z])(?:at|around|about)\s+|@\s*|(?:ตอน|ประมาณ)\s*)?(${CLOCK})`, "g"),
    read: (m) => {
      if (/^(?:เที่ยง|noon|midday)/.test(m[1]!)) return undefined;
      const at = readClock(m[1]!, false);
      return at === undefined ? undefined : windowOf(at, Math.min(at + 60, DAY_END));
    },
  },
  // morning, in the afternoon, twilight
  {
    pattern: new RegExp(`(?<![a-z])(?:(?:in\\s+the|at|around)\\s+)?(${oneOf(Object.keys(EN_PARTS))})(?![a-z])`, "g"),
    read: (m) => PARTS_OF_DAY[EN_PARTS[m[1]!]!],
  },
  // เช้า, ช่วงบ่าย, ตอนเที่ยง, เช้าๆ
  {
    pattern: new RegExp(`(?:(?:ช่วง|ตอน)\\s*)?(${oneOf(Object.keys(TH_PARTS))})(?:\\s*ๆ)?`, "g"),
    read: (m) => PARTS_OF_DAY[TH_PARTS[m[1]!]!],
  },
];

function intersect(a: TimeWindow, b: TimeWindow): TimeWindow | undefined {
  return windowOf(Math.max(a.from, b.from), Math.min(a.to, b.to));
}

// ---- Players -----------------------------------------------------------------------------------

const MAX_PLAYERS = 40;

const EN_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const TH_UNITS: Record<string, number> = {
  หนึ่ง: 1,
  เอ็ด: 1,
  สอง: 2,
  สาม: 3,
  สี่: 4,
  ห้า: 5,
  หก: 6,
  เจ็ด: 7,
  แปด: 8,
  เก้า: 9,
};
const TH_TENS: Record<string, number> = { สิบ: 10, ยี่สิบ: 20, สามสิบ: 30, สี่สิบ: 40 };

const EN_NUMBER = `(?:${oneOf(Object.keys(EN_NUMBERS))})(?![a-z])`;
const GROUPS: Record<string, number> = { twosome: 2, threesome: 3, foursome: 4 };

function headCount(n: number): number | undefined {
  return Number.isInteger(n) && n >= 1 && n <= MAX_PLAYERS ? n : undefined;
}

function numberOf(word: string): number {
  return EN_NUMBERS[word] ?? (word === "a" ? 1 : Number(word));
}

const PLAYER_RULES: readonly Rule<number>[] = [
  // 4 pax, 12 of us, 4 คน, 4 ท่าน (not the end of a range: `2-4 pax` is no one number)
  {
    pattern: new RegExp(String.raw`(?<![\d.,/:-])(\d{1,2})\s*(?:${PEOPLE_EN}|${PEOPLE_TH})`, "g"),
    read: (m) => headCount(+m[1]!),
  },
  // four people
  { pattern: new RegExp(`(?<![a-z])(${EN_NUMBER})\\s+${PEOPLE_EN}`, "g"), read: (m) => headCount(numberOf(m[1]!)) },
  // for 4, for four players, party of 6
  {
    pattern: new RegExp(
      String.raw`(?<![a-z])(?:for|party\s+of|group\s+of)\s+(\d{1,2}(?![\d:.])|${EN_NUMBER})(?!\s*(?:a\.?m|p\.?m)(?![a-z]))(?:\s*${PEOPLE_EN})?`,
      "g",
    ),
    read: (m) => headCount(numberOf(m[1]!)),
  },
  // x4
  {
    pattern: new RegExp(String.raw`(?<![a-z0-9])x\s?(\d{1,2})(?![\d:.])(?:\s*${PEOPLE_EN})?`, "g"),
    read: (m) => headCount(+m[1]!),
  },
  // a foursome, 2 foursomes, threesome
  {
    pattern: new RegExp(`(?<![a-z])(?:(\\d{1,2}|a|${EN_NUMBER})\\s+)?(${oneOf(Object.keys(GROUPS))})s?(?![a-z])`, "g"),
    read: (m) => headCount((m[1] ? numberOf(m[1]) : 1) * GROUPS[m[2]!]!),
  },
  // four: a group of four is the golfer's unit; other bare number words are not read
  { pattern: /(?<![a-z])four(?![a-z])/g, read: () => 4 },
  // solo, คนเดียว
  { pattern: /(?<![a-z])solo(?![a-z])|คนเดียว/g, read: () => 1 },
  // สี่คน, สิบสองท่าน (not read inside a larger Thai number: ห้าสิบคน is 50, not 10)
  {
    pattern: new RegExp(
      `(?<!${oneOf(Object.keys(TH_UNITS))}|ยี่)(${oneOf(Object.keys(TH_TENS))})?(${oneOf(Object.keys(TH_UNITS))})?\\s*${PEOPLE_TH}`,
      "g",
    ),
    read: (m) => {
      if (!m[1] && (!m[2] || m[2] === "เอ็ด")) return undefined;
      return headCount((m[1] ? TH_TENS[m[1]]! : 0) + (m[2] ? TH_UNITS[m[2]]! : 0));
    },
  },
];

// ---- Prices ------------------------------------------------------------------------------------

const MIN_PRICE_BAHT = 100;
const MAX_PRICE_BAHT = 99_999;

const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*(k)(?![a-z]))?(?!\d|[.,]\d)`;
const CURRENCY = String.raw`(?:฿|บาท|(?<![a-z])(?:thb|baht)(?![a-z]))`;
const PER_PLAYER = String.raw`(?:\s*(?:/\s*(?:pax|person|head|คน|ท่าน)|(?<![a-z])(?:pp|each)(?![a-z])|per\s+(?:person|pax|player|golfer|head)|ต่อ\s*(?:คน|ท่าน)))?`;
const PRICE_WORD = String.raw`(?:(?<![a-z])(?:under|below|max(?:imum)?|up\s*to|less\s+than|cheaper\s+than|budget(?:\s+of)?)\s*|(?:<=?|≤)\s*|(?:ราคา|งบ(?:ประมาณ)?)?\s*(?:ไม่เกิน|ต่ำกว่า|ไม่ถึง)\s*(?:คนละ)?\s*|(?:ราคา|งบ(?:ประมาณ)?|คนละ)\s*(?:คนละ\s*)?)`;

/** A price in baht (`2,500`, `2.5k`) as satang: only 100 to 99,999 baht is a green fee. */
function satang(amount: string, thousands: string | undefined): number | undefined {
  const baht = Number(amount.replaceAll(",", "")) * (thousands ? 1000 : 1);
  return baht >= MIN_PRICE_BAHT && baht <= MAX_PRICE_BAHT ? Math.round(baht * 100) : undefined;
}

const PRICE_RULES: readonly Rule<number>[] = [
  // under 2500, max 2.5k, < 2,500, ไม่เกิน 2500, งบ 2500 บาท
  {
    pattern: new RegExp(
      `${PRICE_WORD}(?:฿|(?<![a-z])thb(?![a-z]))?\\s*(?<![\\d.,])${AMOUNT}(?:\\s*${CURRENCY})?${PER_PLAYER}`,
      "g",
    ),
    read: (m) => satang(m[1]!, m[2]),
  },
  // ฿2500, thb 2500
  {
    pattern: new RegExp(`(?:฿|(?<![a-z])thb(?![a-z]))\\s*(?<![\\d.,])${AMOUNT}${PER_PLAYER}`, "g"),
    read: (m) => satang(m[1]!, m[2]),
  },
  // 2500 บาท, 2500thb, 2,500 baht pp
  {
    pattern: new RegExp(`(?<![\\d.,/:])${AMOUNT}\\s*${CURRENCY}${PER_PLAYER}`, "g"),
    read: (m) => satang(m[1]!, m[2]),
  },
];

// ---- The parser --------------------------------------------------------------------------------

/** Words that only say where, when, or for whom: read together with the area they stand before. */
const AREA_PREFIX = /(?:(?<![a-z])(?:in|near|around|at)\s+|(?:แถว|ย่าน|ที่)\s*)$/;

/**
 * Reads `raw` against `today` (YYYY-MM-DD in Bangkok, from fairway's clock). Pure: the same text
 * on the same day always reads the same.
 */
export function parseSearchQuery(raw: string, today: string): ParsedSearch {
  if (!isDateKey(today)) throw new RangeError(`today must be YYYY-MM-DD: ${JSON.stringify(today)}`);
  const source = raw
    .normalize("NFC")
    .toLowerCase()
    .replace(/[๐-๙]/g, (d) => String(d.charCodeAt(0) - 0x0e50));
  let text = source;
  const criteria: Partial<SearchCriteria> = {};
  const understood: (ParsedSearch["understood"][number] & { index: number })[] = [];

  const take = (kind: UnderstoodKind, index: number, length: number): void => {
    understood.push({ kind, text: source.slice(index, index + length).trim(), index });
    text = text.slice(0, index) + BLANK.repeat(length) + text.slice(index + length);
  };
  const takeFirst = <T>(kind: UnderstoodKind, rules: readonly Rule<T>[]): T | undefined => {
    const found = earliest(text, rules, today);
    if (found) take(kind, found.index, found.length);
    return found?.value;
  };

  const area = findAreaInText(text);
  if (area) {
    const prefix = AREA_PREFIX.exec(text.slice(0, area.index));
    const start = prefix ? prefix.index : area.index;
    take("area", start, area.index + area.text.length - start);
    criteria.area = { kind: "area", id: area.area.id };
  }

  const maxPrice = takeFirst("price", PRICE_RULES);
  if (maxPrice !== undefined) criteria.maxPrice = maxPrice;

  const dates = takeFirst("date", DATE_RULES);
  if (dates !== undefined) criteria.dates = dates;

  const first = earliest(text, WINDOW_RULES, today);
  if (first) {
    take("window", first.index, first.length);
    criteria.window = first.value;
    // A second time phrase narrows the first (`morning after 8`) when the two overlap; otherwise it stays unread.
    const second = earliest(text, WINDOW_RULES, today);
    const both = second && intersect(first.value, second.value);
    if (second && both) {
      take("window", second.index, second.length);
      criteria.window = both;
    }
  }

  const players = takeFirst("players", PLAYER_RULES);
  if (players !== undefined) criteria.players = players;

  const rest = text
    .split(/[\s\uffff]+/)
    .map((word) => word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ""))
    .filter((word) => word.length > 0);

  return {
    criteria,
    understood: understood.sort((a, b) => a.index - b.index).map(({ kind, text }) => ({ kind, text })),
    rest,
  };
}
