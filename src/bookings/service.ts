/**
 * The booking service: every partner call that creates, pays for, releases or refunds a reservation
 * goes through here, and nothing else in fairway writes the ledger. Each write first wins a
 * compare-and-set transition on the booking's ledger row, so a booking reserves at most once,
 * confirms at most once and refunds at most once, whatever replays, double taps, duplicate updates
 * or restarts do; every partner write is recorded in the audit log, whatever its outcome.
 *
 * States: INTENT → RESERVING → HELD → CONFIRMING → PAID → REFUNDING → REFUNDED, with RELEASING →
 * RELEASED, RESERVE_FAILED and RESERVE_UNKNOWN on the way (`storage/schema.ts`). A partner error is
 * read once, through `failureOf`, into what it means for the write; each operation then says what
 * that meaning does to the booking.
 */
import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import {
  isPartnerApiError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerUnavailableError,
  type PartnerErrorJSON,
} from "../partner/errors.js";
import type { PartnerClient } from "../partner/index.js";
import type { Reservation } from "../partner/types.js";
import type { Database } from "../storage/schema.js";
import { createAuditLog, userActor, type Actor } from "./audit.js";
import {
  refusalJSON,
  confirmOutcomeOf,
  groupConfirmOutcomeOf,
  paidFlights,
  releaseOutcomeOf,
  reserveOutcomeOf,
  type ApprovedRetry,
  type ConfirmOutcome,
  type GroupConfirmOutcome,
  type GroupHoldOutcome,
  type GroupRefundOutcome,
  type GroupReleaseOutcome,
  type GroupStop,
  type RefundOutcome,
  type ReleaseOutcome,
  type ReserveOutcome,
} from "./outcomes.js";
import {
  SETTLED_GROUP_STATES,
  WRITES_IN_FLIGHT,
  type BookingIntentInput,
  type BookingRecord,
  type BookingState,
  type GroupIntentInput,
  type GroupView,
} from "./record.js";
import { createBookingRepository, type Transition } from "./repository.js";
import { createPaymentsStore, OPEN_PAYMENT_STATES, type PaymentRecord } from "./payments.js";
import type { PriceBook } from "../pricing/rules.js";
import {
  AccessRefusedError,
  type HoldRefusal,
  type HoldRequest,
  type WriteRefusal,
  type WriteRequest,
} from "../access/index.js";

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
  /** The agency's price rules: each hold's selling amount (what the customer pays). Default: the net, no markup. */
  prices?: { book(): Promise<PriceBook> };
  /** Minutes a hold awaiting its customer's payment lasts (PAYMENT_WINDOW_MINUTES); default `holdMinutes`. */
  paymentWindowMinutes?: number;
  /**
   * The rule of the service for every hold, asked before the partner's reserve whatever screen led here
   * (access/roles.ts `holdRefusal`): undefined lets the hold be placed. Default: every hold is allowed.
   */
  holdPolicy?: (req: HoldRequest) => Promise<HoldRefusal | undefined>;
  /**
   * The rule of the service for a user's confirm, refund or payment decision (access/roles.ts
   * `writeRefusal`), asked before any partner call: a refusal throws `AccessRefusedError`. The reaper's
   * own moves are not a user's. Default: every write is allowed.
   */
  writePolicy?: (req: WriteRequest) => Promise<WriteRefusal | undefined>;
}

/** What a booking paid for by its customer first needs at intent: where the money goes. */
export interface PrepayInput {
  /** The PromptPay ID the customer pays (the agent's own, else the agency's). */
  payee: string;
}

/**
 * What a payment is for: a booking, or a group (`group`; `booking` is then its first flight, for the
 * course, the date and the customer).
 */
export interface Payable {
  booking: BookingRecord;
  group?: GroupView;
}

/** What became of a slip a customer sent. */
export type SlipOutcome = Payable &
  (
    | /** Recorded; the agent decides. `reusedOf`: another booking's slip carried the same bank reference. */
      { kind: "submitted"; payment: PaymentRecord; reusedOf?: string }
      /** The hold ended (or the booking moved on) first: the agent gets it to return the money. */
    | { kind: "late"; payment: PaymentRecord; reusedOf?: string }
    /** Already approved: nothing to do. */
    | { kind: "approved"; payment: PaymentRecord }
  );

/** What an approval or a rejection did. */
export type DecisionOutcome =
  /** This call decided (approve: the partner confirm's outcome follows in `confirm`). */
  | { kind: "approved"; payment: PaymentRecord; confirm: ConfirmOutcome }
  /** This call approved a group's payment: the group's confirm (`confirmGroup`) follows in `confirm`. */
  | { kind: "group-approved"; payment: PaymentRecord; confirm: GroupConfirmOutcome }
  | { kind: "rejected"; payment: PaymentRecord }
  /** Decided before (a double tap, another admin, another instance): nothing was done. */
  | { kind: "decided"; payment: PaymentRecord }
  /** The hold ended before the approval: nothing to confirm; the customer's money is to be returned. */
  | ({ kind: "expired"; payment: PaymentRecord } & Payable);

/** Why a hold was released. */
export type ReleaseReason =
  | "user-cancel"
  | "expired"
  | "user-restart"
  | "orphan"
  | "partner-missing"
  /** A flight of a group released because the group could not be held, or paid, whole. */
  | "group-incomplete";

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

export interface ConfirmOptions {
  /** Who asked; default the booking's user. */
  actor?: Actor;
  /**
   * The partner's credit as the caller read it just before (a group's one read, less what its earlier
   * flights paid); null when that read failed (the partner judges). Undefined: this confirm reads it.
   */
  balance?: number | null;
}

/** What a stale RESERVING booking (its process died mid-reserve) became: see `settleStaleReserve`. */
export type StaleReserveOutcome = { kind: "reserve-released" | "reserve-unknown"; booking: BookingRecord };

/**
 * What a failed partner write means, whatever the write: the one table from partner errors to
 * outcomes. "internal" is not a partner error at all (a bug, a database failure): it is recorded and
 * rethrown. "unknown" and "unreadable" may have been applied; every other kind certainly was not.
 */
export type WriteFailure =
  | "not-applied" // an outage the partner client's read-back settled as not applied
  | "unknown" // an outage whose outcome nobody could read
  | "unreadable" // an answer fairway could not parse
  | "insufficient-credit"
  | "missing" // the partner has no such reservation
  | "conflict" // the reservation is not in the state the write needs
  | "refused" // any other definite refusal (4xx)
  | "internal";

const DEFINITE_FAILURES: readonly [new (...args: never[]) => Error, WriteFailure][] = [
  [PartnerInsufficientCreditError, "insufficient-credit"],
  [PartnerNotFoundError, "missing"],
  [PartnerConflictError, "conflict"],
  [PartnerInvalidResponseError, "unreadable"],
];

export function failureOf(error: unknown): WriteFailure {
  if (!isPartnerApiError(error)) return "internal";
  if (error instanceof PartnerUnavailableError) return error.outcome === "not-applied" ? "not-applied" : "unknown";
  return DEFINITE_FAILURES.find(([type]) => error instanceof type)?.[1] ?? "refused";
}

/** Whether a write that failed so may still have been applied at the partner. */
function mayHaveApplied(failure: WriteFailure): boolean {
  return failure === "unknown" || failure === "unreadable" || failure === "internal";
}

function errorJSON(error: unknown): PartnerErrorJSON | undefined {
  return isPartnerApiError(error) ? error.toJSON() : undefined;
}

/** `last_error` as stored: the partner error's JSON, or "internal". */
function lastError(json: PartnerErrorJSON | undefined): string {
  return json ? JSON.stringify(json) : "internal";
}

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

export function createBookingService(options: BookingServiceOptions) {
  const { partner, logger } = options;
  const now = options.now ?? Date.now;
  const repo = createBookingRepository(options.db, now);
  const audit = createAuditLog(options.db, now);
  const holdMs = options.holdMinutes * 60_000;
  const paymentWindowMs = (options.paymentWindowMinutes ?? options.holdMinutes) * 60_000;
  const payments = createPaymentsStore(options.db, now);
  const writeWindowMs = options.writeWindowMs ?? 10_000;

  /** Throws `AccessRefusedError` when the write policy refuses `actor` this write on `of`. */
  async function mayWrite(
    kind: WriteRequest["kind"],
    actor: Actor,
    of: { user_id: number | string; agent_id: number | string | null },
  ): Promise<void> {
    if (!options.writePolicy || !actor.startsWith("user:")) return;
    const req: WriteRequest = {
      kind,
      actorId: Number(actor.slice("user:".length)),
      userId: Number(of.user_id),
      agentId: of.agent_id === null ? null : Number(of.agent_id),
    };
    const refusal = await options.writePolicy(req);
    if (!refusal) return;
    logger.warn({ ...req, refusal }, "write refused by the service's rule");
    throw new AccessRefusedError(refusal, req);
  }

  async function load(id: string): Promise<BookingRecord> {
    const booking = await repo.get(id);
    if (!booking) throw new Error(`unknown booking ${id}`);
    return booking;
  }

  const move = (id: string, transition: Transition) => repo.transition(id, transition);

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

  /**
   * Brings the ledger in line with the partner's view of the reservation. A write in flight that the
   * partner has not applied (CONFIRMING/REFUNDING while it says PENDING/PAID) goes back only when
   * `mayRevert`: the write is stale (older than any call can last), so no other process is still making it.
   */
  async function applyPartnerState(booking: BookingRecord, r: Reservation, mayRevert: boolean, readAt: number) {
    const fields = { ...reservationFields(r), refreshed_at: readAt };
    const detail = { via: "refresh", partnerStatus: r.status };
    const moves: Record<string, BookingState | undefined> = { PAID: "PAID", CANCEL: "RELEASED", REFUND: "REFUNDED" };
    const target = moves[r.status];
    // A refund in flight that the partner has not applied yet reads PAID: revert only when stale.
    const refundNotApplied = booking.state === "REFUNDING" && r.status === "PAID";
    if (target && target !== booking.state && (!refundNotApplied || mayRevert)) {
      const extra = target === "RELEASED" && !booking.release_reason ? { release_reason: "partner-cancelled" } : {};
      await move(booking.id, { from: [booking.state], to: target, set: { ...fields, ...extra }, detail });
    } else if (r.status === "PENDING" && mayRevert && booking.state === "CONFIRMING") {
      await move(booking.id, { from: ["CONFIRMING"], to: "HELD", set: fields, detail });
    } else {
      // Only onto the state this read was taken against: a confirm may have landed meanwhile.
      await repo.patch(booking.id, fields, [booking.state]);
    }
    return load(booking.id);
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
    });
    if (refusal) {
      await move(id, { from: ["RESERVING"], to: "RESERVE_FAILED", set: { last_error: refusalJSON(refusal) } });
      logger.info({ bookingId: id, userId: booking.user_id, refusal }, "hold refused by the service's rule");
      return reserveOutcomeOf(await load(id));
    }
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
    // A hold awaiting its customer's payment lasts the payment window.
    const prepay = (await prepayOf(booking)) !== undefined;
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
      },
      detail: { reservationId: reservation.id },
    });
    if (held) await priceHold(id);
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
   * The customer's payment that must be approved before this booking's partner confirm: its own, or,
   * for a group's flight, its group's. Undefined when the booking is not paid first.
   */
  async function prepayOf(b: BookingRecord): Promise<PaymentRecord | undefined> {
    const payment = await payments.get(b.group_id ?? b.id);
    return payment?.kind === "prepay" ? payment : undefined;
  }

  /**
   * What the payment `id` is for, and whether its holds still stand for at least `marginMs`: a booking
   * HELD, or a group HELD with every flight HELD.
   */
  async function payable(id: string, marginMs = 0): Promise<Payable & { live: boolean }> {
    if (await repo.getGroup(id)) {
      const group = await loadGroup(id);
      const ends = Math.min(...group.flights.map((f) => (f.state === "HELD" ? (f.hold_expires_at ?? 0) : 0)));
      return { booking: group.flights[0]!, group, live: group.group.state === "HELD" && ends > now() + marginMs };
    }
    const booking = await load(id);
    return { booking, live: booking.state === "HELD" && (booking.hold_expires_at ?? 0) > now() + marginMs };
  }

  /** Records what the customer pays for a new hold (the price rules now, on the partner's amount). */
  async function priceHold(id: string): Promise<void> {
    const b = await load(id);
    const net = b.amount ?? b.expected_amount;
    const book = await options.prices?.book();
    const selling = book
      ? book.sellingTotal(net, b.persons, { courseId: b.course_id, agentId: b.agent_id ?? b.user_id })
      : net;
    await repo.patch(id, { selling_amount: selling });
    await payments.setAmount(id, selling);
  }

  /**
   * A slip photo from the customer of a prepay booking: recorded (file, bank reference), the payment
   * `submitted` for the agent's word; after the hold ended it is `late` (the agent returns the money).
   * A bank reference already seen on another booking's slip is reported (`reusedOf`), never refused.
   */
  async function submitSlip(bookingId: string, slip: { fileId: string; ref?: string }): Promise<SlipOutcome> {
    const payment = await payments.get(bookingId);
    if (!payment) throw new Error(`booking ${bookingId} has no payment`);
    const reusedOf = slip.ref ? await payments.claimSlipRef(slip.ref, bookingId) : undefined;
    const fields = {
      slip_file_id: slip.fileId,
      slip_ref: slip.ref ?? null,
      slip_reused_of: reusedOf ?? null,
      slip_at: now(),
    };
    const target = await payable(bookingId);
    const { live, ...what } = target;
    if (payment.state === "approved") return { kind: "approved", payment, ...what };
    if (live && (await payments.transition(bookingId, OPEN_PAYMENT_STATES, "submitted", fields))) {
      const stored = (await payments.get(bookingId)) ?? payment;
      return { kind: "submitted", payment: stored, ...what, ...(reusedOf ? { reusedOf } : {}) };
    }
    // Too late: the payment ends (or had ended), the slip kept with it for the agent.
    if (!(await payments.transition(bookingId, OPEN_PAYMENT_STATES, "expired", fields)))
      await payments.transition(bookingId, [payment.state], payment.state, fields);
    const stored = (await payments.get(bookingId)) ?? payment;
    const { live: _, ...after } = await payable(bookingId);
    return { kind: "late", payment: stored, ...after, ...(reusedOf ? { reusedOf } : {}) };
  }

  /**
   * The agent's or an admin's word on a payment, once: "paid" approves it and then (a prepay) makes
   * the partner confirm, at most once (the ledger's own guarantee); "not received" rejects it (the hold
   * stands until its end: the customer may send another slip). A second decision changes nothing.
   */
  async function decidePayment(
    bookingId: string,
    opts: { approve: boolean; actorId: number },
  ): Promise<DecisionOutcome> {
    const payment = await payments.get(bookingId);
    if (!payment) throw new Error(`booking ${bookingId} has no payment`);
    await mayWrite("decide", userActor(opts.actorId), payment);
    const decided = { decided_by: opts.actorId, decided_at: now() };
    const actor = userActor(opts.actorId);
    if (!opts.approve) {
      const won = await payments.transition(bookingId, ["pending", "awaiting", "submitted"], "rejected", decided);
      const stored = (await payments.get(bookingId)) ?? payment;
      return won ? { kind: "rejected", payment: stored } : { kind: "decided", payment: stored };
    }
    // A group's confirm makes one partner write per flight, each of which may take a write window.
    const group = await repo.getGroup(bookingId);
    const margin = writeWindowMs * (group ? (await repo.flightsOf(bookingId)).length : 1);
    const target = await payable(bookingId, margin);
    const { booking } = target;
    if (payment.kind === "prepay" && !target.live) {
      if (OPEN_PAYMENT_STATES.includes(payment.state)) {
        await payments.transition(bookingId, OPEN_PAYMENT_STATES, "expired");
        if (group) await releaseGroup(bookingId, { reason: "expired", actor });
        else if (booking.state === "HELD") await release(bookingId, { reason: "expired", actor });
        const { live: _, ...after } = await payable(bookingId);
        return { kind: "expired", payment: (await payments.get(bookingId)) ?? payment, ...after };
      }
    }
    const won = await payments.transition(bookingId, OPEN_PAYMENT_STATES, "approved", decided);
    const stored = (await payments.get(bookingId)) ?? payment;
    if (group && stored.kind === "prepay" && stored.state === "approved") {
      // Won, or approved already with the group still held (no credit, a refusal): the group's confirm,
      // which starts at most once (HELD → CONFIRMING) whatever taps, admins or instances do.
      if (won) return { kind: "group-approved", payment: stored, confirm: await confirmGroup(bookingId, { actor }) };
      if ((await repo.getGroup(bookingId))?.state === "HELD") {
        // Another tap may start the confirm first: then what it settles is that tap's to tell (one receipt).
        const confirm = await confirmGroup(bookingId, { actor, ownOutcomeOnly: true });
        if (confirm.kind !== "busy" || confirm.view.group.state === "CONFIRMING")
          return { kind: "group-approved", payment: stored, confirm };
      }
      return { kind: "decided", payment: stored };
    }
    if (!won) {
      // Approved already but its confirm did not go through (no credit, a refusal): this tap tries again,
      // unless another tap's confirm starts first (that tap tells its outcome: one receipt).
      if (stored.state === "approved" && stored.kind === "prepay" && booking.state === "HELD") {
        const confirm = await confirmHere(bookingId, { actor }, true);
        if (confirm) return { kind: "approved", payment: stored, confirm };
      }
      return { kind: "decided", payment: stored };
    }
    if (payment.kind === "request") return { kind: "approved", payment: stored, confirm: confirmOutcomeOf(booking) };
    return { kind: "approved", payment: stored, confirm: await confirm(bookingId, { actor }) };
  }

  /** Pays for a held reservation from the partner's credit, at most once. */
  async function confirm(id: string, opts: ConfirmOptions = {}): Promise<ConfirmOutcome> {
    return (await confirmHere(id, opts, false))!;
  }

  /**
   * `confirm`; with `ownOutcomeOnly`, undefined when this call did not make the confirm (another call
   * has it under way or settled it: that call tells its outcome, once).
   */
  async function confirmHere(
    id: string,
    opts: ConfirmOptions,
    ownOutcomeOnly: boolean,
  ): Promise<ConfirmOutcome | undefined> {
    let booking = await load(id);
    if (ownOutcomeOnly && booking.state !== "HELD") return undefined;
    if (booking.state === "CONFIRMING") {
      // Interrupted earlier (a crash, a lost answer): the partner's word settles it without a second confirm.
      booking = await refresh(id).catch(() => booking);
      return confirmOutcomeOf(booking);
    }
    if (booking.state !== "HELD") return confirmOutcomeOf(booking);
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
   * them. A group's flight, for a reason a person chose, is refused (`group-flight`, see `CHOSEN_REASONS`).
   */
  async function release(id: string, opts: ReleaseOptions): Promise<ReleaseOutcome> {
    if (CHOSEN_REASONS.includes(opts.reason)) {
      const booking = await load(id);
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
      const holdOverMove: Transition = {
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
   * Refunds a paid booking, at most once (PAID → REFUNDING → REFUNDED). The refunded amount is the
   * partner's (`reserve.price`), which depends on its contract policy.
   */
  async function refund(id: string, opts: { actor: Actor }): Promise<RefundOutcome> {
    const booking = await load(id);
    await mayWrite("refund", opts.actor, booking);
    if (booking.state === "REFUNDED") return { kind: "refunded", booking, refundedAmount: booking.refunded_amount };
    if (booking.state === "REFUNDING") return { kind: "busy", booking };
    if (!(await move(id, { from: ["PAID"], to: "REFUNDING", detail: { actor: opts.actor } }))) {
      const current = await load(id);
      return current.state === "REFUNDING" || current.state === "REFUNDED"
        ? { kind: "busy", booking: current }
        : { kind: "not-paid", booking: current };
    }
    try {
      const refunded = await write("refund", opts.actor, booking, () => partner.refund(booking.reservation_id ?? ""));
      const amount = refunded.reserve?.price ?? null;
      await move(id, {
        from: ["REFUNDING"],
        to: "REFUNDED",
        set: { partner_status: refunded.status, refunded_amount: amount },
        detail: { reconciled: refunded.reconciled === true },
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

  // Groups: one party, several tee times (flights), each its own booking and partner reservation.
  // Every money guarantee is the single booking's (each flight reserves, confirms, releases and
  // refunds at most once, through the operations above); the group adds hold-all-or-none, one
  // balance read for the total, confirm-as-one, and a row the reaper settles after a crash.

  async function loadGroup(id: string): Promise<GroupView> {
    const group = await repo.getGroup(id);
    if (!group) throw new Error(`unknown group ${id}`);
    return { group, flights: await repo.flightsOf(id) };
  }

  const stopJSON = (stop: GroupStop) => JSON.stringify(stop);

  /**
   * Releases every flight of the group still held (or only recorded), at once; a flight whose release
   * is unanswered stays RELEASING for the reaper. Flights paid, or with a write in flight, are left.
   */
  async function releaseHeldFlights(view: GroupView, reason: ReleaseReason, actor?: Actor): Promise<void> {
    await Promise.all(
      view.flights
        .filter((f) => f.state === "HELD" || f.state === "INTENT")
        .map((f) => sendRelease(f.id, { reason, ...(actor ? { actor } : {}) }, false)),
    );
  }

  /**
   * Settles a group whose operation is over: PAID (every flight), PARTIAL (some) or RELEASED (none),
   * once no flight has a write in flight. True if this call settled it.
   */
  async function settleIfQuiet(id: string, from: readonly GroupView["group"]["state"][]): Promise<boolean> {
    const { flights } = await loadGroup(id);
    if (flights.some((f) => WRITES_IN_FLIGHT.includes(f.state) || f.state === "INTENT")) return false;
    const paid = flights.filter((f) => ["PAID", "REFUNDING", "REFUNDED"].includes(f.state)).length;
    const to = paid === flights.length ? "PAID" : paid > 0 ? "PARTIAL" : "RELEASED";
    return repo.transitionGroup(id, { from, to });
  }

  /**
   * Holds every flight of a recorded group, in order, or none: the first flight that cannot be held
   * (refused, or its answer lost: that reserve is never sent again) stops the group, and every hold
   * already made is released at once. The flights' holds then end together, at the earliest one's end.
   */
  async function reserveGroup(id: string, opts: { actor?: Actor } = {}): Promise<GroupHoldOutcome> {
    if (!(await repo.transitionGroup(id, { from: ["INTENT"], to: "HOLDING" }))) {
      const view = await loadGroup(id);
      return view.group.state === "HELD" ? { kind: "held", view } : { kind: "busy", view };
    }
    let stop: GroupStop | undefined;
    for (const flight of await repo.flightsOf(id)) {
      const out = await reserve(flight.id, opts);
      await repo.touchGroup(id, ["HOLDING"]);
      if (out.kind === "held") continue;
      stop = {
        flight: flight.flight ?? 0,
        kind: out.kind,
        ...(out.kind === "failed" ? { error: out.error } : {}),
        ...(out.kind === "refused" ? { refusal: out.reason } : {}),
      };
      break;
    }
    if (!stop) {
      const flights = await repo.flightsOf(id);
      const ends = Math.min(...flights.map((f) => f.hold_expires_at ?? 0));
      await Promise.all(flights.map((f) => repo.patch(f.id, { hold_expires_at: ends }, ["HELD"])));
      // A group paid first is paid in one transfer: the flights' selling amounts together.
      const held = await repo.flightsOf(id);
      await payments.setAmount(
        id,
        held.reduce((sum, f) => sum + (f.selling_amount ?? f.amount ?? f.expected_amount), 0),
      );
      if (await repo.transitionGroup(id, { from: ["HOLDING"], to: "HELD" }))
        return { kind: "held", view: await loadGroup(id) };
      return { kind: "busy", view: await loadGroup(id) };
    }
    logger.warn({ groupId: id, stop }, "a flight of a group could not be held; releasing the group's other holds");
    await repo.patchGroup(id, { last_error: stopJSON(stop) });
    await releaseHeldFlights(await loadGroup(id), "group-incomplete", opts.actor);
    await settleIfQuiet(id, ["HOLDING"]);
    return { kind: "failed", view: await loadGroup(id), stop };
  }

  /**
   * Pays for a held group: one balance read must cover the total, then the flights are confirmed one
   * by one (each at most once). If one stops midway, the flights not yet confirmed are released and
   * the paid ones stay paid; the outcome's view says exactly which. A first confirm refused with
   * nothing paid leaves every hold standing, as a single booking's does.
   */
  async function confirmGroup(
    id: string,
    opts: { actor?: Actor; ownOutcomeOnly?: boolean } = {},
  ): Promise<GroupConfirmOutcome> {
    // `ownOutcomeOnly`: a confirm another call started (or finished) answers "busy", not its outcome.
    const settledElsewhere = (view: GroupView): GroupConfirmOutcome =>
      opts.ownOutcomeOnly ? { kind: "busy", view } : groupConfirmOutcomeOf(view);
    let view = await loadGroup(id);
    if (view.group.state !== "HELD") return settledElsewhere(view);
    const actor = opts.actor ?? userActor(view.group.user_id);
    await mayWrite("confirm", actor, view.group);
    // Every confirm may take a write window: the holds must outlast them all, or none is started.
    const ends = Math.min(...view.flights.map((f) => (f.state === "HELD" ? (f.hold_expires_at ?? 0) : 0)));
    if (ends <= now() + writeWindowMs * view.flights.length) {
      await releaseGroup(id, { reason: "expired", actor });
      return { kind: "expired", view: await loadGroup(id) };
    }
    const total = view.flights.reduce((sum, f) => sum + (f.amount ?? f.expected_amount), 0);
    let balance: number | null = null;
    try {
      balance = (await partner.getBalance()).balance;
    } catch (error) {
      logger.warn(
        { groupId: id, error: errorJSON(error) },
        "balance check before a group's confirm failed; the partner will judge",
      );
    }
    if (balance !== null && balance < total) return { kind: "insufficient", view, balance, total };
    if (!(await repo.transitionGroup(id, { from: ["HELD"], to: "CONFIRMING", set: { last_error: null } })))
      return settledElsewhere(await loadGroup(id));

    let credit = balance;
    let stop: GroupStop | undefined;
    let stoppedOn: BookingRecord | undefined;
    for (const flight of view.flights) {
      const out = await confirm(flight.id, { actor, balance: credit });
      await repo.touchGroup(id, ["CONFIRMING"]);
      if (out.kind === "paid") {
        if (credit !== null) credit -= out.booking.amount ?? flight.expected_amount;
        continue;
      }
      stop = { flight: flight.flight ?? 0, kind: out.kind, ...(out.kind === "failed" ? { error: out.error } : {}) };
      stoppedOn = out.booking;
      break;
    }
    if (!stop) {
      await repo.transitionGroup(id, { from: ["CONFIRMING"], to: "PAID" });
      view = await loadGroup(id);
      return credit !== null ? { kind: "paid", view, balanceAfter: credit } : { kind: "paid", view };
    }
    await repo.patchGroup(id, { last_error: stopJSON(stop) });
    view = await loadGroup(id);
    const nonePaid = paidFlights(view).length === 0;
    // Refused before anything was paid, the hold standing: the group is held again, as it was.
    if (nonePaid && stoppedOn?.state === "HELD" && (stop.kind === "failed" || stop.kind === "insufficient")) {
      if (await repo.transitionGroup(id, { from: ["CONFIRMING"], to: "HELD" })) {
        view = await loadGroup(id);
        return stop.kind === "insufficient"
          ? { kind: "insufficient", view, balance: null, total }
          : { kind: "failed", view, stop };
      }
    }
    logger.warn({ groupId: id, stop }, "a group's confirm stopped midway; releasing the flights not confirmed");
    await releaseHeldFlights(view, "group-incomplete", actor);
    const settled = await settleIfQuiet(id, ["CONFIRMING"]);
    view = await loadGroup(id);
    if (!settled) return { kind: "unknown", view, stop };
    if (nonePaid && stop.kind === "expired") return { kind: "expired", view };
    return { kind: "partial", view, stop };
  }

  /**
   * Releases every held flight of a group not being confirmed (Cancel, Change, expiry). The group is
   * claimed as an operation under way (HOLDING) and settled RELEASED once no release is in flight, so a
   * crash midway, or a release left unanswered, leaves it to the reaper, which finishes the releases
   * and tells the booker once.
   */
  async function releaseGroup(id: string, opts: ReleaseOptions): Promise<GroupReleaseOutcome> {
    const before = await loadGroup(id);
    const claimed = await repo.transitionGroup(id, { from: ["INTENT", "HELD"], to: "HOLDING" });
    if (!claimed) {
      const settled = SETTLED_GROUP_STATES.includes(before.group.state);
      return { kind: settled && before.group.state === "RELEASED" ? "released" : "not-held", view: before };
    }
    await releaseHeldFlights(before, opts.reason, opts.actor);
    await settleIfQuiet(id, ["HOLDING"]);
    const view = await loadGroup(id);
    const pending = view.flights.some((f) => f.state === "RELEASING");
    return { kind: pending ? "pending" : "released", view };
  }

  /** Refunds every paid flight of a group, each at most once (an admin's decision). */
  async function refundGroup(id: string, opts: { actor: Actor }): Promise<GroupRefundOutcome> {
    const before = await loadGroup(id);
    await mayWrite("refund", opts.actor, before.group);
    const failed: GroupRefundOutcome["failed"] = [];
    for (const flight of before.flights) {
      if (flight.state !== "PAID" && flight.state !== "REFUNDING") continue;
      const out = await refund(flight.id, opts);
      if (out.kind !== "refunded") failed.push({ flight: flight.flight ?? 0, kind: out.kind });
    }
    const view = await loadGroup(id);
    const refunded = view.flights.reduce((sum, f) => sum + (f.state === "REFUNDED" ? (f.refunded_amount ?? 0) : 0), 0);
    return { view, refunded, failed };
  }

  /**
   * The reaper's call on a group `groupsDue` named: an operation not heard from since `staleBefore`
   * (its process died) or a held group with a flight no longer held has its remaining holds released
   * and, once no flight has a write in flight, is settled. The view when this call settled it.
   */
  async function settleGroup(id: string, opts: { staleBefore: number; actor?: Actor }): Promise<GroupView | undefined> {
    const { group, flights } = await loadGroup(id);
    if (SETTLED_GROUP_STATES.includes(group.state) || group.state === "INTENT") return undefined;
    const stale = group.updated_at <= opts.staleBefore;
    if (group.state === "HELD") {
      if (flights.every((f) => f.state === "HELD")) return undefined;
      if (!(await repo.transitionGroup(id, { from: ["HELD"], to: "HOLDING" }))) return undefined;
      const expired = flights.some((f) => f.release_reason === "expired");
      await releaseHeldFlights({ group, flights }, expired ? "expired" : "group-incomplete", opts.actor);
      return (await settleIfQuiet(id, ["HOLDING"])) ? loadGroup(id) : undefined;
    }
    if (!stale) return undefined;
    logger.warn({ groupId: id, state: group.state }, "a group's operation was interrupted; releasing its holds");
    await releaseHeldFlights({ group, flights }, "group-incomplete", opts.actor);
    return (await settleIfQuiet(id, [group.state])) ? loadGroup(id) : undefined;
  }

  /** The customer's payment-to-come of a booking or a group (its id), before any partner call. */
  async function createPrepayment(
    input: Pick<BookingIntentInput, "id" | "chatId" | "userId" | "agentId">,
    prepay: PrepayInput,
  ): Promise<void> {
    await payments.create({
      bookingId: input.id,
      kind: "prepay",
      amount: 0,
      payee: prepay.payee,
      chatId: input.chatId,
      userId: input.userId,
      agentId: input.agentId ?? null,
    });
  }

  return {
    /**
     * Records a booking intent before any partner call (idempotent on `input.id`). With `prepay`, the
     * customer pays first: the hold lasts the payment window and no confirm happens before an approval.
     */
    createIntent: async (input: BookingIntentInput, opts: { prepay?: PrepayInput } = {}) => {
      const created = await repo.createIntent(input);
      if (opts.prepay) await createPrepayment(input, opts.prepay);
      return created;
    },
    reserve,
    confirm,
    release,
    refresh,
    refund,
    settleStaleReserve,
    /** Claims the once-only work after a payment (agent notice, low-balance check); true for the one caller that won. */
    claimPaidFollowup: (id: string) => repo.claimPaidFollowup(id),
    attemptEndsAt,
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
      if (opts.prepay) await createPrepayment(input, opts.prepay);
      return loadGroup(input.id);
    },
    reserveGroup,
    confirmGroup,
    releaseGroup,
    refundGroup,
    settleGroup,
    /** Approved payments whose holds stand unconfirmed (see `retryApprovedConfirm`). */
    approvedUnconfirmed: () => repo.approvedUnconfirmed(),
    /**
     * The partner's confirm of an approved payment, again (the reaper's retry after the decider's failed):
     * a booking's or a group's, started at most once as ever; undefined when another call has it.
     */
    retryApprovedConfirm: async (id: string): Promise<ApprovedRetry | undefined> => {
      const payment = await payments.get(id);
      if (payment?.kind !== "prepay" || payment.state !== "approved") return undefined;
      const actor: Actor = "system:reaper";
      if (await repo.getGroup(id)) {
        const outcome = await confirmGroup(id, { actor, ownOutcomeOnly: true });
        return outcome.kind === "busy" ? undefined : { kind: "group", outcome };
      }
      const outcome = await confirmHere(id, { actor }, true);
      return outcome ? { kind: "booking", outcome } : undefined;
    },
    /** Groups the reaper should look at (see `settleGroup`). */
    groupsDue: (staleBefore: number) => repo.groupsDue(staleBefore),

    // Customers' payments (payments.ts).
    submitSlip,
    decidePayment,
    /** A booking's (or a group's) payment, if it has one. */
    payment: (bookingId: string) => payments.get(bookingId),
    /** What a payment is for: its booking, or its group (with the group's first flight). */
    payable: async (id: string): Promise<Payable> => {
      const { live: _, ...what } = await payable(id);
      return what;
    },
    /** A customer's latest prepay booking's payment, if any. */
    latestPrepayOf: (userId: number) => payments.openForUser(userId),
    /** Payments waiting for the agent's word (of one agent's customers when given). */
    openPayments: (opts?: { agentId?: number; limit?: number }) => payments.listOpen(opts),
    /** The customer cancelled before paying: the payment ends (the hold is released by `release`). */
    cancelPayment: (bookingId: string) =>
      payments.transition(bookingId, ["pending", "awaiting", "rejected"], "cancelled"),
    /** The customer was shown the QR (pending → awaiting): the hold now waits for their slip outside the flow. */
    showPayment: async (bookingId: string): Promise<PaymentRecord | undefined> => {
      await payments.transition(bookingId, ["pending"], "awaiting");
      return payments.get(bookingId);
    },
    /**
     * An approved prepay whose holds ended with nothing booked (the confirm failed until the end): the
     * customer's money is to be returned (approved → to-return); true when this call moved it.
     */
    paymentNotBooked: async (bookingId: string): Promise<boolean> => {
      const { booking, group } = await payable(bookingId);
      const booked = group ? group.flights.some((f) => f.state === "PAID") : booking.state === "PAID";
      return !booked && (await payments.transition(bookingId, ["approved"], "to-return"));
    },
    /** A decider marks the money of a payment `to-return` returned to the customer; true when this call did. */
    markReturned: (bookingId: string, actorId: number) =>
      payments.transition(bookingId, ["to-return"], "returned", { decided_by: actorId, decided_at: now() }),
    /** A prepay whose hold ended: its payment expires (true when this call ended it). */
    expirePayment: (bookingId: string) => payments.transition(bookingId, OPEN_PAYMENT_STATES, "expired"),
    /**
     * An agent's request to be paid by the customer for a booking (or a group) already made (kind
     * `request`): the selling total (a group's paid tee times together) to `payee`. Idempotent: the
     * existing payment is returned.
     */
    requestPayment: async (bookingId: string, opts: { payee: string; actorId: number }): Promise<PaymentRecord> => {
      const { booking: b, group } = await payable(bookingId);
      const sold = group ? group.flights.filter((f) => f.state === "PAID") : [b];
      await payments.create({
        bookingId,
        kind: "request",
        amount: sold.reduce((sum, f) => sum + (f.selling_amount ?? f.amount ?? f.expected_amount), 0),
        payee: opts.payee,
        chatId: b.chat_id,
        userId: b.user_id,
        agentId: b.agent_id ?? opts.actorId,
      });
      return (await payments.get(bookingId))!;
    },

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
