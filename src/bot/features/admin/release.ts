import { userActor, type BookingRecord, type ReleaseOutcome } from "../../../bookings/index.js";
import type { BotContext } from "../../context.js";
import { afterAdminRelease } from "../after-booking/admin-actions.js";
import { escapeHtml } from "../../format/html.js";
import { referenceOf, stateLabel } from "./booking-labels.js";
import { IN_FLIGHT, writeTarget } from "./booking-lookup.js";

/** Why `booking` has no hold to release; undefined when it has one (HELD). */
function releaseRefusal(ctx: BotContext, booking: BookingRecord): string | undefined {
  const ref = escapeHtml(referenceOf(booking));
  const status = stateLabel(ctx, booking);
  // A group's tee time is released only with its group (the booking service refuses it alone).
  if (booking.state === "HELD" && booking.group_id !== null) return ctx.t("admin-release-group-flight", { ref });
  if (booking.state === "HELD") return undefined;
  if (booking.state === "PAID") return ctx.t("admin-release-paid", { ref });
  if (IN_FLIGHT.has(booking.state)) return ctx.t("admin-busy", { ref, status });
  return ctx.t("admin-release-not-held", { ref, status });
}

function outcomeText(ctx: BotContext, out: ReleaseOutcome): string {
  const ref = escapeHtml(referenceOf(out.booking));
  if (out.kind === "released") return ctx.t("admin-release-done", { ref });
  if (out.kind === "pending") return ctx.t("admin-release-pending", { ref });
  if (out.kind === "group-flight") return ctx.t("admin-release-group-flight", { ref });
  if (out.kind === "owned") return ctx.t("admin-owned-by-move", { ref });
  return (
    releaseRefusal(ctx, out.booking) ?? ctx.t("admin-release-not-held", { ref, status: stateLabel(ctx, out.booking) })
  );
}

/** /release <reservation id or code>: releases an unpaid hold at once (nothing is charged, so no question). */
export async function releaseCommand(ctx: BotContext, match: string): Promise<void> {
  const adminId = ctx.from?.id;
  if (adminId === undefined) {
    await ctx.reply(ctx.t("admin-release-usage"), { parse_mode: "HTML" });
    return;
  }
  const target = await writeTarget(ctx, match, "admin-release-usage", releaseRefusal);
  if (!target) return;
  const { booking } = target;
  // The ledger's reasons name who asked; the audit log records that it was this admin.
  const out = await ctx.deps.bookings.release(booking.id, { reason: "user-cancel", actor: userActor(adminId) });
  ctx.deps.logger.info({ bookingId: booking.id, adminId, outcome: out.kind }, "admin release");
  await ctx.reply(outcomeText(ctx, out), { parse_mode: "HTML" });
  if (out.kind === "released") await afterAdminRelease(ctx.deps, out.booking, adminId);
}
