/**
 * "🧾 Receipt" (`rcp:<bookingId>`) on a paid booking's receipt message and in /mybookings: the receipt
 * (ใบเสร็จรับเงิน) as a PDF in the chat, through the outbox. Issued on the first tap (the next number in its
 * series), the same number on every tap after. Who may ask is the receipts service's rule (src/receipts/):
 * a forged tap for someone else's booking is refused and sends nothing.
 *
 * "🧾 Tax invoice" (`txi:<bookingId>`, /mybookings): a VAT-registered seller's tax invoice — abbreviated at
 * once (`TAX_INVOICES=abbreviated`), or full after the buyer's details (conversations/tax-invoice.ts); one
 * issued before is sent again. A seller not VAT-registered says it issues none.
 */
import { pdfDocument } from "../../outbox.js";
import { Composer, InlineKeyboard } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import { parseReceiptData, parseTaxInvoiceData, receiptData, taxInvoiceData } from "../../callback-data.js";
import { TAX_INVOICE_CONVERSATION } from "../../conversations/tax-invoice.js";
import type { BotContext } from "../../context.js";
import type { IssuedDocument } from "../../../receipts/receipts.js";
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

/** "🧾 Tax invoice" for `bookingId`, added to `keyboard` on a row of its own. */
export function withTaxInvoiceButton(t: (key: string) => string, bookingId: string, keyboard: InlineKeyboard) {
  const rows = keyboard.inline_keyboard;
  if (rows.length > 0 && rows[rows.length - 1]!.length > 0) keyboard.row();
  return keyboard.text(t("btn-tax-invoice"), taxInvoiceData(bookingId));
}

/** A document issued and its PDF. */
type PdfIssued = { kind: "issued"; filename: string; pdf: Buffer };

/** Answers the tap "sending" and sends a document's PDF, captioned `caption`, to the chat it was asked in (the outbox). */
export async function sendIssuedPdf(
  ctx: BotContext,
  out: Pick<PdfIssued, "filename" | "pdf">,
  caption: string,
  what: "receipt-pdf" | "tax-invoice-pdf",
): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("receipt-sending") });
  await ctx.deps.notifications.deliver({
    chatId: ctx.chat?.id ?? ctx.from!.id,
    text: caption,
    document: pdfDocument(out),
    what,
  });
}

/** A booking's caption on its document's PDF. */
function bookingCaption(ctx: BotContext, out: IssuedDocument, caption: "receipt-caption" | "tax-invoice-caption") {
  return ctx.t(caption, {
    number: escapeHtml(out.document.number),
    code: escapeHtml(out.booking.reservation_code ?? out.booking.id),
  });
}

/** How a tax invoice's tap is answered where the receipts service's outcome does not say it. */
export interface TaxInvoiceAnswers<Issued> {
  /** The alert when the asker may not have it. */
  refused: string;
  /** The alert when nothing was received yet. */
  unpaid: string;
  /** What the tax invoice conversation is entered with to ask the buyer's details. */
  conversation: Parameters<BotContext["conversation"]["enter"]>[1];
  /** The PDF's caption. */
  caption(out: Issued): string;
}

/**
 * A tax invoice's tap answered by what the receipts service said: refused, none (the seller is not
 * VAT-registered), not paid, the buyer's details asked first (the tax invoice conversation), or its PDF sent.
 */
export async function answerTaxInvoice<
  Outcome extends { kind: "refused" | "unpaid" | "not-registered" | "needs-buyer" } | PdfIssued,
>(ctx: BotContext, out: Outcome, answers: TaxInvoiceAnswers<Extract<Outcome, PdfIssued>>): Promise<void> {
  switch (out.kind) {
    case "refused":
      await ctx.answerCallbackQuery({ text: ctx.t(answers.refused), show_alert: true });
      return;
    case "not-registered":
      await ctx.answerCallbackQuery({ text: ctx.t("tax-invoice-not-registered"), show_alert: true });
      return;
    case "unpaid":
      await ctx.answerCallbackQuery({ text: ctx.t(answers.unpaid), show_alert: true });
      return;
    case "issued":
      await sendIssuedPdf(ctx, out, answers.caption(out as Extract<Outcome, PdfIssued>), "tax-invoice-pdf");
      return;
    case "needs-buyer":
      // One flow at a time in a chat: a booking under way is finished (or /cancel'led) first.
      if (Object.keys(ctx.conversation.active()).length > 0) {
        await ctx.answerCallbackQuery({ text: ctx.t("tax-invoice-busy"), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      await ctx.conversation.enter(TAX_INVOICE_CONVERSATION, answers.conversation);
  }
}

async function askTaxInvoice(ctx: BotContext, bookingId: string): Promise<void> {
  const out = await ctx.deps.receipts.taxInvoice(bookingId, ctx.from!.id);
  await answerTaxInvoice(ctx, out, {
    refused: "my-bookings-not-found",
    unpaid: "receipt-unpaid",
    conversation: bookingId,
    caption: (issued) => bookingCaption(ctx, issued, "tax-invoice-caption"),
  });
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
  await sendIssuedPdf(ctx, out, bookingCaption(ctx, out, "receipt-caption"), "receipt-pdf");
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
  feature.callbackQuery(/^txi:/, async (ctx) => {
    const data = parseTaxInvoiceData(ctx.callbackQuery.data);
    if (!data) {
      await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
      return;
    }
    await askTaxInvoice(ctx, data.bookingId);
  });
  return feature;
}
