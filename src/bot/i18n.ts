import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Locale } from "./context.js";

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
export function createI18n<C extends Context>(defaultLocale: Locale, pick: (ctx: C) => Locale | undefined | Promise<Locale | undefined>) {
  return new I18n<C & import("@grammyjs/i18n").I18nFlavor>({
    defaultLocale,
    directory: LOCALES_DIR,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: async (ctx) => (await pick(ctx)) ?? localeFromLanguageCode(ctx.from?.language_code, defaultLocale),
  });
}
