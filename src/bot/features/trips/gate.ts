import { Composer } from "grammy";
import { markUpdateOutcome } from "../../../runtime/update-outcome.js";
import type { BotContext } from "../../context.js";

/**
 * A customer admitted by a trip's link can do nothing outside that trip: /trips, /mybookings (their trip alone) and the trip's buttons,
 * their slips, /start, /help, /language and /cancel pass (slips and payment buttons are handled above this gate);
 * anything else — a booking, a search, a watch — is answered "your link is for one trip". The booking
 * service refuses their own holds too (`holdRefusal`: `trip-only`), whatever road reaches it.
 */
export function createTripCustomerGate() {
  const gate = new Composer<BotContext>();
  gate.use(async (ctx, next) => {
    if (ctx.who.role !== "customer" || ctx.who.tripId === undefined) return next();
    if (ctx.hasCommand(["start", "trips", "mybookings", "help", "language", "cancel"])) return next();
    if (ctx.callbackQuery?.data?.startsWith("tp:")) return next();
    // A slip for their trip's instalment (features/trips/payment.ts).
    if (ctx.message?.photo || ctx.message?.document) return next();
    markUpdateOutcome(ctx, "rejected");
    const text = ctx.t("trip-only");
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text, show_alert: true });
      return;
    }
    if (ctx.message) await ctx.reply(text);
  });
  return gate;
}
