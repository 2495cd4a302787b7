/**
 * The quote's picture (`src/trips/quote.ts`: in the trip's language, selling prices only, no link — its token
 * stays in the message) sent into a chat: to the lead customer above the quote's message when they open their
 * link, and to whoever taps 🖼 Quote image on a trip they may open (its agent, an admin), to forward. A picture
 * that cannot be drawn (a font missing) is logged; the message is sent all the same.
 */
import { InputFile } from "grammy";
import type { TripView } from "../../../trips/store.js";
import { tripReference } from "../../../trips/service.js";
import { parseLocale } from "../../../locale.js";
import type { BotContext } from "../../context.js";
import { translate } from "../../i18n.js";
import { pictureAgency, quotePngs } from "./pictures.js";

/** The trip's agent's name, when one was given as they were added (`/agents`). */
async function agentName(ctx: BotContext, agentId: number): Promise<string | null> {
  const agents = await ctx.deps.access.agents.list();
  return agents.find((a) => a.userId === agentId)?.name ?? null;
}

/** Sends the quote's pages into the current chat, `caption` on the first; false when it could not be drawn. */
export async function replyWithQuotePicture(ctx: BotContext, view: TripView, caption: string): Promise<boolean> {
  let pngs: Buffer[];
  try {
    pngs = await quotePngs(view, {
      locale: parseLocale(view.trip.locale, ctx.deps.config.defaultLocale),
      agency: pictureAgency(ctx.deps, ctx.me.username),
      agentName: await agentName(ctx, view.trip.agent_id),
      nowMs: ctx.deps.now(),
    });
  } catch (error) {
    ctx.deps.logger.warn({ err: error, tripId: view.trip.id }, "trip quote picture not drawn");
    return false;
  }
  const reference = tripReference(view.trip.id);
  for (const [i, png] of pngs.entries()) {
    const name = pngs.length > 1 ? `quote-${reference}-${i + 1}.png` : `quote-${reference}.png`;
    await ctx.replyWithPhoto(new InputFile(png, name), i === 0 ? { caption } : {});
  }
  return true;
}

/** 🖼 Quote image (`tp:qi:<trip>`): the picture to whoever may open the trip; anyone else is refused. */
export async function sendQuotePicture(ctx: BotContext, tripId: string): Promise<void> {
  const seen = await ctx.deps.trips.openFor(tripId, { userId: ctx.from!.id, who: ctx.who });
  if (!seen) {
    await ctx.answerCallbackQuery({ text: ctx.t("trip-not-found"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const { view } = seen;
  const caption =
    seen.sight === "customer"
      ? translate(parseLocale(view.trip.locale, "en"), "trip-quote-image-caption")
      : ctx.t("trip-quote-image-staff", { lead: view.trip.lead_name });
  if (!(await replyWithQuotePicture(ctx, view, caption))) await ctx.reply(ctx.t("trip-quote-image-failed"));
}
