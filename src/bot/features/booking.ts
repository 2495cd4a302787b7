import { Composer, InlineKeyboard } from "grammy";
import { GLOBAL_DATA } from "../callback-data.js";
import { BOOKING_CONVERSATION, type BookingArgs } from "../conversations/booking/index.js";
import type { BotContext } from "../context.js";

/** Releases the chat's live hold, if any; says whether there was one. */
async function releaseActiveHold(ctx: BotContext): Promise<boolean> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return false;
  const active = await ctx.deps.bookings.activeForChat(chatId);
  if (!active || active.state !== "HELD") return false;
  const out = await ctx.deps.bookings.release(active.id, "user-cancel");
  return out.kind !== "not-held";
}

/** Starts a booking (`args` from a customer link), or offers to resume the one in progress. */
export async function startBooking(ctx: BotContext, args: BookingArgs = {}): Promise<void> {
  if (ctx.conversation.active(BOOKING_CONVERSATION) > 0) {
    const kb = new InlineKeyboard().text(ctx.t("btn-resume"), GLOBAL_DATA.resume).text(ctx.t("btn-start-over"), GLOBAL_DATA.restart);
    await ctx.reply(ctx.t("booking-in-progress"), { reply_markup: kb });
    return;
  }
  await ctx.conversation.enter(BOOKING_CONVERSATION, args);
}

/**
 * Entry points of the booking flow. Installed after `conversations()` and before the conversation
 * itself, so /book, /cancel and these buttons work at any step.
 */
export function createBookingFeature() {
  const feature = new Composer<BotContext>();
  feature.command("book", (ctx) => startBooking(ctx));
  feature.callbackQuery(GLOBAL_DATA.book, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startBooking(ctx);
  });
  feature.callbackQuery(GLOBAL_DATA.restart, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await releaseActiveHold(ctx);
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
    await ctx.conversation.enter(BOOKING_CONVERSATION, {});
  });
  feature.command("cancel", async (ctx) => {
    const inFlow = ctx.conversation.active(BOOKING_CONVERSATION) > 0;
    await ctx.conversation.exitAll();
    const released = await releaseActiveHold(ctx);
    await ctx.reply(ctx.t(released ? "cancel-released" : inFlow ? "cancel-done" : "cancel-nothing"), {
      reply_markup: { remove_keyboard: true },
    });
  });
  return feature;
}
