import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../storage/schema.js";
import type { GroupState } from "../storage/schema.js";
import {
  flightId,
  SETTLED_GROUP_STATES,
  WRITES_IN_FLIGHT,
  type BookingIntentInput,
  type BookingRecord,
  type BookingState,
  type GroupIntentInput,
  type GroupRecord,
} from "./record.js";
import { assertLegalMoves, type BookingTargets, type GroupTargets } from "./moves.js";
import { recordOwed, type NewOwed } from "./owed.js";

/**
 * A compare-and-set state change of one booking: `to` must be a legal move from every state of `from`
 * (`BOOKING_MOVES`), or the call does not compile.
 */
export interface Transition<From extends BookingState = BookingState> {
  from: readonly From[];
  to: NoInfer<BookingTargets<From>>;
  /** Fields written with the change. */
  set?: Partial<Omit<BookingRecord, "id" | "state">>;
  /** Stored with the history row (JSON). */
  detail?: unknown;
  /** Only if the hold runs past this instant (epoch ms). */
  notExpiredAt?: number;
  /** Money this change makes owed to the customer (`owed.ts`), recorded in its transaction if this call wins. */
  owed?: NewOwed;
}

/** A compare-and-set state change of one group: a legal move from every state of `from` (`GROUP_MOVES`). */
export interface GroupTransition<From extends GroupState = GroupState> {
  from: readonly From[];
  to: NoInfer<GroupTargets<From>>;
  set?: Partial<Omit<GroupRecord, "id" | "state">>;
}

/** The row of a booking intent, as first written. */
function intentRow(input: BookingIntentInput, at: number) {
  return {
    id: input.id,
    chat_id: input.chatId,
    user_id: input.userId,
    agent_id: input.agentId ?? null,
    locale: input.locale,
    course_id: input.courseId,
    course_name: input.courseName,
    course_name_th: input.courseNameTH ?? null,
    time_zone: input.timeZone,
    slot_id: input.slotId,
    slot_starts_at: input.slotStartsAt,
    persons: input.persons,
    customer_name: input.customerName,
    customer_email: input.customerEmail,
    customer_mobile: input.customerMobile,
    expected_amount: input.expectedAmount,
    amount: null,
    selling_amount: input.sellingAmount ?? null,
    state: "INTENT" as const,
    reservation_id: null,
    reservation_code: null,
    tx_no: null,
    partner_status: null,
    invoice_id: null,
    caddy_info: input.caddyInfo ? JSON.stringify(input.caddyInfo) : null,
    hold_expires_at: null,
    paid_at: null,
    refunded_amount: null,
    release_reason: null,
    ended_by: null,
    last_error: null,
    created_at: at,
    updated_at: at,
    group_id: input.groupId ?? null,
    flight: input.flight ?? null,
    addition_golfers:
      input.additionGolfers && input.additionGolfers.length > 0 ? JSON.stringify(input.additionGolfers) : null,
  };
}

/** The bookings ledger: rows, compare-and-set transitions, and their history. */
export function createBookingRepository(db: Kysely<Database>, now: () => number) {
  /** Writes one history row, in the transaction `q` that changes the booking (both or neither). */
  async function event(q: Transaction<Database>, bookingId: string, from: string | null, to: string, detail?: unknown) {
    await q
      .insertInto("booking_events")
      .values({
        id: randomUUID(),
        booking_id: bookingId,
        at: now(),
        from_state: from,
        to_state: to,
        detail: detail === undefined ? null : JSON.stringify(detail),
      })
      .execute();
  }

  /**
   * Moves `id` from one of `from` to `to` and applies `set`, only if it is still in one of `from` (and,
   * with `notExpiredAt`, only if its hold runs past that instant); a move not in `BOOKING_MOVES` throws
   * `IllegalMoveError` before the ledger changes. The change and its history row are one transaction.
   */
  async function moveBooking(
    id: string,
    move: Omit<Transition, "from" | "to"> & { from: readonly BookingState[]; to: BookingState },
  ): Promise<boolean> {
    const { from, to, set = {}, detail, notExpiredAt, owed } = move;
    assertLegalMoves("booking", from, to);
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("bookings")
        .select(["state", "group_id"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!current || !from.includes(current.state)) return false;
      let query = trx
        .updateTable("bookings")
        .set({ ...set, state: to, updated_at: now() })
        .where("id", "=", id)
        .where("state", "in", from);
      if (notExpiredAt !== undefined) query = query.where("hold_expires_at", ">", notExpiredAt);
      const result = await query.executeTakeFirst();
      const won = Number(result.numUpdatedRows) === 1;
      if (won) await event(trx, id, current.state, to, detail);
      if (won && owed) await recordOwed(trx, owed, now());
      // The customer's pay-first payment (the booking's, or its group's) is marked in the same transaction:
      // the reaper's sweep for payments whose holds ended unsettled reads only marked ones.
      if (won && to === "RELEASED") {
        await trx
          .updateTable("payments")
          .set({ holds_released_at: now() })
          .where("booking_id", "in", current.group_id === null ? [id] : [id, current.group_id])
          .execute();
      }
      return won;
    });
  }

  return {
    /**
     * Records the intent; a second call with the same id returns the stored row unchanged. The row and
     * its first history entry are one transaction.
     */
    async createIntent(input: BookingIntentInput): Promise<BookingRecord> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("bookings")
          .values(intentRow(input, at))
          .onConflict((oc) => oc.column("id").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) await event(trx, input.id, null, "INTENT");
      });
      const row = await this.get(input.id);
      if (!row) throw new Error(`booking ${input.id} vanished after insert`);
      return row;
    },

    get(id: string): Promise<BookingRecord | undefined> {
      return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
    },

    findByReservation(idOrCode: string): Promise<BookingRecord | undefined> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where((eb) => eb.or([eb("reservation_id", "=", idOrCode), eb("reservation_code", "=", idOrCode)]))
        .executeTakeFirst();
    },

    /**
     * Moves `id` from one of `from` to `to` and applies `set`, only if it is still in one of `from`
     * (and, with `notExpiredAt`, only if its hold runs past that instant). True if this call won.
     * The change and its history row (with `detail`) are one transaction: a crash or a failed history
     * write between them cannot leave a state change without its event.
     */
    transition<From extends BookingState>(id: string, move: Transition<From>): Promise<boolean> {
      return moveBooking(id, move);
    },

    /**
     * `transition` for a move that data decides at run time (the partner's word on a reservation): the
     * table is asked first (`isLegalMove`), and the move checked again here as every other.
     */
    transitionTo(id: string, move: Omit<Transition, "from" | "to"> & { from: BookingState; to: BookingState }) {
      return moveBooking(id, { ...move, from: [move.from] });
    },

    /** Marks a PAID booking's follow-up as claimed; true for the one caller that won. */
    async claimPaidFollowup(id: string): Promise<boolean> {
      const result = await db
        .updateTable("bookings")
        .set({ paid_followup_at: now() })
        .where("id", "=", id)
        .where("state", "=", "PAID")
        .where("paid_followup_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Updates fields without a state change (e.g. a fresher partner status). With `inStates`, only if
     * the row is still in one of them: a partner read taken before another call moved the row on must
     * not overwrite what that call recorded.
     */
    async patch(
      id: string,
      set: Partial<Omit<BookingRecord, "id" | "state">>,
      inStates?: readonly BookingState[],
    ): Promise<void> {
      // `updated_at` dates the last state change (the reaper's staleness clock): a patch leaves it.
      let query = db.updateTable("bookings").set(set).where("id", "=", id);
      if (inStates) query = query.where("state", "in", inStates);
      await query.execute();
    },

    /**
     * Holds whose time is up (a confirm or release still unanswered included), and writes that have been in flight
     * longer than `staleBefore`, and a booking's intents recorded before `staleBefore` that no reserve took up.
     */
    async dueForReaping(at: number, staleBefore: number): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "in", ["HELD", "CONFIRMING", "RELEASING"]), eb("hold_expires_at", "<=", at)]),
            eb.and([eb("state", "in", WRITES_IN_FLIGHT), eb("updated_at", "<=", staleBefore)]),
            // An intent whose reserve never started (a crash or a lost connection between its row and the
            // reserve's first move); a group's flights are its group's (`groupsDue`).
            eb.and([eb("state", "=", "INTENT"), eb("group_id", "is", null), eb("updated_at", "<=", staleBefore)]),
          ]),
        )
        .orderBy("updated_at")
        .limit(100)
        .execute();
    },

    /**
     * The payments (a booking's or a group's id) its customer paid first, approved, whose holds still
     * stand unconfirmed at the partner: an approval whose confirm failed (no credit, the partner down).
     * Read from the live holds (few), not from every approved payment ever made.
     */
    async approvedUnconfirmed(): Promise<string[]> {
      const rows = await db
        .selectFrom("bookings")
        .innerJoin("payments", (join) =>
          join.on((eb) => eb("payments.booking_id", "=", eb.fn.coalesce("bookings.group_id", "bookings.id"))),
        )
        .select(["bookings.id", "bookings.group_id"])
        .where("bookings.state", "=", "HELD")
        .where("payments.kind", "=", "prepay")
        .where("payments.state", "=", "approved")
        .orderBy("bookings.hold_expires_at")
        .limit(100)
        .execute();
      return [...new Set(rows.map((r) => r.group_id ?? r.id))];
    },

    /**
     * How many holds `userId` has now (held, being placed or being paid), a group counting once, besides
     * the booking or group `except`.
     */
    async liveHoldsOf(userId: number, except: string): Promise<number> {
      const rows = await db
        .selectFrom("bookings")
        .select(["id", "group_id"])
        .where("user_id", "=", userId)
        .where("state", "in", ["RESERVING", "HELD", "CONFIRMING"])
        .execute();
      return new Set(rows.map((r) => r.group_id ?? r.id).filter((key) => key !== except)).size;
    },

    /**
     * The chat's booking that still has a live hold or a write in flight, newest first. A move's new
     * tee time is not the chat's: its move owns it (`ownership.ts`), whatever else the chat does.
     */
    activeForChat(chatId: number): Promise<BookingRecord | undefined> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where("chat_id", "=", chatId)
        .where("state", "in", ["INTENT", "RESERVING", "HELD", "CONFIRMING"])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("booking_moves").select("id").whereRef("booking_moves.new_booking_id", "=", "bookings.id"),
            ),
          ),
        )
        .orderBy("created_at", "desc")
        .executeTakeFirst();
    },

    listForUser(userId: number, limit = 10): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where("user_id", "=", userId)
        .where("state", "not in", ["INTENT"])
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
    },

    history(id: string) {
      return db.selectFrom("booking_events").selectAll().where("booking_id", "=", id).orderBy("at").execute();
    },

    /**
     * Records a group and its flights' intents in one transaction (flight ids `<group>-<n>`); a second
     * call with the same id changes nothing. Returns whether this call made it.
     */
    async createGroup(input: GroupIntentInput): Promise<boolean> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("booking_groups")
          .values({
            id: input.id,
            chat_id: input.chatId,
            user_id: input.userId,
            agent_id: input.agentId ?? null,
            locale: input.locale,
            course_id: input.courseId,
            course_name: input.courseName,
            course_name_th: input.courseNameTH ?? null,
            time_zone: input.timeZone,
            persons: input.flights.reduce((sum, f) => sum + f.persons, 0),
            flights: input.flights.length,
            customer_name: input.customerName,
            customer_email: input.customerEmail,
            customer_mobile: input.customerMobile,
            expected_amount: input.flights.reduce((sum, f) => sum + f.expectedAmount, 0),
            state: "INTENT",
            last_error: null,
            created_at: at,
            updated_at: at,
            settled_at: null,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
        for (const [i, f] of input.flights.entries()) {
          const id = flightId(input.id, i + 1);
          const { flights: _flights, id: _id, ...common } = input;
          await trx
            .insertInto("bookings")
            .values(intentRow({ ...common, ...f, id, groupId: input.id, flight: i + 1 }, at))
            .execute();
          await event(trx, id, null, "INTENT", { group: input.id, flight: i + 1 });
        }
        return true;
      });
    },

    getGroup(id: string): Promise<GroupRecord | undefined> {
      return db.selectFrom("booking_groups").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** A group's flights, earliest first. */
    flightsOf(groupId: string): Promise<BookingRecord[]> {
      return db.selectFrom("bookings").selectAll().where("group_id", "=", groupId).orderBy("flight").execute();
    },

    /**
     * Moves a group from one of `from` to `to` (applying `set`), only if it is still in one of `from`;
     * true if this call won. `updated_at` is the group's last step; `settled_at` is set on a settled state.
     */
    async transitionGroup<From extends GroupState>(id: string, move: GroupTransition<From>): Promise<boolean> {
      assertLegalMoves("group", move.from, move.to);
      const at = now();
      const settled = SETTLED_GROUP_STATES.includes(move.to) ? { settled_at: at } : {};
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("booking_groups")
          .set({ ...move.set, ...settled, state: move.to, updated_at: at })
          .where("id", "=", id)
          .where("state", "in", move.from)
          .executeTakeFirst();
        const won = Number(result.numUpdatedRows) === 1;
        // Its payment is marked for the reaper's sweep as a released booking's is (`moveBooking`): a group
        // whose flights all failed to reserve is released with no flight released.
        if (won && move.to === "RELEASED")
          await trx.updateTable("payments").set({ holds_released_at: at }).where("booking_id", "=", id).execute();
        return won;
      });
    },

    /** Marks a step of the group's operation (a flight held or paid): it is still under way. */
    async touchGroup(id: string, inStates: readonly GroupState[]): Promise<void> {
      await db
        .updateTable("booking_groups")
        .set({ updated_at: now() })
        .where("id", "=", id)
        .where("state", "in", inStates)
        .execute();
    },

    async patchGroup(id: string, set: Partial<Omit<GroupRecord, "id" | "state">>): Promise<void> {
      await db.updateTable("booking_groups").set(set).where("id", "=", id).execute();
    },

    /**
     * Groups the reaper settles: an operation (holding, confirming) not heard from since `staleBefore`,
     * a group recorded but never held by then (a cut between its rows and its first reserve), or a held
     * group one of whose flights is no longer held (its hold ended, it was released).
     */
    groupsDue(staleBefore: number): Promise<GroupRecord[]> {
      return db
        .selectFrom("booking_groups as g")
        .selectAll("g")
        .where((eb) =>
          eb.or([
            eb.and([eb("g.state", "in", ["INTENT", "HOLDING", "CONFIRMING"]), eb("g.updated_at", "<=", staleBefore)]),
            eb.and([
              eb("g.state", "=", "HELD"),
              eb.exists(
                eb
                  .selectFrom("bookings as b")
                  .select("b.id")
                  .whereRef("b.group_id", "=", "g.id")
                  .where("b.state", "!=", "HELD"),
              ),
            ]),
          ]),
        )
        .orderBy("g.updated_at")
        .limit(50)
        .execute();
    },

    listGroupsForUser(userId: number, limit = 10): Promise<GroupRecord[]> {
      return db
        .selectFrom("booking_groups")
        .selectAll()
        .where("user_id", "=", userId)
        .where("state", "!=", "INTENT")
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
    },

    /** Distinct recent customers of a user, newest first (for "reuse a customer"). */
    async recentCustomers(userId: number, limit = 5) {
      const rows = await db
        .selectFrom("bookings")
        .select(["customer_name", "customer_email", "customer_mobile", "created_at"])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(50)
        .execute();
      const seen = new Set<string>();
      const out: { name: string; email: string; mobile: string }[] = [];
      for (const r of rows) {
        const key = `${r.customer_name}|${r.customer_email}|${r.customer_mobile}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ name: r.customer_name, email: r.customer_email, mobile: r.customer_mobile });
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
