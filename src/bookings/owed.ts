/**
 * Money owed to customers (`money_owed`, migration 023; its legal moves in `OWED_MOVES`), beside the
 * payments a customer made (`payments.ts`, whose own `to-return` is an approved payment that booked
 * nothing). A row is recorded `to-return` by the step that made the money owed, in that step's
 * transaction, keyed by what made it owed, so a step replayed or resumed by the reaper records it once:
 *
 * - `stranded` (`s-<move>`): a move refunded the old booking and never booked the new tee time — what the
 *   customer paid for the old booking (its selling amount), recorded with the move's STRANDED;
 * - `difference` (`d-<move>`): a move to a cheaper tee time done — old selling − new selling, recorded
 *   with the move's DONE;
 * - `refund` (`r-<booking>`): a booking refunded by anything but its own move (an admin's refund, a
 *   cancellation approved, the partner's word) — the customer's share of the partner's credit (the same
 *   proportion of what they paid; their whole payment when the credit is unknown), recorded with the
 *   booking's REFUNDED (not for a trip's round: the trip's customer paid the trip);
 * - `trip` (`t-<trip>`): a trip cancelled — what its cancellation ladder returns (`src/trips/`), recorded
 *   with the trip's CANCELLED; `booking_id` is the trip's id;
 * - `trip-round` (`tr-<round>`): a trip's booked round the course ended — what the customer paid beyond the
 *   trip's new price (`src/trips/`), recorded with the round's COURSE_ENDED; `booking_id` is the round's booking.
 *
 * Whether the customer paid through fairway (`paid_via`): a pay-first payment or a payment request of the
 * booking (or of its group, or of the booking it was moved from) approved. Otherwise fairway recorded no
 * payment of theirs: the agent collected it outside fairway, so the money is taken as probably owed, at
 * the selling amount recorded, and listed so someone decides. Who returns it is the agent credited with
 * the payment (else with the booking), or the agency's admins when there is none.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, MoneyOwedTable, OwedReason, OwedState } from "../storage/schema.js";
import { assertLegalMoves, type OwedTargets } from "./moves.js";
import { paymentReference } from "./payments.js";
import type { BookingRecord } from "./record.js";

export type OwedRecord = Selectable<MoneyOwedTable>;
export type { OwedReason, OwedState };

/** A row of money owed, as its step records it. */
export type NewOwed = Omit<OwedRecord, "state" | "decided_by" | "decided_at" | "created_at" | "updated_at">;

type Money = Pick<BookingRecord, "amount" | "expected_amount" | "selling_amount">;

/** The row's id: what made the money owed (one row however often the step runs). */
export const owedId = {
  stranded: (moveId: string) => `s-${moveId}`,
  difference: (moveId: string) => `d-${moveId}`,
  refund: (bookingId: string) => `r-${bookingId}`,
  trip: (tripId: string) => `t-${tripId}`,
  "trip-round": (roundId: string) => `tr-${roundId}`,
} as const satisfies Record<OwedReason, (id: string) => string>;

/** Satang the customer pays for a booking: its selling amount (the net when none was recorded). */
export function sellingOf(b: Money): number {
  return b.selling_amount ?? b.amount ?? b.expected_amount;
}

/**
 * The customer's share of a refund the partner credited (`credited` satang of the net): the same
 * proportion of what they paid, never more; their whole payment when the credit is unknown (null).
 */
export function customerShareOf(b: Money, credited: number | null): number {
  const selling = sellingOf(b);
  if (credited === null) return selling;
  const net = b.amount ?? b.expected_amount;
  if (net <= 0) return 0;
  return Math.min(selling, Math.round((selling * credited) / net));
}

/** Records `row` to-return in `q` (the transaction of the step that made it owed); nothing when it is 0. */
export async function recordOwed(q: Kysely<Database> | Transaction<Database>, row: NewOwed, at: number): Promise<void> {
  if (row.amount <= 0) return;
  await q
    .insertInto("money_owed")
    .values({ ...row, state: "to-return", decided_by: null, decided_at: null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** Satang of the rows `ids` (those recorded), read in `q` (a caller's transaction sees its own rows). */
export async function owedTotal(q: Kysely<Database> | Transaction<Database>, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await q.selectFrom("money_owed").select("amount").where("id", "in", ids).execute();
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
}

export function createOwedStore(db: Kysely<Database>, now: () => number) {
  /**
   * How the customer paid for `booking`: through fairway when a `prepay` or `request` payment of it, of
   * its group, or of a booking a done move took it from, is approved (that payment's agent and
   * reference), else outside fairway (the booking's agent, its own reference).
   */
  async function paidBy(
    booking: BookingRecord,
  ): Promise<Pick<NewOwed, "paid_via" | "agent_id" | "reference" | "chat_id" | "user_id">> {
    const ids = new Set<string>();
    let id: string | undefined = booking.id;
    while (id !== undefined && !ids.has(id)) {
      ids.add(id);
      const from = await db
        .selectFrom("booking_moves")
        .select("old_booking_id")
        .where("new_booking_id", "=", id)
        .where("state", "=", "DONE")
        .executeTakeFirst();
      id = from?.old_booking_id;
    }
    const groups = await db
      .selectFrom("bookings")
      .select("group_id")
      .where("id", "in", [...ids])
      .where("group_id", "is not", null)
      .execute();
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("booking_id", "in", [...ids, ...groups.map((g) => g.group_id!)])
      .where("kind", "in", ["prepay", "request"])
      .where("state", "=", "approved")
      .orderBy("created_at")
      .executeTakeFirst();
    const customer = { chat_id: booking.chat_id, user_id: booking.user_id };
    return payment
      ? {
          paid_via: "fairway",
          agent_id: payment.agent_id ?? booking.agent_id,
          reference: payment.reference,
          ...customer,
        }
      : { paid_via: "outside", agent_id: booking.agent_id, reference: paymentReference(booking.id), ...customer };
  }

  const store = {
    /** What a move stranded owes: the customer's payment of its old booking (`old`), its selling amount. */
    async stranded(moveId: string, old: BookingRecord): Promise<NewOwed> {
      return {
        id: owedId.stranded(moveId),
        reason: "stranded",
        booking_id: old.id,
        move_id: moveId,
        amount: sellingOf(old),
        ...(await paidBy(old)),
      };
    },

    /** What a done move owes: the difference when the new tee time sells for less than the old. */
    async difference(moveId: string, old: BookingRecord, next: BookingRecord): Promise<NewOwed> {
      const amount = Math.max(0, sellingOf(old) - sellingOf(next));
      return {
        id: owedId.difference(moveId),
        reason: "difference",
        booking_id: old.id,
        move_id: moveId,
        amount,
        ...(await paidBy(old)),
      };
    },

    /**
     * What a refund of `booking` (not its move's) owes: the customer's share of `credited`. Undefined when
     * fairway never took the booking for paid (`wasPaid` false) and no payment of theirs was approved.
     */
    async refund(booking: BookingRecord, credited: number | null, wasPaid: boolean): Promise<NewOwed | undefined> {
      // A trip's round: the customer paid the trip, whose cancellation ladder records what is owed (`t-<trip>`).
      const ofTrip = await db
        .selectFrom("trip_rounds")
        .select("id")
        .where("booking_id", "=", booking.id)
        .executeTakeFirst();
      if (ofTrip) return undefined;
      const paid = await paidBy(booking);
      if (paid.paid_via === "outside" && !wasPaid) return undefined;
      return {
        id: owedId.refund(booking.id),
        reason: "refund",
        booking_id: booking.id,
        move_id: null,
        amount: customerShareOf(booking, credited),
        ...paid,
      };
    },

    get(id: string): Promise<OwedRecord | undefined> {
      return db.selectFrom("money_owed").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Moves a row from one of `from` to `to` (`OWED_MOVES`, checked again here); true if this call won. */
    async transition<From extends OwedState>(
      id: string,
      from: readonly From[],
      to: NoInfer<OwedTargets<From>>,
      set: Partial<Pick<OwedRecord, "decided_by" | "decided_at">> = {},
    ): Promise<boolean> {
      assertLegalMoves("owed", from, to);
      const result = await db
        .updateTable("money_owed")
        .set({ ...set, state: to, updated_at: now() })
        .where("id", "=", id)
        .where("state", "in", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Money still to return, oldest first; what one agent returns when given (the agency's when null). */
    listToReturn(options: { agentId?: number; limit?: number } = {}): Promise<OwedRecord[]> {
      let query = db
        .selectFrom("money_owed")
        .selectAll()
        .where("state", "=", "to-return")
        .orderBy("created_at")
        .limit(options.limit ?? 30);
      if (options.agentId !== undefined) query = query.where("agent_id", "=", options.agentId);
      return query.execute();
    },

    /** The money owed for a booking (any state). */
    ofBooking(bookingId: string): Promise<OwedRecord[]> {
      return db
        .selectFrom("money_owed")
        .selectAll()
        .where("booking_id", "=", bookingId)
        .orderBy("created_at")
        .execute();
    },
  };
  return store;
}

export type OwedStore = ReturnType<typeof createOwedStore>;
