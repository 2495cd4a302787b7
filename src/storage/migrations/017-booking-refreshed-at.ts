import type { Kysely, Migration } from "kysely";

/**
 * `bookings.refreshed_at`: when fairway last read the booking's reservation from the partner (the
 * booking service's `refresh`). A user's view opened again within a short while is shown from the
 * ledger instead of being read again, on whichever instance they reach. Null: not read since.
 */
export const bookingRefreshedAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").addColumn("refreshed_at", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").dropColumn("refreshed_at").execute();
  },
};
