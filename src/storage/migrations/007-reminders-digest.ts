import type { Kysely, Migration } from "kysely";

/**
 * After the booking: which reminders went out (one row per booking and offset, claimed before the
 * send, so several instances and restarts never send one twice), which daily digests went out (one
 * row per Bangkok date), and each admin's /digest on|off.
 */
export const afterBooking: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("reminders_sent")
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
      .addColumn("offset_minutes", "integer", (c) => c.notNull())
      .addColumn("claimed_at", "bigint", (c) => c.notNull())
      .addColumn("outcome", "varchar(16)", (c) => c.notNull())
      .addPrimaryKeyConstraint("reminders_sent_pk", ["booking_id", "offset_minutes"])
      .execute();
    await db.schema
      .createTable("digests_sent")
      .addColumn("day", "varchar(10)", (c) => c.primaryKey())
      .addColumn("claimed_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("digest_settings")
      .addColumn("user_id", "bigint", (c) => c.primaryKey())
      .addColumn("enabled", "integer", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("digest_settings").execute();
    await db.schema.dropTable("digests_sent").execute();
    await db.schema.dropTable("reminders_sent").execute();
  },
};
