import type { Kysely, Migration } from "kysely";

/**
 * Inline offers: one token per (agent, tee time), made when the agent's inline results are built and
 * reused by every later query showing that tee time; and who opened which offer (and booked it).
 */
export const offers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("offers")
      .addColumn("token", "varchar(64)", (c) => c.primaryKey())
      .addColumn("agent_id", "bigint", (c) => c.notNull())
      .addColumn("course_id", "varchar(128)", (c) => c.notNull())
      .addColumn("course_name", "text", (c) => c.notNull())
      .addColumn("course_name_th", "text")
      .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
      .addColumn("slot_id", "varchar(128)", (c) => c.notNull())
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("price", "bigint", (c) => c.notNull())
      .addColumn("min_persons", "integer", (c) => c.notNull())
      .addColumn("max_persons", "integer", (c) => c.notNull())
      .addColumn("max_uses", "integer")
      .addColumn("uses", "integer", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("posted", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("offers_agent_slot", ["agent_id", "slot_id"])
      .execute();
    await db.schema.createIndex("offers_agent").on("offers").columns(["agent_id", "created_at"]).execute();

    await db.schema
      .createTable("offer_opens")
      .addColumn("token", "varchar(64)", (c) => c.notNull())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("opened_at", "bigint", (c) => c.notNull())
      .addColumn("booking_id", "varchar(64)")
      .addColumn("booked_at", "bigint")
      .addPrimaryKeyConstraint("offer_opens_pk", ["token", "user_id"])
      .execute();
    await db.schema.createIndex("offer_opens_booking").on("offer_opens").column("booking_id").unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("offer_opens").execute();
    await db.schema.dropTable("offers").execute();
  },
};
