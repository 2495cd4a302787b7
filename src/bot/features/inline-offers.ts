import { Composer } from "grammy";
import { markUpdateOutcome } from "../../runtime/update-outcome.js";
import type { BotContext } from "../context.js";
import { OFFER_TOKEN_PATTERN } from "../inline/offers.js";
import { buildOfferResults } from "../inline/results.js";
import type { InlineThrottle } from "../inline/throttle.js";

/** Start parameter of the "open fairway" button under inline results (features/offers.ts greets it). */
export const INLINE_START_PARAMETER = "inline";

/** How long Telegram may keep an agent's results (they are personal: the links are theirs). */
const CACHE_SECONDS = 5;

const isSeller = (ctx: BotContext) => ctx.who.role === "agent" || ctx.who.role === "admin";

/**
 * Inline mode (`@bot riverside sat` in any chat): agents and admins get open tee times to post as
 * offer cards; anyone else gets a button to open fairway and causes no partner call. Installed at
 * the top level: inline queries have no chat, so the private-chat composer never sees them.
 */
export function createInlineOffersFeature(throttle: InlineThrottle) {
  const feature = new Composer<BotContext>();

  // A card an agent posted into their own chat with fairway comes back as a message: nothing to answer.
  feature.on("message", async (ctx, next) => (ctx.message.via_bot?.id === ctx.me.id ? undefined : next()));

  feature.on("inline_query", async (ctx) => {
    const q = ctx.inlineQuery;
    const button = (key: string) => ({ text: ctx.t(key), start_parameter: INLINE_START_PARAMETER });
    if (!isSeller(ctx)) {
      markUpdateOutcome(ctx, "rejected");
      await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true, button: button("inline-agents-only") });
      return;
    }
    // A newer keystroke of the same user replaced this query while it waited in line: no answer, no partner call.
    if (await throttle.superseded(q.from.id, q.id)) return;
    if (!(await throttle.allow(q.from.id))) {
      await ctx.answerInlineQuery([], { cache_time: 1, is_personal: true, button: button("inline-slow-down") });
      return;
    }
    const page = await buildOfferResults(ctx, q.from.id, q.query, q.offset);
    await ctx.answerInlineQuery(page.results, {
      cache_time: CACHE_SECONDS,
      is_personal: true,
      next_offset: page.nextOffset,
      ...(page.hint && q.offset === "" ? { button: button(page.hint) } : {}),
    });
  });

  // The agent posted a card (Telegram sends this when inline feedback is on in @BotFather).
  feature.on("chosen_inline_result", async (ctx) => {
    const chosen = ctx.chosenInlineResult;
    if (!isSeller(ctx) || !OFFER_TOKEN_PATTERN.test(chosen.result_id)) return;
    await ctx.deps.offers.posted(chosen.result_id, chosen.from.id);
    ctx.deps.logger.info({ agentId: chosen.from.id }, "offer posted");
  });
  return feature;
}
