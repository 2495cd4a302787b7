/**
 * The full tax invoice's buyer (Revenue Code §86/4), asked step by step: name, address, 13-digit tax id
 * (its check digit checked: a wrong one is said and asked again, the name and address kept), head office
 * or branch number; then the invoice is issued (numbered next in its series) and its PDF sent through the
 * outbox. Entered from "🧾 Tax invoice" only when a full one is to be issued: a booking's
 * (features/after-booking/receipt-document.ts, the argument its id) or a trip's instalment's
 * (features/trips/payment.ts, the argument `{ tripId, kind }`; the buyer of the trip's other instalment's
 * invoice is offered first, to use again or replace). The receipts service checks again who asks and what may
 * be issued. A command or a tap on another button leaves the flow and goes on to its own handler.
 */
import { pdfDocument } from "../outbox.js";
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { parseTaxId } from "../../receipts/tax-id.js";
import { HEAD_OFFICE } from "../../receipts/seller.js";
import type { Buyer } from "../../receipts/receipt-pdf.js";
import { formatTaxId } from "../../receipts/tax-id.js";
import type { TripInstalment } from "../../trips/store.js";
import type { BotContext, BotDeps, FlowContext } from "../context.js";
import { escapeHtml } from "../format/html.js";
import { instalmentReference } from "../../trips/references.js";

/** A trip's instalment whose full tax invoice is asked (the conversation's argument for a trip). */
export interface TripInvoiceTarget {
  tripId: string;
  kind: TripInstalment["kind"];
}

/**
 * The conversation's id: `ctx.conversation.enter(TAX_INVOICE_CONVERSATION, bookingId)` for a booking,
 * `ctx.conversation.enter(TAX_INVOICE_CONVERSATION, { tripId, kind })` for a trip's instalment.
 */
export const TAX_INVOICE_CONVERSATION = "tax-invoice";

/** An abandoned flow ends after an hour: the next tap on "🧾 Tax invoice" starts again. */
export const TAX_INVOICE_IDLE_MS = 60 * 60 * 1000;

/** The head office button's callback data (inside this flow only). */
const HEAD_OFFICE_DATA = "txb:head";
/** A trip's buyer offered again: use them (inside this flow only), or give another. */
const SAME_BUYER_DATA = "txb:same";
const OTHER_BUYER_DATA = "txb:other";

const NAME_MAX = 120;
const ADDRESS_MAX = 300;

type TaxConversation = Conversation<BotContext, FlowContext>;

/** The next message's text; a command, a button of another message or anything but text leaves the flow. */
async function nextText(conversation: TaxConversation): Promise<string> {
  const next = await conversation.wait();
  const text = next.message?.text?.trim();
  if (text === undefined || text.startsWith("/")) return conversation.halt({ next: true });
  return text;
}

/** Asks `key` until a text of 1 to `max` characters comes. */
async function askLine(conversation: TaxConversation, ctx: FlowContext, key: string, max: number): Promise<string> {
  await ctx.reply(ctx.t(key), { parse_mode: "HTML" });
  for (;;) {
    const text = await nextText(conversation);
    if (text.length > 0 && text.length <= max) return text;
    await ctx.reply(ctx.t("tax-invoice-too-long", { max }));
  }
}

/** Asks the tax id until its 13 digits check; a wrong one is said (what was typed before is kept). */
async function askTaxId(conversation: TaxConversation, ctx: FlowContext): Promise<string> {
  await ctx.reply(ctx.t("tax-invoice-ask-tax-id"));
  for (;;) {
    const taxId = parseTaxId(await nextText(conversation));
    if (taxId !== undefined) return taxId;
    await ctx.reply(ctx.t("tax-invoice-tax-id-invalid"));
  }
}

/** Head office (the button, or 0) or a branch number (1 to 5 digits, written as 5). */
async function askBranch(conversation: TaxConversation, ctx: FlowContext): Promise<string> {
  const keyboard = new InlineKeyboard().text(ctx.t("tax-invoice-head-office"), HEAD_OFFICE_DATA);
  await ctx.reply(ctx.t("tax-invoice-ask-branch"), { reply_markup: keyboard });
  for (;;) {
    const next = await conversation.wait();
    if (next.callbackQuery?.data === HEAD_OFFICE_DATA) {
      await next.answerCallbackQuery();
      return HEAD_OFFICE;
    }
    const text = next.message?.text?.trim();
    if (text === undefined || text.startsWith("/")) return conversation.halt({ next: true });
    if (/^\d{1,5}$/.test(text)) return text.padStart(5, "0");
    await ctx.reply(ctx.t("tax-invoice-branch-invalid"));
  }
}

/** The buyer named before for a trip's other instalment, to use again (the button) or not (another buyer). */
async function useOffered(
  conversation: TaxConversation,
  ctx: FlowContext,
  offered: { number: string; buyer: Buyer },
): Promise<boolean> {
  const { buyer } = offered;
  const keyboard = new InlineKeyboard()
    .text(ctx.t("tax-invoice-same-buyer-yes"), SAME_BUYER_DATA)
    .row()
    .text(ctx.t("tax-invoice-same-buyer-no"), OTHER_BUYER_DATA);
  await ctx.reply(
    ctx.t("tax-invoice-same-buyer", {
      number: escapeHtml(offered.number),
      name: escapeHtml(buyer.name),
      address: escapeHtml(buyer.address),
      taxId: formatTaxId(buyer.taxId),
      office:
        buyer.branch === HEAD_OFFICE
          ? ctx.t("tax-invoice-head-office")
          : ctx.t("tax-invoice-branch-no", { branch: buyer.branch }),
    }),
    { parse_mode: "HTML", reply_markup: keyboard },
  );
  const next = await conversation.wait();
  const data = next.callbackQuery?.data;
  if (data !== SAME_BUYER_DATA && data !== OTHER_BUYER_DATA) return conversation.halt({ next: true });
  await next.answerCallbackQuery();
  return data === SAME_BUYER_DATA;
}

/** The buyer, asked step by step. */
async function askBuyer(conversation: TaxConversation, ctx: FlowContext): Promise<Buyer> {
  await ctx.reply(ctx.t("tax-invoice-intro"));
  const name = await askLine(conversation, ctx, "tax-invoice-ask-name", NAME_MAX);
  const address = await askLine(conversation, ctx, "tax-invoice-ask-address", ADDRESS_MAX);
  const taxId = await askTaxId(conversation, ctx);
  const branch = await askBranch(conversation, ctx);
  return { name, address, taxId, branch };
}

export function createTaxInvoiceConversation(deps: BotDeps) {
  /** A trip's instalment's invoice: the buyer offered again or asked, then issued and queued in one step. */
  async function forTrip(conversation: TaxConversation, ctx: FlowContext, target: TripInvoiceTarget, chatId: number) {
    const { tripId, kind } = target;
    const reference = instalmentReference(tripId, kind);
    const offered = await conversation.external(
      async (outside) =>
        (await deps.receipts.tripBuyerOffered(tripId, kind, { userId: outside.from!.id, who: outside.who })) ?? null,
    );
    const buyer =
      offered && (await useOffered(conversation, ctx, offered)) ? offered.buyer : await askBuyer(conversation, ctx);
    return conversation.external(async (outside) => {
      const viewer = { userId: outside.from!.id, who: outside.who };
      const issued = await deps.receipts.tripTaxInvoice(tripId, kind, viewer, reference, buyer);
      if (issued.kind !== "issued") return { kind: issued.kind };
      await deps.notifications.deliver({
        chatId,
        text: ctx.t("trip-tax-invoice-caption", { number: escapeHtml(issued.document.number), kind, reference }),
        document: pdfDocument(issued),
        what: "tax-invoice-pdf",
      });
      return { kind: "issued", number: issued.document.number };
    });
  }

  return async function taxInvoice(
    conversation: TaxConversation,
    ctx: FlowContext,
    target: string | TripInvoiceTarget,
  ) {
    const userId = ctx.from?.id;
    const chatId = ctx.chat?.id;
    if (userId === undefined || chatId === undefined) return;
    const out =
      typeof target === "string"
        ? await forBooking(conversation, ctx, target, userId, chatId)
        : await forTrip(conversation, ctx, target, chatId);
    if (out.kind === "issued") await ctx.reply(ctx.t("tax-invoice-issued", { number: escapeHtml(out.number ?? "") }));
    else if (out.kind === "not-registered") await ctx.reply(ctx.t("tax-invoice-not-registered"));
    else if (out.kind === "unpaid")
      await ctx.reply(ctx.t(typeof target === "string" ? "receipt-unpaid" : "trip-tax-invoice-unpaid"));
    else await ctx.reply(ctx.t(typeof target === "string" ? "my-bookings-not-found" : "trip-not-found"));
  };

  /** A booking's invoice: the buyer asked, then issued and queued in one step. */
  async function forBooking(
    conversation: TaxConversation,
    ctx: FlowContext,
    bookingId: string,
    userId: number,
    chatId: number,
  ) {
    const buyer = await askBuyer(conversation, ctx);
    // What the replay log keeps is plain JSON (the number, or why none).
    return conversation.external(async () => {
      const issued = await deps.receipts.taxInvoice(bookingId, userId, buyer);
      if (issued.kind !== "issued") return { kind: issued.kind };
      await deps.notifications.deliver({
        chatId,
        text: ctx.t("tax-invoice-caption", {
          number: escapeHtml(issued.document.number),
          code: escapeHtml(issued.booking.reservation_code ?? issued.booking.id),
        }),
        document: pdfDocument(issued),
        what: "tax-invoice-pdf",
      });
      return { kind: "issued", number: issued.document.number };
    });
  }
}
