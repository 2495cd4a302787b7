import type { Kysely, Migration } from "kysely";

/** The bookings ledger: one row per booking intent, and its status history. Plus update de-duplication. */
export const bookings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("bookings")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("chat_id", "bigint", (c) => c.notNull())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("agent_id", "bigint")
      .addColumn("locale", "varchar(8)", (c) => c.notNull())
      .addColumn("course_id", "varchar(128)", (c) => c.notNull())
      .addColumn("course_name", "text", (c) => c.notNull())
      .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
      .addColumn("slot_id", "varchar(128)", (c) => c.notNull())
      .addColumn("slot_starts_at", "bigint", (c) => c.notNull())
      .addColumn("persons", "integer", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("customer_email", "text", (c) => c.notNull())
      .addColumn("customer_mobile", "text", (c) => c.notNull())
      .addColumn("expected_amount", "bigint", (c) => c.notNull())
      .addColumn("amount", "bigint")
      .addColumn("state", "varchar(32)", (c) => c.notNull())
      .addColumn("reservation_id", "varchar(128)", (c) => c.unique())
      .addColumn("reservation_code", "varchar(128)")
      .addColumn("tx_no", "varchar(128)")
      .addColumn("partner_status", "varchar(32)")
      .addColumn("invoice_id", "varchar(128)")
      .addColumn("caddy_info", "text")
      .addColumn("hold_expires_at", "bigint")
      .addColumn("paid_at", "bigint")
      .addColumn("refunded_amount", "bigint")
      .addColumn("release_reason", "varchar(32)")
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("bookings_state_expiry").on("bookings").columns(["state", "hold_expires_at"]).execute();
    await db.schema.createIndex("bookings_user_created").on("bookings").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("bookings_chat_state").on("bookings").columns(["chat_id", "state"]).execute();

    await db.schema
      .createTable("booking_events")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("from_state", "varchar(32)")
      .addColumn("to_state", "varchar(32)", (c) => c.notNull())
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("booking_events_booking").on("booking_events").columns(["booking_id", "at"]).execute();

    await db.schema
      .createTable("processed_updates")
      .addColumn("bot_id", "bigint", (c) => c.notNull())
      .addColumn("update_id", "bigint", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("processed_updates_pk", ["bot_id", "update_id"])
      .execute();
    await db.schema.createIndex("processed_updates_at").on("processed_updates").column("at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("processed_updates").execute();
    await db.schema.dropTable("booking_events").execute();
    await db.schema.dropTable("bookings").execute();
  },
};
