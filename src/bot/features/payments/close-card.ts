/** How a payment card (a slip, a QR) is closed once something was done with it. */
import type { BotContext } from "../../context.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";

/**
 * Closes a card (slip, QR): its buttons go unless `keep`, and the outcome is said right under it, so
 * the card keeps what it showed.
 */
export async function closeCard(ctx: BotContext, line: string, keep = false): Promise<void> {
  const message = ctx.callbackQuery?.message;
  if (!keep)
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
    });
  await ctx.reply(line, {
    parse_mode: "HTML",
    ...(message ? { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } } : {}),
  });
}
