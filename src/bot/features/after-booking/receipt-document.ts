/**
 * "🧾 Receipt" (`rcp:<bookingId>`) on a paid booking's receipt message and in /mybookings: the receipt
 * (ใบเสร็จรับเงิน) as a PDF in the chat, through the outbox. Issued on the first tap (the next number in its
 * series), the same number on every tap after. Who may ask is the receipts service's rule (src/receipts/):
 * a forged tap for someone else's booking is refused and sends nothing.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import { parseReceiptData, receiptData } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";

/** Whether a booking's views offer "🧾 Receipt": once the agency received its money. */
export function receiptOffered(booking: Pick<BookingRecord, "state">): boolean {
  return booking.state === "PAID" || booking.state === "REFUNDING" || booking.state === "REFUNDED";
}

/** "🧾 Receipt" for `bookingId`, added to `keyboard` (a new one when absent) on a row of its own. */
export function withReceiptButton(
  t: (key: string) => string,
  bookingId: string,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  const rows = keyboard.inline_keyboard;
  if (rows.length > 0 && rows[rows.length - 1]!.length > 0) keyboard.row();
  return keyboard.text(t("btn-receipt"), receiptData(bookingId));
}

async function sendReceiptDocument(ctx: BotContext, bookingId: string): Promise<void> {
  const { deps } = ctx;
  const out = await deps.receipts.receipt(bookingId, ctx.from!.id);
  if (out.kind === "refused") {
    deps.logger.info({ bookingId, userId: ctx.from!.id }, "receipt refused: not the asker's booking");
    await ctx.answerCallbackQuery({ text: ctx.t("my-bookings-not-found"), show_alert: true });
    return;
  }
  if (out.kind === "unpaid") {
    await ctx.answerCallbackQuery({ text: ctx.t("receipt-unpaid"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("receipt-sending") });
  await deps.notifications.deliver({
    chatId: ctx.chat?.id ?? ctx.from!.id,
    text: ctx.t("receipt-caption", {
      number: escapeHtml(out.document.number),
      code: escapeHtml(out.booking.reservation_code ?? out.booking.id),
    }),
    document: { filename: out.filename, content: out.pdf.toString("base64"), encoding: "base64" },
    what: "receipt-pdf",
  });
}

export function createReceiptDocumentFeature() {
  const feature = new Composer<BotContext>();
  feature.callbackQuery(/^rcp:/, async (ctx) => {
    const data = parseReceiptData(ctx.callbackQuery.data);
    if (!data) {
      await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
      return;
    }
    await sendReceiptDocument(ctx, data.bookingId);
  });
  return feature;
}
