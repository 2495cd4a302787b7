/**
 * A trip's instalments told to the lead customer, in the trip's language (issue 51): the bank reference and the
 * PromptPay QR of an instalment (its payee recorded for the slip check), and the approval — a person's Paid or
 * the slip check's — with its receipt's buttons, the balance's QR after the deposit and the trip's papers.
 * Apart from `payment.ts` (the slips and the deciders' taps) and `slip-check.ts`, which both use it.
 */
import { InlineKeyboard, InputFile } from "grammy";
import { payeeId } from "../../../payments/settings.js";
import { parseLocale } from "../../../locale.js";
import type { RoundBooking } from "../../../trips/service.js";
import type { TripInstalment, TripView } from "../../../trips/store.js";
import type { BotContext, BotDeps } from "../../context.js";
import { formatDate } from "../../format/dates.js";
import { formatBaht } from "../../format/money.js";
import { translate } from "../../i18n.js";
import { promptPayAsk, readerIn } from "../payments/messages.js";
import { tripData } from "./callback-data.js";
import { deliverTripPapers } from "./papers.js";
import { isOpenInstalment } from "../../../trips/moves.js";
import { instalmentReference } from "../../../trips/references.js";

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
  const r = readerIn(parseLocale(view.trip.locale, "en"));
  const reference = instalmentReference(view.trip.id, kind);
  const what = r.t("trip-pay-what", { kind, due: formatDate(instalment.due, r.locale) });
  const { png, lines } = await promptPayAsk({ payee, amount: instalment.amount, reference }, what, r);
  const caption = [...lines, "", r.t("trip-pay-send-slip")].join("\n");
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
  // Paid in full: the itinerary as it stands now (the rounds booked since at their tee times) and its calendar;
  // each round's voucher went when it was booked.
  if (kind !== "deposit") return deliverTripPapers(deps, view, env.me.username, { itinerary: true, vouchersOf: [] });
  // The balance's QR once the deposit is in (the balance is due later; the customer may pay it then).
  if (view.instalments.some((i) => i.kind === "balance")) await deliverInstalmentQr(deps, view, "balance");
  // The deposit booked the rounds inside the sales window: the itinerary, its calendar and their vouchers.
  const booked = new Set(rounds.filter((r) => r.outcome === "booked").map((r) => r.roundId));
  const vouchersOf = view.rounds.filter((r) => booked.has(r.id) && r.booking_id !== null).map((r) => r.booking_id!);
  await deliverTripPapers(deps, view, env.me.username, { itinerary: true, vouchersOf });
}

/**
 * Queues the lead customer an instalment's QR (through the outbox): after the deposit, the balance's; and again
 * when the balance's amount changed (a round the course ended came off it), so the QR they hold is not the old
 * amount's. Nothing when it is not open or no PromptPay ID is set.
 */
export async function deliverInstalmentQr(deps: BotDeps, view: TripView, kind: TripInstalment["kind"]): Promise<void> {
  if (!view.instalments.some((i) => i.kind === kind && isOpenInstalment(i))) return;
  const qr = await instalmentQr(deps, view, kind);
  if (qr)
    await deps.notifications.deliver({
      chatId: qr.chatId,
      text: qr.caption,
      photo: { filename: qr.filename, base64: qr.png.toString("base64") },
      what: "trip-instalment-qr",
    });
}

/** The people who decide a trip's payment: its agent's chats and every admin. */
export async function tripDeciders(deps: BotDeps, view: TripView): Promise<number[]> {
  return [...new Set([...(await deps.notifications.agentChats(view.trip.agent_id)), ...deps.access.adminIds()])];
}
