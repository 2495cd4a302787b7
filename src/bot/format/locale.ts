import type { Locale as DateFnsLocale } from "date-fns";
// One file per locale: the "date-fns/locale" index loads every locale date-fns has (700+ modules at start-up).
import { enUS } from "date-fns/locale/en-US";
import { ja } from "date-fns/locale/ja";
import { ko } from "date-fns/locale/ko";
import { th } from "date-fns/locale/th";
import { zhCN } from "date-fns/locale/zh-CN";
import type { Locale } from "../../locale.js";

/** The languages fairway speaks and their `Intl` tags (src/locale.ts). */
export { INTL_LOCALES, type Locale, type StaffLocale } from "../../locale.js";

/** The date-fns locale for each of fairway's locales. */
export const DATE_FNS_LOCALES: Readonly<Record<Locale, DateFnsLocale>> = {
  th,
  en: enUS,
  ko,
  ja,
  zh: zhCN,
};

/** Thai dates count years in the Buddhist era (a calendar fact: src/time/date-key.ts). */
export { BUDDHIST_ERA_OFFSET } from "../../time/date-key.js";
