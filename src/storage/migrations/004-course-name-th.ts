import type { Kysely, Migration } from "kysely";

/** The course's Thai name on each booking, so Thai users read it in /mybookings and notices. */
export const courseNameTh: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").addColumn("course_name_th", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").dropColumn("course_name_th").execute();
  },
};
