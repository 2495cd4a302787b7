import type { Locale as DateFnsLocale } from "date-fns";
// One file per locale: the "date-fns/locale" index loads every locale date-fns has (700+ modules at start-up).
import { enUS } from "date-fns/locale/en-US";
import { th } from "date-fns/locale/th";

/** The languages fairway speaks. */
export type Locale = "th" | "en";

/** The date-fns locale for each of fairway's locales. */
export const DATE_FNS_LOCALES: Readonly<Record<Locale, DateFnsLocale>> = { th, en: enUS };

/** The BCP 47 tag used with `Intl` for each of fairway's locales. */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { th: "th-TH", en: "en-US" };

/** Thai dates count years in the Buddhist era (a calendar fact: src/time/date-key.ts). */
export { BUDDHIST_ERA_OFFSET } from "../../time/date-key.js";
