import type { Kysely, Migration } from "kysely";

/**
 * `trip_rounds.revision`: how many times the course moved a booked round's tee time. The itinerary's calendar
 * event of the round carries it in its SEQUENCE (with the round's state), so each later file moves the event a
 * calendar already has (src/bot/format/trip-ics.ts).
 */
export const tripRoundRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("trip_rounds")
      .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("trip_rounds").dropColumn("revision").execute();
  },
};
