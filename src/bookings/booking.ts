/**
 * A booking's machine: one tee time's reservation at the partner, from the intent recorded before any
 * partner call to PAID, RELEASED or REFUNDED (`BOOKING_MOVES` in `moves.ts` is every legal move). Each
 * write first wins a compare-and-set move of the booking's ledger row, so a booking reserves at most once,
 * confirms at most once and refunds at most once, whatever replays, double taps, duplicate updates or
 * restarts do; every partner write is audited, whatever its outcome. A partner error is read once, through
 * `failureOf` (`write-failure.ts`), into what it means for the write; each operation says what that meaning
 * does to the booking.
 */
import type { PartnerErrorJSON } from "../partner/errors.js";
import type { Reservation } from "../partner/types.js";
import { userActor, type Actor } from "./audit.js";
import { UnrecordedAnswer, type MoneyCore } from "./core.js";
import {
  confirmOutcomeOf,
  refusalJSON,
  releaseOutcomeOf,
  reserveOutcomeOf,
  type ConfirmOutcome,
  type RefundOutcome,
  type ReleaseOutcome,
  type ReserveOutcome,
} from "./outcomes.js";
import { isPayFirst, type PaymentRecord } from "./payments.js";
import type { BookingRecord, BookingState } from "./record.js";
import { isLegalMove } from "./moves.js";
import { ownerOf, ownerRefusal } from "./ownership.js";
import type { Transition } from "./repository.js";
import { errorJSON, failureOf, lastError, mayHaveApplied } from "./write-failure.js";

/** Why a hold was released. */
export type ReleaseReason =
  | "user-cancel"
  | "expired"
  | "user-restart"
  | "orphan"
  | "partner-missing"
  /** A flight of a group released because the group could not be held, or paid, whole. */
  | "group-incomplete"
  /** A move's new tee time, released because the move did not go ahead (declined, refused, over). */
  | "move";

/**
 * Reasons a person chose (a booker's Cancel or Release, an admin's /release). A flight of a group is
 * never released alone for one of them, only with its group (`releaseGroup`), whatever screen or
 * forged button asks: a group is held, paid and cancelled as one (one hold-all-or-none, one payment
 * of a pay-first group for every flight, whose slip may already be with the agent), and a group left
 * with one flight released is settled by the reaper releasing the others anyway. Expiry, the partner's
 * word and the group's own operations still release its flights one by one.
 */
const CHOSEN_REASONS: readonly ReleaseReason[] = ["user-cancel", "user-restart"];

export interface ReleaseOptions {
  reason: ReleaseReason;
  /** Who asked; default the booking's user. */
  actor?: Actor;
}

export interface RefreshOptions {
  /**
   * A write in flight last touched before this instant is over: if the partner did not apply it, the
   * booking goes back (a confirm to HELD), or, a release, it is sent again. The reaper's and the
   * service's own call after a definite refusal; users' refreshes leave writes in flight alone.
   */
  staleBefore?: number;
  /**
   * A confirm still unanswered (a crash, a lost answer) on a hold that ends by this instant, and that
   * the partner says is unpaid, is not waited for: the hold is released now. The partner's state
   * machine arbitrates should that confirm still land — the release then fails with 409 and the
   * booking reads PAID — so no money is at risk, and the hold never outlives HOLD_MINUTES.
   */
  holdOverAt?: number;
  /** Who a release this causes is recorded as; default the booking's user. */
  actor?: Actor;
  /**
   * A booking read from the partner less than this many ms ago is returned as the ledger has it,
   * without a partner call (a person's view opened again; `refreshed_at` is in the ledger, so this
   * holds across instances). Default: always read. The reaper and the service's own reads never set it.
   */
  maxAgeMs?: number;
}

/** What `recheck` read: the booking before and after the partner's view was applied, and that view. */
export interface Recheck {
  before: BookingRecord;
  after: BookingRecord;
  /** Whether this read's compare-and-set moved the booking (false when another read or write moved it first). */
  moved?: boolean;
  /** Absent when the booking was not read (not PAID, or no reservation). */
  partner?: {
    status: string;
    slotId: string;
    /** The reservation's tee time (epoch ms), when it says. */ startsAt?: number;
  };
}

export interface ConfirmOptions {
  /** Who asked; default the booking's user. */
  actor?: Actor;
  /**
   * The partner's credit as the caller read it just before (a group's one read, less what its earlier
   * flights paid); null when that read failed (the partner judges). Undefined: this confirm reads it.
   */
  balance?: number | null;
}

/** A confirm from the move that owns the hold (its id): the move machine's own, never the service's surface. */
type MoveConfirmOptions = ConfirmOptions & { forMove?: string };

/** What a stale RESERVING booking (its process died mid-reserve) became: see `settleStaleReserve`. */
export type StaleReserveOutcome = { kind: "reserve-released" | "reserve-unknown"; booking: BookingRecord };

/** The stored `addition_golfers` JSON as a list (empty when unreadable). */
function golfersOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((g): g is string => typeof g === "string") : [];
  } catch {
    return [];
  }
}

/** The ledger fields a partner reservation fills in. */
function reservationFields(r: Reservation) {
  return {
    partner_status: r.status,
    amount: r.amount,
    ...(r.reserve?.invoiceId ? { invoice_id: r.reserve.invoiceId } : {}),
    ...(r.reserve?.paidAt ? { paid_at: r.reserve.paidAt } : {}),
    ...(r.txNo ? { tx_no: r.txNo } : {}),
    ...(r.reserve?.code ? { reservation_code: r.reserve.code } : {}),
  };
}

export function createBookingMachine(core: MoneyCore) {
  const { partner, logger, now, repo, audit, payments, load, move, write, mayWrite, options } = core;
  const { holdMs, paymentWindowMs, writeWindowMs } = core;

  /**
   * When the confirm or release that moved `booking` into CONFIRMING or RELEASING is certainly over
   * (answered, timed out or crashed); undefined if it is over already: it recorded a failure
   * (`last_error`, cleared when the write starts) or its window has passed.
   */
  function attemptEndsAt(booking: BookingRecord): number | undefined {
    if (booking.state !== "CONFIRMING" && booking.state !== "RELEASING") return undefined;
    const endsAt = booking.updated_at + writeWindowMs;
    return booking.last_error === null && endsAt > now() ? endsAt : undefined;
  }

  /**
   * Brings the ledger in line with the partner's view of the reservation. A write in flight that the
   * partner has not applied (CONFIRMING/REFUNDING while it says PENDING/PAID) goes back only when
   * `mayRevert`: the write is stale (older than any call can last), so no other process is still making it.
   */
  async function applyPartnerState(
    booking: BookingRecord,
    r: Reservation,
    mayRevert: boolean,
    readAt: number,
  ): Promise<BookingRecord> {
    return (await followPartner(booking, r, mayRevert, readAt)).booking;
  }

  /** `applyPartnerState`, and whether this call's compare-and-set moved the booking (`moved`). */
  async function followPartner(booking: BookingRecord, r: Reservation, mayRevert: boolean, readAt: number) {
    let moved = false;
    const fields = { ...reservationFields(r), refreshed_at: readAt };
    const detail = { via: "refresh", partnerStatus: r.status };
    const moves: Record<string, BookingState | undefined> = { PAID: "PAID", CANCEL: "RELEASED", REFUND: "REFUNDED" };
    const target = moves[r.status];
    // A refund in flight that the partner has not applied yet reads PAID: revert only when stale.
    const refundNotApplied = booking.state === "REFUNDING" && r.status === "PAID";
    if (target && target !== booking.state && (!refundNotApplied || mayRevert)) {
      const extra = target === "RELEASED" && !booking.release_reason ? { release_reason: "partner-cancelled" } : {};
      if (isLegalMove("booking", booking.state, target)) {
        // A PAID booking read CANCEL or REFUND: no write of fairway's was in flight, so the course ended it.
        const byCourse = booking.state === "PAID" && (target === "REFUNDED" || target === "RELEASED");
        const credited = byCourse ? courseCreditOf(r) : null;
        // What the customer paid is owed back, their share of the credit — no baht owed without its row.
        const owed = byCourse
          ? await core.owed.refund(booking, credited, true)
          : target === "REFUNDED"
            ? await owedByRefund(booking)
            : undefined;
        const course = byCourse ? { ended_by: "course" as const, refunded_amount: credited } : {};
        moved = await repo.transitionTo(booking.id, {
          from: booking.state,
          to: target,
          set: { ...fields, ...extra, ...course },
          detail: byCourse ? { ...detail, endedBy: "course", credited } : detail,
          ...(owed ? { owed } : {}),
        });
      } else {
        // A final state the partner contradicts (a refunded reservation it reads as paid): the ledger
        // keeps its state, notes the partner's, and an operator is told.
        await repo.patch(booking.id, fields, [booking.state]);
        logger.error(
          { bookingId: booking.id, state: booking.state, partnerStatus: r.status },
          "the partner's word on a reservation is not a legal move from the ledger's state; left for an operator",
        );
      }
    } else if (r.status === "PENDING" && mayRevert && booking.state === "CONFIRMING") {
      await move(booking.id, { from: ["CONFIRMING"], to: "HELD", set: fields, detail });
    } else {
      // Only onto the state this read was taken against: a confirm may have landed meanwhile.
      await repo.patch(booking.id, fields, [booking.state]);
    }
    return { booking: await load(booking.id), moved };
  }

  /**
   * What a course's end of a paid reservation credited back to the agency, when the partner's answer says
   * (`reserve.price`); null when it does not (a read carries none): the ledger records no figure it was not
   * given, and the customer is then owed their whole payment.
   */
  function courseCreditOf(r: Reservation): number | null {
    return r.reserve?.price ?? null;
  }

  /**
   * What the partner's word REFUND owes the customer: their share of an unknown credit (their whole
   * payment), unless the refund was a move's own (its end says what it owes).
   */
  async function owedByRefund(booking: BookingRecord) {
    if (booking.state === "REFUNDING" && (await refundClaimedBy(booking.id)) !== undefined) return undefined;
    return core.owed.refund(
      booking,
      booking.refunded_amount,
      booking.state === "PAID" || booking.state === "REFUNDING",
    );
  }

  /** Records a failure the service cannot settle now; the reaper reads the reservation later. */
  async function leaveForReaper(id: string, error: unknown, what: string, inStates?: BookingState[]) {
    const json = errorJSON(error);
    await repo.patch(id, { last_error: lastError(json) }, inStates);
    logger.warn({ bookingId: id, error: json }, `${what}; the reaper will read the reservation`);
    if (!json) throw error;
  }

  /** Creates the partner reservation (a hold) for an intent, at most once per booking. */
  async function reserve(id: string, opts: { actor?: Actor } = {}): Promise<ReserveOutcome> {
    if (!(await move(id, { from: ["INTENT"], to: "RESERVING" }))) return reserveOutcomeOf(await load(id));
    const booking = await load(id);
    const actor = opts.actor ?? userActor(booking.user_id);
    const refusal = await options.holdPolicy?.({
      userId: Number(booking.user_id),
      agentId: booking.agent_id === null ? null : Number(booking.agent_id),
      courseId: booking.course_id,
      liveHolds: await repo.liveHoldsOf(Number(booking.user_id), booking.group_id ?? booking.id),
      ...(actor.startsWith("user:") ? { actorId: Number(actor.slice(5)) } : {}),
    });
    if (refusal) {
      await move(id, { from: ["RESERVING"], to: "RESERVE_FAILED", set: { last_error: refusalJSON(refusal) } });
      logger.info({ bookingId: id, userId: booking.user_id, refusal }, "hold refused by the service's rule");
      return reserveOutcomeOf(await load(id));
    }
    // The price rules are read before the partner is asked: after its answer, nothing but recording it.
    const book = await options.prices?.book();
    let reservation: Reservation;
    // The hold's time counts from before the request leaves: the partner's own clock starts later, so
    // fairway's end of the hold is never after the partner's.
    const sentAt = now();
    try {
      reservation = await write("reserve", actor, booking, () =>
        partner.reserve({
          slotId: booking.slot_id,
          persons: booking.persons,
          customerName: booking.customer_name,
          customerEmail: booking.customer_email,
          customerMobile: booking.customer_mobile,
          ...(booking.addition_golfers ? { additionGolfer: golfersOf(booking.addition_golfers) } : {}),
        }),
      );
    } catch (error) {
      // The hold was made but the database could not record it (nor anything else now): no ledger will
      // ever show it, so it is released at once rather than left at the partner; the booking stays
      // RESERVING for the reaper, which tells the agent to book again once the database is back.
      if (error instanceof UnrecordedAnswer) {
        const held = error.answer.id;
        await partner.release(held).then(
          () =>
            logger.warn(
              { bookingId: id, reservationId: held, err: errorJSON(error.cause) ?? String(error.cause) },
              "a hold whose answer could not be recorded (database unreachable) was released at the partner",
            ),
          (releaseError: unknown) =>
            logger.error(
              { bookingId: id, reservationId: held, err: errorJSON(releaseError) ?? String(releaseError) },
              "a hold whose answer could not be recorded was not released: ask the partner to release it",
            ),
        );
        throw error.cause;
      }
      const json = errorJSON(error);
      // The partner has no idempotency key: a reserve that may have been applied is never sent again.
      const unknown = mayHaveApplied(failureOf(error));
      const to: BookingState = unknown ? "RESERVE_UNKNOWN" : "RESERVE_FAILED";
      await move(id, { from: ["RESERVING"], to, set: { last_error: lastError(json) }, detail: json });
      if (unknown) {
        const { slot_id: slotId, slot_starts_at: startsAt, persons } = booking;
        logger.warn(
          { bookingId: id, slotId, startsAt, persons, error: json },
          "reserve answer lost: a hold may exist at the partner that fairway cannot see; ask the partner to release it",
        );
      }
      if (!json) throw error;
      const stored = await load(id);
      return unknown ? { kind: "unknown", booking: stored } : { kind: "failed", booking: stored, error: json };
    }
    // A hold awaiting its customer's payment (the booking's, or a move's difference) lasts the payment window.
    const prepay = await waitsForPayment(booking);
    // A selling price agreed before the hold (a trip's round) stands; otherwise the price rules decide it now.
    const agreed = booking.selling_amount === null ? undefined : Number(booking.selling_amount);
    const selling =
      agreed ??
      (book
        ? book.sellingTotal(reservation.amount, booking.persons, {
            courseId: booking.course_id,
            agentId: booking.agent_id ?? booking.user_id,
          })
        : reservation.amount);
    const held = await move(id, {
      from: ["RESERVING"],
      to: "HELD",
      set: {
        ...reservationFields(reservation),
        reservation_id: reservation.id,
        reservation_code: reservation.reserve?.code ?? null,
        tx_no: reservation.txNo,
        amount: reservation.amount,
        hold_expires_at: sentAt + (prepay ? paymentWindowMs : holdMs),
        // What the customer pays (the price rules now, on the partner's amount), in the same commit.
        selling_amount: selling,
      },
      detail: { reservationId: reservation.id },
    });
    // A booking's own prepayment asks the selling price; a move's payment is the difference, which its
    // machine sets from both bookings (move.ts).
    if (held && (await payments.get(id))?.kind === "prepay") await payments.setAmount(id, selling);
    if (!held) {
      // Someone else decided this booking's fate while we waited: never leave the new hold behind.
      logger.error(
        { bookingId: id, reservationId: reservation.id },
        "reserve answered after the booking moved on; releasing the hold",
      );
      const stored = await load(id);
      await write("release-orphan", actor, { ...stored, reservation_id: reservation.id }, () =>
        partner.release(reservation.id),
      ).catch((e: unknown) => logger.error({ err: errorJSON(e) ?? String(e) }, "orphan release failed"));
    }
    return reserveOutcomeOf(await load(id));
  }

  /**
   * Whether a new hold waits for its customer's payment: the booking's (or its group's) prepay, or a move's
   * difference (keyed by the move's new booking, never by a group). One read for a booking of its own.
   */
  async function waitsForPayment(b: BookingRecord): Promise<boolean> {
    const payment = await payments.get(b.group_id ?? b.id);
    if (isPayFirst(payment)) return true;
    return b.group_id !== null && (await payments.get(b.id))?.kind === "move";
  }

  /**
   * The customer's payment that must be approved before this booking's partner confirm: its own, or,
   * for a group's flight, its group's. Undefined when the booking is not paid first.
   */
  async function prepayOf(b: BookingRecord): Promise<PaymentRecord | undefined> {
    const payment = await payments.get(b.group_id ?? b.id);
    return payment?.kind === "prepay" ? payment : undefined;
  }

  /** Pays for a held reservation from the partner's credit, at most once. */
  async function confirm(id: string, opts: MoveConfirmOptions = {}): Promise<ConfirmOutcome> {
    return (await confirmAttempt(id, { ...opts, ownOutcomeOnly: false }))!;
  }

  /**
   * `confirm` for a caller that tells only its own confirm's outcome: undefined when another call has the
   * confirm under way or settled it (that call tells its outcome, once).
   */
  function confirmOwn(id: string, opts: ConfirmOptions = {}): Promise<ConfirmOutcome | undefined> {
    return confirmAttempt(id, { ...opts, ownOutcomeOnly: true });
  }

  async function confirmAttempt(
    id: string,
    opts: MoveConfirmOptions & { ownOutcomeOnly: boolean },
  ): Promise<ConfirmOutcome | undefined> {
    const { ownOutcomeOnly } = opts;
    let booking = await load(id);
    if (ownOutcomeOnly && booking.state !== "HELD") return undefined;
    if (booking.state === "CONFIRMING") {
      // Interrupted earlier (a crash, a lost answer): the partner's word settles it without a second confirm.
      booking = await refresh(id).catch(() => booking);
      return confirmOutcomeOf(booking);
    }
    if (booking.state !== "HELD") return confirmOutcomeOf(booking);
    // A move's new hold is confirmed by its move alone, after the old booking's refund (`WHILE_A_MOVE_IS_OPEN`).
    const owned = await ownerRefusal(options.db, id, "confirm");
    // (A trip's rounds are confirmed by anyone the write rule lets: WHILE_A_TRIP_OWNS allows the confirm.)
    if (owned && owned.side !== "trip" && owned.moveId !== opts.forMove) {
      logger.warn({ bookingId: id, moveId: owned.moveId }, "a confirm of a move's hold from outside the move refused");
      return { kind: "not-held", booking };
    }
    // The customer pays first (for this booking, or its group): the partner's credit is never spent
    // before the agent or an admin approved.
    const payment = await prepayOf(booking);
    if (payment && payment.state !== "approved")
      throw new Error(`booking ${id} is paid by its customer first: no partner confirm before an approval`);
    const actor = opts.actor ?? userActor(booking.user_id);
    await mayWrite("confirm", actor, booking);
    // Too close to the hold's end, a confirm would race the reaper's release: the hold is over.
    if ((booking.hold_expires_at ?? 0) <= now() + writeWindowMs) {
      await release(id, { reason: "expired", actor });
      return { kind: "expired", booking: await load(id) };
    }
    const amount = booking.amount ?? booking.expected_amount;
    let balance: number | null = opts.balance === undefined ? null : opts.balance;
    if (opts.balance === undefined) {
      try {
        balance = (await partner.getBalance()).balance;
      } catch (error) {
        logger.warn(
          { bookingId: id, error: errorJSON(error) },
          "balance check before confirm failed; the partner will judge",
        );
      }
    }
    if (balance !== null && balance < amount) return { kind: "insufficient", booking, balance };

    const started = await move(id, {
      from: ["HELD"],
      to: "CONFIRMING",
      set: { last_error: null },
      notExpiredAt: now() + writeWindowMs,
    });
    if (!started) return ownOutcomeOnly ? undefined : confirmOutcomeOf(await load(id));
    try {
      const paid = await write("confirm", actor, booking, () => partner.confirm(booking.reservation_id ?? ""));
      await move(id, {
        from: ["CONFIRMING"],
        to: "PAID",
        set: { ...reservationFields(paid), paid_at: paid.reserve?.paidAt ?? now() },
        detail: { reconciled: paid.reconciled === true },
      });
      const outcome = confirmOutcomeOf(await load(id));
      // The partner reduces the credit by the amount paid: the low-balance check needs no second read.
      if (outcome.kind === "paid" && balance !== null)
        outcome.balanceAfter = balance - (outcome.booking.amount ?? amount);
      return outcome;
    } catch (error) {
      return confirmFailed(id, error);
    }
  }

  /** What a failed confirm did, by what its error means. */
  async function confirmFailed(id: string, error: unknown): Promise<ConfirmOutcome> {
    const json = errorJSON(error);
    const backToHeld = () =>
      move(id, { from: ["CONFIRMING"], to: "HELD", set: { last_error: lastError(json) }, detail: json });
    const failure = failureOf(error);
    switch (failure) {
      case "insufficient-credit":
        await backToHeld();
        return { kind: "insufficient", booking: await load(id), balance: null };
      case "missing":
        await move(id, {
          from: ["CONFIRMING"],
          to: "RELEASED",
          set: { release_reason: "partner-missing", last_error: lastError(json) },
          detail: json,
        });
        return { kind: "failed", booking: await load(id), error: json as PartnerErrorJSON };
      case "not-applied":
        await backToHeld();
        return { kind: "failed", booking: await load(id), error: json as PartnerErrorJSON };
      case "conflict":
      case "unreadable": {
        // This process made the only confirm and it has ended: the partner's view settles it.
        const fresh = await refresh(id, { staleBefore: now() }).catch(() => undefined);
        if (fresh?.state === "HELD" && json) return { kind: "failed", booking: fresh, error: json };
        if (fresh && fresh.state !== "CONFIRMING") return confirmOutcomeOf(fresh);
        break;
      }
      case "refused":
      case "unknown":
      case "internal":
        break;
      default:
        failure satisfies never;
    }
    if (json && !mayHaveApplied(failure) && (await backToHeld())) {
      // A definite refusal (4xx): nothing was paid; the hold stands.
      return { kind: "failed", booking: await load(id), error: json };
    }
    await leaveForReaper(id, error, "confirm outcome unknown");
    return { kind: "unknown", booking: await load(id) };
  }

  /**
   * Releases an unpaid hold (or a bare intent). Ambiguous failures stay RELEASING; the reaper finishes
   * them. For a reason a person chose (see `CHOSEN_REASONS`), a group's flight is refused (`group-flight`)
   * and so is an open move's hold (`owned`).
   */
  async function release(id: string, opts: ReleaseOptions): Promise<ReleaseOutcome> {
    if (CHOSEN_REASONS.includes(opts.reason)) {
      const booking = await load(id);
      // A move's hold is its move's (`WHILE_A_MOVE_IS_OPEN`): a person ends it by abandoning the move.
      const owned = await ownerRefusal(options.db, id, "release");
      if (owned) return { kind: "owned", booking, owner: owned };
      if (booking.group_id !== null) return { kind: "group-flight", booking };
    }
    return sendRelease(id, opts, false);
  }

  /**
   * A release that finds RELEASING sends nothing (another call may still be making the DELETE) unless
   * `again`: a refresh found that release stale or the hold over, and the reservation still PENDING.
   */
  async function sendRelease(id: string, opts: ReleaseOptions, again: boolean): Promise<ReleaseOutcome> {
    const booking = await load(id);
    const { reason } = opts;
    if (booking.state === "INTENT") {
      await move(id, { from: ["INTENT"], to: "RELEASED", set: { release_reason: reason } });
      return { kind: "released", booking: await load(id) };
    }
    if (booking.state === "RELEASING" && !again) return releaseOutcomeOf(booking);
    const started = await move(id, {
      from: booking.state === "RELEASING" ? ["RELEASING"] : ["HELD"],
      to: "RELEASING",
      set: { release_reason: booking.release_reason ?? reason, last_error: null },
      detail: { reason },
    });
    if (!started) return releaseOutcomeOf(await load(id));
    try {
      const released = await write("release", opts.actor ?? userActor(booking.user_id), booking, () =>
        partner.release(booking.reservation_id ?? ""),
      );
      await move(id, {
        from: ["RELEASING"],
        to: "RELEASED",
        set: reservationFields(released),
        detail: { reconciled: released.reconciled === true },
      });
    } catch (error) {
      const json = errorJSON(error);
      const failure = failureOf(error);
      if (failure === "missing") {
        await move(id, {
          from: ["RELEASING"],
          to: "RELEASED",
          set: { release_reason: "partner-missing", last_error: lastError(json) },
          detail: json,
        });
      } else if (failure === "conflict") {
        await refresh(id).catch(() => undefined);
      } else {
        await leaveForReaper(id, error, "release did not complete");
      }
    }
    return releaseOutcomeOf(await load(id));
  }

  /**
   * Reads the reservation from the partner and corrects the ledger (PAID, released or refunded at the
   * partner), noting when (`refreshed_at`); with `staleBefore`/`holdOverAt`, finishes what an
   * interrupted write left, with `maxAgeMs` skips a read made lately (see `RefreshOptions`). A booking
   * with no reservation yet is returned as it is.
   */
  async function refresh(id: string, opts: RefreshOptions = {}): Promise<BookingRecord> {
    const booking = await load(id);
    if (!booking.reservation_id) return booking;
    const { staleBefore, holdOverAt, maxAgeMs } = opts;
    const readAt = now();
    if (maxAgeMs !== undefined && booking.refreshed_at !== null && readAt - booking.refreshed_at < maxAgeMs)
      return booking;
    const r = await partner.getReservation(booking.reservation_id);
    const mayRevert = staleBefore !== undefined && booking.updated_at <= staleBefore;
    const fresh = await applyPartnerState(booking, r, mayRevert, readAt);
    // Never while this system's own confirm or release may still be in flight: one write per reservation.
    const holdOver =
      holdOverAt !== undefined && (fresh.hold_expires_at ?? 0) <= holdOverAt && attemptEndsAt(fresh) === undefined;
    if (fresh.state === "CONFIRMING" && r.status === "PENDING" && holdOver) {
      const holdOverMove: Transition<"CONFIRMING"> = {
        from: ["CONFIRMING"],
        to: "RELEASING",
        set: { release_reason: "expired" },
        detail: { via: "hold-over", partnerStatus: r.status },
      };
      if (await move(id, holdOverMove)) await sendRelease(id, { reason: "expired", actor: opts.actor }, true);
    } else if (fresh.state === "RELEASING" && r.status === "PENDING" && (mayRevert || holdOver)) {
      // A release sent again races at most the first one: the partner answers the later one 409.
      const reason = (fresh.release_reason as ReleaseReason | null) ?? "expired";
      await sendRelease(id, { reason, actor: opts.actor }, true);
    } else if (fresh.state === "HELD" && (fresh.hold_expires_at ?? 0) <= now()) {
      await release(id, { reason: "expired", actor: opts.actor });
    } else {
      return fresh;
    }
    return load(id);
  }

  /**
   * The course-changes poll's read of a paid booking (`course-changes.ts`): the partner's view applied as
   * `refresh` applies it (no write in flight is touched: only a PAID booking is read), and what the
   * partner says of the reservation beside it — its status and its tee time — so the poll can tell a
   * reservation the course ended or moved. A booking no longer PAID, or with no reservation, is not read.
   */
  async function recheck(id: string): Promise<Recheck> {
    const before = await load(id);
    if (!before.reservation_id || before.state !== "PAID") return { before, after: before };
    // An open move owns the booking (`ownership.ts`): the poll leaves it to the move until the move ends.
    if (await ownerOf(options.db, id)) return { before, after: before };
    const readAt = now();
    const r = await partner.getReservation(before.reservation_id);
    const followed = await followPartner(before, r, false, readAt);
    let after = followed.booking;
    const startsAt = r.reserve?.golf?.slotTime;
    if (r.status === "PAID" && after.state === "PAID" && startsAt !== undefined && startsAt !== before.slot_starts_at) {
      // The course moved the tee time: the booking shows the new one, so the next read finds no change.
      await repo.patch(id, { slot_starts_at: startsAt, slot_id: r.slotId }, ["PAID"]);
      after = await load(id);
    }
    return {
      before,
      after,
      moved: followed.moved,
      partner: { status: r.status, ...(startsAt !== undefined ? { startsAt } : {}), slotId: r.slotId },
    };
  }

  /**
   * Refunds a paid booking, at most once (PAID → REFUNDING → REFUNDED). The refunded amount is the
   * partner's (`reserve.price`), which depends on its contract policy. `as: "move"`: the first step of an
   * approved move, allowed by the move's rule.
   */
  /**
   * A person's refund of a paid booking (an admin's: the write rule says so). Refused while a move owns
   * the booking (`WHILE_A_MOVE_IS_OPEN`: abandon the move first), and never answered "refunded" for a
   * refund this call did not make: a booking refunded before reads `not-paid` with its state. `byCourse`:
   * the course closed the day (an admin's /closeday), so the booking is ended by the course (`ended_by`).
   */
  async function refund(id: string, opts: { actor: Actor; byCourse?: boolean }): Promise<RefundOutcome> {
    const booking = await load(id);
    await mayWrite("refund", opts.actor, booking);
    const owned = await ownerRefusal(options.db, id, "refund", { byCourse: opts.byCourse === true });
    if (owned) return { kind: "owned", booking, owner: owned };
    if (booking.state === "REFUNDING") return { kind: "busy", booking };
    if (booking.state !== "PAID") return { kind: "not-paid", booking };
    return sendRefund(booking, opts.actor, { actor: opts.actor, ...(opts.byCourse ? { endedBy: "course" } : {}) });
  }

  /**
   * A move's refund of its old booking, after the move's approval: it goes on only if this call takes the
   * booking from PAID to REFUNDING (the claim names the move in the booking's history), so a refund that
   * another path started, or made, is never taken for the move's own. Not on the service's surface.
   */
  async function refundForMove(id: string, opts: { actor: Actor; moveId: string }): Promise<RefundOutcome> {
    const booking = await load(id);
    await mayWrite("move", opts.actor, booking);
    if (booking.state !== "PAID") return { kind: "not-paid", booking };
    return sendRefund(booking, opts.actor, { actor: opts.actor, moveId: opts.moveId });
  }

  /** The move whose refund claimed `id` (PAID → REFUNDING), if the latest claim was a move's. */
  async function refundClaimedBy(id: string): Promise<string | undefined> {
    const claim = (await repo.history(id)).filter((e) => e.to_state === "REFUNDING").at(-1);
    if (!claim?.detail) return undefined;
    try {
      const detail = JSON.parse(claim.detail) as { moveId?: unknown };
      return typeof detail.moveId === "string" ? detail.moveId : undefined;
    } catch {
      return undefined;
    }
  }

  /** Claims PAID → REFUNDING (recording `claim`), then the partner's refund; `not-paid` when the claim is lost. */
  async function sendRefund(
    booking: BookingRecord,
    actor: Actor,
    claim: { actor: Actor; moveId?: string; endedBy?: "course" },
  ): Promise<RefundOutcome> {
    const { id } = booking;
    if (!(await move(id, { from: ["PAID"], to: "REFUNDING", detail: claim }))) {
      const current = await load(id);
      return current.state === "REFUNDING" && claim.moveId === undefined
        ? { kind: "busy", booking: current }
        : { kind: "not-paid", booking: current };
    }
    try {
      const refunded = await write("refund", actor, booking, () => partner.refund(booking.reservation_id ?? ""));
      const amount = refunded.reserve?.price ?? null;
      // A refund that is not a move's owes the customer their share (a move's end says what it owes).
      const owes = claim.moveId === undefined ? await core.owed.refund(booking, amount, true) : undefined;
      await move(id, {
        from: ["REFUNDING"],
        to: "REFUNDED",
        set: {
          partner_status: refunded.status,
          refunded_amount: amount,
          ...(claim.endedBy ? { ended_by: claim.endedBy } : {}),
        },
        detail: { reconciled: refunded.reconciled === true },
        ...(owes ? { owed: owes } : {}),
      });
      return { kind: "refunded", booking: await load(id), refundedAmount: amount };
    } catch (error) {
      const json = errorJSON(error);
      const failure = failureOf(error);
      const backToPaid = () =>
        move(id, { from: ["REFUNDING"], to: "PAID", set: { last_error: lastError(json) }, detail: json });
      if (failure === "not-applied") {
        await backToPaid();
        return { kind: "failed", booking: await load(id), error: json as PartnerErrorJSON };
      }
      if (json && !mayHaveApplied(failure)) {
        // A definite refusal: read the partner's view (it may say the booking is no longer PAID).
        const fresh = await refresh(id, { staleBefore: now() }).catch(() => undefined);
        if (fresh?.state === "REFUNDING") await backToPaid();
        return { kind: "failed", booking: await load(id), error: json };
      }
      await leaveForReaper(id, error, "refund outcome unknown", ["REFUNDING"]);
      return { kind: "unknown", booking: await load(id) };
    }
  }

  /**
   * A RESERVING booking whose process died mid-reserve (the reaper's call, once it is stale). If the
   * partner's answer reached the audit log, its hold is released (reason "orphan") instead of being
   * left for the partner to find; if no answer was recorded (the lost-answer gap), the booking is
   * marked RESERVE_UNKNOWN and the operator is told. Undefined if the booking had moved on.
   */
  async function settleStaleReserve(id: string): Promise<StaleReserveOutcome | undefined> {
    const reservationId = await audit.reservedHold(id);
    if (reservationId) {
      const orphan = await move(id, {
        from: ["RESERVING"],
        to: "RELEASING",
        set: { reservation_id: reservationId, release_reason: "orphan", last_error: null },
        detail: { via: "audit-log" },
      });
      if (!orphan) return undefined;
      logger.warn(
        { bookingId: id },
        "a reserve's answer was audited but never reached the ledger (crash?): its hold was released",
      );
      await sendRelease(id, { reason: "orphan", actor: "system:reaper" }, true);
      return { kind: "reserve-released", booking: await load(id) };
    }
    if (
      !(await move(id, {
        from: ["RESERVING"],
        to: "RESERVE_UNKNOWN",
        set: { last_error: "stale" },
        detail: { via: "reaper" },
      }))
    )
      return undefined;
    const booking = await load(id);
    logger.warn(
      { bookingId: id, slotId: booking.slot_id, startsAt: booking.slot_starts_at },
      "a reserve call never recorded its answer (crash?): a hold may exist at the partner; ask the partner to release it",
    );
    return { kind: "reserve-unknown", booking };
  }

  return {
    reserve,
    confirm,
    confirmOwn,
    release,
    /** Releases a group's flight for the group's own operation (any reason: see `CHOSEN_REASONS`). */
    releaseFlight: (id: string, opts: ReleaseOptions) => sendRelease(id, opts, false),
    refresh,
    recheck,
    refund,
    refundForMove,
    refundClaimedBy,
    settleStaleReserve,
    attemptEndsAt,
    prepayOf,
  };
}

export type BookingMachine = ReturnType<typeof createBookingMachine>;
