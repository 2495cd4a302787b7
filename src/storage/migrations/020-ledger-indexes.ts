import { sql, type Kysely, type Migration } from "kysely";

/**
 * Indexes for a large ledger (a year of an agency is about 100,000 bookings; `npm run bench -- --scale`
 * measures a million, `docs/scale.md`): every question an admin's command or a background pass asks of
 * `bookings` and `booking_events` reads the rows it answers with, not the whole table.
 *
 * - `bookings_reservation_code`: /order, /refund and the other admin commands find a booking by the
 *   reference typed (a reservation id is unique already, so indexed since 002);
 * - `bookings_created`: /bookings today|week, newest first;
 * - `bookings_agent_created`: the agents the ledger credits (/bookings, /order, /report and the digest ask
 *   it), an agent's bookings newest first;
 * - `bookings_paid_moment`: /report, its CSV and chart and the digest read the bookings paid in a period,
 *   in the order they were paid (an expression: a booking without a payment time counts by when it was made);
 * - `bookings_state_tee_off`: the reminders due, paid tee times in the next hours;
 * - `booking_events_state_at`: holds released and bookings refunded in a period.
 */
export const ledgerIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("bookings_reservation_code").on("bookings").column("reservation_code").execute();
    await db.schema.createIndex("bookings_created").on("bookings").column("created_at").execute();
    await db.schema.createIndex("bookings_agent_created").on("bookings").columns(["agent_id", "created_at"]).execute();
    await sql`create index bookings_paid_moment on bookings ((coalesce(paid_at, created_at)), id)`.execute(db);
    await db.schema.createIndex("bookings_state_tee_off").on("bookings").columns(["state", "slot_starts_at"]).execute();
    await db.schema.createIndex("booking_events_state_at").on("booking_events").columns(["to_state", "at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const name of [
      "bookings_reservation_code",
      "bookings_created",
      "bookings_agent_created",
      "bookings_paid_moment",
      "bookings_state_tee_off",
      "booking_events_state_at",
    ])
      await db.schema.dropIndex(name).execute();
  },
};
