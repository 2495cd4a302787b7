import type { Kysely, Migration } from "kysely";

/**
 * A customer link with a trip scope (issue 51): `links.trip_id` names the one trip a link opens (its lead
 * customer sees that trip's quote and accepts it), and `customers.trip_id` keeps that scope for the
 * customer it admitted, who can then do nothing outside that trip. Null: an ordinary link or customer.
 */
export const tripLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("links").addColumn("trip_id", "varchar(64)").execute();
    await db.schema.alterTable("customers").addColumn("trip_id", "varchar(64)").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("customers").dropColumn("trip_id").execute();
    await db.schema.alterTable("links").dropColumn("trip_id").execute();
  },
};
