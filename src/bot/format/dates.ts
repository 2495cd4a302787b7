/**
 * Dates and times as people see them: always on the course's wall clock (its IANA `timeZone`),
 * never the server's. Instants are epoch ms; calendar days are `YYYY-MM-DD` keys.
 * Thai output uses the Buddhist-era year (CE + 543), as Thai people write dates. Korean, Japanese and
 * Chinese write a short date as month and day with the weekday (`11월 28일 (토)`, `11月28日(土)`,
 * `11月28日 周六`): a tee time is at most weeks ahead, so the year is left to the long date.
 */
import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { addDaysToDateKey, dateKeyToUtcMs, toDateKey } from "../../time/date-key.js";
import { dateKeyOf } from "../../time/today.js";
import { BUDDHIST_ERA_OFFSET, DATE_FNS_LOCALES, type Locale } from "./locale.js";
import { wallClock } from "../../time/zoned.js";

export { addDaysToDateKey, weekdayOf } from "../../time/date-key.js";
export { courseToday, dateKeyOf } from "../../time/today.js";

/** The time of day a tee time falls in; see `partOfDay` for the boundaries. */
export type PartOfDay = "morning" | "midday" | "afternoon";

const UTC = tz("UTC");

/** Past this many distinct (day, pattern, locale) texts `formatKey` forgets the ones it made first. */
const FORMATTED_KEYS_MAX = 4096;
const formattedKeys = new Map<string, string>();

/**
 * Formats a date key's day with date-fns in `locale`; the key is anchored at UTC so `TZ` never shifts it.
 * The text depends on nothing else, and the same few weeks of days are written for every view, so it
 * is kept (date-fns with a zone costs several `Intl` calls per text).
 */
function formatKey(dateKey: string, pattern: string, locale: Locale): string {
  const id = `${locale}|${pattern}|${dateKey}`;
  let text = formattedKeys.get(id);
  if (text === undefined) {
    text = format(dateKeyToUtcMs(dateKey), pattern, { in: UTC, locale: DATE_FNS_LOCALES[locale] });
    if (formattedKeys.size >= FORMATTED_KEYS_MAX) formattedKeys.delete(formattedKeys.keys().next().value as string);
    formattedKeys.set(id, text);
  }
  return text;
}

/** The calendar year of a key as it is written in `locale` (Buddhist era for Thai). */
function displayYear(dateKey: string, locale: Locale): number {
  const year = Number(dateKey.slice(0, 4));
  return locale === "th" ? year + BUDDHIST_ERA_OFFSET : year;
}

/** The short date's pattern in the East Asian locales (month, day, weekday; no year). */
const SHORT_DATE_CJK: Readonly<Partial<Record<Locale, string>>> = {
  ko: "M월 d일 (EEE)",
  ja: "M月d日(EEE)",
  zh: "M月d日 EEE",
};

/** The long date's pattern in the East Asian locales (year, month, day, weekday). */
const LONG_DATE_CJK: Readonly<Partial<Record<Locale, string>>> = {
  ko: "yyyy년 M월 d일 EEEE",
  ja: "yyyy年M月d日 EEEE",
  zh: "yyyy年M月d日 EEEE",
};

/**
 * A short date: en `Mon 23 Nov 2026`, th `จ. 23 พ.ย. 2569`, ko `11월 23일 (월)`, ja `11月23日(月)`,
 * zh `11月23日 周一`.
 */
export function formatDate(dateKey: string, locale: Locale): string {
  const cjk = SHORT_DATE_CJK[locale];
  if (cjk) return formatKey(dateKey, cjk, locale);
  return `${formatKey(dateKey, "EEE d MMM", locale)} ${displayYear(dateKey, locale)}`;
}

/**
 * A long date: en `Monday 23 November 2026`, th `วันจันทร์ที่ 23 พฤศจิกายน 2569`, ko `2026년 11월 23일 월요일`,
 * ja `2026年11月23日 月曜日`, zh `2026年11月23日 星期一`.
 */
export function formatDateLong(dateKey: string, locale: Locale): string {
  const cjk = LONG_DATE_CJK[locale];
  if (cjk) return formatKey(dateKey, cjk, locale);
  const year = displayYear(dateKey, locale);
  if (locale === "th") return `วัน${formatKey(dateKey, "EEEE'ที่' d MMMM", locale)} ${year}`;
  return `${formatKey(dateKey, "EEEE d MMMM", locale)} ${year}`;
}

/** The 24-hour wall-clock time of `ms` in `timeZone`, e.g. `06:08`: the same digits in both locales. */
export function formatTime(ms: number, timeZone: string, _locale: Locale): string {
  const { hour, minute } = wallClock(ms, timeZone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * Date and time at the course: en `Mon 23 Nov 2026, 06:08`, th `จ. 23 พ.ย. 2569 เวลา 06:08 น.`,
 * ko `11월 23일 (월) 06:08`, ja `11月23日(月) 06:08`, zh `11月23日 周一 06:08`.
 */
export function formatDateTime(ms: number, timeZone: string, locale: Locale): string {
  const date = formatDate(dateKeyOf(ms, timeZone), locale);
  const time = formatTime(ms, timeZone, locale);
  if (locale === "th") return `${date} เวลา ${time} น.`;
  return locale === "en" ? `${date}, ${time}` : `${date} ${time}`;
}

/** A day without its weekday or year, for a chart's axis: en `23 Nov`, th `23 พ.ย.`. */
export function formatDayMonth(dateKey: string, locale: Locale): string {
  return formatKey(dateKey, "d MMM", locale);
}

/** A month for a chart's axis: en `Nov 2026`, th `พ.ย. 2569`. */
export function formatMonthShort(dateKey: string, locale: Locale): string {
  return `${formatKey(dateKey, "LLL", locale)} ${displayYear(dateKey, locale)}`;
}

/** A month's short name alone: en `Nov`, th `พ.ย.`. */
export function formatMonthName(dateKey: string, locale: Locale): string {
  return formatKey(dateKey, "LLL", locale);
}

/** A calendar heading for `month` (1-12): en `November 2026`, th `พฤศจิกายน 2569`, ko `2026년 11월`, ja/zh `2026年11月`. */
export function formatMonthTitle(year: number, month: number, locale: Locale): string {
  const key = toDateKey(year, month, 1);
  if (locale === "ko") return formatKey(key, "yyyy년 M월", locale);
  if (locale === "ja" || locale === "zh") return formatKey(key, "yyyy年M月", locale);
  return `${formatKey(key, "LLLL", locale)} ${displayYear(key, locale)}`;
}

// 2024-01-01 was a Monday: the seven days from it give Monday-first names.
const A_MONDAY = "2024-01-01";

/**
 * Column headings for a calendar, **Monday first** in every locale (as `monthGrid` lays weeks out):
 * en `Mo Tu We Th Fr Sa Su`, th `จ อ พ พฤ ศ ส อา` (date-fns' short Thai names without the dot).
 */
export function weekdayShortNames(locale: Locale): string[] {
  return Array.from({ length: 7 }, (_, i) => {
    return formatKey(addDaysToDateKey(A_MONDAY, i), "EEEEEE", locale).replace(/\.$/, "");
  });
}

/**
 * When in the day `ms` falls at the course: `morning` before 10:00, `midday` from 10:00 to 12:59,
 * `afternoon` from 13:00 (each boundary belongs to the later part: 10:00 is midday, 13:00 afternoon).
 */
export function partOfDay(ms: number, timeZone: string): PartOfDay {
  const { hour } = wallClock(ms, timeZone);
  if (hour < 10) return "morning";
  if (hour < 13) return "midday";
  return "afternoon";
}

/**
 * Whole minutes from `nowMs` until `ms`, rounded down: 0 means less than a minute to go,
 * a negative number means the instant has passed.
 */
export function minutesUntil(ms: number, nowMs: number): number {
  return Math.floor((ms - nowMs) / 60_000);
}
