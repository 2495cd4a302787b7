import type { Kysely, Migration } from "kysely";

/**
 * Trips (`src/trips/`): several rounds for one party over several days, sold by an agent to a lead
 * customer with a deposit and a balance. `trips` holds the trip, its state and what was frozen at sale
 * (deposit rule, balance lead, cancellation ladder as JSON); `trip_players` its roster; `trip_rounds` its
 * rounds (a course, a day, a tee time, players, the selling price, and the booking or group made for it);
 * `trip_lines` the agency's own priced lines (hotel, transfer, caddie package); `trip_instalments` the
 * deposit and the balance, each with its amount, due day and state. Amounts are satang.
 */
export const trips: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("trips")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("agent_id", "bigint", (c) => c.notNull())
      .addColumn("lead_name", "varchar(128)", (c) => c.notNull())
      .addColumn("lead_email", "varchar(256)", (c) => c.notNull())
      .addColumn("lead_mobile", "varchar(32)", (c) => c.notNull())
      .addColumn("locale", "varchar(8)", (c) => c.notNull())
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("deposit_kind", "varchar(8)", (c) => c.notNull())
      .addColumn("deposit_value", "bigint", (c) => c.notNull())
      .addColumn("balance_days_before", "integer", (c) => c.notNull())
      .addColumn("ladder", "varchar(512)", (c) => c.notNull())
      .addColumn("customer_chat_id", "bigint")
      .addColumn("customer_user_id", "bigint")
      .addColumn("accepted_at", "bigint")
      .addColumn("cancelled_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("trips_agent").on("trips").columns(["agent_id", "created_at"]).execute();
    await db.schema.createIndex("trips_customer").on("trips").column("customer_user_id").execute();

    await db.schema
      .createTable("trip_players")
      .addColumn("trip_id", "varchar(64)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("name", "varchar(128)", (c) => c.notNull())
      .addColumn("handicap", "integer")
      .addColumn("locale", "varchar(8)", (c) => c.notNull())
      .addColumn("phone", "varchar(32)")
      .addPrimaryKeyConstraint("trip_players_pk", ["trip_id", "position"])
      .execute();

    await db.schema
      .createTable("trip_rounds")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("trip_id", "varchar(64)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("course_id", "varchar(64)", (c) => c.notNull())
      .addColumn("course_name", "varchar(256)", (c) => c.notNull())
      .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("tee_time", "varchar(5)", (c) => c.notNull())
      .addColumn("slot_id", "varchar(64)")
      .addColumn("starts_at", "bigint")
      .addColumn("players", "integer", (c) => c.notNull())
      .addColumn("selling_amount", "bigint", (c) => c.notNull())
      .addColumn("net_amount", "bigint")
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("booking_id", "varchar(64)")
      .addColumn("last_error", "varchar(512)")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("trip_rounds_trip")
      .on("trip_rounds")
      .columns(["trip_id", "position"])
      .unique()
      .execute();
    await db.schema.createIndex("trip_rounds_state").on("trip_rounds").columns(["state", "day"]).execute();

    await db.schema
      .createTable("trip_lines")
      .addColumn("trip_id", "varchar(64)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("description", "varchar(256)", (c) => c.notNull())
      .addColumn("selling_amount", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("trip_lines_pk", ["trip_id", "position"])
      .execute();

    await db.schema
      .createTable("trip_instalments")
      .addColumn("trip_id", "varchar(64)", (c) => c.notNull())
      .addColumn("kind", "varchar(8)", (c) => c.notNull())
      .addColumn("amount", "bigint", (c) => c.notNull())
      .addColumn("due", "varchar(10)", (c) => c.notNull())
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("decided_by", "bigint")
      .addColumn("decided_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("trip_instalments_pk", ["trip_id", "kind"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["trip_instalments", "trip_lines", "trip_rounds", "trip_players", "trips"]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
