import { sql, type Kysely, type Migration } from "kysely";

/**
 * Each golfer's copy link of a booking takes a numbered slot (1, 2, …), unique per booking: a link is
 * made only into the next free slot up to the booking's bound, so two instances minting at once cannot
 * both pass it (one of them conflicts). Links made before are numbered in the order they were made.
 */
export const golferCopySlots: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("golfer_copies")
      .addColumn("slot", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE golfer_copies SET slot = (
      SELECT COUNT(*) FROM golfer_copies AS earlier
      WHERE earlier.booking_id = golfer_copies.booking_id
        AND (earlier.created_at < golfer_copies.created_at
          OR (earlier.created_at = golfer_copies.created_at AND earlier.token <= golfer_copies.token))
    )`.execute(db);
    await db.schema
      .createIndex("golfer_copies_booking_slot")
      .on("golfer_copies")
      .columns(["booking_id", "slot"])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("golfer_copies_booking_slot").execute();
    await db.schema.alterTable("golfer_copies").dropColumn("slot").execute();
  },
};
