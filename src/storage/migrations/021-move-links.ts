import type { Kysely, Migration } from "kysely";

/**
 * The moves a booking was moved by (`booking_moves.old_booking_id`), for /report's bookings CSV, which names
 * for each paid booking the reservation it was moved to or from (one lookup per day of the period).
 * `new_booking_id` has its index since 018; the old side had only the partial index of open moves.
 */
export const moveLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("booking_moves_old").on("booking_moves").column("old_booking_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("booking_moves_old").execute();
  },
};
