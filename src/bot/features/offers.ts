import { Composer } from "grammy";
import { isPartnerApiError } from "../../partner/errors.js";
import { bookingCourseName } from "../../bookings/index.js";
import { commandsForCustomer, createMenuMemo } from "../commands.js";
import { openSlots } from "../conversations/booking/data.js";
import { BOOKING_CONVERSATION, type BookingArgs, type Notice, type SlotView } from "../conversations/booking/entry.js";
import { localeOf } from "../i18n.js";
import type { BotContext } from "../context.js";
import { OFFER_TOKEN_PATTERN, type Offer, type OfferOpening } from "../inline/offers.js";
import { dateKeyOf, formatDate, formatTime } from "../format/dates.js";
import { escapeHtml } from "../format/html.js";
import { INLINE_START_PARAMETER } from "./inline-offers.js";
import { welcome } from "./menu.js";

const isSeller = (ctx: BotContext) => ctx.who.role === "agent" || ctx.who.role === "admin";

function fullName(ctx: BotContext): string | null {
  const name = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ").trim();
  return name.length > 0 ? name : null;
}

/** Agents and admins look at an offer without using it up; anyone else opens it (counted once each). */
async function openFor(ctx: BotContext, token: string, userId: number): Promise<OfferOpening> {
  if (!isSeller(ctx)) return ctx.deps.offers.open(token, userId);
  const offer = OFFER_TOKEN_PATTERN.test(token) ? await ctx.deps.offers.get(token) : undefined;
  if (!offer) return { ok: false, reason: "unknown" };
  return offer.expires_at <= ctx.deps.now() ? { ok: false, reason: "expired" } : { ok: true, offer, firstOpen: false };
}

/** The offered tee time if it is still open; else a notice naming the nearest open times that day. */
async function teeTimeNow(ctx: BotContext, offer: Offer, date: string): Promise<{ slot?: SlotView; notice?: Notice }> {
  try {
    const open = openSlots(await ctx.deps.catalog.teeTimes(offer.course_id, date, { fresh: true }), ctx.deps.now());
    const slot = open.find((s) => s.id === offer.slot_id);
    if (slot) return { slot };
    const nearest = [...open]
      .sort((a, b) => Math.abs(a.startsAt - offer.starts_at) - Math.abs(b.startsAt - offer.starts_at))
      .slice(0, 3);
    if (nearest.length === 0) return { notice: { key: "offer-gone-none" } };
    const times = nearest
      .sort((a, b) => a.startsAt - b.startsAt)
      .map((s) => formatTime(s.startsAt, offer.time_zone, localeOf(ctx)));
    return { notice: { key: "offer-gone", args: { times: times.join(", ") } } };
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    // The flow reads the day again and offers "Try again" if the partner is still down.
    return {};
  }
}

/** /start <offer token>: the card's "Book this tee time". Opens the booking on that tee time, credited to the agent. */
async function openOffer(ctx: BotContext, token: string): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const opening = await openFor(ctx, token, userId);
  const seller = opening.ok ? await ctx.deps.access.whoIs(opening.offer.agent_id) : undefined;
  if (!opening.ok || (seller?.role !== "agent" && seller?.role !== "admin")) {
    const reason = opening.ok ? "unknown" : opening.reason;
    const next = ctx.who.role === "stranger" ? `\n\n${ctx.t("stranger-explain")}` : "";
    await ctx.reply(`${ctx.t(`offer-refused-${reason}`)}${next}`, { parse_mode: "HTML" });
    ctx.deps.logger.info({ userId, reason }, "offer refused");
    return;
  }
  const { offer } = opening;
  const name = fullName(ctx);
  if (ctx.who.role === "stranger") {
    // The card let them in, as an agent's link does: a customer of the offering agent.
    await ctx.deps.offers.adopt(offer, userId, name);
    ctx.who = { role: "customer", agentId: offer.agent_id, courseId: offer.course_id, standing: "ok" };
    await commandsForCustomer(ctx.api, userId, createMenuMemo(ctx.deps.storage.kv)).catch((err: unknown) =>
      ctx.deps.logger.warn({ err }, "customer command menu not set"),
    );
    await ctx.reply(ctx.t("customer-welcome", { name: escapeHtml(ctx.from?.first_name ?? "") }), {
      parse_mode: "HTML",
    });
  }
  const date = dateKeyOf(offer.starts_at, offer.time_zone);
  const { slot, notice } = await teeTimeNow(ctx, offer, date);
  const args: BookingArgs = {
    // Whoever books from the card books through the offering agent (an agent opening a card books as themselves).
    ...(isSeller(ctx) ? {} : { agentId: offer.agent_id }),
    courseId: offer.course_id,
    date,
    ...(slot ? { slot } : {}),
    ...(notice ? { notice } : {}),
    ...(name ? { customerName: name } : {}),
  };
  ctx.deps.logger.info({ userId, agentId: offer.agent_id, gone: slot === undefined }, "offer opened");
  await ctx.conversation.enter(BOOKING_CONVERSATION, args);
}

async function listOffers(ctx: BotContext): Promise<void> {
  const agentId = ctx.from?.id;
  if (agentId === undefined) return;
  const offers = await ctx.deps.offers.listFor(agentId, 15);
  if (offers.length === 0) {
    await ctx.reply(ctx.t("offers-empty", { bot: ctx.me.username }), { parse_mode: "HTML" });
    return;
  }
  const locale = localeOf(ctx);
  const lines = offers.map((o, i) => {
    const args = {
      n: i + 1,
      course: escapeHtml(bookingCourseName({ course_name: o.course_name, course_name_th: o.course_name_th }, locale)),
      date: formatDate(dateKeyOf(o.starts_at, o.time_zone), locale),
      time: formatTime(o.starts_at, o.time_zone, locale),
      posted: o.posted,
      opened: o.opens,
      booked: o.booked,
    };
    return ctx.t("offers-line", args);
  });
  await ctx.reply(`<b>${ctx.t("offers-title")}</b>\n${lines.join("\n")}`, { parse_mode: "HTML" });
}

/**
 * The offer cards' way in (`/start <offer token>`, and the inline results' "open fairway" button) and
 * /offers for agents. Installed below the booking conversation (opening an offer enters it) and above
 * the link /start.
 */
export function createOffersFeature() {
  const feature = new Composer<BotContext>();
  feature.command("start", async (ctx, next) => {
    const token = ctx.match.trim();
    if (token === INLINE_START_PARAMETER) return welcome(ctx);
    if (!OFFER_TOKEN_PATTERN.test(token)) return next();
    await openOffer(ctx, token);
  });
  feature.command("offers", async (ctx) => (isSeller(ctx) ? listOffers(ctx) : ctx.reply(ctx.t("offers-agents-only"))));
  return feature;
}
