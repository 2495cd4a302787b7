import type { Kysely, Migration } from "kysely";

/**
 * Leases: which instance does a once-only job (long polling, the hold reaper, the sweeps) until when.
 * A holder renews its lease well before `expires_at`; another instance takes it over once it lapses.
 */
export const leases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("leases")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("leases").execute();
  },
};
