import { PartnerUnavailableError } from "../partner/errors.js";
import type { Actor } from "./audit.js";
import type { RefundOutcome } from "./outcomes.js";
import type { BookingRecord } from "./repository.js";
import type { ServiceKit } from "./service-kit.js";

/**
 * Refunds a paid booking, at most once (PAID → REFUNDING → REFUNDED). The refunded amount is the
 * partner's (`reserve.price`), which depends on its contract policy. `reconcile` reads the partner's
 * view of the booking after a definite refusal (the service's `reconcile`).
 */
export async function refundBooking(
  kit: ServiceKit,
  reconcile: (id: string) => Promise<BookingRecord>,
  id: string,
  actor: Actor,
): Promise<RefundOutcome> {
  const { partner, logger, repo, write, load, errorJSON, ambiguous } = kit;
  const booking = await load(id);
  if (booking.state === "REFUNDED") return { kind: "refunded", booking, refundedAmount: booking.refunded_amount };
  if (booking.state === "REFUNDING") return { kind: "busy", booking };
  if (!(await repo.transition(id, ["PAID"], "REFUNDING", {}, { actor }))) {
    const current = await load(id);
    return current.state === "REFUNDING" || current.state === "REFUNDED"
      ? { kind: "busy", booking: current }
      : { kind: "not-paid", booking: current };
  }
  try {
    const refunded = await write("refund", actor, booking, () => partner.refund(booking.reservation_id ?? ""));
    const amount = refunded.reserve?.price ?? null;
    await repo.transition(
      id,
      ["REFUNDING"],
      "REFUNDED",
      { partner_status: refunded.status, refunded_amount: amount },
      { reconciled: refunded.reconciled === true },
    );
    return { kind: "refunded", booking: await load(id), refundedAmount: amount };
  } catch (error) {
    const json = errorJSON(error);
    if (error instanceof PartnerUnavailableError && error.outcome === "not-applied") {
      await repo.transition(id, ["REFUNDING"], "PAID", { last_error: JSON.stringify(json) }, json);
      return { kind: "failed", booking: await load(id), error: error.toJSON() };
    }
    if (json && !ambiguous(error)) {
      // A definite refusal: read the partner's view (it may say the booking is no longer PAID).
      const fresh = await reconcile(id).catch(() => undefined);
      if (fresh?.state === "REFUNDING")
        await repo.transition(id, ["REFUNDING"], "PAID", { last_error: JSON.stringify(json) }, json);
      return { kind: "failed", booking: await load(id), error: json };
    }
    await repo.patch(id, { last_error: json ? JSON.stringify(json) : "internal" }, ["REFUNDING"]);
    logger.warn({ bookingId: id, error: json }, "refund outcome unknown; the reaper will read the reservation");
    if (!json) throw error;
    return { kind: "unknown", booking: await load(id) };
  }
}
