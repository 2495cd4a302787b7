/** The languages fairway speaks, and the tag `Intl` knows each by: the ground floor every layer may use. */
import * as v from "valibot";

/** Every language fairway speaks: Thai and English everywhere, Korean, Japanese and Chinese to customers. */
export const LOCALES = ["th", "en", "ko", "ja", "zh"] as const;

/** The languages fairway speaks. */
export type Locale = (typeof LOCALES)[number];

/** The languages of staff surfaces (agents, admins): Thai and English only. */
export const STAFF_LOCALES = ["th", "en"] as const;

/** A language a staff surface is written in. */
export type StaffLocale = (typeof STAFF_LOCALES)[number];

/** The languages only customers (and strangers arriving through a link) are served in. */
export const CUSTOMER_ONLY_LOCALES = ["ko", "ja", "zh"] as const;

/** The BCP 47 tag used with `Intl` for each of fairway's locales (Chinese is Simplified, mainland). */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = {
  th: "th-TH",
  en: "en-US",
  ko: "ko-KR",
  ja: "ja-JP",
  zh: "zh-CN",
};

/** A stored locale (a session, a booking row, the kv): any of `LOCALES`; anything else is not one. */
export const LocaleSchema = v.picklist(LOCALES);

/** Reads a stored locale, tolerant of anything: a value that is not one of `LOCALES` gives `fallback`. */
export function parseLocale<F extends Locale | undefined>(value: unknown, fallback: F): Locale | F {
  const parsed = v.safeParse(LocaleSchema, value);
  return parsed.success ? parsed.output : fallback;
}

/**
 * Maps a Telegram `language_code` (e.g. `th`, `en-GB`, `ko`, `ja`, `zh-hans`, `zh-hant`, `zh-CN`) to a
 * supported locale by its base language; every Chinese is served in Simplified Chinese (`zh`).
 */
export function localeFromLanguageCode(code: string | undefined, fallback: Locale): Locale {
  if (!code) return fallback;
  return parseLocale(code.toLowerCase().split(/[-_]/)[0], fallback);
}

/** Whether `locale` may be used on a staff surface. */
export function isStaffLocale(locale: Locale): locale is StaffLocale {
  return locale === "th" || locale === "en";
}

/**
 * The locale a staff member reads: theirs when it is Thai or English, English otherwise (an agent whose
 * Telegram speaks Korean reads the staff screens in English, the agency's common language with them).
 */
export function staffLocale(locale: Locale): StaffLocale {
  return isStaffLocale(locale) ? locale : "en";
}

/** Roles that see staff surfaces (src/access/roles.ts). */
const STAFF_ROLES: ReadonlySet<string> = new Set(["admin", "agent"]);

/** Whether a user of `role` reads staff surfaces (agents, admins): in Thai or English only. */
export function isStaffRole(role: string | undefined): boolean {
  return role !== undefined && STAFF_ROLES.has(role);
}

/**
 * The locale of the surface a user of `role` sees, given the locale their choice or their Telegram
 * asks for: customers and strangers get any of `LOCALES`, staff (agents, admins) never Korean,
 * Japanese or Chinese (`staffLocale`). An unknown role (`undefined`) is served as a customer.
 */
export function localeForRole(role: string | undefined, locale: Locale): Locale {
  return isStaffRole(role) ? staffLocale(locale) : locale;
}
