import type { Kysely, Migration } from "kysely";

/** Who may do what: agents added by admins, customers who came through an agent's link, the links, the audit log. */
export const access: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("agents")
      .addColumn("user_id", "bigint", (c) => c.primaryKey())
      .addColumn("name", "text")
      .addColumn("added_by", "bigint", (c) => c.notNull())
      .addColumn("added_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("links")
      .addColumn("token", "varchar(64)", (c) => c.primaryKey())
      .addColumn("agent_id", "bigint", (c) => c.notNull())
      .addColumn("course_id", "varchar(128)")
      .addColumn("course_name", "text")
      .addColumn("max_uses", "integer")
      .addColumn("uses", "integer", (c) => c.notNull())
      .addColumn("expires_at", "bigint")
      .addColumn("revoked_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("links_agent").on("links").columns(["agent_id", "created_at"]).execute();

    await db.schema
      .createTable("customers")
      .addColumn("user_id", "bigint", (c) => c.primaryKey())
      .addColumn("agent_id", "bigint", (c) => c.notNull())
      .addColumn("link_token", "varchar(64)", (c) => c.notNull())
      .addColumn("name", "text")
      .addColumn("joined_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("actor", "varchar(64)", (c) => c.notNull())
      .addColumn("action", "varchar(32)", (c) => c.notNull())
      .addColumn("booking_id", "varchar(64)")
      .addColumn("reservation_id", "varchar(128)")
      .addColumn("outcome", "varchar(32)", (c) => c.notNull())
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();

    await db.schema.alterTable("bookings").addColumn("paid_followup_at", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").dropColumn("paid_followup_at").execute();
    await db.schema.dropTable("audit_log").execute();
    await db.schema.dropTable("customers").execute();
    await db.schema.dropTable("links").execute();
    await db.schema.dropTable("agents").execute();
  },
};
