/**
 * The golfer's copy: "Send to golfer" (`gc:<bookingId>`) on the receipt of a paid booking gives its
 * booker a single-use link (`t.me/<bot>?start=gc_…`, valid until the tee-off), one per player at most,
 * and the booking's e-voucher (a PNG to forward).
 * Whoever opens it first sees the booking, read-only, in /mybookings and gets its reminders; the booker
 * is told. A forged, used or expired link attaches nothing, and lets a stranger do nothing else.
 */
import { Composer, InlineKeyboard, InputFile } from "grammy";
import { bookingCourseName, type BookingRecord } from "../../../bookings/index.js";
import { COPY_TOKEN_PATTERN } from "../../../bookings/golfer-copies.js";
import { copyLimit, type ClaimRefusal } from "../../../bookings/golfer-copies.js";
import { myBookingsData, parseGolferCopyData } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { bookingArgs, translate } from "./notices.js";

const REFUSALS: Record<ClaimRefusal, string> = {
  unknown: "golfer-copy-unknown",
  used: "golfer-copy-used",
  expired: "golfer-copy-expired",
  own: "golfer-copy-own",
};

/**
 * [Send to golfer]: a single-use link for the booker of a paid booking whose tee-off is ahead, one per
 * player at most (`copyLimit`); the link not yet opened, if there is one, rather than a new one.
 */
async function sendToGolfer(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const booking = await deps.bookings.get(bookingId);
  if (!booking || Number(booking.user_id) !== ctx.from?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("my-bookings-not-found"), show_alert: true });
    return;
  }
  if (booking.state !== "PAID" || booking.slot_starts_at <= deps.now()) {
    await ctx.answerCallbackQuery({ text: ctx.t("golfer-copy-not-paid"), show_alert: true });
    return;
  }
  const issued = await deps.golferCopies.issue(booking.id, {
    createdBy: ctx.from.id,
    expiresAt: booking.slot_starts_at,
    limit: copyLimit(booking),
  });
  if (issued.kind === "all-used") {
    deps.logger.info({ bookingId: booking.id, userId: ctx.from.id }, "golfer's copy refused: every link made");
    await ctx.answerCallbackQuery({ text: ctx.t("golfer-copy-all-used", { limit: issued.limit }), show_alert: true });
    return;
  }
  const { copy } = issued;
  if (issued.kind === "new")
    deps.logger.info({ bookingId: booking.id, userId: ctx.from.id, slot: copy.slot }, "golfer's copy link created");
  await ctx.answerCallbackQuery();
  // A new link comes with the e-voucher, to forward with it (or instead, to a golfer not on Telegram).
  if (issued.kind === "new") await replyWithVoucher(ctx, booking);
  const url = `https://t.me/${ctx.me.username}?start=${copy.token}`;
  const share = `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(ctx.t("golfer-copy-share-text"))}`;
  const text = ctx.t("golfer-copy-link", { url, code: escapeHtml(booking.reservation_code ?? "-") });
  // The same link again while nobody has opened it: a double tap does not use up the booking's links.
  const again = issued.kind === "again" ? `\n\n${ctx.t("golfer-copy-again")}` : "";
  await ctx.reply(`${text}${again}`, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: new InlineKeyboard().url(ctx.t("golfer-copy-btn-share"), share),
  });
}

/** The booking's e-voucher as a photo in this chat, before the link; a voucher not drawn is logged, nothing more. */
async function replyWithVoucher(ctx: BotContext, booking: BookingRecord): Promise<void> {
  const { vouchers, logger } = ctx.deps;
  if (!vouchers || !ctx.from) return;
  const locale = await ctx.deps.notifications.localeOf(ctx.from.id);
  try {
    const voucher = await vouchers.forBooking(booking, { locale, defaultContact: `t.me/${ctx.me.username}` });
    await ctx.replyWithPhoto(new InputFile(voucher.png, `voucher-${booking.reservation_code ?? booking.id}.png`), {
      caption: translate(locale, "voucher-caption", { course: bookingCourseName(booking, locale) }),
    });
  } catch (error) {
    logger.error({ err: error, bookingId: booking.id }, "e-voucher not sent");
  }
}

function fullName(ctx: BotContext): string {
  return [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ").trim() || String(ctx.from?.id ?? "");
}

/** /start gc_…: attaches the booking to whoever opens the link first. */
async function claim(ctx: BotContext, token: string): Promise<void> {
  const { deps } = ctx;
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const copies = deps.golferCopies;
  const result = await copies.claim(token, userId, async (id) => {
    const b = await deps.bookings.get(id);
    return b ? Number(b.user_id) : undefined;
  });
  if (!result.ok) {
    deps.logger.info({ userId, reason: result.reason }, "golfer's copy refused");
    await ctx.reply(ctx.t(REFUSALS[result.reason]));
    return;
  }
  const booking = await deps.bookings.get(result.copy.booking_id);
  if (!booking) return;
  await ctx.reply(ctx.t("golfer-copy-claimed"), {
    reply_markup: new InlineKeyboard().text(ctx.t("golfer-copy-btn-view"), myBookingsData("view", booking.id)),
  });
  if (!result.firstClaim) return;
  deps.logger.info({ bookingId: booking.id, userId }, "golfer's copy claimed");
  const agent = Number(result.copy.created_by);
  const locale = await deps.notifications.localeOf(agent);
  await deps.notifications.deliver({
    chatId: agent,
    text: translate(locale, "golfer-copy-claimed-agent", {
      ...bookingArgs(booking, locale),
      golfer: escapeHtml(fullName(ctx)),
    }),
    what: "golfer-copy-claimed",
  });
}

/** Opening a golfer's copy link: for everyone, strangers included (install before the access gate). */
export function createGolferCopyClaim() {
  const feature = new Composer<BotContext>();
  feature.command("start", async (ctx, next) => {
    const token = ctx.match.trim();
    if (!COPY_TOKEN_PATTERN.test(token)) return next();
    await claim(ctx, token);
  });
  return feature;
}

/** [Send to golfer] on a receipt (install after the access gate). */
export function createGolferCopyFeature() {
  const feature = new Composer<BotContext>();
  feature.callbackQuery(/^gc:/, async (ctx) => {
    const data = parseGolferCopyData(ctx.callbackQuery.data);
    if (!data) {
      await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
      return;
    }
    await sendToGolfer(ctx, data.bookingId);
  });
  return feature;
}
