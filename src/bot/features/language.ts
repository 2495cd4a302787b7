import { Composer, GrammyError, InlineKeyboard } from "grammy";
import type { BotContext, Locale } from "../context.js";
import { isNotModified } from "../ui/telegram-errors.js";

const CHOICES: { locale: Locale; label: string }[] = [
  { locale: "th", label: "🇹🇭 ภาษาไทย" },
  { locale: "en", label: "🇬🇧 English" },
];

function languageKeyboard() {
  const kb = new InlineKeyboard();
  for (const c of CHOICES) kb.text(c.label, `lang:${c.locale}`);
  return kb;
}

/** /language: switch between Thai and English; remembered in the session, inside bookings too. */
export function createLanguageFeature() {
  const feature = new Composer<BotContext>();
  feature.command(["language", "lang"], async (ctx) => {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard() });
  });
  feature.callbackQuery("lang:menu", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard() });
  });
  feature.callbackQuery(/^lang:(th|en)$/, async (ctx) => {
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
