/**
 * A trip's instalments paid by PromptPay (issue 51): after Accept the lead customer gets the QR for the
 * exact deposit (the agent's PromptPay ID, else the agency's: `payments.payeeFor`), in the trip's language;
 * their slip is put to the slip-check service when one is configured (slip-check.ts: confirmed, it is approved
 * with no tap) and goes to the people who decide a payment — the trip's agent and every admin — with Paid /
 * Not received; Paid approves the instalment through the trips service (the deposit books the rounds
 * inside the sales window, once, whoever taps, the service included) and tells the customer.
 */
import { pdfDocument } from "../../outbox.js";
import { InlineKeyboard, InputFile } from "grammy";
import { maskedPromptPayId, promptPayPayload, qrPng } from "../../../payments/promptpay.js";
import { payeeId } from "../../../payments/settings.js";
import { deliverTripPapers } from "./papers.js";
import { parseLocale } from "../../../locale.js";
import type { TripInstalment, TripView } from "../../../trips/store.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { RoundBooking } from "../../../trips/service.js";
import { readerIn } from "../payments/messages.js";
import { checkTripSlip, tripCheckLine, tripCustomerLine } from "./slip-check.js";
import { formatDate } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { translate } from "../../i18n.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { closeCard } from "../payments/close-card.js";
import { tripData } from "./callback-data.js";
import { TAX_INVOICE_CONVERSATION } from "../../conversations/tax-invoice.js";

/** The bank reference of a trip's instalment: `T`, the trip's first 8 hex digits, `D` (deposit) or `B`. */
export function instalmentReference(tripId: string, kind: TripInstalment["kind"]): string {
  return `T${tripId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase()}${kind === "deposit" ? "D" : "B"}`;
}

/**
 * The QR message of an instalment (the PNG and its caption in the trip's language), its payee recorded on the
 * instalment (the slip check holds the slip's receiver against it); undefined when nothing is to be paid or no
 * PromptPay ID is set (the agent tells them).
 */
async function instalmentQr(
  deps: BotDeps,
  view: TripView,
  kind: TripInstalment["kind"],
): Promise<{ chatId: number; png: Buffer; filename: string; caption: string } | undefined> {
  const instalment = view.instalments.find((i) => i.kind === kind);
  const chatId = view.trip.customer_chat_id;
  if (!instalment || chatId === null || instalment.amount <= 0) return undefined;
  const raw = (await deps.payments.payeeFor(view.trip.agent_id)) ?? "";
  const payee = payeeId(raw);
  if (!payee) return undefined;
  await deps.trips.recordQr(view.trip.id, kind, raw);
  const locale = parseLocale(view.trip.locale, "en");
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const reference = instalmentReference(view.trip.id, kind);
  const png = await qrPng(promptPayPayload(payee, instalment.amount, reference));
  const caption = [
    `💳 <b>${t("pay-title", { amount: formatBaht(instalment.amount, locale) })}</b>`,
    t("trip-pay-what", { kind, due: formatDate(instalment.due, locale) }),
    t("pay-to", { payee: maskedPromptPayId(payee), reference: escapeHtml(reference) }),
    "",
    t("trip-pay-send-slip"),
  ].join("\n");
  return { chatId: Number(chatId), png, filename: `promptpay-${reference}.png`, caption };
}

/** Sends the lead customer the QR for an instalment; false when no PromptPay ID is set (the agent tells them). */
export async function sendInstalmentQr(
  ctx: BotContext,
  view: TripView,
  kind: TripInstalment["kind"],
): Promise<boolean> {
  const qr = await instalmentQr(ctx.deps, view, kind);
  if (!qr) return false;
  await ctx.api.sendPhoto(qr.chatId, new InputFile(qr.png, qr.filename), { caption: qr.caption, parse_mode: "HTML" });
  return true;
}

/**
 * The lead customer told an instalment was approved (by a person's Paid or by the slip check), in the trip's
 * language, through the outbox: the approval with its 🧾 Receipt button; after the deposit, the balance's QR and
 * the papers of the rounds it booked (the itinerary, its calendar, their vouchers).
 */
export async function tellInstalmentApproved(
  env: Pick<BotContext, "deps" | "me">,
  view: TripView,
  kind: TripInstalment["kind"],
  rounds: RoundBooking[],
): Promise<void> {
  const { deps } = env;
  const chatId = view.trip.customer_chat_id;
  if (chatId === null) return;
  const locale = parseLocale(view.trip.locale, "en");
  const amount = formatBaht(view.instalments.find((i) => i.kind === kind)?.amount ?? 0, locale);
  // An approved instalment's receipt and, from a VAT-registered seller, its tax invoice, on request (the lead
  // customer's tap; the receipts service decides).
  const receipt = new InlineKeyboard().text(
    translate(locale, "btn-receipt"),
    tripData(kind === "deposit" ? "drc" : "brc", view.trip.id),
  );
  if (deps.receipts.taxInvoiceKind() !== "none")
    receipt.text(translate(locale, "btn-tax-invoice"), tripData(kind === "deposit" ? "dti" : "bti", view.trip.id));
  await deps.notifications.deliver({
    chatId: Number(chatId),
    text: translate(locale, kind === "deposit" ? "trip-deposit-approved" : "trip-balance-approved", { amount }),
    replyMarkup: receipt,
    what: "trip-instalment-approved",
  });
  if (kind !== "deposit") return;
  // The balance's QR once the deposit is in (the balance is due later; the customer may pay it then).
  const qr = view.instalments.some((i) => i.kind === "balance") ? await instalmentQr(deps, view, "balance") : undefined;
  if (qr)
    await deps.notifications.deliver({
      chatId: qr.chatId,
      text: qr.caption,
      photo: { filename: qr.filename, base64: qr.png.toString("base64") },
      what: "trip-instalment-qr",
    });
  // The deposit booked the rounds inside the sales window: the itinerary, its calendar and their vouchers.
  const booked = new Set(rounds.filter((r) => r.outcome === "booked").map((r) => r.roundId));
  const vouchersOf = view.rounds.filter((r) => booked.has(r.id) && r.booking_id !== null).map((r) => r.booking_id!);
  await deliverTripPapers(deps, view, env.me.username, { itinerary: true, vouchersOf });
}

/** The people who decide a trip's payment: its agent's chats and every admin. */
export async function tripDeciders(deps: BotDeps, view: TripView): Promise<number[]> {
  return [...new Set([...(await deps.notifications.agentChats(view.trip.agent_id)), ...deps.access.adminIds()])];
}

/**
 * A photo (or an image file) from a trip's lead customer: their open instalment's slip. With a slip check, its QR
 * is read and put to the service first (slip-check.ts). Then it goes to the deciders — the trip's agent and every
 * admin — with Paid / Not received and what the service said; once the service confirmed it, with no buttons.
 */
export async function onTripSlip(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  const tripId = ctx.who.role === "customer" ? ctx.who.tripId : undefined;
  const message = ctx.message;
  const document = message?.document?.mime_type?.startsWith("image/") ? message.document : undefined;
  const photo = message?.photo?.at(-1);
  const fileId = photo?.file_id ?? document?.file_id;
  if (tripId === undefined || !fileId || !ctx.from) return next();
  const { deps } = ctx;
  const arrived = deps.now();
  const out = await deps.trips.submitSlip(tripId, { userId: ctx.from.id, who: ctx.who });
  if (out.kind !== "submitted") return next();
  const { view, instalment } = out;
  const file = { fileId, fileSize: photo?.file_size ?? document?.file_size, sender: `user:${ctx.from.id}` };
  const checked = deps.slipCheck ? await checkTripSlip(ctx, view, instalment.kind, file, arrived) : undefined;
  for (const to of await tripDeciders(deps, view)) {
    const r = readerIn(await deps.notifications.localeOf(to));
    const ok = instalment.kind === "deposit" ? "dok" : "bok";
    const no = instalment.kind === "deposit" ? "dno" : "bno";
    const card = r.t("trip-slip-card", {
      lead: escapeHtml(view.trip.lead_name),
      kind: instalment.kind,
      amount: formatBaht(instalment.amount, r.locale),
      reference: instalmentReference(view.trip.id, instalment.kind),
    });
    const options = {
      caption: checked ? `${card}\n${tripCheckLine(checked, r, instalment)}` : card,
      parse_mode: "HTML" as const,
      // Approved by the slip check: nothing left to tap.
      ...(checked?.kind === "approved"
        ? {}
        : {
            reply_markup: new InlineKeyboard()
              .text(r.t("trip-btn-paid"), tripData(ok, view.trip.id))
              .text(r.t("trip-btn-not-received"), tripData(no, view.trip.id)),
          }),
    };
    await (document ? ctx.api.sendDocument(to, fileId, options) : ctx.api.sendPhoto(to, fileId, options)).catch(
      (error: unknown) => {
        if (!isTelegramFailure(error)) throw error;
        deps.logger.warn({ to, tripId }, "trip slip card not delivered");
      },
    );
  }
  const locale = parseLocale(view.trip.locale, "en");
  // Over the reader's limits: the agent has the slip; the customer knows why its QR was not read.
  const tooLarge = checked?.kind === "unread" && checked.why === "too-large";
  await ctx.reply(
    (checked
      ? tripCustomerLine(checked, readerIn(locale), instalment)
      : ctx.t("trip-slip-received", { amount: formatBaht(instalment.amount, locale) })) +
      (tooLarge ? `\n\n${translate(locale, "pay-slip-too-large")}` : ""),
    { parse_mode: "HTML" },
  );
  if (checked?.kind === "approved")
    await tellInstalmentApproved(ctx, checked.out.view, instalment.kind, checked.out.rounds);
}

/** "🧾 Receipt" under an approved instalment: its receipt's PDF in the chat, through the outbox. */
export async function sendTripReceipt(ctx: BotContext, tripId: string, kind: TripInstalment["kind"]): Promise<void> {
  const viewer = { userId: ctx.from!.id, who: ctx.who };
  const out = await ctx.deps.receipts.tripReceipt(tripId, kind, viewer, instalmentReference(tripId, kind));
  if (out.kind !== "issued") {
    const key = out.kind === "refused" ? "trip-not-found" : "trip-receipt-unpaid";
    await ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("receipt-sending") });
  await ctx.deps.notifications.deliver({
    chatId: ctx.chat?.id ?? ctx.from!.id,
    text: ctx.t("trip-receipt-caption", {
      number: escapeHtml(out.document.number),
      kind,
      reference: escapeHtml(instalmentReference(tripId, kind)),
    }),
    document: pdfDocument(out),
    what: "receipt-pdf",
  });
}

/**
 * "🧾 Tax invoice" under an approved instalment: its tax invoice's PDF (through the outbox) — abbreviated at
 * once, or full after the buyer's details (the tax invoice conversation, which offers the buyer of the trip's
 * other invoice again); one issued before is sent again. The receipts service decides who may ask (the trips
 * service's `openFor`): a forged tap is refused and uses no number.
 */
export async function sendTripTaxInvoice(ctx: BotContext, tripId: string, kind: TripInstalment["kind"]): Promise<void> {
  const viewer = { userId: ctx.from!.id, who: ctx.who };
  const reference = instalmentReference(tripId, kind);
  const out = await ctx.deps.receipts.tripTaxInvoice(tripId, kind, viewer, reference);
  switch (out.kind) {
    case "refused":
      await ctx.answerCallbackQuery({ text: ctx.t("trip-not-found"), show_alert: true });
      return;
    case "not-registered":
      await ctx.answerCallbackQuery({ text: ctx.t("tax-invoice-not-registered"), show_alert: true });
      return;
    case "unpaid":
      await ctx.answerCallbackQuery({ text: ctx.t("trip-tax-invoice-unpaid"), show_alert: true });
      return;
    case "needs-buyer":
      // One flow at a time in a chat.
      if (Object.keys(ctx.conversation.active()).length > 0) {
        await ctx.answerCallbackQuery({ text: ctx.t("tax-invoice-busy"), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      await ctx.conversation.enter(TAX_INVOICE_CONVERSATION, { tripId, kind });
      return;
    case "issued":
      await ctx.answerCallbackQuery({ text: ctx.t("receipt-sending") });
      await ctx.deps.notifications.deliver({
        chatId: ctx.chat?.id ?? ctx.from!.id,
        text: ctx.t("trip-tax-invoice-caption", { number: escapeHtml(out.document.number), kind, reference }),
        document: pdfDocument(out),
        what: "tax-invoice-pdf",
      });
  }
}

/** Paid / Not received on a trip slip's card: the service decides (only the trip's agent or an admin). */
export async function decideInstalment(
  ctx: BotContext,
  tripId: string,
  kind: TripInstalment["kind"],
  decision: "approve" | "reject",
): Promise<void> {
  const out = await ctx.deps.trips.decide(tripId, kind, { userId: ctx.from!.id, who: ctx.who }, decision);
  if (out.kind === "refused") {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-not-found"), show_alert: true });
    return;
  }
  if (out.kind === "not-submitted" || out.kind === "not-due") {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-decided-already") });
    return;
  }
  await ctx.answerCallbackQuery();
  const view = out.view;
  const booked = out.kind === "approved" ? out.rounds.filter((r) => r.outcome === "booked").length : 0;
  const waiting = out.kind === "approved" ? out.rounds.filter((r) => r.outcome === "waiting-for-sale").length : 0;
  const failed = out.kind === "approved" ? out.rounds.filter((r) => r.outcome === "failed").length : 0;
  const line =
    out.kind === "rejected"
      ? ctx.t("trip-decided-rejected")
      : out.kind === "already"
        ? ctx.t("trip-decided-already")
        : ctx.t("trip-decided-approved", { booked, waiting, failed });
  await closeCard(ctx, line);
  if (out.kind === "already") return;
  if (out.kind === "approved") return tellInstalmentApproved(ctx, view, kind, out.rounds);
  const chatId = view.trip.customer_chat_id;
  if (chatId === null) return;
  const locale = parseLocale(view.trip.locale, "en");
  const amount = formatBaht(view.instalments.find((i) => i.kind === kind)?.amount ?? 0, locale);
  await ctx.api
    .sendMessage(Number(chatId), translate(locale, "trip-slip-rejected", { amount }))
    .catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
    });
}
