import type { Kysely, Migration } from "kysely";

/**
 * `vouchers`: the e-vouchers fairway drew, each behind an unguessable token its QR carries to the check
 * page (`/v/<token>`). A voucher is of one booking or of one group, in the language it was drawn in;
 * `replaced_by` is the token of the voucher that took its place (a booking moved to another tee time).
 */
export const vouchers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("vouchers")
      .addColumn("token", "varchar(64)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)")
      .addColumn("group_id", "varchar(64)")
      .addColumn("locale", "varchar(8)", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("replaced_by", "varchar(64)")
      .execute();
    await db.schema.createIndex("vouchers_booking").on("vouchers").column("booking_id").execute();
    await db.schema.createIndex("vouchers_group").on("vouchers").column("group_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("vouchers").execute();
  },
};
