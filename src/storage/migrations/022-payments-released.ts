import { sql, type Kysely, type Migration } from "kysely";

/**
 * `payments.holds_released_at`: when the payment's booking (or a flight of its group) last moved to
 * RELEASED, written in the same transaction as that move (the booking repository's). The reaper's sweep
 * for pay-first payments whose holds ended unsettled reads only these, by `payments_released`: an
 * approved payment stays `approved` for good once its booking is paid, so the sweep read every one ever
 * approved (170,000 on a large agency's two years) each pass. Payments whose holds were released before
 * this migration are marked here, so none that may still need settling is left unread.
 */
export const paymentsReleased: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("payments").addColumn("holds_released_at", "bigint").execute();
    await sql`
      update payments set holds_released_at = updated_at
      where kind = 'prepay'
        and state in ('pending', 'awaiting', 'submitted', 'rejected', 'approved')
        and (exists (select 1 from bookings b where b.id = payments.booking_id and b.state = 'RELEASED')
          or exists (select 1 from booking_groups g where g.id = payments.booking_id and g.state = 'RELEASED'))
    `.execute(db);
    await sql`create index payments_released on payments (state, updated_at) where holds_released_at is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("payments_released").execute();
    await db.schema.alterTable("payments").dropColumn("holds_released_at").execute();
  },
};
