import type { Kysely, Migration } from "kysely";

/**
 * The slip check's durable retries: a slip the service answered "the bank has not said yet, ask again in N
 * minutes" (SlipOK 1010) is asked again by the leader at `due_at`, within the payment's hold, until it is
 * decided or the hold is about to lapse (then a person decides). One row per payment (its booking or
 * group id); `qr_text` is the slip's QR as read (what the service is asked again), `arrived_at` the slip's
 * arrival (the time to its confirmation), `attempts` the asks made. A pass claims a row by moving its
 * `due_at` from the value it read: two instances, or a restart, never ask twice for the same turn.
 */
export const slipCheckRetries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("slip_check_retries")
      .addColumn("booking_id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("qr_text", "varchar(512)", (c) => c.notNull())
      .addColumn("trans_ref", "varchar(128)", (c) => c.notNull())
      .addColumn("due_at", "bigint", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("arrived_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("slip_check_retries_due").on("slip_check_retries").column("due_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("slip_check_retries").execute();
  },
};
