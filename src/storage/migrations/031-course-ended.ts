import type { Kysely, Migration } from "kysely";

/**
 * What the course changed on its own (issue 50). `bookings.ended_by`: `course` when the partner ended a
 * paid reservation fairway did not ask it to end (a course's cancel or refund, a closed course-day), so the
 * voucher, the reminders, /report and the digest tell it apart from a refund the agency asked for; null
 * otherwise. `course_notices`: one row per change told (`end:<booking>`, `time:<booking>:<tee time>`),
 * inserted in the transaction that queues its messages, so a change is told once whatever replays it.
 */
export const courseEnded: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").addColumn("ended_by", "varchar(16)").execute();
    await db.schema
      .createTable("course_notices")
      .addColumn("id", "varchar(160)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("course_notices").execute();
    await db.schema.alterTable("bookings").dropColumn("ended_by").execute();
  },
};
