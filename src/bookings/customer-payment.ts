/**
 * A customer's payment's machine (`PAYMENT_MOVES` in `moves.ts` is every legal move): a booking's or a
 * group's pay-first payment (kind `prepay`, keyed by the booking's or the group's id: a group is paid in
 * one payment), the difference of a customer's move to a dearer tee time (kind `move`, keyed by the move's
 * new booking: the move's approval waits for it, `move.ts`), or an agent's request to be paid for a
 * booking already made (kind `request`). The slip, the agent's one decision, then the partner's confirm
 * (`booking.ts`, `group.ts`; a move's saga) — never before an approval — and, when the holds end first,
 * the payment's end (`settleAfterHolds`, the reaper's call and a move's end), so no customer's money is
 * left without someone told to return it.
 */
import type { SlipQrOutcome } from "../storage/schema.js";
import { userActor, type Actor } from "./audit.js";
import type { BookingMachine, ReleaseReason } from "./booking.js";
import type { MoneyCore } from "./core.js";
import type { GroupMachine } from "./group.js";
import {
  confirmOutcomeOf,
  type ApprovedRetry,
  type ConfirmOutcome,
  type GroupConfirmOutcome,
  type GroupReleaseOutcome,
  type ReleaseOutcome,
} from "./outcomes.js";
import { BookingOwnedError } from "./errors.js";
import { ownerRefusal, type OwnerRefusal } from "./ownership.js";
import { isOpenPayment, isPayFirst, OPEN_PAYMENT_STATES, type PaymentRecord } from "./payments.js";
import { groupHoldEnd, type BookingIntentInput, type BookingRecord, type GroupView } from "./record.js";

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

/** What a slip's image said, once read: its QR's outcome, the bank reference, its decoded pixels' digest. */
export interface SlipReading {
  qr: SlipQrOutcome;
  /** The bank's transaction reference (when `qr` is `read`). */
  ref?: string;
  /** The SHA-256 of its decoded pixels (when it was decoded). */
  pixels?: string;
}

/** A slip a customer sent: its file, and how to read it (asked only once the slip is admitted). */
export interface SlipInput {
  /** Telegram's file id (what the agent is sent). */
  fileId: string;
  /** Telegram's file_unique_id: the same file whoever sends or forwards it. */
  fileUniqueId?: string;
  /** Reads the image; not called for a slip past the limit (nor for a payment approved already). */
  read?: () => Promise<SlipReading>;
  /** A bank reference known without reading (`read` absent). */
  ref?: string;
}

/**
 * Why a slip is flagged as re-used: its bank reference (`ref`), its very file (`file`: Telegram's
 * file_unique_id, a forward or a re-send), or its decoded pixels (`pixels`: the same picture in another
 * file) were first sent for another booking (`reusedOf`).
 */
export type SlipReuse = { reusedOf: string; reusedBy: "ref" | "file" | "pixels" };

/** What became of a slip a customer sent. */
export type SlipOutcome = Payable &
  (
    | /** Recorded; the agent decides. `reusedOf`: another booking's slip carried the same reference or image. */
      ({ kind: "submitted"; payment: PaymentRecord } & Partial<SlipReuse>)
      /** The hold ended (or the booking moved on) first: the agent gets it to return the money. */
    | ({ kind: "late"; payment: PaymentRecord } & Partial<SlipReuse>)
    /** Already approved: nothing to do. */
    | { kind: "approved"; payment: PaymentRecord }
    /**
     * The payment took its `limit` of slips already: this one is not read, not recorded, and goes to
     * nobody (the customer waits for their agent).
     */
    | { kind: "refused"; payment: PaymentRecord; limit: number }
  );

/** What an approval or a rejection did. */
export type DecisionOutcome =
  /** This call decided (approve: the partner confirm's outcome follows in `confirm`). */
  | { kind: "approved"; payment: PaymentRecord; confirm: ConfirmOutcome }
  /**
   * This call approved a move's difference: nothing is written at the partner here; the move now waits
   * for its own approval (an admin's), which its machine refuses until this one.
   */
  | ({ kind: "move-approved"; payment: PaymentRecord } & Payable)
  /** This call approved a group's payment: the group's confirm (`confirmGroup`) follows in `confirm`. */
  | { kind: "group-approved"; payment: PaymentRecord; confirm: GroupConfirmOutcome }
  | { kind: "rejected"; payment: PaymentRecord }
  /** Decided before (a double tap, another admin, another instance): nothing was done. */
  | { kind: "decided"; payment: PaymentRecord }
  /** The hold ended before the approval: nothing to confirm; the customer's money is to be returned. */
  | ({ kind: "expired"; payment: PaymentRecord } & Payable);

/**
 * How a pay-first payment ended once its holds did (the reaper's call, `settleAfterHolds`), for the bot
 * to tell the people concerned: `not-booked` — approved, but nothing was booked: the money is to be
 * returned (`to-return`); `expired` — it waited for the agent's word (`slip`: none sent, one waiting, or
 * one marked not received); `told` — it had ended with a slip already (the slip came late, or an approval
 * found the holds over): the customer and the agent were told then.
 */
export type PaymentEnding = Payable &
  (
    | { kind: "not-booked"; payment: PaymentRecord }
    | { kind: "expired"; payment: PaymentRecord; slip: "none" | "waiting" | "rejected" }
    | { kind: "told"; payment: PaymentRecord }
  );

/** A payment state from which a person's Cancel may end a pay-first payment. */
export type CancellablePaymentState = "pending" | "awaiting" | "rejected";

/** What a person's Cancel of a hold did (`cancelHold`). */
export type CancelHoldOutcome =
  /** The payment (if any) cancelled and the holds released, or their release under way. */
  | { kind: "released"; release: ReleaseOutcome | GroupReleaseOutcome }
  /** The hold's customer pays first and their payment is past what the caller allows (a slip, an approval, an end): nothing was done. */
  | { kind: "kept"; payment: PaymentRecord }
  /** The hold of an open move (`ownership.ts`): only the move ends it. Nothing was done. */
  | { kind: "owned"; owner: OwnerRefusal };

export function createPaymentMachine(core: MoneyCore, booking: BookingMachine, group: GroupMachine) {
  const { now, repo, payments, load, loadGroup, mayWrite, writeWindowMs, slipsPerPayment } = core;
  const { release, confirm, confirmOwn } = booking;
  const { releaseGroup, confirmGroup } = group;

  /**
   * What the payment `id` is for, and whether its holds still stand for at least `marginMs`: a booking
   * HELD, or a group HELD with every flight HELD.
   */
  async function payable(id: string, marginMs = 0): Promise<Payable & { live: boolean }> {
    if (await repo.getGroup(id)) {
      const group = await loadGroup(id);
      const ends = groupHoldEnd(group.flights);
      return { booking: group.flights[0]!, group, live: group.group.state === "HELD" && ends > now() + marginMs };
    }
    const booking = await load(id);
    return { booking, live: booking.state === "HELD" && (booking.hold_expires_at ?? 0) > now() + marginMs };
  }

  /**
   * The first booking another than `bookingId` whose slip had this slip's bank reference, file or
   * pixels. Every key is claimed (for the slips to come), not only up to the first found.
   */
  async function reuseOf(bookingId: string, slip: SlipInput, reading: SlipReading): Promise<SlipReuse | undefined> {
    const found: (SlipReuse | undefined)[] = [];
    const claim = async (by: SlipReuse["reusedBy"], first: Promise<string | undefined>) => {
      const reusedOf = await first;
      found.push(reusedOf ? { reusedOf, reusedBy: by } : undefined);
    };
    if (reading.ref) await claim("ref", payments.claimSlipRef(reading.ref, bookingId));
    if (slip.fileUniqueId) await claim("file", payments.claimSlipImage("file", slip.fileUniqueId, bookingId));
    if (reading.pixels) await claim("pixels", payments.claimSlipImage("pixels", reading.pixels, bookingId));
    return found.find((f) => f !== undefined);
  }

  /**
   * A slip photo from the customer of a pay-first booking (or an agent's request): counted first — past
   * `slipsPerPayment` it is `refused`, neither read nor recorded — then read (`slip.read`) and recorded
   * (file, bank reference, what its QR gave), the payment `submitted` for the agent's word; after the
   * hold ended it is `late` (the agent returns the money). A bank reference, a file or a picture already
   * sent for another booking's slip is reported (`reusedOf`, `reusedBy`), never refused: whatever the
   * QR gave, a picture sent again is known by its file and its pixels.
   */
  async function submitSlip(bookingId: string, slip: SlipInput): Promise<SlipOutcome> {
    const payment = await payments.get(bookingId);
    if (!payment) throw new Error(`booking ${bookingId} has no payment`);
    if (payment.state === "approved") {
      const { live: _, ...what } = await payable(bookingId);
      return { kind: "approved", payment, ...what };
    }
    if (!(await payments.admitSlip(bookingId, slipsPerPayment))) {
      const { live: _, ...what } = await payable(bookingId);
      return { kind: "refused", payment: (await payments.get(bookingId)) ?? payment, limit: slipsPerPayment, ...what };
    }
    const reading: SlipReading = slip.read
      ? await slip.read()
      : { qr: slip.ref ? "read" : "unread", ...(slip.ref ? { ref: slip.ref } : {}) };
    const reuse = await reuseOf(bookingId, slip, reading);
    const fields = {
      slip_file_id: slip.fileId,
      slip_ref: reading.ref ?? null,
      slip_qr: reading.qr,
      slip_reused_of: reuse?.reusedOf ?? null,
      slip_at: now(),
    };
    const target = await payable(bookingId);
    const { live, ...what } = target;
    const current = (await payments.get(bookingId)) ?? payment;
    if (current.state === "approved") return { kind: "approved", payment: current, ...what };
    if (live && (await payments.transition(bookingId, OPEN_PAYMENT_STATES, "submitted", fields))) {
      const stored = (await payments.get(bookingId)) ?? payment;
      return { kind: "submitted", payment: stored, ...what, ...reuse };
    }
    // Too late: the payment ends (or had ended), the slip kept with it for the agent.
    if (!(await payments.transition(bookingId, OPEN_PAYMENT_STATES, "expired", fields)))
      await payments.patch(bookingId, fields, [payment.state]);
    const stored = (await payments.get(bookingId)) ?? payment;
    const { live: _, ...after } = await payable(bookingId);
    return { kind: "late", payment: stored, ...after, ...reuse };
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
    // A slip a person approves has its transfer accepted too: the slip check refuses it for another payment.
    const ref = opts.approve && isOpenPayment(payment.state) ? payment.slip_ref : null;
    if (ref) await payments.acceptRef(ref, bookingId);
    const outcome = await decide(bookingId, payment, {
      approve: opts.approve,
      actor: userActor(opts.actorId),
      decided: { decided_by: opts.actorId, decided_at: now() },
    });
    if (ref) await releaseUnlessApproved(ref, bookingId);
    return outcome;
  }

  /** A reference accepted for an approval that did not happen (the hold ended first) is let go. */
  async function releaseUnlessApproved(ref: string, bookingId: string): Promise<void> {
    if ((await payments.get(bookingId))?.state !== "approved") await payments.releaseRef(ref, bookingId);
  }

  /**
   * A slip the slip-verification service verified (`provider`: the transfer happened, to the payee, for the
   * amount to the satang): approved exactly as a person's Paid — confirm is (`decidePayment`'s path), the
   * decider recorded as `slip-check:<provider>` (`decided_via`). Its bank reference is accepted first, once
   * across every instance: one another payment accepted is `duplicate` and nothing is approved.
   */
  async function approveCheckedSlip(
    bookingId: string,
    opts: { provider: string; transRef: string },
  ): Promise<DecisionOutcome | { kind: "duplicate"; payment: PaymentRecord; acceptedFor: string }> {
    const payment = await payments.get(bookingId);
    if (!payment) throw new Error(`booking ${bookingId} has no payment`);
    if (!(await payments.acceptRef(opts.transRef, bookingId))) {
      const acceptedFor = (await payments.acceptedRefOf(opts.transRef)) ?? "?";
      await payments.patch(bookingId, { slip_check: "refused:duplicate" }, OPEN_PAYMENT_STATES);
      return { kind: "duplicate", payment: (await payments.get(bookingId)) ?? payment, acceptedFor };
    }
    const outcome = await decide(bookingId, payment, {
      approve: true,
      actor: "system:slip-check",
      decided: {
        decided_by: null,
        decided_via: `slip-check:${opts.provider}`,
        decided_at: now(),
        slip_check: "verified",
      },
    });
    await releaseUnlessApproved(opts.transRef, bookingId);
    return outcome;
  }

  async function decide(
    bookingId: string,
    payment: PaymentRecord,
    opts: {
      approve: boolean;
      actor: Actor;
      decided: Partial<Pick<PaymentRecord, "decided_by" | "decided_at" | "decided_via" | "slip_check">>;
    },
  ): Promise<DecisionOutcome> {
    const { decided, actor } = opts;
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
    if (isPayFirst(payment) && !target.live) {
      if (isOpenPayment(payment.state)) {
        await payments.transition(bookingId, OPEN_PAYMENT_STATES, "expired");
        // A move's new hold is its machine's to let go (the reaper abandons the move with it).
        if (group) await releaseGroup(bookingId, { reason: "expired", actor });
        else if (booking.state === "HELD" && payment.kind !== "move")
          await release(bookingId, { reason: "expired", actor });
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
        const confirm = await confirmOwn(bookingId, { actor });
        if (confirm) return { kind: "approved", payment: stored, confirm };
      }
      return { kind: "decided", payment: stored };
    }
    if (payment.kind === "request") return { kind: "approved", payment: stored, confirm: confirmOutcomeOf(booking) };
    if (payment.kind === "move") return { kind: "move-approved", payment: stored, booking };
    return { kind: "approved", payment: stored, confirm: await confirm(bookingId, { actor }) };
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

  /**
   * The difference a customer pays first for a move to a dearer tee time (kind `move`, keyed by the
   * move's new booking), recorded before the new hold (which then lasts the payment window); its amount
   * is set once the hold gives the new selling total (`priceMovePayment`).
   */
  async function createMovePayment(
    input: { newBookingId: string; chatId: number; userId: number; agentId: number | null },
    prepay: PrepayInput,
  ): Promise<void> {
    await payments.create({
      bookingId: input.newBookingId,
      kind: "move",
      amount: 0,
      payee: prepay.payee,
      chatId: input.chatId,
      userId: input.userId,
      agentId: input.agentId,
    });
  }

  /**
   * A move's difference once its new tee time is held (satang, the customer's selling prices): asked for
   * when positive; otherwise there is nothing to pay and the payment is cancelled (the move is a plain
   * request). The payment as it stands.
   */
  async function priceMovePayment(newBookingId: string, difference: number): Promise<PaymentRecord | undefined> {
    if (difference > 0) await payments.patch(newBookingId, { amount: difference }, ["pending"]);
    else await payments.transition(newBookingId, ["pending"], "cancelled");
    return payments.get(newBookingId);
  }

  /**
   * A person's Cancel of a hold (a booking's, or a group's by its id), in the money module's order: the
   * customer's pay-first payment ends first (cancelled, only from one of `paymentStates`: a slip with the
   * agent or an approval is never cancelled under them), then the holds are released — so no payment is
   * left open on a hold released, and no hold released under a payment being decided.
   */
  async function cancelHold(
    id: string,
    opts: { reason: ReleaseReason; paymentStates: readonly CancellablePaymentState[]; actor?: Actor },
  ): Promise<CancelHoldOutcome> {
    const payment = await payments.get(id);
    // A move's new hold is its machine's: the move is abandoned (its payment with it), never released here.
    if (payment?.kind === "move") return { kind: "kept", payment };
    const owned = await ownerRefusal(core.options.db, id, "release");
    if (owned) return { kind: "owned", owner: owned };
    if (payment?.kind === "prepay" && !(await payments.transition(id, opts.paymentStates, "cancelled")))
      return { kind: "kept", payment: (await payments.get(id)) ?? payment };
    const how = { reason: opts.reason, ...(opts.actor ? { actor: opts.actor } : {}) };
    const group = await repo.getGroup(id);
    return { kind: "released", release: group ? await releaseGroup(id, how) : await release(id, how) };
  }

  /** An approved prepay whose holds ended with nothing booked: approved → to-return; true when this call moved it. */
  async function notBooked(id: string): Promise<boolean> {
    const { booking: b, group: g } = await payable(id);
    const booked = g ? g.flights.some((f) => f.state === "PAID") : b.state === "PAID";
    return !booked && (await payments.transition(id, ["approved"], "to-return"));
  }

  /**
   * The reaper's call once the holds of a booking or a group (its id) are over: its pay-first payment
   * ends — expired while it waited for the agent's word, or, approved with nothing booked, money to
   * return. Undefined when there is nothing to tell: no such payment, still live, or another call ended it.
   */
  async function settleAfterHolds(id: string): Promise<PaymentEnding | undefined> {
    const payment = await payments.get(id);
    if (!isPayFirst(payment)) return undefined;
    const { live, ...what } = await payable(id);
    if (live) return undefined;
    const stored = async () => (await payments.get(id)) ?? payment;
    if (payment.state === "approved")
      return (await notBooked(id)) ? { kind: "not-booked", payment: await stored(), ...what } : undefined;
    if (payment.state === "expired" && payment.slip_at !== null) return { kind: "told", payment, ...what };
    if (!(await payments.transition(id, OPEN_PAYMENT_STATES, "expired"))) return undefined;
    const slip = payment.state === "submitted" ? "waiting" : payment.state === "rejected" ? "rejected" : "none";
    return { kind: "expired", payment: await stored(), slip, ...what };
  }

  /** The partner's confirm of an approved payment, again (the reaper's retry after the decider's failed). */
  async function retryApprovedConfirm(id: string): Promise<ApprovedRetry | undefined> {
    const payment = await payments.get(id);
    if (payment?.kind !== "prepay" || payment.state !== "approved") return undefined;
    const actor: Actor = "system:reaper";
    if (await repo.getGroup(id)) {
      const outcome = await confirmGroup(id, { actor, ownOutcomeOnly: true });
      return outcome.kind === "busy" ? undefined : { kind: "group", outcome };
    }
    const outcome = await confirmOwn(id, { actor });
    return outcome ? { kind: "booking", outcome } : undefined;
  }

  /**
   * An agent's request to be paid by the customer for a booking (or a group) already made (kind
   * `request`): the selling total (a group's paid tee times together) to `payee`. Idempotent: the
   * existing payment is returned.
   */
  async function requestPayment(bookingId: string, opts: { payee: string; actorId: number }): Promise<PaymentRecord> {
    const { booking: b, group: g } = await payable(bookingId);
    await mayWrite("payment-request", userActor(opts.actorId), g?.group ?? b);
    const owned = await ownerRefusal(core.options.db, b.id, "payment-request");
    if (owned)
      throw new BookingOwnedError(
        b.id,
        owned.side === "trip" ? `trip ${owned.tripId}` : `move ${owned.moveId}`,
        owned.write,
      );
    const sold = g ? g.flights.filter((f) => f.state === "PAID") : [b];
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
  }

  return {
    createPrepayment,
    createMovePayment,
    priceMovePayment,
    cancelHold,
    submitSlip,
    decidePayment,
    approveCheckedSlip,
    /**
     * The booking whose payment accepted this bank reference, if any (a slip carrying it is a duplicate); a trip's
     * instalment is `trip:<trip>:<kind>` (the trips service accepts its own, `acceptSlipRef`).
     */
    acceptedRefOf: (ref: string) => payments.acceptedRefOf(ref),
    /**
     * Accepts a bank reference for something other than a booking's payment (`owner`: a trip's instalment,
     * `trip:<trip>:<kind>`), once across every instance: true when it is `owner`'s, false when another's first.
     */
    acceptSlipRef: (ref: string, owner: string) => payments.acceptRef(ref, owner),
    /** Lets go of a reference `owner` accepted but did not use (its approval did not happen). */
    releaseSlipRef: (ref: string, owner: string) => payments.releaseRef(ref, owner),
    /** What the slip check said of a payment's latest slip, kept while the payment is open. */
    recordSlipCheck: (bookingId: string, said: string) =>
      payments.patch(bookingId, { slip_check: said }, OPEN_PAYMENT_STATES),
    settleAfterHolds,
    retryApprovedConfirm,
    requestPayment,
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
    /** Pay-first payments still open (or approved with nothing booked) whose holds are over (the reaper's sweep). */
    endedUnsettled: () => payments.endedUnsettled(),
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
    paymentNotBooked: notBooked,
    /**
     * A decider marks money to return returned to the customer, once: a payment `to-return` (by its
     * booking's id) or a row of money owed (`owed.ts`, by its id). True when this call did.
     */
    markReturned: async (id: string, actorId: number) => {
      const decided = { decided_by: actorId, decided_at: now() };
      const payment = await payments.get(id);
      if (payment) {
        await mayWrite("mark-returned", userActor(actorId), payment);
        return payments.transition(id, ["to-return"], "returned", decided);
      }
      const owed = await core.owed.get(id);
      if (!owed) return false;
      await mayWrite("mark-returned", userActor(actorId), owed);
      return core.owed.transition(id, ["to-return"], "returned", decided);
    },
    /** Money owed to customers still to return (`owed.ts`), oldest first; what one agent returns when given. */
    owedToReturn: (opts?: { agentId?: number; limit?: number }) => core.owed.listToReturn(opts),
    /** A row of money owed, by its id. */
    owed: (id: string) => core.owed.get(id),
    /** The money owed for a booking (any state). */
    owedOf: (bookingId: string) => core.owed.ofBooking(bookingId),
    /** A prepay whose hold ended: its payment expires (true when this call ended it). */
    expirePayment: (bookingId: string) => payments.transition(bookingId, OPEN_PAYMENT_STATES, "expired"),
  };
}

export type PaymentMachine = ReturnType<typeof createPaymentMachine>;
