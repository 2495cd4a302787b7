/**
 * Reads an agent's inline query (`riverside sat`, `ริเวอร์ไซด์ พรุ่งนี้`, `lakeview 25/11`): a date
 * word or `dd/mm` anywhere in it, and the rest as words of a course name (English or Thai).
 */
import { addDaysToDateKey, daysInMonth, isDateKey, parseDateKey, toDateKey, weekdayOf } from "../format/date-key.js";

export interface OfferQuery {
  /** The date asked for (YYYY-MM-DD), if the query names one. */
  date?: string;
  /** The words left to match against course names, lower-cased. */
  terms: string[];
}

const ENGLISH_DAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
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

const ENGLISH_RELATIVE: Record<string, number> = { today: 0, tonight: 0, tomorrow: 1, tmr: 1, tmrw: 1, tomorow: 1 };

/** Thai day words, longest first (วันนี้ before วัน…; พฤหัสบดี before พฤหัส). */
const THAI_RELATIVE: [string, number][] = [
  ["มะรืนนี้", 2],
  ["มะรืน", 2],
  ["พรุ่งนี้", 1],
  ["วันนี้", 0],
];
const THAI_DAYS: [string, number][] = [
  ["อาทิตย์", 0],
  ["จันทร์", 1],
  ["อังคาร", 2],
  ["พุธ", 3],
  ["พฤหัสบดี", 4],
  ["พฤหัส", 4],
  ["ศุกร์", 5],
  ["เสาร์", 6],
];
const THAI_DAY_PATTERN = new RegExp(`(?:วัน)?(${THAI_DAYS.map(([w]) => w).join("|")})(?:นี้|หน้า)?`);

/** The next `weekday` (0 = Sunday) from `today` on, today included. */
function nextWeekday(today: string, weekday: number): string {
  return addDaysToDateKey(today, (weekday - weekdayOf(today) + 7) % 7);
}

/** `dd/mm` (or `dd/mm/yyyy`, `dd.mm`): this year's, or next year's once this year's has passed. */
function dayMonth(token: string, today: string): string | undefined {
  const m = /^(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}))?$/.exec(token);
  if (!m) return undefined;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const now = parseDateKey(today);
  const year = m[3] ? Number(m[3]) : now.year;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const key = toDateKey(year, month, day);
  if (m[3] || key >= today) return key;
  return day <= daysInMonth(year + 1, month) ? toDateKey(year + 1, month, day) : undefined;
}

/** Parses `raw` against `today` (YYYY-MM-DD in the courses' zone, from fairway's clock). */
export function parseOfferQuery(raw: string, today: string): OfferQuery {
  let text = raw.normalize("NFC").toLowerCase().trim();
  let date: string | undefined;
  for (const [word, days] of THAI_RELATIVE) {
    if (date === undefined && text.includes(word)) {
      date = addDaysToDateKey(today, days);
      text = text.replace(word, " ");
    }
  }
  const thaiDay = date === undefined ? THAI_DAY_PATTERN.exec(text) : null;
  if (thaiDay) {
    date = nextWeekday(today, THAI_DAYS.find(([w]) => w === thaiDay[1])![1]);
    text = text.replace(thaiDay[0], " ");
  }
  const terms: string[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const word = token.replace(/[,;!?]+$/, "");
    const relative = ENGLISH_RELATIVE[word];
    const weekday = ENGLISH_DAYS[word];
    const dm = dayMonth(word, today);
    if (date === undefined && relative !== undefined) date = addDaysToDateKey(today, relative);
    else if (date === undefined && weekday !== undefined) date = nextWeekday(today, weekday);
    else if (date === undefined && dm !== undefined) date = dm;
    else if (date === undefined && isDateKey(word)) date = word;
    else if (word.length > 0) terms.push(word);
  }
  return { ...(date !== undefined ? { date } : {}), terms };
}

/** Whether every term is part of the course's English or Thai name (or its place). */
export function matchesCourse(
  course: { name: string; nameTH: string; place?: string },
  terms: readonly string[],
): boolean {
  const haystack = `${course.name} ${course.nameTH} ${course.place ?? ""}`.normalize("NFC").toLowerCase();
  const squeezed = haystack.replace(/\s+/g, "");
  return terms.every((t) => haystack.includes(t) || squeezed.includes(t));
}
