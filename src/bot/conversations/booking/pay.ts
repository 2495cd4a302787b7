import { localeOf } from "../../i18n.js";
import { groupHoldEnd } from "../../../bookings/index.js";
import { sendPaymentQr } from "../../features/payments/customer-qr.js";
import { refreshSlots, type FlowRun } from "./flow-run.js";

/**
 * A customer's "Pay" on a hold they pay first: the PromptPay QR for the exact selling total (with its
 * reference and the hold's end), and the flow ends; their slip photo, the agent's decision and the
 * receipt come outside it (features/payments). Nothing is confirmed at the partner here.
 */
export async function askPayment(run: FlowRun, id: string): Promise<"done" | "back"> {
  const { d, deps, ctx } = run;
  const { booking, payment } = await run.conversation.external(async () => ({
    booking: await deps.bookings.get(id),
    payment: await deps.bookings.showPayment(id),
  }));
  if (!booking || !payment || booking.state !== "HELD" || (booking.hold_expires_at ?? 0) <= run.now) {
    d.bookingId = undefined;
    d.notice = { key: "hold-expired" };
    refreshSlots(run);
    d.step = "slot";
    return "back";
  }
  const locale = localeOf(ctx);
  await run.panel.close(ctx, ctx.t("pay-panel-closed"));
  await sendPaymentQr(ctx.api, run.chatId, payment, { booking }, { t: (k, a) => ctx.t(k, a), locale });
  return "done";
}

/**
 * A customer's "Pay" on a group they pay first: one QR for the group's exact selling total (one
 * reference), and the flow ends; the slip, the agent's decision and the group's confirm come outside it.
 */
export async function askGroupPayment(run: FlowRun, id: string): Promise<"done" | "back"> {
  const { d, deps, ctx } = run;
  const { group, payment } = await run.conversation.external(async () => ({
    group: await deps.bookings.getGroup(id),
    payment: await deps.bookings.showPayment(id),
  }));
  const ends = group ? groupHoldEnd(group.flights) : 0;
  if (!group || !payment || group.group.state !== "HELD" || ends <= run.now) {
    d.groupId = undefined;
    d.notice = { key: "hold-expired" };
    d.step = d.group ? "group" : "slot";
    return "back";
  }
  const locale = localeOf(ctx);
  await run.panel.close(ctx, ctx.t("pay-panel-closed"));
  await sendPaymentQr(
    ctx.api,
    run.chatId,
    payment,
    { booking: group.flights[0]!, group },
    {
      t: (k, a) => ctx.t(k, a),
      locale,
    },
  );
  return "done";
}
