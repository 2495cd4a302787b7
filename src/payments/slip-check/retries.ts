/**
 * The slip check's retries, kept in the database (`slip_check_retries`, migration 026) so that a restart or
 * another instance finds them: one per payment whose slip the service asked to be checked again later.
 * A pass claims a row by moving its `due_at` forward from the value it read (one statement, so of two
 * instances only one asks), then reschedules it or forgets it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../storage/schema.js";

export interface SlipCheckRetry {
  bookingId: string;
  qrText: string;
  transRef: string;
  dueAt: number;
  attempts: number;
  /** When the slip arrived (epoch ms). */
  arrivedAt: number;
}

export interface SlipCheckRetries {
  /** Schedules (or moves) the payment's next ask to `dueAt`. */
  schedule(retry: Omit<SlipCheckRetry, "attempts">): Promise<void>;
  /** Up to `limit` retries due at `at`, soonest first. */
  due(at: number, limit?: number): Promise<SlipCheckRetry[]>;
  /** Claims a due retry for `holdMs` (its `due_at` moved, its attempts counted): false when another pass took it. */
  claim(retry: SlipCheckRetry, until: number): Promise<boolean>;
  /** Moves a claimed retry's next ask. */
  reschedule(bookingId: string, dueAt: number): Promise<void>;
  /** Forgets a payment's retry (decided, or left to a person). */
  forget(bookingId: string): Promise<void>;
  /** The payment's retry, if one is scheduled. */
  of(bookingId: string): Promise<SlipCheckRetry | undefined>;
}

type Row = Database["slip_check_retries"];

const toRetry = (r: Row): SlipCheckRetry => ({
  bookingId: r.booking_id,
  qrText: r.qr_text,
  transRef: r.trans_ref,
  dueAt: Number(r.due_at),
  attempts: Number(r.attempts),
  arrivedAt: Number(r.arrived_at),
});

export function createSlipCheckRetries(db: Kysely<Database>): SlipCheckRetries {
  return {
    async schedule(retry) {
      await db
        .insertInto("slip_check_retries")
        .values({
          booking_id: retry.bookingId,
          qr_text: retry.qrText,
          trans_ref: retry.transRef,
          due_at: retry.dueAt,
          attempts: 0,
          arrived_at: retry.arrivedAt,
        })
        .onConflict((oc) =>
          oc.column("booking_id").doUpdateSet({
            qr_text: retry.qrText,
            trans_ref: retry.transRef,
            due_at: retry.dueAt,
            arrived_at: retry.arrivedAt,
          }),
        )
        .execute();
    },
    async due(at, limit = 20) {
      const rows = await db
        .selectFrom("slip_check_retries")
        .selectAll()
        .where("due_at", "<=", at)
        .orderBy("due_at")
        .limit(limit)
        .execute();
      return rows.map(toRetry);
    },
    async claim(retry, until) {
      const result = await db
        .updateTable("slip_check_retries")
        .set({ due_at: until, attempts: retry.attempts + 1 })
        .where("booking_id", "=", retry.bookingId)
        .where("due_at", "=", retry.dueAt)
        .where("attempts", "=", retry.attempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async reschedule(bookingId, dueAt) {
      await db.updateTable("slip_check_retries").set({ due_at: dueAt }).where("booking_id", "=", bookingId).execute();
    },
    async forget(bookingId) {
      await db.deleteFrom("slip_check_retries").where("booking_id", "=", bookingId).execute();
    },
    async of(bookingId) {
      const row = await db
        .selectFrom("slip_check_retries")
        .selectAll()
        .where("booking_id", "=", bookingId)
        .executeTakeFirst();
      return row ? toRetry(row) : undefined;
    },
  };
}
