import { Composer } from "grammy";
import type { LinkRefusal } from "../../access/index.js";
import { BOOKING_CONVERSATION } from "../conversations/booking/entry.js";
import type { BotContext } from "../context.js";
import { escapeHtml } from "../format/html.js";
import { mainMenu, welcome } from "./menu.js";
import { showTripQuote } from "./trips/index.js";

const REFUSAL_KEYS: Record<LinkRefusal, string> = {
  malformed: "link-refused-unknown",
  unknown: "link-refused-unknown",
  revoked: "link-refused-revoked",
  expired: "link-refused-expired",
  "used-up": "link-refused-used-up",
  "agent-removed": "link-refused-agent-removed",
};

function fullName(ctx: BotContext): string | null {
  const name = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ").trim();
  return name.length > 0 ? name : null;
}

/**
 * /start, with or without an agent's link token. Installed below the booking conversation (a link
 * starts a booking at once). A valid link makes a stranger a customer of that agent.
 */
export function createStartFeature(onNewCustomer?: (ctx: BotContext) => Promise<void>) {
  const feature = new Composer<BotContext>();
  feature.command("start", async (ctx) => {
    const token = ctx.match.trim();
    const userId = ctx.from?.id;
    if (!token || userId === undefined) return welcome(ctx);
    if (ctx.who.role === "admin" || ctx.who.role === "agent") {
      await ctx.reply(ctx.t("link-own-role"), { reply_markup: mainMenu(ctx) });
      return;
    }
    const redemption = await ctx.deps.access.links.redeem(token, userId, fullName(ctx));
    if (!redemption.ok) {
      const key = REFUSAL_KEYS[redemption.reason];
      const next =
        ctx.who.role !== "customer"
          ? ctx.t("stranger-explain")
          : ctx.who.standing === undefined || ctx.who.standing === "ok"
            ? ctx.t("link-refused-still-customer")
            : ctx.t(`access-ended-${ctx.who.standing}`);
      await ctx.reply(`${ctx.t(key)}\n\n${next}`, { parse_mode: "HTML" });
      ctx.deps.logger.info({ userId, reason: redemption.reason }, "customer link refused");
      return;
    }
    const { link } = redemption;
    ctx.who = {
      role: "customer",
      agentId: link.agent_id,
      courseId: link.course_id,
      standing: "ok",
      ...(link.trip_id ? { tripId: link.trip_id } : {}),
    };
    if (redemption.firstUse) await onNewCustomer?.(ctx);
    // A trip's link opens that trip's quote (its picture, then the message with Accept), nothing else.
    if (link.trip_id) return showTripQuote(ctx, link.trip_id, { picture: true });
    await ctx.reply(ctx.t("customer-welcome", { name: escapeHtml(ctx.from?.first_name ?? "") }), {
      parse_mode: "HTML",
    });
    const name = fullName(ctx);
    await ctx.conversation.enter(BOOKING_CONVERSATION, {
      agentId: link.agent_id,
      ...(link.course_id ? { courseId: link.course_id } : {}),
      ...(name ? { customerName: name } : {}),
    });
  });
  return feature;
}
