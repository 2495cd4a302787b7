import { defaultWarningHandler, I18n, TranslateWarnings, type Warning } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { CUSTOMER_ONLY_LOCALES, localeForRole, localeFromLanguageCode, parseLocale, type Locale } from "../locale.js";
import { projectPath } from "../runtime/project-path.js";

export const LOCALES_DIR = projectPath("locales");

export { localeFromLanguageCode } from "../locale.js";

/**
 * The locale a user's surface is in: their /language choice, else their Telegram language, else
 * `fallback`; then narrowed by role (`localeForRole`: staff read Thai or English only).
 */
export function surfaceLocale(
  user: { role: string | undefined; chosen: unknown; languageCode: string | undefined },
  fallback: Locale,
): Locale {
  // A stored choice is read tolerantly: a value fairway does not speak (hand-edited, from a newer version) is none.
  const chosen = parseLocale(user.chosen, undefined);
  return localeForRole(user.role, chosen ?? localeFromLanguageCode(user.languageCode, fallback));
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
    fluentOptions: { warningHandler: quietOnCustomerOnlyGaps() },
    localeNegotiator: async (ctx) =>
      (await pick(ctx)) ?? localeFromLanguageCode(ctx.from?.language_code, defaultLocale),
  });
  rememberMatchedBundles(i18n.fluent);
  return i18n;
}

/**
 * The library's warnings, except a message missing from a customer-only locale: those locales define the
 * customer-facing keys only (src/bot/customer-keys.ts), and any other key is read in English on purpose.
 */
function quietOnCustomerOnlyGaps(): (warning: Warning) => void {
  const warn = defaultWarningHandler();
  return (warning) => {
    const gap = warning.type === TranslateWarnings.MISSING_MESSAGE && warning.bundle.locales.every(isCustomerOnly);
    if (!gap) warn(warning);
  };
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
 *
 * A customer-only locale (Korean, Japanese, Chinese) defines the customer-facing keys only: any other key
 * is read in English before the default locale (a Korean reader is likelier to read English than Thai).
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
      bundles = match(locales.some(isCustomerOnly) ? [...locales, "en"] : locales);
      matched.set(key, bundles);
    }
    return bundles;
  };
}

const CUSTOMER_ONLY: ReadonlySet<string> = new Set(CUSTOMER_ONLY_LOCALES);
const isCustomerOnly = (locale: string) => CUSTOMER_ONLY.has(locale);

/** The locale the context translates into (each locale file defines `locale-code`). */
export function localeOf(ctx: { t: (key: string) => string }): Locale {
  return parseLocale(ctx.t("locale-code"), "en");
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
