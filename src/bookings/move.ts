/**
 * A move's machine: a paid booking moved to another tee time in one step (`MOVE_MOVES` in `moves.ts` is
 * every legal move). The partner has no "modify", so a move is a saga of the booking's own operations,
 * each recorded in the move's row before the partner call:
 *
 *   hold the new tee time (a booking of its own) → the approval → refund the old → confirm the new.
 *
 * Never the other way round: the customer never holds two paid tee times, and never none without being
 * told. Each step keeps the booking's guarantees (one reserve, at most one refund, at most one confirm);
 * the move's row adds that an approval starts the refund once, and that a crash at any step is resumed or
 * unwound by the reaper (`settleMove`). The refund's amount is the partner's (its contract policy).
 *
 * A customer who pays first pays a dearer tee time's difference before the move goes ahead: a payment of
 * kind `move` keyed by the new booking (`customer-payment.ts`: the same QR, slip and agent's word as a
 * pay-first booking). The approval is refused while it is not approved (`unpaid`: no partner call), and
 * every end of the move that books nothing ends it as a held booking's payment ends with its hold
 * (`settleAfterHolds`): expired while unpaid, money to return once approved.
 */
import { userActor, type Actor } from "./audit.js";
import type { BookingMachine } from "./booking.js";
import type { MoneyCore } from "./core.js";
import type { PaymentMachine, PrepayInput } from "./customer-payment.js";
import { createMoveStore, type MoveRecord, type MoveState } from "./move-store.js";
import type { MoveTargets } from "./moves.js";
import { tripOwnerOf, WHILE_A_CANCELLATION_IS_ASKED } from "./ownership.js";
import type { ConfirmOutcome, RefundOutcome, ReserveOutcome } from "./outcomes.js";
import type { NewOwed } from "./owed.js";
import type { PaymentRecord } from "./payments.js";
import type { BookingRecord, GroupFlightInput } from "./record.js";

/** The new tee time of a move: on the old booking's course unless another is named. */
export interface MoveTarget extends GroupFlightInput {
  course?: { id: string; name: string; nameTH?: string | null; timeZone: string };
}

export interface StartMoveInput {
  /** The move's id (random, made once by the caller: a replay asks again with the same one). */
  id: string;
  /** The new booking's id. */
  newBookingId: string;
  oldBookingId: string;
  /** Who asks: the booker, the agent, or an admin. */
  requestedBy: number;
  to: MoveTarget;
  /**
   * The mover is a customer who pays first: a dearer new tee time's difference (at their selling prices)
   * is theirs to pay by PromptPay to `payee` before the approval. Absent: nothing is asked of anyone.
   */
  pay?: PrepayInput;
}

/** A move with its two bookings as they stand. */
export interface MoveView {
  move: MoveRecord;
  old: BookingRecord;
  new: BookingRecord;
  /** The difference its customer pays first (kind `move`), when one was asked for. */
  payment?: PaymentRecord;
}

/** What a step of a move did. */
export type MoveOutcome =
  /** The new tee time is held: the move waits for its approval (or the mover's own word). */
  | ({ kind: "held" } & MoveView)
  /** The new tee time could not be held: nothing else happened. */
  | ({ kind: "not-held"; reserve: ReserveOutcome } & MoveView)
  /** Moved: the old booking refunded (`refundedAmount`, the partner's), the new one paid. */
  | ({ kind: "done"; refundedAmount: number | null } & MoveView)
  /** The refund was refused: the old booking stands as it was, the new hold was released. */
  | ({ kind: "unwound"; refund: RefundOutcome } & MoveView)
  /** The old booking was refunded, but the new hold could not be confirmed: fairway retries while it lives. */
  | ({ kind: "retrying"; confirm: ConfirmOutcome } & MoveView)
  /** The old booking was refunded and the new hold ended unconfirmed: nothing is booked; people are told. */
  | ({ kind: "stranded" } & MoveView)
  /** An answer was lost (the refund's or the confirm's): the reaper reads the partner and finishes it. */
  | ({ kind: "pending" } & MoveView)
  /** Declined, cancelled, or the new hold ended before the approval: nothing refunded, the new hold released. */
  | ({ kind: "abandoned" } & MoveView)
  /** The old tee time started before the approval: nothing refunded, the move abandoned (its new hold released). */
  | ({ kind: "too-late" } & MoveView)
  /** Decided before (a double tap, another admin or instance): nothing was done here. */
  | ({ kind: "decided" } & MoveView)
  /** Refused: the customer's difference is not approved yet (or never will be): nothing was done. */
  | ({ kind: "unpaid" } & MoveView);

/**
 * Why a move cannot start: the booking is not paid, it has an open move already, its tee time has started
 * (the course's clock: a played round is never refunded by a move), or its cancellation is being asked for.
 */
export type MoveRefusal = "not-paid" | "open-move" | "started" | "cancel-requested" | "trip-round";

export type StartMoveOutcome = MoveOutcome | { kind: "refused"; reason: MoveRefusal; booking: BookingRecord };

/** What the reaper settled of a move, for the bot to tell (`settleMove`). */
export type MoveEvent = Extract<MoveOutcome, { kind: "held" | "done" | "unwound" | "stranded" | "abandoned" }>;

/** Satang the customer pays for a booking: its selling amount (the net when none was recorded). */
const sellingOf = (b: BookingRecord) => b.selling_amount ?? b.amount ?? b.expected_amount;

/** Whether a move's difference is owed and not approved: its approval must wait (or never come). */
const unpaid = (payment: PaymentRecord | undefined) =>
  payment !== undefined && payment.amount > 0 && payment.state !== "approved";

export function createMoveMachine(core: MoneyCore, booking: BookingMachine, payment: PaymentMachine) {
  const { repo, load, mayWrite, now, logger, writeWindowMs, audit, payments } = core;
  const moves = createMoveStore(core.options.db, now);

  /**
   * A step of a move: its row's compare-and-set, then, when this call made it, a line in the audit log
   * (`move`, the old booking, what the move became and who did it). The audit line is best effort: the
   * row is the truth, and a line not written is logged.
   */
  async function step<From extends MoveState>(
    actor: Actor,
    id: string,
    from: readonly From[],
    to: NoInfer<MoveTargets<From>>,
    set?: Parameters<typeof moves.transition>[3],
    owed?: NewOwed,
  ): Promise<boolean> {
    if (!(await moves.transition(id, from, to, set, owed))) return false;
    try {
      const move = (await moves.get(id))!;
      const old = await repo.get(move.old_booking_id);
      await audit.record({
        actor,
        action: "move",
        bookingId: move.old_booking_id,
        reservationId: old?.reservation_id ?? null,
        outcome: to.toLowerCase(),
        detail: {
          moveId: id,
          newBookingId: move.new_booking_id,
          ...(move.refunded_amount !== null ? { refunded: move.refunded_amount } : {}),
          ...(move.last_error ? { error: move.last_error } : {}),
        },
      });
    } catch (err) {
      logger.warn({ err, moveId: id, to }, "a move's step was not written to the audit log");
    }
    return true;
  }

  /** Whether the booking (or its group) has a cancellation request an admin has not decided (`WHILE_A_CANCELLATION_IS_ASKED`). */
  async function cancelRequested(bookingId: string, groupId: string | null): Promise<boolean> {
    const open = await core.options.db
      .selectFrom("cancel_requests")
      .select("id")
      .where("booking_id", "in", groupId === null ? [bookingId] : [bookingId, groupId])
      .where("state", "in", ["pending", "deciding"])
      .executeTakeFirst();
    return open !== undefined && WHILE_A_CANCELLATION_IS_ASKED.move === "refused";
  }

  async function view(id: string): Promise<MoveView> {
    const move = await moves.get(id);
    if (!move) throw new Error(`unknown move ${id}`);
    const paid = await payments.get(move.new_booking_id);
    return {
      move,
      old: await load(move.old_booking_id),
      new: await load(move.new_booking_id),
      ...(paid?.kind === "move" ? { payment: paid } : {}),
    };
  }

  /**
   * A move that ended without booking its new tee time: its difference payment ends with the new hold —
   * expired while it waited, money to return once approved. Best effort here: the reaper's sweep of
   * payments whose holds ended finishes what a failure leaves.
   */
  async function endPayment(newBookingId: string): Promise<void> {
    try {
      await payment.settleAfterHolds(newBookingId);
    } catch (err) {
      logger.warn({ err, newBookingId }, "a move's payment was not ended with it; the reaper's sweep will");
    }
  }

  /** The new hold released (nothing refunded yet) and the move ended ABANDONED (`why` recorded when given). */
  async function letGo(id: string, from: "HOLDING" | "HELD", actor: Actor, why?: string): Promise<boolean> {
    const move = await moves.get(id);
    if (!move || !(await step(actor, id, [from], "ABANDONED", why ? { last_error: why } : {}))) return false;
    await booking.releaseFlight(move.new_booking_id, { reason: "move", actor });
    await endPayment(move.new_booking_id);
    return true;
  }

  /**
   * Starts a move: recorded first, then the new tee time's booking (the old one's customer, booker and
   * agent), then its hold. Idempotent on `input.id`: a replay returns the move as it stands.
   */
  async function start(input: StartMoveInput, opts: { actor?: Actor } = {}): Promise<StartMoveOutcome> {
    const known = await moves.get(input.id);
    if (known) return outcomeOf(known.id);
    const old = await load(input.oldBookingId);
    await mayWrite("move-request", opts.actor ?? userActor(input.requestedBy), old);
    if (old.state !== "PAID") return { kind: "refused", reason: "not-paid", booking: old };
    // A played (or starting) tee time is not moved: that would refund a round already played.
    if (old.slot_starts_at <= now()) return { kind: "refused", reason: "started", booking: old };
    if (await cancelRequested(old.id, old.group_id))
      return { kind: "refused", reason: "cancel-requested", booking: old };
    // A live trip's round: the trip owns it (`WHILE_A_TRIP_OWNS`): its customer paid the trip, not this booking.
    if (await tripOwnerOf(core.options.db, old.id)) return { kind: "refused", reason: "trip-round", booking: old };
    const { created, move } = await moves.create({
      id: input.id,
      oldBookingId: old.id,
      newBookingId: input.newBookingId,
      requestedBy: input.requestedBy,
    });
    if (!created) return { kind: "refused", reason: "open-move", booking: old };
    const { to } = input;
    await repo.createIntent({
      id: input.newBookingId,
      chatId: old.chat_id,
      userId: old.user_id,
      agentId: old.agent_id,
      locale: old.locale,
      courseId: to.course?.id ?? old.course_id,
      courseName: to.course?.name ?? old.course_name,
      courseNameTH: to.course ? (to.course.nameTH ?? null) : old.course_name_th,
      timeZone: to.course?.timeZone ?? old.time_zone,
      slotId: to.slotId,
      slotStartsAt: to.slotStartsAt,
      persons: to.persons,
      customerName: old.customer_name,
      customerEmail: old.customer_email,
      customerMobile: old.customer_mobile,
      expectedAmount: to.expectedAmount,
      caddyInfo: to.caddyInfo ?? null,
      ...(to.additionGolfers ? { additionGolfers: to.additionGolfers } : {}),
      // A group's tee time is moved one at a time: the new one takes the old one's place in the group.
      ...(old.group_id !== null ? { groupId: old.group_id, flight: old.flight ?? undefined } : {}),
    });
    // Recorded before the reserve, so the new hold lasts the payment window.
    if (input.pay)
      await payment.createMovePayment(
        { newBookingId: input.newBookingId, chatId: old.chat_id, userId: old.user_id, agentId: old.agent_id },
        input.pay,
      );
    const actor = opts.actor ?? userActor(input.requestedBy);
    const reserve = await booking.reserve(input.newBookingId, { actor });
    if (reserve.kind === "held" && input.pay)
      await payment.priceMovePayment(input.newBookingId, sellingOf(await load(input.newBookingId)) - sellingOf(old));
    if (reserve.kind === "held" && (await step(actor, move.id, ["HOLDING"], "HELD")))
      return { kind: "held", ...(await view(move.id)) };
    // Never asked for: the QR is shown only for a held move.
    if (input.pay) await payment.cancelPayment(input.newBookingId);
    // Not held (refused, taken, an answer lost: the booking's own reaper settles a hold nobody saw).
    if (reserve.kind !== "unknown") {
      await step(actor, move.id, ["HOLDING"], "ABANDONED", { last_error: reserve.kind });
      if (reserve.kind === "held") await booking.releaseFlight(input.newBookingId, { reason: "move" });
    }
    return { kind: "not-held", reserve, ...(await view(move.id)) };
  }

  /**
   * The approval (an admin's, or the mover's own where the rule allows): refunds the old booking, then
   * confirms the new hold — started once whatever taps, admins or instances do. The new hold must outlast
   * both partner writes, or the move is abandoned before anything is refunded.
   */
  async function approve(id: string, opts: { actor: Actor }): Promise<MoveOutcome> {
    const before = await view(id);
    await mayWrite("move", opts.actor, before.old);
    if (before.move.state !== "HELD") return { kind: "decided", ...before };
    // The old tee time has started since the move was asked for: it is not refunded now; the move is off.
    if (before.old.slot_starts_at <= now()) {
      const ended = await letGo(id, "HELD", opts.actor, "started");
      return { kind: ended ? "too-late" : "decided", ...(await view(id)) };
    }
    // The customer's difference first: refused before any partner call, whoever asks.
    if (unpaid(before.payment)) return { kind: "unpaid", ...before };
    const decidedBy = opts.actor.startsWith("user:") ? Number(opts.actor.slice("user:".length)) : null;
    const live = before.new.state === "HELD" && (before.new.hold_expires_at ?? 0) > now() + 2 * writeWindowMs;
    if (!live) {
      const abandoned = await letGo(id, "HELD", opts.actor);
      return { kind: abandoned ? "abandoned" : "decided", ...(await view(id)) };
    }
    if (!(await step(opts.actor, id, ["HELD"], "REFUNDING", { decided_by: decidedBy })))
      return { kind: "decided", ...(await view(id)) };
    const refund = await booking.refundForMove(before.old.id, { actor: opts.actor, moveId: id });
    return afterRefund(id, refund, opts.actor);
  }

  /** What a refund's outcome does to the move: on to the confirm, back (unwound), or left for the reaper. */
  async function afterRefund(id: string, refund: RefundOutcome, actor: Actor): Promise<MoveOutcome> {
    if (refund.kind === "refunded") {
      await step(actor, id, ["REFUNDING"], "CONFIRMING", { refunded_amount: refund.refundedAmount });
      return confirmNew(id, actor);
    }
    if (refund.kind === "failed" || refund.kind === "not-paid") {
      const move = (await moves.get(id))!;
      await booking.releaseFlight(move.new_booking_id, { reason: "move", actor });
      await step(actor, id, ["REFUNDING"], "UNWOUND", {
        last_error: refund.kind === "failed" ? JSON.stringify(refund.error) : "not-paid",
      });
      await endPayment(move.new_booking_id);
      return { kind: "unwound", refund, ...(await view(id)) };
    }
    // Unknown or busy: the refund's own state settles first (the reaper reads the partner).
    return { kind: "pending", ...(await view(id)) };
  }

  /**
   * CONFIRMING → DONE, with the difference owed to the customer when the new tee time sells for less than
   * the old (recorded in the same step); true if this call made it.
   */
  async function finish(id: string, actor: Actor): Promise<boolean> {
    const move = (await moves.get(id))!;
    const owes = await core.owed.difference(id, await load(move.old_booking_id), await load(move.new_booking_id));
    return step(actor, id, ["CONFIRMING"], "DONE", undefined, owes);
  }

  /** Confirms the new hold once the old booking is refunded; a refusal is retried while the hold lives. */
  async function confirmNew(id: string, actor: Actor): Promise<MoveOutcome> {
    const move = (await moves.get(id))!;
    const confirm = await booking.confirm(move.new_booking_id, { actor, forMove: id });
    if (confirm.kind === "paid") {
      await finish(id, actor);
      return { kind: "done", refundedAmount: move.refunded_amount, ...(await view(id)) };
    }
    const fresh = await load(move.new_booking_id);
    if (fresh.state === "RELEASED" || confirm.kind === "expired") {
      // Nothing booked for what the customer paid for the old booking: owed, in the same step.
      const owes = await core.owed.stranded(id, await load(move.old_booking_id));
      if (await step(actor, id, ["CONFIRMING"], "STRANDED", { last_error: confirm.kind }, owes))
        logger.error(
          { moveId: id, oldBookingId: move.old_booking_id, newBookingId: move.new_booking_id },
          "a move's old booking was refunded but its new tee time could not be booked",
        );
      await endPayment(move.new_booking_id);
      return { kind: "stranded", ...(await view(id)) };
    }
    if (confirm.kind === "unknown") return { kind: "pending", ...(await view(id)) };
    await moves.patch(id, { last_error: confirm.kind }, ["CONFIRMING"]);
    return { kind: "retrying", confirm, ...(await view(id)) };
  }

  /** Declined by an admin, or cancelled by its mover, before its approval: the new hold is released. */
  async function abandon(id: string, opts: { actor: Actor }): Promise<MoveOutcome> {
    const before = await view(id);
    await mayWrite("move-abandon", opts.actor, { ...before.old, requested_by: before.move.requested_by });
    const from = before.move.state;
    if (from !== "HOLDING" && from !== "HELD") return { kind: "decided", ...before };
    const done = await letGo(id, from, opts.actor);
    return { kind: done ? "abandoned" : "decided", ...(await view(id)) };
  }

  /** A move's outcome as it stands, for a replay or a second look. */
  async function outcomeOf(id: string): Promise<MoveOutcome> {
    const v = await view(id);
    switch (v.move.state) {
      case "HELD":
        return { kind: "held", ...v };
      case "DONE":
        return { kind: "done", refundedAmount: v.move.refunded_amount, ...v };
      case "ABANDONED":
        return { kind: "abandoned", ...v };
      case "STRANDED":
        return { kind: "stranded", ...v };
      default:
        return { kind: "pending", ...v };
    }
  }

  /**
   * The reaper's call on an open move: a held move whose new hold ended is abandoned; a step a crash or a
   * lost answer interrupted (untouched since `staleBefore`) is resumed from the partner's word — the
   * refund read back, the confirm tried again while the new hold lives. The event when this call settled
   * something the people concerned should hear.
   */
  async function settle(id: string, opts: { staleBefore: number }): Promise<MoveEvent | undefined> {
    const v = await view(id);
    const actor: Actor = "system:reaper";
    const stale = v.move.updated_at <= opts.staleBefore;
    switch (v.move.state) {
      case "HOLDING": {
        if (!stale || v.new.state === "RESERVING") return undefined;
        if (v.new.state === "HELD" && (await step(actor, id, ["HOLDING"], "HELD")))
          return { kind: "held", ...(await view(id)) };
        // Never held (a crash before the reserve, or a refusal): let it go, the intent with it.
        return (await letGo(id, "HOLDING", actor)) ? { kind: "abandoned", ...(await view(id)) } : undefined;
      }
      case "HELD":
        if (v.new.state === "HELD" && (v.new.hold_expires_at ?? 0) > now()) return undefined;
        return (await letGo(id, "HELD", actor)) ? { kind: "abandoned", ...(await view(id)) } : undefined;
      case "REFUNDING": {
        if (!stale) return undefined;
        const old = await booking.refresh(v.old.id, { staleBefore: opts.staleBefore, actor });
        // A refund this move did not claim (the booking left PAID another way) is never taken for its own.
        if ((old.state === "REFUNDED" || old.state === "REFUNDING") && (await booking.refundClaimedBy(old.id)) !== id) {
          const out = await afterRefund(id, { kind: "not-paid", booking: old }, actor);
          return eventOf(out);
        }
        if (old.state === "REFUNDED") {
          const out = await afterRefund(
            id,
            { kind: "refunded", booking: old, refundedAmount: old.refunded_amount },
            actor,
          );
          return eventOf(out);
        }
        if (old.state === "PAID") {
          const out = await afterRefund(id, { kind: "not-paid", booking: old }, actor);
          return eventOf(out);
        }
        return undefined;
      }
      case "CONFIRMING": {
        if (!stale) return undefined;
        const fresh = await booking.refresh(v.new.id, { staleBefore: opts.staleBefore, actor });
        if (fresh.state === "PAID") {
          if (!(await finish(id, actor))) return undefined;
          return { kind: "done", refundedAmount: v.move.refunded_amount, ...(await view(id)) };
        }
        if (fresh.state === "CONFIRMING") return undefined;
        return eventOf(await confirmNew(id, actor));
      }
      default:
        return undefined;
    }
  }

  function eventOf(out: MoveOutcome): MoveEvent | undefined {
    return out.kind === "done" || out.kind === "unwound" || out.kind === "stranded" || out.kind === "abandoned"
      ? out
      : undefined;
  }

  return {
    start,
    approve,
    abandon,
    settle,
    view,
    outcomeOf,
    /** The booking's open move, if any. */
    openFor: (oldBookingId: string) => moves.openFor(oldBookingId),
    /** The moves a booking took part in (made by, or moved away by), newest first. */
    ofBooking: (bookingId: string) => moves.ofBooking(bookingId),
    /** Moves that ended done, unwound or stranded in [from, to), for the digest. */
    endedBetween: (from: number, to: number) => moves.endedBetween(from, to),
    /** Open moves the reaper looks at (see `settle`). */
    due: (staleBefore: number) => moves.due(staleBefore),
  };
}

export type MoveMachine = ReturnType<typeof createMoveMachine>;
