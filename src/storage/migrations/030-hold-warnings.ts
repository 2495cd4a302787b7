import type { Kysely, Migration } from "kysely";

/**
 * The warning a pay-first customer gets a few minutes before their hold lapses unpaid
 * (`src/bot/features/payments/hold-warnings.ts`): one row per payment (its booking or group id), inserted
 * before the warning is queued, so a second pass, a restart or another instance never warns twice.
 */
export const holdWarnings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("hold_warnings")
      .addColumn("booking_id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("warned_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("hold_warnings").execute();
  },
};
