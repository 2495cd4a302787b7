import {
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerUnavailableError,
  type PartnerErrorJSON,
} from "../partner/errors.js";
import type { Reservation } from "../partner/types.js";
import { userActor, type Actor } from "./audit.js";
import { releaseAuditedReserve } from "./orphans.js";
import {
  confirmOutcomeOf,
  releaseOutcomeOf,
  reserveOutcomeOf,
  type ConfirmOutcome,
  type RefundOutcome,
  type ReleaseOutcome,
  type ReserveOutcome,
} from "./outcomes.js";
import { refundBooking } from "./refund.js";
import type { BookingIntentInput, BookingRecord, BookingState } from "./repository.js";
import { createServiceKit, type BookingServiceOptions, type ReleaseReason } from "./service-kit.js";

export type { BookingServiceOptions, ReleaseReason } from "./service-kit.js";

/**
 * Every partner call that creates, pays for or releases a reservation goes through here. Each call
 * first wins a compare-and-set transition on the booking's ledger row, so a booking reserves at most
 * once and confirms at most once, whatever replays, double taps, duplicate updates or restarts do.
 */
export function createBookingService(options: BookingServiceOptions) {
  const kit = createServiceKit(options);
  const {
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
  } = kit;

  const service = {
    repo,

    /** Records a booking intent before any partner call (idempotent on `input.id`). */
    createIntent: (input: BookingIntentInput) => repo.createIntent(input),

    /** Creates the partner reservation (a hold) for an intent, at most once per booking. */
    async reserve(id: string, actor?: Actor): Promise<ReserveOutcome> {
      if (!(await repo.transition(id, ["INTENT"], "RESERVING"))) return reserveOutcomeOf(await load(id));
      const booking = await load(id);
      const input = {
        slotId: booking.slot_id,
        persons: booking.persons,
        customerName: booking.customer_name,
        customerEmail: booking.customer_email,
        customerMobile: booking.customer_mobile,
      };
      let reservation: Reservation;
      try {
        reservation = await write("reserve", actor ?? userActor(booking.user_id), booking, () =>
          partner.reserve(input),
        );
      } catch (error) {
        const json = errorJSON(error);
        const unknown = ambiguous(error);
        const to: BookingState = unknown ? "RESERVE_UNKNOWN" : "RESERVE_FAILED";
        await repo.transition(id, ["RESERVING"], to, { last_error: json ? JSON.stringify(json) : "internal" }, json);
        if (unknown) {
          logger.warn(
            {
              bookingId: id,
              slotId: booking.slot_id,
              startsAt: booking.slot_starts_at,
              persons: booking.persons,
              error: json,
            },
            "reserve answer lost: a hold may exist at the partner that fairway cannot see; ask the partner to release it",
          );
        }
        if (!json) throw error;
        const stored = await load(id);
        return unknown ? { kind: "unknown", booking: stored } : { kind: "failed", booking: stored, error: json };
      }
      const held = await repo.transition(
        id,
        ["RESERVING"],
        "HELD",
        {
          ...reservationFields(reservation),
          reservation_id: reservation.id,
          reservation_code: reservation.reserve?.code ?? null,
          tx_no: reservation.txNo,
          amount: reservation.amount,
          hold_expires_at: now() + holdMs,
        },
        { reservationId: reservation.id },
      );
      if (!held) {
        // Someone else decided this booking's fate while we waited: never leave the new hold behind.
        logger.error(
          { bookingId: id, reservationId: reservation.id },
          "reserve answered after the booking moved on; releasing the hold",
        );
        const stored = await load(id);
        await write(
          "release-orphan",
          actor ?? userActor(stored.user_id),
          { ...stored, reservation_id: reservation.id },
          () => partner.release(reservation.id),
        ).catch((e: unknown) => logger.error({ err: errorJSON(e) ?? String(e) }, "orphan release failed"));
      }
      return reserveOutcomeOf(await load(id));
    },

    /** Pays for a held reservation from the partner's credit, at most once. */
    async confirm(id: string, actor?: Actor): Promise<ConfirmOutcome> {
      let booking = await load(id);
      if (booking.state === "CONFIRMING") {
        // Interrupted earlier (a crash, a lost answer): the partner's word settles it without a second confirm.
        booking = await service.reconcile(id).catch(() => booking);
        return confirmOutcomeOf(booking);
      }
      if (booking.state !== "HELD") return confirmOutcomeOf(booking);
      // Too close to the hold's end, a confirm would race the reaper's release: the hold is over.
      if ((booking.hold_expires_at ?? 0) <= now() + writeWindowMs) {
        await service.release(id, "expired", false, actor);
        return { kind: "expired", booking: await load(id) };
      }
      const amount = booking.amount ?? booking.expected_amount;
      let balance: number | null = null;
      try {
        balance = (await partner.getBalance()).balance;
      } catch (error) {
        logger.warn(
          { bookingId: id, error: errorJSON(error) },
          "balance check before confirm failed; the partner will judge",
        );
      }
      if (balance !== null && balance < amount) return { kind: "insufficient", booking, balance };

      if (!(await repo.transition(id, ["HELD"], "CONFIRMING", { last_error: null }, undefined, now() + writeWindowMs)))
        return confirmOutcomeOf(await load(id));
      const reservationId = booking.reservation_id ?? "";
      try {
        const paid = await write("confirm", actor ?? userActor(booking.user_id), booking, () =>
          partner.confirm(reservationId),
        );
        await repo.transition(
          id,
          ["CONFIRMING"],
          "PAID",
          { ...reservationFields(paid), paid_at: paid.reserve?.paidAt ?? now() },
          {
            reconciled: paid.reconciled === true,
          },
        );
        const outcome = confirmOutcomeOf(await load(id));
        // The partner reduces the credit by the amount paid: the low-balance check needs no second read.
        if (outcome.kind === "paid" && balance !== null)
          outcome.balanceAfter = balance - (outcome.booking.amount ?? amount);
        return outcome;
      } catch (error) {
        const json = errorJSON(error);
        if (error instanceof PartnerInsufficientCreditError) {
          await repo.transition(id, ["CONFIRMING"], "HELD", { last_error: JSON.stringify(json) }, json);
          return { kind: "insufficient", booking: await load(id), balance: null };
        }
        if (error instanceof PartnerUnavailableError && error.outcome === "not-applied") {
          await repo.transition(id, ["CONFIRMING"], "HELD", { last_error: JSON.stringify(json) }, json);
          return { kind: "failed", booking: await load(id), error: error.toJSON() };
        }
        if (error instanceof PartnerConflictError || error instanceof PartnerInvalidResponseError) {
          // This process made the only confirm and it has ended: a PENDING reservation was not paid.
          const fresh = await service.reconcile(id, now()).catch(() => undefined);
          if (fresh?.state === "HELD" && json) return { kind: "failed", booking: fresh, error: json };
          if (fresh && fresh.state !== "CONFIRMING") return confirmOutcomeOf(fresh);
        }
        if (error instanceof PartnerNotFoundError) {
          await repo.transition(
            id,
            ["CONFIRMING"],
            "RELEASED",
            { release_reason: "partner-missing", last_error: JSON.stringify(json) },
            json,
          );
          return { kind: "failed", booking: await load(id), error: json as PartnerErrorJSON };
        }
        const current = await load(id);
        if (current.state === "CONFIRMING" && json && !ambiguous(error)) {
          // A definite refusal (4xx): nothing was paid; the hold stands.
          await repo.transition(id, ["CONFIRMING"], "HELD", { last_error: JSON.stringify(json) }, json);
          return { kind: "failed", booking: await load(id), error: json };
        }
        await repo.patch(id, { last_error: json ? JSON.stringify(json) : "internal" });
        logger.warn(
          { bookingId: id, reservationId, error: json },
          "confirm outcome unknown; the reaper will read the reservation",
        );
        if (!json) throw error;
        return { kind: "unknown", booking: await load(id) };
      }
    },

    /**
     * Releases an unpaid hold. Ambiguous failures stay RELEASING; the reaper finishes them. A release
     * that finds RELEASING sends nothing (another call may still be making the DELETE) unless
     * `retryStale`: the reaper's reconcile found the release stale and the hold still PENDING.
     */
    async release(id: string, reason: ReleaseReason, retryStale = false, actor?: Actor): Promise<ReleaseOutcome> {
      const booking = await load(id);
      if (booking.state === "INTENT") {
        await repo.transition(id, ["INTENT"], "RELEASED", { release_reason: reason });
        return { kind: "released", booking: await load(id) };
      }
      if (booking.state === "RELEASING" && !retryStale) return releaseOutcomeOf(booking);
      const from: BookingState[] = booking.state === "RELEASING" ? ["RELEASING"] : ["HELD"];
      if (
        !(await repo.transition(
          id,
          from,
          "RELEASING",
          { release_reason: booking.release_reason ?? reason, last_error: null },
          { reason },
        ))
      ) {
        return releaseOutcomeOf(await load(id));
      }
      try {
        const released = await write("release", actor ?? userActor(booking.user_id), booking, () =>
          partner.release(booking.reservation_id ?? ""),
        );
        await repo.transition(id, ["RELEASING"], "RELEASED", reservationFields(released), {
          reconciled: released.reconciled === true,
        });
      } catch (error) {
        const json = errorJSON(error);
        if (error instanceof PartnerNotFoundError) {
          await repo.transition(
            id,
            ["RELEASING"],
            "RELEASED",
            { release_reason: "partner-missing", last_error: JSON.stringify(json) },
            json,
          );
        } else if (error instanceof PartnerConflictError) {
          await service.reconcile(id).catch(() => undefined);
        } else {
          await repo.patch(id, { last_error: json ? JSON.stringify(json) : "internal" });
          logger.warn({ bookingId: id, error: json }, "release did not complete; the reaper will retry");
          if (!json) throw error;
        }
      }
      return releaseOutcomeOf(await load(id));
    },

    /**
     * Reads the reservation from the partner and corrects the ledger; finishes an interrupted release.
     * `staleBefore`: a write in flight last touched before this instant may be reverted, or (a release)
     * sent again (the reaper's call); at the hold's end (`holdOverAt`) a release is sent again without waiting.
     * `holdOverAt`: a confirm still unanswered (a crash, a lost answer)
     * on a hold that ends by this instant, and that the partner says is unpaid, is not waited for: the
     * hold is released now. The partner's state machine arbitrates should that confirm still land — the
     * release then fails with 409 and the booking reads PAID — so no money is at risk, and the hold
     * never outlives HOLD_MINUTES.
     */
    async reconcile(id: string, staleBefore?: number, actor?: Actor, holdOverAt?: number): Promise<BookingRecord> {
      const booking = await load(id);
      if (!booking.reservation_id) return booking;
      const r = await partner.getReservation(booking.reservation_id);
      const mayRevert = staleBefore !== undefined && booking.updated_at <= staleBefore;
      let fresh = await applyPartnerState(booking, r, "reconcile", mayRevert);
      // Never while this system's own confirm or release may still be in flight: one write per reservation.
      const holdOver =
        holdOverAt !== undefined && (fresh.hold_expires_at ?? 0) <= holdOverAt && attemptEndsAt(fresh) === undefined;
      if (fresh.state === "CONFIRMING" && r.status === "PENDING" && holdOver) {
        const over = { release_reason: "expired" };
        if (
          await repo.transition(id, ["CONFIRMING"], "RELEASING", over, { via: "hold-over", partnerStatus: r.status })
        ) {
          await service.release(id, "expired", true, actor);
        }
        fresh = await load(id);
      } else if (fresh.state === "RELEASING" && r.status === "PENDING" && (mayRevert || holdOver)) {
        // A release sent again races at most the first one: the partner answers the later one 409.
        await service.release(id, (fresh.release_reason as ReleaseReason | null) ?? "expired", true, actor);
        fresh = await load(id);
      } else if (fresh.state === "HELD" && (fresh.hold_expires_at ?? 0) <= now()) {
        await service.release(id, "expired", false, actor);
        fresh = await load(id);
      }
      return fresh;
    },

    /**
     * Refunds a paid booking, at most once (PAID → REFUNDING → REFUNDED); `refund.ts`.
     */
    refund: (id: string, actor: Actor): Promise<RefundOutcome> =>
      refundBooking(kit, (bookingId) => service.reconcile(bookingId, now()), id, actor),

    /** A stale RESERVING booking whose reserve answer reached the audit log: its hold is released (`orphans.ts`). */
    releaseAuditedReserve: (id: string): Promise<boolean> =>
      releaseAuditedReserve(kit, (bookingId) => service.release(bookingId, "orphan", true, "system:reaper"), id),

    /** Claims the once-only work after a payment (agent notice, low-balance check); true for the one caller that won. */
    async claimPaidFollowup(id: string): Promise<boolean> {
      const result = await kit.options.db
        .updateTable("bookings")
        .set({ paid_followup_at: now() })
        .where("id", "=", id)
        .where("state", "=", "PAID")
        .where("paid_followup_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    audit,
    attemptEndsAt,

    /** The chat's booking that still holds a reservation or is being written, if any. */
    activeForChat: (chatId: number) => repo.activeForChat(chatId),
    get: (id: string) => repo.get(id),
    listForUser: (userId: number, limit?: number) => repo.listForUser(userId, limit),
    recentCustomers: (userId: number, limit?: number) => repo.recentCustomers(userId, limit),
  };
  return service;
}

export type BookingService = ReturnType<typeof createBookingService>;
