import type { Kysely, Migration } from "kysely";

/**
 * Watches (src/watches/README.md): an agent's saved search that alerts them when a matching tee time opens. A
 * watch keeps its criteria and, per (course, date) it covers, the matching tee times open at its last
 * look; the checker's (course, date) targets keep when each was read and is due again (one partner read
 * serves every watch on it); an alert row per (watch, tee time) makes each alert once-only.
 */
export const watches: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("watches")
      .addColumn("id", "varchar(16)", (c) => c.primaryKey())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("chat_id", "bigint", (c) => c.notNull())
      .addColumn("criteria", "text", (c) => c.notNull())
      .addColumn("courses", "text")
      .addColumn("dedupe_key", "varchar(64)", (c) => c.notNull())
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("open_slots", "text", (c) => c.notNull())
      .addColumn("alerts", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .addColumn("ended_at", "bigint")
      .execute();
    await db.schema.createIndex("watches_user").on("watches").columns(["user_id", "state"]).execute();
    await db.schema.createIndex("watches_state").on("watches").columns(["state", "ends_at"]).execute();

    await db.schema
      .createTable("watch_targets")
      .addColumn("course_id", "varchar(128)", (c) => c.notNull())
      .addColumn("date", "varchar(10)", (c) => c.notNull())
      .addColumn("checked_at", "bigint")
      .addColumn("next_check_at", "bigint", (c) => c.notNull())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("last_start", "bigint")
      .addPrimaryKeyConstraint("watch_targets_pk", ["course_id", "date"])
      .execute();

    await db.schema
      .createTable("watch_alerts")
      .addColumn("id", "varchar(16)", (c) => c.primaryKey())
      .addColumn("watch_id", "varchar(16)", (c) => c.notNull())
      .addColumn("slot_id", "varchar(128)", (c) => c.notNull())
      .addColumn("hit", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("watch_alerts_watch_slot", ["watch_id", "slot_id"])
      .execute();
    await db.schema.createIndex("watch_alerts_created").on("watch_alerts").column("created_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("watch_alerts").execute();
    await db.schema.dropTable("watch_targets").execute();
    await db.schema.dropTable("watches").execute();
  },
};
