import type { Kysely, Migration } from "kysely";

/**
 * Groups: one party booked as several tee times at one course on one date. A group row ties its
 * flights (each an ordinary booking, `bookings.group_id`, numbered by `flight`), and records where the
 * group's own operation is (holding, held, confirming, settled), so the reaper can finish what a
 * crash interrupted. `addition_golfers` is the flight's optional player names (JSON), sent to the
 * partner as `additionGolfer`.
 */
export const groups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("booking_groups")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("chat_id", "bigint", (c) => c.notNull())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("agent_id", "bigint")
      .addColumn("locale", "varchar(8)", (c) => c.notNull())
      .addColumn("course_id", "varchar(128)", (c) => c.notNull())
      .addColumn("course_name", "text", (c) => c.notNull())
      .addColumn("course_name_th", "text")
      .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
      .addColumn("persons", "integer", (c) => c.notNull())
      .addColumn("flights", "integer", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("customer_email", "text", (c) => c.notNull())
      .addColumn("customer_mobile", "text", (c) => c.notNull())
      .addColumn("expected_amount", "bigint", (c) => c.notNull())
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("settled_at", "bigint")
      .execute();
    await db.schema.createIndex("booking_groups_state").on("booking_groups").columns(["state", "updated_at"]).execute();
    await db.schema
      .createIndex("booking_groups_user")
      .on("booking_groups")
      .columns(["user_id", "created_at"])
      .execute();

    await db.schema.alterTable("bookings").addColumn("group_id", "varchar(64)").execute();
    await db.schema.alterTable("bookings").addColumn("flight", "integer").execute();
    await db.schema.alterTable("bookings").addColumn("addition_golfers", "text").execute();
    await db.schema.createIndex("bookings_group").on("bookings").column("group_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("bookings_group").execute();
    await db.schema.alterTable("bookings").dropColumn("addition_golfers").execute();
    await db.schema.alterTable("bookings").dropColumn("flight").execute();
    await db.schema.alterTable("bookings").dropColumn("group_id").execute();
    await db.schema.dropTable("booking_groups").execute();
  },
};
