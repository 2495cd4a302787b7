/**
 * Customers' payments in the ledger (`payments`, `slip_refs`: migration 013; `slip_images`, a payment's
 * slip count: 024): a booking paid by its
 * customer before the partner's credit is spent (kind `prepay`), the difference a customer pays before a
 * move to a dearer tee time goes ahead (kind `move`, keyed by the move's new booking), or an agent's
 * request to be paid for a booking already confirmed (kind `request`). Every change is a compare-and-set
 * on the row's state, so an approval happens once whatever double taps, admins or instances do. Written by the booking
 * service alone (service.ts), which also refuses a partner confirm of a `prepay` booking not approved.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, PaymentState, PaymentsTable, SlipImagesTable } from "../storage/schema.js";
import { assertLegalMoves, type PaymentTargets } from "./moves.js";

export type PaymentRecord = Selectable<PaymentsTable>;
export type { PaymentState };

/** States in which a payment still waits for the agent's word (its hold alive, for a prepay). */
export const OPEN_PAYMENT_STATES = [
  "pending",
  "awaiting",
  "submitted",
  "rejected",
] as const satisfies readonly PaymentState[];
export type OpenPaymentState = (typeof OPEN_PAYMENT_STATES)[number];

/**
 * The kinds a customer pays before the partner spends anything on them (a QR, a slip, the agent's word,
 * then the partner's write), whose end follows their holds' (`settleAfterHolds`).
 */
export const PAY_FIRST_KINDS = ["prepay", "move"] as const satisfies readonly PaymentRecord["kind"][];

/** Whether a payment is paid before the partner spends anything on it (`PAY_FIRST_KINDS`). */
export function isPayFirst(payment: Pick<PaymentRecord, "kind"> | undefined): payment is PaymentRecord {
  return payment !== undefined && (PAY_FIRST_KINDS as readonly string[]).includes(payment.kind);
}

/** Whether a payment still waits for the agent's word. */
export function isOpenPayment(state: PaymentState): state is OpenPaymentState {
  return (OPEN_PAYMENT_STATES as readonly PaymentState[]).includes(state);
}

/** What a customer quotes for a booking (and the QR carries): `FW` + the booking id's first 8 letters and digits. */
export function paymentReference(bookingId: string): string {
  return `FW${bookingId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase()}`;
}

export interface NewPayment {
  bookingId: string;
  kind: PaymentRecord["kind"];
  /** Satang; 0 until the hold gives the selling total. */
  amount: number;
  payee: string;
  chatId: number;
  userId: number;
  agentId: number | null;
}

export function createPaymentsStore(db: Kysely<Database>, now: () => number) {
  const store = {
    get(bookingId: string): Promise<PaymentRecord | undefined> {
      return db.selectFrom("payments").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
    },

    /** Records a payment (idempotent on the booking: a second call changes nothing). */
    async create(input: NewPayment): Promise<void> {
      const at = now();
      await db
        .insertInto("payments")
        .values({
          booking_id: input.bookingId,
          kind: input.kind,
          state: input.kind === "request" ? "awaiting" : "pending",
          amount: input.amount,
          payee: input.payee,
          reference: paymentReference(input.bookingId),
          chat_id: input.chatId,
          user_id: input.userId,
          agent_id: input.agentId,
          slip_file_id: null,
          slip_ref: null,
          slip_reused_of: null,
          slip_at: null,
          decided_by: null,
          decided_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("booking_id").doNothing())
        .execute();
    },

    /** Records fields without a state change, only while the payment is in one of `inStates`. */
    async patch(
      bookingId: string,
      set: Partial<Omit<PaymentRecord, "booking_id" | "state">>,
      inStates: readonly PaymentState[],
    ): Promise<void> {
      await db
        .updateTable("payments")
        .set({ ...set, updated_at: now() })
        .where("booking_id", "=", bookingId)
        .where("state", "in", inStates)
        .execute();
    },

    async setAmount(bookingId: string, amount: number): Promise<void> {
      await db.updateTable("payments").set({ amount }).where("booking_id", "=", bookingId).execute();
    },

    /**
     * Moves a payment from one of `from` to `to` (applying `set`); true if this call won. `to` must be a
     * legal move from every state of `from` (`PAYMENT_MOVES`): checked by the compiler and again here.
     */
    async transition<From extends PaymentState>(
      bookingId: string,
      from: readonly From[],
      to: NoInfer<PaymentTargets<From>>,
      set: Partial<Omit<PaymentRecord, "booking_id" | "state">> = {},
    ): Promise<boolean> {
      assertLegalMoves("payment", from, to);
      const result = await db
        .updateTable("payments")
        .set({ ...set, state: to, updated_at: now() })
        .where("booking_id", "=", bookingId)
        .where("state", "in", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Claims a bank transaction reference for a booking's slip: undefined when it is new (or already
     * this booking's), else the booking that sent it first (a re-used slip). Atomic across instances.
     */
    async claimSlipRef(ref: string, bookingId: string): Promise<string | undefined> {
      await db
        .insertInto("slip_refs")
        .values({ ref, booking_id: bookingId, at: now() })
        .onConflict((oc) => oc.column("ref").doNothing())
        .execute();
      const row = await db.selectFrom("slip_refs").select("booking_id").where("ref", "=", ref).executeTakeFirst();
      return row && row.booking_id !== bookingId ? row.booking_id : undefined;
    },

    /**
     * The booking (or group) whose payment accepted this bank transaction reference, if any (migration 025).
     */
    async acceptedRefOf(ref: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("accepted_slip_refs")
        .select("booking_id")
        .where("ref", "=", ref)
        .executeTakeFirst();
      return row?.booking_id;
    },

    /**
     * Accepts a bank transaction reference as a booking's payment, once across every instance (its
     * primary key): true when it is this booking's (new, or accepted for it before), false when another
     * booking's payment accepted it first.
     */
    async acceptRef(ref: string, bookingId: string): Promise<boolean> {
      await db
        .insertInto("accepted_slip_refs")
        .values({ ref, booking_id: bookingId, at: now() })
        .onConflict((oc) => oc.column("ref").doNothing())
        .execute();
      return (await store.acceptedRefOf(ref)) === bookingId;
    },

    /**
     * Lets go of a reference accepted for a booking whose approval did not happen (its hold ended first,
     * another decision won): the transfer may pay for something else. Another booking's acceptance is kept.
     */
    async releaseRef(ref: string, bookingId: string): Promise<void> {
      await db.deleteFrom("accepted_slip_refs").where("ref", "=", ref).where("booking_id", "=", bookingId).execute();
    },

    /**
     * Counts one more slip for a payment, while it has taken fewer than `max`: true when this slip is
     * admitted (then read and forwarded), false past the limit. Atomic across instances: of slips sent at
     * once, exactly `max` are admitted.
     */
    async admitSlip(bookingId: string, max: number): Promise<boolean> {
      const result = await db
        .updateTable("payments")
        .set((eb) => ({ slip_count: eb("slip_count", "+", 1) }))
        .where("booking_id", "=", bookingId)
        .where("slip_count", "<", max)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Claims a slip image (by `kind`: Telegram's file_unique_id, or its decoded pixels' digest) for a
     * booking's slip: undefined when it is new (or already this booking's), else the booking whose slip
     * it was first (a re-used slip). Atomic across instances.
     */
    async claimSlipImage(
      kind: SlipImagesTable["kind"],
      digest: string,
      bookingId: string,
    ): Promise<string | undefined> {
      await db
        .insertInto("slip_images")
        .values({ kind, digest, booking_id: bookingId, at: now() })
        .onConflict((oc) => oc.columns(["kind", "digest"]).doNothing())
        .execute();
      const row = await db
        .selectFrom("slip_images")
        .select("booking_id")
        .where("kind", "=", kind)
        .where("digest", "=", digest)
        .executeTakeFirst();
      return row && row.booking_id !== bookingId ? row.booking_id : undefined;
    },

    /**
     * The pay-first payment (a booking's, or a move's difference) a customer's slip is for: one still
     * waiting for the agent's word, else their latest, if any.
     */
    openForUser(userId: number): Promise<PaymentRecord | undefined> {
      return db
        .selectFrom("payments")
        .selectAll()
        .where("user_id", "=", userId)
        .where("kind", "in", PAY_FIRST_KINDS)
        .orderBy((eb) => eb.case().when("state", "in", OPEN_PAYMENT_STATES).then(0).else(1).end())
        .orderBy("created_at", "desc")
        .executeTakeFirst();
    },

    /**
     * Pay-first payments still waiting for the agent's word, or approved, whose holds are over with nothing
     * booked: the booking (or the group) released. The reaper's sweep after the holds' own events, so a
     * crash between a release and its payment's end orphans no customer's money. Only payments whose
     * booking was ever released are read (`holds_released_at`, set in the release's own transaction, by
     * `payments_released`): an approved payment stays approved for good once its booking is paid.
     */
    async endedUnsettled(limit = 100): Promise<string[]> {
      const rows = await db
        .selectFrom("payments as p")
        .select("p.booking_id")
        .where("p.holds_released_at", "is not", null)
        .where("p.kind", "in", PAY_FIRST_KINDS)
        .where("p.state", "in", [...OPEN_PAYMENT_STATES, "approved"])
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom("bookings as b")
                .select("b.id")
                .whereRef("b.id", "=", "p.booking_id")
                .where("b.state", "=", "RELEASED"),
            ),
            eb.exists(
              eb
                .selectFrom("booking_groups as g")
                .select("g.id")
                .whereRef("g.id", "=", "p.booking_id")
                .where("g.state", "=", "RELEASED"),
            ),
          ]),
        )
        .orderBy("p.updated_at")
        .limit(limit)
        .execute();
      return rows.map((r) => r.booking_id);
    },

    /** Payments still waiting for the agent's word, oldest first; of one agent's customers when given. */
    /** Payments waiting for a decision, and approved ones whose money is to be returned. */
    listOpen(options: { agentId?: number; limit?: number } = {}): Promise<PaymentRecord[]> {
      let query = db
        .selectFrom("payments")
        .selectAll()
        .where("state", "in", [...OPEN_PAYMENT_STATES, "to-return"])
        .orderBy("created_at")
        .limit(options.limit ?? 30);
      if (options.agentId !== undefined) query = query.where("agent_id", "=", options.agentId);
      return query.execute();
    },
  };
  return store;
}

export type PaymentsStore = ReturnType<typeof createPaymentsStore>;
