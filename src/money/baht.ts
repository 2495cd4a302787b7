/**
 * Money as people read it. Inside fairway money is an integer number of satang (1/100 baht).
 * Formatting never divides by 100 as a float: the baht part is formatted as a `BigInt` and the
 * satang digits are placed into the fraction, so every safe integer is shown exactly.
 */
import { INTL_LOCALES, type Locale } from "../locale.js";

type Formatters = { whole: Intl.NumberFormat; cents: Intl.NumberFormat };
const cache = new Map<Locale, Formatters>();

function formatters(locale: Locale): Formatters {
  let found = cache.get(locale);
  if (!found) {
    // narrowSymbol: en-US would otherwise print "THB 2,500.00"; golfers in Thailand read "฿".
    const base = { style: "currency", currency: "THB", currencyDisplay: "narrowSymbol" } as const;
    found = {
      whole: new Intl.NumberFormat(INTL_LOCALES[locale], {
        ...base,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
      cents: new Intl.NumberFormat(INTL_LOCALES[locale], {
        ...base,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    };
    cache.set(locale, found);
  }
  return found;
}

/**
 * Formats an amount of satang as Thai baht with `Intl.NumberFormat` (THB, `th-TH` or `en-US`
 * grouping), e.g. `250000` → `฿2,500` and `250050` → `฿2,500.50` in both locales; satang are shown only
 * when non-zero. Negative amounts get the locale's minus sign (`-฿0.50`).
 * Throws `RangeError` unless `satang` is a safe integer.
 */
export function formatBaht(satang: number, locale: Locale): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`satang must be a safe integer: ${satang}`);
  // A view shows the same few prices many times (every tee time of a day): each is formatted once.
  const key = `${locale}${satang}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatSatang(satang, locale);
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** Amounts formatted lately (`locale` + satang → text); cleared when full. */
const formatted = new Map<string, string>();
const MAX_FORMATTED = 4096;

function formatSatang(satang: number, locale: Locale): string {
  const negative = satang < 0;
  const abs = BigInt(Math.abs(satang));
  const baht = abs / 100n;
  const cents = abs % 100n;
  const { whole, cents: withCents } = formatters(locale);
  if (cents === 0n) return whole.format(negative ? -baht : baht);
  // BigInt has no -0, so a negative amount under one baht is formatted from the number -0.
  const signedBaht = negative ? (baht === 0n ? -0 : -baht) : baht;
  return withCents
    .formatToParts(signedBaht)
    .map((part) => (part.type === "fraction" ? cents.toString().padStart(2, "0") : part.value))
    .join("");
}
