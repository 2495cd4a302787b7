/**
 * Cancelling a trip from `/trips` (issue 51): an admin (only admins refund the partner's reservations) taps
 * Cancel trip and sees what the ladder frozen at sale returns today — days before the first round, the
 * percentage, the refund (never more than was paid) and what the agency keeps; Confirm cancels at exactly that
 * refund (`tp:cx:<trip>:<refund>`), so a quote that changed since (a day passed, a payment came) is shown again
 * instead of being recorded. The service records the refund to return (one row) and refunds each booked
 * round; the lead customer is told in the trip's language, with the credit note of each full tax invoice the
 * trip's payments got (the refund credited against the balance's invoice first, then the deposit's; one note
 * per invoice, once: a replayed Confirm finds the trip cancelled and issues nothing).
 */
import { InlineKeyboard } from "grammy";
import { parseLocale } from "../../../locale.js";
import type { RefundQuote } from "../../../trips/money.js";
import { TRIP_MOVES } from "../../../trips/moves.js";
import { tripReference } from "../../../trips/service.js";
import type { TripView } from "../../../trips/store.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf, translate } from "../../i18n.js";
import { tripData } from "./callback-data.js";
import { instalmentReference } from "../../../trips/references.js";
import { pdfDocument } from "../../outbox.js";

/** The trip states an admin may cancel from: those whose table of legal moves (`TRIP_MOVES`) leads to CANCELLED. */
export const CANCELLABLE: ReadonlySet<string> = new Set(
  Object.entries(TRIP_MOVES)
    .filter(([, to]) => (to as readonly string[]).includes("CANCELLED"))
    .map(([from]) => from),
);

/** The Cancel trip button a trip's staff view gets for an admin. */
export function cancelButton(ctx: BotContext, view: TripView, keyboard: InlineKeyboard): InlineKeyboard {
  if (ctx.who.role !== "admin" || !CANCELLABLE.has(view.trip.state)) return keyboard;
  return keyboard.row().text(ctx.t("trip-cancel-button"), tripData("cq", view.trip.id));
}

function quoteText(ctx: BotContext, view: TripView, quote: RefundQuote): string {
  const locale = localeOf(ctx);
  return ctx.t("trip-cancel-quote", {
    lead: escapeHtml(view.trip.lead_name),
    days: quote.daysBefore,
    percent: quote.percent,
    refund: formatBaht(quote.refund, locale),
    kept: formatBaht(quote.kept, locale),
  });
}

/** Shows what cancelling returns now, with Confirm at that refund. */
export async function showCancelQuote(ctx: BotContext, tripId: string, note?: string): Promise<void> {
  const seen = await ctx.deps.trips.openFor(tripId, { userId: ctx.from!.id, who: ctx.who });
  if (!seen || ctx.who.role !== "admin") {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-cancel-admins-only"), show_alert: true });
    return;
  }
  if (!CANCELLABLE.has(seen.view.trip.state)) {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-not-open") });
    return;
  }
  await ctx.answerCallbackQuery();
  const quote = await ctx.deps.trips.cancelQuote(tripId);
  const keyboard = new InlineKeyboard()
    .text(
      ctx.t("trip-cancel-confirm", { refund: formatBaht(quote.refund, localeOf(ctx)) }),
      tripData("cx", tripId, quote.refund),
    )
    .row()
    .text(ctx.t("trip-cancel-back"), tripData("open", tripId));
  const text = [note, quoteText(ctx, seen.view, quote)].filter(Boolean).join("\n\n");
  await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
}

/** Confirm: cancels at the refund shown; another quote now is shown again, never recorded. */
export async function confirmCancel(ctx: BotContext, tripId: string, refund: number): Promise<void> {
  const out = await ctx.deps.trips.cancel(tripId, { actorId: ctx.from!.id, expectedRefund: refund });
  if (out.kind === "refused") {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-cancel-admins-only"), show_alert: true });
    return;
  }
  if (out.kind === "busy") {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-cancel-busy"), show_alert: true });
    return;
  }
  if (out.kind === "not-open") {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-not-open") });
    return;
  }
  if (out.kind === "quote-changed") return showCancelQuote(ctx, tripId, ctx.t("trip-cancel-changed"));
  await ctx.answerCallbackQuery();
  const locale = localeOf(ctx);
  const failed = out.refunds.filter((r) => r.outcome !== "refunded").length;
  const refunded = out.refunds.filter((r) => r.outcome === "refunded");
  const credited = refunded.reduce((sum, r) => sum + (r.credited ?? 0), 0);
  const unstated = refunded.filter((r) => r.credited === null).length;
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  await ctx.reply(
    ctx.t("trip-cancelled-staff", {
      lead: escapeHtml(out.view.trip.lead_name),
      refund: formatBaht(out.quote.refund, locale),
      rounds: out.refunds.length - failed,
      failed,
    }) +
      // The partner's refunds and the customer's refund side by side: what came back to the agency's credit.
      `\n${ctx.t("trip-cancelled-side-by-side", {
        credited: formatBaht(credited, locale),
        unstated,
        refund: formatBaht(out.quote.refund, locale),
      })}`,
    { parse_mode: "HTML" },
  );
  const chatId = out.view.trip.customer_chat_id;
  if (chatId === null) return;
  const customer = parseLocale(out.view.trip.locale, ctx.deps.config.defaultLocale);
  await ctx.deps.notifications.deliver({
    chatId: Number(chatId),
    text: translate(customer, "trip-cancelled-customer", {
      refund: formatBaht(out.quote.refund, customer),
      reference: tripReference(tripId),
    }),
    what: "trip-cancelled",
  });
  await sendTripCreditNotes(ctx, out.view, out.quote.refund, Number(chatId));
}

/**
 * The credit notes of a cancelled trip's full tax invoices for the refund, to the lead customer in the trip's
 * language (through the outbox, after the cancellation notice). Best effort: a failure is logged, the
 * cancellation stands.
 */
async function sendTripCreditNotes(ctx: BotContext, view: TripView, refund: number, chatId: number): Promise<void> {
  const { deps } = ctx;
  const tripId = view.trip.id;
  try {
    const notes = await deps.receipts.tripCreditNotes(view, refund, (kind) => instalmentReference(tripId, kind));
    const locale = parseLocale(view.trip.locale, deps.config.defaultLocale);
    for (const note of notes)
      await deps.notifications.deliver({
        chatId,
        text: translate(locale, "trip-credit-note-caption", {
          number: escapeHtml(note.document.number),
          reference: tripReference(tripId),
          invoice: escapeHtml(note.document.refers_to ?? ""),
        }),
        document: pdfDocument(note),
        what: "credit-note-pdf",
      });
  } catch (err) {
    deps.logger.error({ err, tripId }, "trip credit notes not issued");
  }
}
