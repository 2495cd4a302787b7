import type { Kysely, Migration } from "kysely";

/**
 * The outbox: messages fairway sends on its own (notifications, reminders, digests, alerts), queued by
 * any instance and sent, paced, by the leader only. A row is claimed (`claimed_until`) while it is
 * being sent and deleted once sent or given up.
 */
export const outbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("outbox")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("seq", "bigint", (c) => c.notNull())
      .addColumn("chat_id", "bigint", (c) => c.notNull())
      .addColumn("what", "varchar(64)", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull())
      .addColumn("claimed_until", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("outbox_seq").on("outbox").column("seq").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("outbox").execute();
  },
};
