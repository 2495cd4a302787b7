import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { CancelRequestsTable, Database } from "../storage/schema.js";

export type CancelRequest = Selectable<CancelRequestsTable>;

/**
 * A decision still `deciding` after this long was interrupted (its process died mid-refund): another
 * admin may take it up. The refund itself is once-only in the ledger, so taking it up never refunds twice.
 */
export const STALE_DECISION_MS = 5 * 60_000;

/** The longest reason kept (characters); a longer one is cut. */
export const REASON_MAX = 300;

/**
 * Cancellation requests: a booker, the agent credited with a booking or a golfer who claimed its copy
 * asks the admins to cancel a paid booking. An admin decides once: the move out of `pending` is a
 * conditional update, so a double tap, two admins or two instances decide it exactly once.
 */
export function createCancelRequests(db: Kysely<Database>, now: () => number) {
  const requests = {
    get(id: string): Promise<CancelRequest | undefined> {
      return db.selectFrom("cancel_requests").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The booking's request still awaiting (or under) an admin's decision, if any. */
    openFor(bookingId: string): Promise<CancelRequest | undefined> {
      return db
        .selectFrom("cancel_requests")
        .selectAll()
        .where("booking_id", "=", bookingId)
        .where("state", "in", ["pending", "deciding"])
        .executeTakeFirst();
    },

    /**
     * Opens a request, unless the booking already has an open one (returned with `created: false`).
     * Two opening at the same instant meet the unique index on the open request of a booking
     * (migration 008): one inserts, the other gets that one back.
     */
    async open(
      bookingId: string,
      requesterId: number,
      reason: string | null,
    ): Promise<{ created: boolean; request: CancelRequest }> {
      const existing = await requests.openFor(bookingId);
      if (existing) return { created: false, request: existing };
      const row: CancelRequest = {
        id: randomUUID(),
        booking_id: bookingId,
        requester_id: requesterId,
        reason: reason === null ? null : reason.slice(0, REASON_MAX),
        state: "pending",
        created_at: now(),
        decided_by: null,
        decided_at: null,
        refunded_amount: null,
      };
      const inserted = await db
        .insertInto("cancel_requests")
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { created: true, request: row };
      const winner = await requests.openFor(bookingId);
      if (!winner) throw new Error(`cancellation request for ${bookingId} neither inserted nor found`);
      return { created: false, request: winner };
    },

    /** Takes the decision on `id` for `adminId`: true for the one caller that moved it out of `pending` (or took up a stale decision). */
    async claim(id: string, adminId: number): Promise<boolean> {
      const at = now();
      const result = await db
        .updateTable("cancel_requests")
        .set({ state: "deciding", decided_by: adminId, decided_at: at })
        .where("id", "=", id)
        .where((eb) =>
          eb.or([
            eb("state", "=", "pending"),
            eb.and([eb("state", "=", "deciding"), eb("decided_at", "<", at - STALE_DECISION_MS)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the decision taken with `claim`. */
    async finish(
      id: string,
      state: "approved" | "declined" | "closed",
      refundedAmount: number | null = null,
    ): Promise<void> {
      await db
        .updateTable("cancel_requests")
        .set({ state, refunded_amount: refundedAmount })
        .where("id", "=", id)
        .where("state", "=", "deciding")
        .execute();
    },

    /** Gives a claimed request back (the refund failed and changed nothing): an admin may decide again. */
    async reopen(id: string): Promise<void> {
      await db
        .updateTable("cancel_requests")
        .set({ state: "pending", decided_by: null, decided_at: null })
        .where("id", "=", id)
        .where("state", "=", "deciding")
        .execute();
    },

    /** Closes the booking's pending requests (it was refunded another way); how many were closed. */
    async closeFor(bookingId: string): Promise<number> {
      const result = await db
        .updateTable("cancel_requests")
        .set({ state: "closed", decided_at: now() })
        .where("booking_id", "=", bookingId)
        .where("state", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Pending requests whose booking is still paid, oldest first. */
    pending(limit = 20): Promise<CancelRequest[]> {
      return db
        .selectFrom("cancel_requests")
        .innerJoin("bookings", "bookings.id", "cancel_requests.booking_id")
        .selectAll("cancel_requests")
        .where("cancel_requests.state", "=", "pending")
        .where("bookings.state", "=", "PAID")
        .orderBy("cancel_requests.created_at")
        .limit(limit)
        .execute();
    },
  };
  return requests;
}

export type CancelRequests = ReturnType<typeof createCancelRequests>;

/** How many requests await an admin's decision (their booking still paid): for the admins' digest. */
export async function countPendingRequests(storage: { db: Kysely<Database> }): Promise<number> {
  const row = await storage.db
    .selectFrom("cancel_requests")
    .innerJoin("bookings", "bookings.id", "cancel_requests.booking_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("cancel_requests.state", "=", "pending")
    .where("bookings.state", "=", "PAID")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
