/**
 * After the booking: cancellation requests (asked by the booker, the crediting agent or a golfer with a
 * copy; decided once by an admin), the golfer's copy, and notices to customers (notices.ts). The jobs the
 * leader runs, reminders before tee-off and the admins' daily digest, are in jobs.ts (reminders.ts,
 * digest.ts, their once-only claims in store.ts).
 */
import { Composer } from "grammy";
import { parseRequestData } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { isAdmin } from "../../middlewares/roles.js";
import { createMyBookingsFeature } from "../my-bookings.js";
import { createCancelRequestFeature } from "./cancel-request.js";
import { createGolferCopyClaim, createGolferCopyFeature } from "./golfer-copy.js";
import { createReceiptDocumentFeature } from "./receipt-document.js";
import { decideRequest } from "./request-decisions.js";

export { countPendingRequests } from "../../../bookings/index.js";
export { requestsCommand } from "./request-decisions.js";
export { tellBookingParties } from "./notices.js";

/**
 * Before the access gate: opening a golfer's copy link (anyone), and for a stranger who claimed a copy,
 * /mybookings (read-only: only what is attached to them) and asking to cancel it. Everything else a
 * stranger sends goes on to the gate.
 */
export function createAfterBookingPass() {
  const pass = new Composer<BotContext>();
  pass.use(createGolferCopyClaim());
  const viewer = new Composer<BotContext>();
  viewer.use(createCancelRequestFeature());
  viewer.use(createMyBookingsFeature());
  const viewerMiddleware = viewer.middleware();
  pass.use(async (ctx, next) => {
    if (ctx.who.role !== "stranger" || ctx.from === undefined) return next();
    if ((await ctx.deps.golferCopies.viewedBookingIds(ctx.from.id, 1)).length === 0) return next();
    return viewerMiddleware(ctx, next);
  });
  return pass;
}

/** After the access gate, before the booking guards (the reason step answers /cancel first). */
export function createAfterBookingFeature() {
  const feature = new Composer<BotContext>();
  feature.use(createCancelRequestFeature());
  feature.use(createGolferCopyFeature());
  feature.use(createReceiptDocumentFeature());
  feature.callbackQuery(/^rq:(ok|no):/, async (ctx) => {
    // The role first: a non-admin's tap never reaches the ledger or the partner.
    if (!isAdmin(ctx)) {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-only"), show_alert: true });
      return;
    }
    const data = parseRequestData(ctx.callbackQuery.data);
    if (!data || data.action === "skip") {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-button-invalid"), show_alert: true });
      return;
    }
    await decideRequest(ctx, data.action, data.id);
  });
  return feature;
}
