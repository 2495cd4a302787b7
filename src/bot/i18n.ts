import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Locale } from "./format/locale.js";

export const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/** Maps a Telegram `language_code` (e.g. `th`, `en-GB`) to a supported locale. */
export function localeFromLanguageCode(code: string | undefined, fallback: Locale): Locale {
  if (!code) return fallback;
  const base = code.toLowerCase().split("-")[0];
  if (base === "th") return "th";
  if (base === "en") return "en";
  return fallback;
}

/**
 * One i18n instance for the bot and its conversations. The locale comes from `pick(ctx)` (the
 * session's choice, read by the caller), then Telegram's `language_code`, then `defaultLocale`.
 */
export function createI18n<C extends Context>(
  defaultLocale: Locale,
  pick: (ctx: C) => Locale | undefined | Promise<Locale | undefined>,
) {
  const i18n = new I18n<C & import("@grammyjs/i18n").I18nFlavor>({
    defaultLocale,
    directory: LOCALES_DIR,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: async (ctx) =>
      (await pick(ctx)) ?? localeFromLanguageCode(ctx.from?.language_code, defaultLocale),
  });
  rememberMatchedBundles(i18n.fluent);
  return i18n;
}

/** The part of @grammyjs/i18n's `Fluent` that `rememberMatchedBundles` wraps (private in its types). */
interface BundleMatcher {
  bundles: Set<unknown>;
  matchBundles(locales: string[]): Set<unknown>;
}

/**
 * @grammyjs/i18n negotiates the locale again (`@fluent/langneg`, with regular expressions) for every
 * single `ctx.t` call, and a view makes dozens of them. The answer depends only on the locales asked
 * for and the bundles loaded, so it is kept per locale list and number of bundles: loading another
 * locale later is matched afresh. `translate` only iterates the set it gets, so sharing it is safe.
 */
export function rememberMatchedBundles(fluent: object): void {
  const matcher = fluent as BundleMatcher;
  if (typeof matcher.matchBundles !== "function" || !(matcher.bundles instanceof Set)) return;
  const match = matcher.matchBundles.bind(matcher);
  const matched = new Map<string, Set<unknown>>();
  matcher.matchBundles = (locales) => {
    const key = `${matcher.bundles.size}|${locales.join(",")}`;
    let bundles = matched.get(key);
    if (!bundles) {
      bundles = match(locales);
      matched.set(key, bundles);
    }
    return bundles;
  };
}

/** The locale the context translates into (each locale file defines `locale-code`). */
export function localeOf(ctx: { t: (key: string) => string }): Locale {
  return ctx.t("locale-code") === "th" ? "th" : "en";
}

let translator: I18n | undefined;

/** Translates for someone other than the sender of the update being handled (notices, e-vouchers). */
export function translate(locale: Locale, key: string, args?: Record<string, string | number>): string {
  if (!translator) {
    translator = new I18n({
      defaultLocale: "en",
      directory: LOCALES_DIR,
      fluentBundleOptions: { useIsolating: false },
    });
    rememberMatchedBundles(translator.fluent);
  }
  return translator.t(locale, key, args);
}
