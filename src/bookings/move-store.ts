/**
 * The ledger's moves of paid bookings (`booking_moves`, migration 018): one row per move, every change a
 * compare-and-set along `MOVE_MOVES` (checked by the compiler and again here), so an approval starts the
 * refund once whatever taps, admins or instances do. Written by the move's machine alone (move.ts).
 */
import type { Kysely, Selectable } from "kysely";
import type { BookingMovesTable, Database, MoveState } from "../storage/schema.js";
import { assertLegalMoves, type MoveTargets } from "./moves.js";
import { recordOwed, type NewOwed } from "./owed.js";

export type MoveRecord = Selectable<BookingMovesTable>;
export type { MoveState };

/** A move not yet over: its saga may still call the partner. */
export const OPEN_MOVE_STATES = ["HOLDING", "HELD", "REFUNDING", "CONFIRMING"] as const satisfies readonly MoveState[];

/** Moves that ended in a period, as the digest counts them (`endedBetween`). */
export interface MovesEnded {
  done: number;
  /** Satang the partner credited back for the done moves' old bookings. */
  refunded: number;
  /** The refund refused: nothing changed. */
  unwound: number;
  /** Refunded, the new tee time not booked. */
  stranded: number;
}

export function createMoveStore(db: Kysely<Database>, now: () => number) {
  const store = {
    get(id: string): Promise<MoveRecord | undefined> {
      return db.selectFrom("booking_moves").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The booking's move not yet over, if any (at most one: a unique index says so). */
    openFor(oldBookingId: string): Promise<MoveRecord | undefined> {
      return db
        .selectFrom("booking_moves")
        .selectAll()
        .where("old_booking_id", "=", oldBookingId)
        .where("state", "in", OPEN_MOVE_STATES)
        .executeTakeFirst();
    },

    /** The move a booking was made by (its new booking) or moved away by (its old), newest first. */
    /** Moves that ended done, unwound or stranded in [from, to) (abandoned ones changed nothing). */
    async endedBetween(from: number, to: number): Promise<MovesEnded> {
      const rows = await db
        .selectFrom("booking_moves")
        .select(["state", "refunded_amount"])
        .where("state", "in", ["DONE", "UNWOUND", "STRANDED"])
        .where("updated_at", ">=", from)
        .where("updated_at", "<", to)
        .execute();
      const count = (state: MoveState) => rows.filter((r) => r.state === state).length;
      return {
        done: count("DONE"),
        refunded: rows.filter((r) => r.state === "DONE").reduce((sum, r) => sum + Number(r.refunded_amount ?? 0), 0),
        unwound: count("UNWOUND"),
        stranded: count("STRANDED"),
      };
    },

    ofBooking(bookingId: string): Promise<MoveRecord[]> {
      return db
        .selectFrom("booking_moves")
        .selectAll()
        .where((eb) => eb.or([eb("old_booking_id", "=", bookingId), eb("new_booking_id", "=", bookingId)]))
        .orderBy("created_at", "desc")
        .execute();
    },

    /**
     * Records a move (HOLDING) unless the booking already has an open one, which is returned with
     * `created: false` — two asking at the same instant meet the unique index on a booking's open move.
     */
    async create(input: {
      id: string;
      oldBookingId: string;
      newBookingId: string;
      requestedBy: number;
    }): Promise<{ created: boolean; move: MoveRecord }> {
      const existing = await store.openFor(input.oldBookingId);
      if (existing) return { created: false, move: existing };
      const at = now();
      const row: MoveRecord = {
        id: input.id,
        old_booking_id: input.oldBookingId,
        new_booking_id: input.newBookingId,
        state: "HOLDING",
        requested_by: input.requestedBy,
        decided_by: null,
        refunded_amount: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      };
      const inserted = await db
        .insertInto("booking_moves")
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { created: true, move: row };
      const winner = (await store.get(input.id)) ?? (await store.openFor(input.oldBookingId));
      if (!winner) throw new Error(`move of ${input.oldBookingId} neither inserted nor found`);
      return { created: false, move: winner };
    },

    /**
     * Moves a move from one of `from` to `to` (applying `set`); true if this call won. `owed`: money the
     * step makes owed to the customer (`owed.ts`), recorded in the same transaction if this call wins.
     */
    async transition<From extends MoveState>(
      id: string,
      from: readonly From[],
      to: NoInfer<MoveTargets<From>>,
      set: Partial<Pick<MoveRecord, "decided_by" | "refunded_amount" | "last_error">> = {},
      owed?: NewOwed,
    ): Promise<boolean> {
      assertLegalMoves("move", from, to);
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("booking_moves")
          .set({ ...set, state: to, updated_at: now() })
          .where("id", "=", id)
          .where("state", "in", from)
          .executeTakeFirst();
        const won = Number(result.numUpdatedRows) === 1;
        if (won && owed) await recordOwed(trx, owed, now());
        return won;
      });
    },

    /**
     * Records fields without a state change while the move is in one of `inStates`; `updated_at` moves
     * too (the step was tried now: the reaper's next try waits its interval from here).
     */
    async patch(
      id: string,
      set: Partial<Pick<MoveRecord, "refunded_amount" | "last_error">>,
      inStates: readonly MoveState[],
    ): Promise<void> {
      await db
        .updateTable("booking_moves")
        .set({ ...set, updated_at: now() })
        .where("id", "=", id)
        .where("state", "in", inStates)
        .execute();
    },

    /** Open moves the reaper looks at: every held one (its new hold may have ended), the others once stale. */
    due(staleBefore: number, limit = 50): Promise<MoveRecord[]> {
      return db
        .selectFrom("booking_moves")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb("state", "=", "HELD"),
            eb.and([eb("state", "in", ["HOLDING", "REFUNDING", "CONFIRMING"]), eb("updated_at", "<=", staleBefore)]),
          ]),
        )
        .orderBy("updated_at")
        .limit(limit)
        .execute();
    },
  };
  return store;
}

export type MoveStore = ReturnType<typeof createMoveStore>;
