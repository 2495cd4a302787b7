/** The languages fairway speaks, and the tag `Intl` knows each by: the ground floor every layer may use. */

/** The languages fairway speaks. */
export type Locale = "th" | "en";

/** The BCP 47 tag used with `Intl` for each of fairway's locales. */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { th: "th-TH", en: "en-US" };
