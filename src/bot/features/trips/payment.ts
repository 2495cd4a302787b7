/**
 * A trip's instalments paid by PromptPay (issue 51): after Accept the lead customer gets the QR for the
 * exact deposit (the agent's PromptPay ID, else the agency's: `payments.payeeFor`), in the trip's language;
 * their slip is put to the slip-check service when one is configured (slip-check.ts: confirmed, it is approved
 * with no tap) and goes to the people who decide a payment — the trip's agent and every admin — with Paid /
 * Not received; Paid approves the instalment through the trips service (the deposit books the rounds
 * inside the sales window, once, whoever taps, the service included) and tells the customer.
 */
import { InlineKeyboard } from "grammy";
import { parseLocale } from "../../../locale.js";
import type { TripInstalment } from "../../../trips/store.js";
import type { BotContext } from "../../context.js";
import { readerIn } from "../payments/messages.js";
import { checkTripSlip, tripCheckLine, tripCustomerLine } from "./slip-check.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { translate } from "../../i18n.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { closeCard } from "../payments/close-card.js";
import { tripData } from "./callback-data.js";
import { answerTaxInvoice, sendIssuedPdf } from "../after-booking/receipt-document.js";
import { instalmentReference } from "../../../trips/references.js";
import { tellInstalmentApproved, tripDeciders } from "./instalments.js";

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
      : // In the trip's language, as everything else the lead customer reads of it (not their Telegram's).
        translate(locale, "trip-slip-received", { amount: formatBaht(instalment.amount, locale) })) +
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
  const caption = ctx.t("trip-receipt-caption", {
    number: escapeHtml(out.document.number),
    kind,
    reference: escapeHtml(instalmentReference(tripId, kind)),
  });
  await sendIssuedPdf(ctx, out, caption, "receipt-pdf");
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
  await answerTaxInvoice(ctx, out, {
    refused: "trip-not-found",
    unpaid: "trip-tax-invoice-unpaid",
    conversation: { tripId, kind },
    caption: (issued) =>
      ctx.t("trip-tax-invoice-caption", { number: escapeHtml(issued.document.number), kind, reference }),
  });
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
