/**
 * The booking service: the one door to the money module. Every partner call that creates, pays for,
 * releases or refunds a reservation goes through here, and nothing else in fairway writes the ledger.
 * It composes the three machines, each in its own file with its legal moves in `moves.ts`:
 *
 * - a booking (`booking.ts`): INTENT → RESERVING → HELD → CONFIRMING → PAID → REFUNDING → REFUNDED, with
 *   RELEASING → RELEASED, RESERVE_FAILED and RESERVE_UNKNOWN on the way;
 * - a group of bookings held, paid and released as one (`group.ts`);
 * - a customer's payment, approved before any partner confirm of a booking paid first (`customer-payment.ts`);
 * - a move of a paid booking to another tee time (`move.ts`), whose customer's difference is a payment.
 *
 * Dependencies go one way: the move's machine uses the payment's and the booking's, the payment's the
 * group's and the booking's, the group's the booking's; none calls into the bot.
 */
import { createBookingMachine } from "./booking.js";
import { createMoneyCore, type BookingServiceOptions } from "./core.js";
import { createPaymentMachine, type PrepayInput } from "./customer-payment.js";
import { createGroupMachine } from "./group.js";
import { createMoveMachine } from "./move.js";
import type { BookingIntentInput, GroupIntentInput, GroupView } from "./record.js";
import type { ConfirmOptions } from "./booking.js";

export type { BookingServiceOptions } from "./core.js";
export type {
  ConfirmOptions,
  Recheck,
  RefreshOptions,
  ReleaseOptions,
  ReleaseReason,
  StaleReserveOutcome,
} from "./booking.js";
export type {
  CancelHoldOutcome,
  CancellablePaymentState,
  DecisionOutcome,
  Payable,
  PaymentEnding,
  PrepayInput,
  SlipInput,
  SlipOutcome,
  SlipReading,
  SlipReuse,
} from "./customer-payment.js";
export { failureOf, type WriteFailure } from "./write-failure.js";
export type {
  MoveEvent,
  MoveOutcome,
  MoveRefusal,
  MoveTarget,
  MoveView,
  StartMoveInput,
  StartMoveOutcome,
} from "./move.js";
export type { MoveRecord, MovesEnded } from "./move-store.js";

export function createBookingService(options: BookingServiceOptions) {
  const core = createMoneyCore(options);
  const { repo, audit, loadGroup } = core;
  const booking = createBookingMachine(core);
  const group = createGroupMachine(core, booking);
  const payment = createPaymentMachine(core, booking, group);
  const move = createMoveMachine(core, booking, payment);

  return {
    /**
     * Records a booking intent before any partner call (idempotent on `input.id`). With `prepay`, the
     * customer pays first: the hold lasts the payment window and no confirm happens before an approval.
     */
    createIntent: async (input: BookingIntentInput, opts: { prepay?: PrepayInput } = {}) => {
      const created = await repo.createIntent(input);
      if (opts.prepay) await payment.createPrepayment(input, opts.prepay);
      return created;
    },
    reserve: booking.reserve,
    /** Pays for a held reservation, at most once; a move's new hold answers `not-held` (its move confirms it). */
    confirm: (id: string, opts: ConfirmOptions = {}) => booking.confirm(id, { ...opts, forMove: undefined }),
    release: booking.release,
    refresh: booking.refresh,
    /** The course-changes poll's read of a paid booking: the ledger follows the partner, and its view is returned. */
    recheck: booking.recheck,
    refund: booking.refund,
    settleStaleReserve: booking.settleStaleReserve,
    /** Claims the once-only work after a payment (agent notice, low-balance check); true for the one caller that won. */
    claimPaidFollowup: (id: string) => repo.claimPaidFollowup(id),
    attemptEndsAt: booking.attemptEndsAt,
    /** Holds whose time is up by `at`, and writes in flight since before `staleBefore` (the reaper's work). */
    dueForReaping: (at: number, staleBefore: number) => repo.dueForReaping(at, staleBefore),

    /**
     * Records a group and its flights' intents before any partner call (idempotent on `input.id`). With
     * `prepay`, the customer pays the whole group first, in one payment: the holds last the payment
     * window and no flight is confirmed before its approval.
     */
    createGroupIntent: async (input: GroupIntentInput, opts: { prepay?: PrepayInput } = {}): Promise<GroupView> => {
      if (input.flights.length < 2) throw new Error("a group has at least two flights");
      await repo.createGroup(input);
      if (opts.prepay) await payment.createPrepayment(input, opts.prepay);
      return loadGroup(input.id);
    },
    reserveGroup: group.reserveGroup,
    confirmGroup: group.confirmGroup,
    releaseGroup: group.releaseGroup,
    refundGroup: group.refundGroup,
    settleGroup: group.settleGroup,
    /** Approved payments whose holds stand unconfirmed (see `retryApprovedConfirm`). */
    approvedUnconfirmed: () => repo.approvedUnconfirmed(),
    /**
     * The partner's confirm of an approved payment, again (the reaper's retry after the decider's failed):
     * a booking's or a group's, started at most once as ever; undefined when another call has it.
     */
    retryApprovedConfirm: payment.retryApprovedConfirm,
    /** Groups the reaper should look at (see `settleGroup`). */
    groupsDue: (staleBefore: number) => repo.groupsDue(staleBefore),

    // Customers' payments (customer-payment.ts).
    submitSlip: payment.submitSlip,
    decidePayment: payment.decidePayment,
    approveCheckedSlip: payment.approveCheckedSlip,
    acceptedRefOf: payment.acceptedRefOf,
    acceptSlipRef: payment.acceptSlipRef,
    releaseSlipRef: payment.releaseSlipRef,
    recordSlipCheck: payment.recordSlipCheck,
    settlePaymentAfterHolds: payment.settleAfterHolds,
    paymentsEndedUnsettled: payment.endedUnsettled,
    payment: payment.payment,
    payable: payment.payable,
    latestPrepayOf: payment.latestPrepayOf,
    openPayments: payment.openPayments,
    cancelPayment: payment.cancelPayment,
    cancelHold: payment.cancelHold,
    showPayment: payment.showPayment,
    paymentNotBooked: payment.paymentNotBooked,
    markReturned: payment.markReturned,
    owedToReturn: payment.owedToReturn,
    owed: payment.owed,
    owedOf: payment.owedOf,
    expirePayment: payment.expirePayment,
    requestPayment: payment.requestPayment,

    // Moves of a paid booking to another tee time (move.ts).
    /** Holds the new tee time of a paid booking's move (recorded first); the move then waits for its approval. */
    startMove: move.start,
    /** Refunds the old booking, then confirms the new hold: at most once, whoever taps (an admin's word). */
    approveMove: move.approve,
    /** Declines or cancels a move before its approval: the new hold is released, nothing refunded. */
    abandonMove: move.abandon,
    /** The reaper's call on an open move (see `movesDue`). */
    settleMove: move.settle,
    /** Open moves the reaper looks at. */
    movesDue: move.due,
    getMove: move.view,
    /** A booking's open move, if any. */
    openMoveOf: move.openFor,
    /** The moves a booking took part in, newest first. */
    movesOf: move.ofBooking,
    movesEndedBetween: move.endedBetween,

    // Reads.
    get: (id: string) => repo.get(id),
    /** A group and its flights, if it exists. */
    getGroup: async (id: string): Promise<GroupView | undefined> =>
      (await repo.getGroup(id)) ? loadGroup(id) : undefined,
    listGroupsForUser: (userId: number, limit?: number) => repo.listGroupsForUser(userId, limit),
    /** A booking by the partner's reservation id or code. */
    findByReservation: (reference: string) => repo.findByReservation(reference),
    /** The booking's state changes, oldest first. */
    history: (id: string) => repo.history(id),
    /** The chat's booking that still holds a reservation or is being written, if any. */
    activeForChat: (chatId: number) => repo.activeForChat(chatId),
    listForUser: (userId: number, limit?: number) => repo.listForUser(userId, limit),
    recentCustomers: (userId: number, limit?: number) => repo.recentCustomers(userId, limit),
    /** The audit log of partner writes, newest first (optionally of one booking). */
    auditLog: (limit?: number, bookingId?: string) => audit.list(limit, bookingId),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
