import { Composer, GrammyError, InlineKeyboard } from "grammy";
import { isStaffLocale, isStaffRole, LOCALES } from "../../locale.js";
import type { BotContext, Locale } from "../context.js";
import { isNotModified } from "../ui/telegram-errors.js";

/** Each language in its own words, in the order offered. */
const CHOICES: { locale: Locale; label: string }[] = [
  { locale: "th", label: "🇹🇭 ภาษาไทย" },
  { locale: "en", label: "🇬🇧 English" },
  { locale: "ko", label: "🇰🇷 한국어" },
  { locale: "ja", label: "🇯🇵 日本語" },
  { locale: "zh", label: "🇨🇳 中文" },
];

/** The languages offered to `ctx`'s user: staff (agents, admins) Thai and English, everyone else all. */
function languageKeyboard(ctx: BotContext) {
  const staff = isStaffRole(ctx.who.role);
  const kb = new InlineKeyboard();
  for (const c of CHOICES.filter((c) => !staff || isStaffLocale(c.locale))) kb.text(c.label, `lang:${c.locale}`);
  return kb;
}

const CHOICE_DATA = new RegExp(`^lang:(${LOCALES.join("|")})$`);

/**
 * /language: Thai and English for everyone, Korean, Japanese and Chinese for customers too; remembered in
 * the session, inside bookings too (a staff member's surface stays Thai or English whatever is stored).
 */
export function createLanguageFeature() {
  const feature = new Composer<BotContext>();
  feature.command(["language", "lang"], async (ctx) => {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx) });
  });
  feature.callbackQuery("lang:menu", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx) });
  });
  feature.callbackQuery(CHOICE_DATA, async (ctx) => {
    const locale = ctx.match[1] as Locale;
    ctx.session.locale = locale;
    await ctx.i18n.renegotiateLocale();
    await ctx.answerCallbackQuery({ text: ctx.t("language-set") });
    try {
      await ctx.editMessageText(ctx.t("language-set"));
    } catch (error) {
      // The answer above already said it. The button may sit on a message that cannot take this text (an
      // old photo or file, a message gone): leave it.
      if (!(error instanceof GrammyError)) throw error;
      if (!isNotModified(error)) ctx.deps.logger.debug({ description: error.description }, "language menu not edited");
    }
  });
  return feature;
}
