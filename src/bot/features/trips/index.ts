/**
 * `/trips` (issue 51): an agent's trips (an admin's: all), each opened with its rounds, roster, lines and
 * instalments, and sent to its lead customer as a link with the trip's scope; the lead customer opens that
 * link (`/start <token>`, features/start.ts), reads the quote in their language and accepts it. Who sees
 * what is the trips service's rule (`src/trips/access.ts`): every tap asks it again.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { TripViewer } from "../../../trips/access.js";
import { parseLocale } from "../../../locale.js";
import type { BotContext } from "../../context.js";
import { formatBaht } from "../../format/money.js";
import { localeOf, translate } from "../../i18n.js";
import { isNotModified, isTelegramFailure } from "../../ui/telegram-errors.js";
import { escapeHtml } from "../../format/html.js";
import type { TripView } from "../../../trips/store.js";
import { parseTripData } from "./callback-data.js";
import { cancelButton, confirmCancel, showCancelQuote } from "./cancel.js";
import { sendInstalmentQr } from "./instalments.js";
import { decideInstalment, onTripSlip, sendTripReceipt, sendTripTaxInvoice } from "./payment.js";
import { tripQuote } from "./quote.js";
import { replyWithQuotePicture, sendQuotePicture } from "./quote-picture.js";
import { tripListView, tripStaffView } from "./views.js";

const viewerOf = (ctx: BotContext): TripViewer => ({ userId: ctx.from!.id, who: ctx.who });

/** Shows a view: in place of the tapped message, or as a new one. */
async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { parse_mode: "HTML", reply_markup: keyboard });
      return;
    } catch (error) {
      if (isNotModified(error)) return;
      throw error;
    }
  }
  await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
}

/**
 * The trip's quote for its lead customer (from their link or /trips); "not yours" for anyone else. From their
 * link (`picture`), the quote's picture comes first, to forward, and the message with Accept below it.
 */
export async function showTripQuote(ctx: BotContext, tripId: string, options: { picture?: boolean } = {}) {
  const seen = await ctx.deps.trips.openFor(tripId, viewerOf(ctx));
  if (!seen) {
    await show(ctx, ctx.t("trip-not-found"), new InlineKeyboard());
    return;
  }
  const quote = tripQuote(seen.view, ctx.deps.now());
  if (options.picture) await replyWithQuotePicture(ctx, seen.view, translate(quote.locale, "trip-quote-image-caption"));
  await show(ctx, quote.text, quote.keyboard);
}

async function showList(ctx: BotContext): Promise<void> {
  const { who } = ctx;
  if (who.role === "customer") {
    if (who.tripId) return showTripQuote(ctx, who.tripId);
    await ctx.reply(ctx.t("trip-not-found"));
    return;
  }
  const views = await ctx.deps.trips.listFor(viewerOf(ctx));
  const list = tripListView((k, a) => ctx.t(k, a), localeOf(ctx), views);
  await show(ctx, list.text, list.keyboard);
}

async function showTrip(ctx: BotContext, tripId: string): Promise<void> {
  const seen = await ctx.deps.trips.openFor(tripId, viewerOf(ctx));
  if (!seen) {
    await show(ctx, ctx.t("trip-not-found"), new InlineKeyboard());
    return;
  }
  if (seen.sight === "customer") return showTripQuote(ctx, tripId);
  const margin = await ctx.deps.trips.marginFor(tripId, viewerOf(ctx));
  const view = tripStaffView((k, a) => ctx.t(k, a), localeOf(ctx), seen.view, margin);
  await show(ctx, view.text, cancelButton(ctx, seen.view, view.keyboard));
}

/** The trip's agent (or, if they are no longer one, the admins) hears that the customer accepted. */
async function tellStaffAccepted(ctx: BotContext, view: TripView, deposit: number): Promise<void> {
  const { deps } = ctx;
  for (const to of await deps.notifications.agentChats(view.trip.agent_id)) {
    const locale = await deps.notifications.localeOf(to);
    const text = translate(locale, "trip-accepted-staff", {
      lead: escapeHtml(view.trip.lead_name),
      amount: formatBaht(deposit, locale),
    });
    await ctx.api.sendMessage(to, text, { parse_mode: "HTML" }).catch((error: unknown) => {
      if (!isTelegramFailure(error)) throw error;
      deps.logger.warn({ to, tripId: view.trip.id }, "trip acceptance not told to its agent");
    });
  }
}

export function createTripsFeature() {
  const feature = new Composer<BotContext>();
  feature.command("trips", showList);
  feature.on(["message:photo", "message:document"], onTripSlip);
  feature.callbackQuery(/^tp:/, async (ctx) => {
    const data = parseTripData(ctx.callbackQuery.data);
    if (!data || (data.action !== "list" && data.tripId === undefined)) {
      await ctx.answerCallbackQuery({ text: ctx.t("trip-not-found") });
      return;
    }
    const tripId = data.tripId ?? "";
    if (data.action === "list") {
      await ctx.answerCallbackQuery();
      return showList(ctx);
    }
    if (data.action === "open") {
      await ctx.answerCallbackQuery();
      return showTrip(ctx, tripId);
    }
    if (data.action === "share") {
      const shared = await ctx.deps.trips.share(tripId, viewerOf(ctx));
      if (shared.kind !== "shared") {
        await ctx.answerCallbackQuery({ text: ctx.t(shared.kind === "refused" ? "trip-not-found" : "trip-not-open") });
        return;
      }
      await ctx.answerCallbackQuery();
      const url = `https://t.me/${ctx.me.username}?start=${shared.token}`;
      await ctx.reply(ctx.t("trip-shared", { lead: shared.view.trip.lead_name, url }), {
        link_preview_options: { is_disabled: true },
      });
      return showTrip(ctx, tripId);
    }
    if (data.action === "qi") return sendQuotePicture(ctx, tripId);
    if (data.action === "cq") return showCancelQuote(ctx, tripId);
    if (data.action === "cx") return confirmCancel(ctx, tripId, data.refund ?? -1);
    if (data.action === "dok" || data.action === "dno" || data.action === "bok" || data.action === "bno") {
      const kind = data.action.startsWith("d") ? "deposit" : "balance";
      return decideInstalment(ctx, tripId, kind, data.action.endsWith("ok") ? "approve" : "reject");
    }
    if (data.action === "drc" || data.action === "brc")
      return sendTripReceipt(ctx, tripId, data.action === "drc" ? "deposit" : "balance");
    if (data.action === "dti" || data.action === "bti")
      return sendTripTaxInvoice(ctx, tripId, data.action === "dti" ? "deposit" : "balance");
    // accept: only the customer the trip's link admitted (the service's rule).
    const outcome = await ctx.deps.trips.acceptFor(tripId, viewerOf(ctx), ctx.chat!.id);
    if (outcome.kind === "refused" || outcome.kind === "not-theirs") {
      await ctx.answerCallbackQuery({ text: ctx.t("trip-not-found"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await showTripQuote(ctx, tripId);
    if (outcome.kind === "accepted") {
      const locale = parseLocale(outcome.view.trip.locale, "en");
      const deposit = outcome.view.instalments.find((i) => i.kind === "deposit")?.amount ?? 0;
      await ctx.reply(translate(locale, "trip-accepted", { amount: formatBaht(deposit, locale) }));
      if (!(await sendInstalmentQr(ctx, outcome.view, "deposit")))
        await ctx.reply(translate(locale, "trip-pay-agent-tells"));
      await tellStaffAccepted(ctx, outcome.view, deposit);
    }
  });
  return feature;
}
