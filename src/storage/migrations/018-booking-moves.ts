import { sql, type Kysely, type Migration } from "kysely";

/**
 * Moves of a paid booking to another tee time (`src/bookings/move.ts`): one row per move, recorded before
 * each partner call of its saga (hold the new tee time, then refund the old booking, then confirm the
 * new hold), so a crash at any step resumes or unwinds. At most one open move per booking, even when two
 * people ask at the same instant on two instances.
 */
export const bookingMoves: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("booking_moves")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("old_booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("new_booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("requested_by", "bigint", (c) => c.notNull())
      .addColumn("decided_by", "bigint")
      .addColumn("refunded_amount", "bigint")
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("booking_moves_state").on("booking_moves").columns(["state", "updated_at"]).execute();
    await db.schema.createIndex("booking_moves_new").on("booking_moves").column("new_booking_id").execute();
    await sql`create unique index booking_moves_one_open on booking_moves (old_booking_id)
      where state in ('HOLDING', 'HELD', 'REFUNDING', 'CONFIRMING')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("booking_moves").execute();
  },
};
