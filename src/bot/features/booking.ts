import { Composer, InlineKeyboard } from "grammy";
import { GLOBAL_DATA } from "../callback-data.js";
import { BOOKING_CONVERSATION, type BookingArgs } from "../conversations/booking/entry.js";
import type { BotContext } from "../context.js";

/**
 * Releases the chat's live hold, if any; says whether there was one. A hold whose customer was shown
 * the PromptPay QR (the flow ended there: its payment is no longer pending) is kept: it waits for their
 * slip and the agent's word, or ends with its payment window; the QR's Cancel button releases it.
 */
export async function releaseActiveHold(ctx: BotContext): Promise<boolean> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return false;
  const active = await ctx.deps.bookings.activeForChat(chatId);
  if (!active || active.state !== "HELD") return false;
  // A group's holds go together; those of a group whose customer was shown its QR are kept, as a booking's.
  const out = await ctx.deps.bookings.cancelHold(active.group_id ?? active.id, {
    reason: "user-cancel",
    paymentStates: ["pending"],
  });
  return out.kind === "released" && (out.release.kind === "released" || out.release.kind === "pending");
}

function inFlow(ctx: BotContext): boolean {
  return ctx.conversation.active(BOOKING_CONVERSATION) > 0;
}

/**
 * Installed after `conversations()` and BEFORE the booking conversation, so these work at any step:
 * /cancel, /book during a booking (resume or start over), and "start over".
 */
export function createBookingGuards() {
  const feature = new Composer<BotContext>();
  const offerResume = async (ctx: BotContext) => {
    const kb = new InlineKeyboard()
      .text(ctx.t("btn-resume"), GLOBAL_DATA.resume)
      .text(ctx.t("btn-start-over"), GLOBAL_DATA.restart);
    await ctx.reply(ctx.t("booking-in-progress"), { reply_markup: kb });
  };
  feature.command("book", async (ctx, next) => (inFlow(ctx) ? offerResume(ctx) : next()));
  feature.callbackQuery(GLOBAL_DATA.book, async (ctx, next) => {
    if (!inFlow(ctx)) return next();
    await ctx.answerCallbackQuery();
    await offerResume(ctx);
  });
  feature.callbackQuery(GLOBAL_DATA.restart, async (ctx, next) => {
    await ctx.conversation.exitAll();
    await releaseActiveHold(ctx);
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
    return next();
  });
  // /start (a customer link, or just hello) leaves a booking in progress; the handler is below the conversation.
  feature.command("start", async (ctx, next) => {
    if (inFlow(ctx)) {
      await ctx.conversation.exitAll();
      await releaseActiveHold(ctx);
    }
    return next();
  });
  feature.command("cancel", async (ctx) => {
    const wasInFlow = inFlow(ctx);
    await ctx.conversation.exitAll();
    const released = await releaseActiveHold(ctx);
    await ctx.reply(ctx.t(released ? "cancel-released" : wasInFlow ? "cancel-done" : "cancel-nothing"), {
      reply_markup: { remove_keyboard: true },
    });
  });
  return feature;
}

/**
 * Starts a new booking flow. A hold still live without its flow (the flow timed out, or a new
 * version of fairway discarded it) can no longer be confirmed, so it is released first, and said so.
 */
async function enterBooking(ctx: BotContext): Promise<void> {
  if (await releaseActiveHold(ctx)) await ctx.reply(ctx.t("earlier-hold-released"));
  // A customer's bookings are credited to the agent whose link let them in.
  const name = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ").trim();
  const args: BookingArgs =
    ctx.who.role === "customer" && ctx.who.agentId !== undefined
      ? { agentId: ctx.who.agentId, ...(name ? { customerName: name } : {}) }
      : {};
  await ctx.conversation.enter(BOOKING_CONVERSATION, args);
}

/** Installed AFTER the booking conversation (a conversation can only be entered from below it). */
export function createBookingEntry() {
  const feature = new Composer<BotContext>();
  feature.command("book", (ctx) => enterBooking(ctx));
  feature.callbackQuery([GLOBAL_DATA.book, GLOBAL_DATA.restart], async (ctx) => {
    await ctx.answerCallbackQuery();
    await enterBooking(ctx);
  });
  return feature;
}
