/**
 * What the money module's three machines (a booking, a group, a customer's payment: `booking.ts`,
 * `group.ts`, `customer-payment.ts`) share: the ledger's tables, the partner, the clock, the service's
 * access rule, and the audited partner write. Built once per service by `createMoneyCore`.
 */
import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import type { PartnerClient } from "../partner/index.js";
import type { Reservation } from "../partner/types.js";
import type { Database } from "../storage/schema.js";
import type { PriceBook } from "../pricing/rules.js";
import {
  AccessRefusedError,
  type HoldRefusal,
  type HoldRequest,
  type WriteRefusal,
  type WriteRequest,
} from "../access/index.js";
import { createAuditLog, type Actor } from "./audit.js";
import { createOwedStore } from "./owed.js";
import { createPaymentsStore } from "./payments.js";
import type { BookingRecord, BookingState, GroupView } from "./record.js";
import { createBookingRepository, type Transition } from "./repository.js";
import { errorJSON } from "./write-failure.js";

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
  /** Slips one payment takes (SLIPS_PER_PAYMENT, default 3); the next is refused before it is read. */
  slipsPerPayment?: number;
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

export function createMoneyCore(options: BookingServiceOptions) {
  const { partner, logger } = options;
  const now = options.now ?? Date.now;
  const repo = createBookingRepository(options.db, now);
  const audit = createAuditLog(options.db, now);
  const payments = createPaymentsStore(options.db, now);
  const owed = createOwedStore(options.db, now);

  /** Throws `AccessRefusedError` when the write policy refuses `actor` this write on `of`. */
  async function mayWrite(
    kind: WriteRequest["kind"],
    actor: Actor,
    of: { user_id: number | string; agent_id: number | string | null; requested_by?: number | string },
  ): Promise<void> {
    if (!options.writePolicy || !actor.startsWith("user:")) return;
    const req: WriteRequest = {
      kind,
      actorId: Number(actor.slice("user:".length)),
      userId: Number(of.user_id),
      agentId: of.agent_id === null ? null : Number(of.agent_id),
      ...(of.requested_by !== undefined ? { requestedBy: Number(of.requested_by) } : {}),
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

  async function loadGroup(id: string): Promise<GroupView> {
    const group = await repo.getGroup(id);
    if (!group) throw new Error(`unknown group ${id}`);
    return { group, flights: await repo.flightsOf(id) };
  }

  /** A compare-and-set move of one booking (`BOOKING_MOVES`); true if this call won. */
  const move = <From extends BookingState>(id: string, transition: Transition<From>) => repo.transition(id, transition);

  /** Makes a partner write and records it in the audit log, whatever its outcome. */
  async function write(
    action: string,
    actor: Actor,
    booking: BookingRecord,
    call: () => Promise<Reservation>,
  ): Promise<Reservation> {
    let answered: Reservation | undefined;
    try {
      const r = await call();
      answered = r;
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
      // The partner answered but the database took no record of it (unreachable): the caller is told what
      // the answer was, so it can undo what no ledger will show.
      if (answered) throw new UnrecordedAnswer(answered, error);
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

  return {
    options,
    partner,
    logger,
    now,
    repo,
    audit,
    payments,
    owed,
    holdMs: options.holdMinutes * 60_000,
    paymentWindowMs: (options.paymentWindowMinutes ?? options.holdMinutes) * 60_000,
    writeWindowMs: options.writeWindowMs ?? 10_000,
    slipsPerPayment: options.slipsPerPayment ?? 3,
    mayWrite,
    load,
    loadGroup,
    move,
    write,
  };
}

export type MoneyCore = ReturnType<typeof createMoneyCore>;

/** A partner write that was answered (`answer`) but whose answer could not be recorded (`cause`). */
export class UnrecordedAnswer extends Error {
  constructor(
    readonly answer: Reservation,
    cause: unknown,
  ) {
    super("the partner's answer could not be recorded", { cause });
    this.name = "UnrecordedAnswer";
  }
}
