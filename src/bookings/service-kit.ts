import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import {
  isPartnerApiError,
  PartnerInvalidResponseError,
  PartnerUnavailableError,
  type PartnerErrorJSON,
} from "../partner/errors.js";
import type { PartnerClient } from "../partner/index.js";
import type { Reservation } from "../partner/types.js";
import type { Database } from "../storage/schema.js";
import { createAuditLog, type Actor } from "./audit.js";
import { createBookingRepository, type BookingRecord, type BookingState } from "./repository.js";

export interface BookingServiceOptions {
  db: Kysely<Database>;
  partner: PartnerClient;
  logger: Logger;
  /** Minutes a hold lasts before fairway releases it (HOLD_MINUTES). */
  holdMinutes: number;
  /**
   * The longest a partner write can be in flight, ms: the partner client's timeout plus a margin
   * (default 10 s). A confirm does not start on a hold that ends sooner than this, and a confirm or
   * release whose row has not changed for this long is over, answered or not: the reaper then acts on
   * its hold without racing it, so a reservation never gets both a confirm and a release from fairway.
   */
  writeWindowMs?: number;
  now?: () => number;
}

/** Why a hold was released. */
export type ReleaseReason = "user-cancel" | "expired" | "user-restart" | "orphan" | "partner-missing";

/**
 * What the booking service's operations share (`service.ts`, `refund.ts`, `orphans.ts`): the ledger,
 * the audit log, the partner, and the helpers that record a partner write and apply the partner's view.
 */
export function createServiceKit(options: BookingServiceOptions) {
  const { partner, logger } = options;
  const now = options.now ?? Date.now;
  const repo = createBookingRepository(options.db, now);
  const audit = createAuditLog(options.db, now);
  const holdMs = options.holdMinutes * 60_000;
  const writeWindowMs = options.writeWindowMs ?? 10_000;

  /**
   * When the confirm or release that moved `booking` into CONFIRMING or RELEASING is certainly over
   * (answered, timed out or crashed); undefined if it is over already: it recorded a failure
   * (`last_error`, cleared when the write starts) or its window has passed.
   */
  const attemptEndsAt = (booking: BookingRecord): number | undefined => {
    if (booking.state !== "CONFIRMING" && booking.state !== "RELEASING") return undefined;
    const endsAt = booking.updated_at + writeWindowMs;
    return booking.last_error === null && endsAt > now() ? endsAt : undefined;
  };

  /** Makes a partner write and records it in the audit log, whatever its outcome. */
  async function write(
    action: string,
    actor: Actor,
    booking: BookingRecord,
    call: () => Promise<Reservation>,
  ): Promise<Reservation> {
    try {
      const r = await call();
      await audit.record({
        actor,
        action,
        bookingId: booking.id,
        reservationId: r.id,
        outcome: r.reconciled ? "ok-reconciled" : "ok",
        detail: { status: r.status, amount: r.amount, refunded: r.reserve?.price, code: r.reserve?.code },
      });
      return r;
    } catch (error) {
      const json = errorJSON(error);
      const outcome = json ? (json.outcome === "unknown" ? "unknown" : "failed") : "error";
      await audit.record({
        actor,
        action,
        bookingId: booking.id,
        reservationId: booking.reservation_id,
        outcome,
        detail: json ?? { message: "internal" },
      });
      throw error;
    }
  }

  async function load(id: string): Promise<BookingRecord> {
    const booking = await repo.get(id);
    if (!booking) throw new Error(`unknown booking ${id}`);
    return booking;
  }

  function errorJSON(error: unknown): PartnerErrorJSON | undefined {
    return isPartnerApiError(error) ? error.toJSON() : undefined;
  }

  /**
   * Whether a failed write may still have been applied: not a partner error at all, an answer fairway
   * could not read, or an outage whose outcome reconciliation did not settle as not applied.
   */
  function ambiguous(error: unknown): boolean {
    return (
      !isPartnerApiError(error) ||
      error instanceof PartnerInvalidResponseError ||
      (error instanceof PartnerUnavailableError && error.outcome !== "not-applied")
    );
  }

  function reservationFields(r: Reservation) {
    return {
      partner_status: r.status,
      amount: r.amount,
      ...(r.reserve?.svcInvoiceId ? { invoice_id: r.reserve.svcInvoiceId } : {}),
      ...(r.reserve?.paidAt ? { paid_at: r.reserve.paidAt } : {}),
      ...(r.txNo ? { tx_no: r.txNo } : {}),
      ...(r.reserve?.code ? { reservation_code: r.reserve.code } : {}),
    };
  }

  /**
   * Brings the ledger in line with the partner's view of the reservation. A write in flight that the
   * partner has not applied (CONFIRMING/REFUNDING while it says PENDING) goes back to HELD only when
   * `mayRevert`: the write is stale (older than any call can last), so no other process is still making it.
   */
  async function applyPartnerState(
    booking: BookingRecord,
    r: Reservation,
    detail: string,
    mayRevert: boolean,
  ): Promise<BookingRecord> {
    const fields = reservationFields(r);
    const moves: Record<string, BookingState | undefined> = { PAID: "PAID", CANCEL: "RELEASED", REFUND: "REFUNDED" };
    const target = moves[r.status];
    // A refund in flight that the partner has not applied yet reads PAID: revert only when stale.
    const refundNotApplied = booking.state === "REFUNDING" && r.status === "PAID";
    if (target && target !== booking.state && (!refundNotApplied || mayRevert)) {
      const extra = target === "RELEASED" && !booking.release_reason ? { release_reason: "partner-cancelled" } : {};
      await repo.transition(
        booking.id,
        [booking.state],
        target,
        { ...fields, ...extra },
        { via: detail, partnerStatus: r.status },
      );
    } else if (r.status === "PENDING" && mayRevert && booking.state === "CONFIRMING") {
      await repo.transition(booking.id, [booking.state], "HELD", fields, { via: detail, partnerStatus: r.status });
    } else {
      // Only onto the state this read was taken against: a confirm may have landed meanwhile.
      await repo.patch(booking.id, fields, [booking.state]);
    }
    return load(booking.id);
  }

  return {
    options,
    partner,
    logger,
    now,
    repo,
    audit,
    holdMs,
    writeWindowMs,
    attemptEndsAt,
    write,
    load,
    errorJSON,
    ambiguous,
    reservationFields,
    applyPartnerState,
  };
}

export type ServiceKit = ReturnType<typeof createServiceKit>;
