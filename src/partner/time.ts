/**
 * The partner's date-time text: ISO 8601 whose fractional precision and offset form vary
 * (`Z`, `+07:00`, `+0700`), e.g. `2026-11-23T06:08:00+0700` or `2026-11-23T00:10:00.123456Z`.
 */

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** Bangkok's offset, the default when the partner gives no text to read one from. */
export const BANGKOK_OFFSET_MINUTES = 7 * 60;

export interface PartnerInstant {
  /** Epoch milliseconds (fractions below a millisecond are truncated). */
  epochMs: number;
  /** The text's UTC offset in minutes (`Z` is 0, `+0700` is 420). */
  offsetMinutes: number;
}

/**
 * Parses the partner's date-time text. Accepts `T` or a space between date and time, optional
 * seconds, any number of fractional digits, and an offset written `Z`, `±hh:mm`, `±hhmm` or `±hh`.
 * Returns `null` for anything else, including text without an offset (which names no instant)
 * and impossible dates such as February 30th.
 */
export function parsePartnerInstantDetailed(text: string): PartnerInstant | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, "0"));
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  let offsetMinutes = 0;
  if (m[8] === undefined) {
    const offHours = Number(m[10]);
    const offMinutes = m[11] === undefined ? 0 : Number(m[11]);
    if (offHours > 23 || offMinutes > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (offHours * 60 + offMinutes);
  }
  // setUTCFullYear, unlike Date.UTC, does not map the years 0–99 to 1900–1999.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, ms);
  return { epochMs: local.getTime() - offsetMinutes * 60_000, offsetMinutes };
}

/** Epoch milliseconds of the partner's date-time text, or `null` when it names no valid instant. */
export function parsePartnerInstant(text: string): number | null {
  return parsePartnerInstantDetailed(text)?.epochMs ?? null;
}

/**
 * Formats an instant the way the partner writes `startDateString`: `YYYY-MM-DDThh:mm:ss+hhmm`
 * in the given offset (default Bangkok, +0700).
 */
export function formatPartnerInstant(epochMs: number, offsetMinutes = BANGKOK_OFFSET_MINUTES): string {
  const d = new Date(epochMs + offsetMinutes * 60_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const sign = offsetMinutes < 0 ? "-" : "+";
  const off = Math.abs(offsetMinutes);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    `${sign}${pad(Math.trunc(off / 60))}${pad(off % 60)}`
  );
}

/** True for a calendar date written `YYYY-MM-DD` that exists (the tee-time query format). */
export function isPartnerDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  if (month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0)) return 29;
  return DAYS_IN_MONTH[month - 1] ?? 0;
}
