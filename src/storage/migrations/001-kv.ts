import { sql, type Kysely, type Migration } from "kysely";

/** Key-value entries: grammY sessions and conversation state. */
export const kv: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("kv")
      .addColumn("key", "varchar(255)", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("expires_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema.createIndex("kv_expires_at").on("kv").column("expires_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("kv").execute();
  },
};
