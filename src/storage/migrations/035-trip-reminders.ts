import type { Kysely, Migration } from "kysely";

/**
 * `trip_instalments.reminder_stage`: how far the reminders of an unpaid instalment have gone (0 none,
 * 1 due soon, 2 due today, 3 overdue, the agent told), moved forward by a compare-and-set so each stage is
 * told once across instances and restarts (src/trips/reminders.ts).
 */
export const tripReminders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("trip_instalments")
      .addColumn("reminder_stage", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("trip_instalments").dropColumn("reminder_stage").execute();
  },
};
