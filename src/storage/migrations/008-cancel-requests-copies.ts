import { sql, type Kysely, type Migration } from "kysely";

/**
 * After the booking: customers' cancellation requests (decided once by an admin), the golfer's copy
 * links an agent sends (single-use), and who besides the booker may see a booking (the golfers who
 * claimed a copy).
 */
export const afterBooking: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("cancel_requests")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("requester_id", "bigint", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("decided_by", "bigint")
      .addColumn("decided_at", "bigint")
      .addColumn("refunded_amount", "bigint")
      .execute();
    await db.schema
      .createIndex("cancel_requests_state")
      .on("cancel_requests")
      .columns(["state", "created_at"])
      .execute();
    await db.schema.createIndex("cancel_requests_booking").on("cancel_requests").column("booking_id").execute();
    // One open request per booking, even when two people ask at the same instant (on two instances).
    await sql`create unique index cancel_requests_one_open on cancel_requests (booking_id) where state in ('pending', 'deciding')`.execute(
      db,
    );

    await db.schema
      .createTable("golfer_copies")
      .addColumn("token", "varchar(64)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("created_by", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("claimed_by", "bigint")
      .addColumn("claimed_at", "bigint")
      .execute();

    await db.schema
      .createTable("booking_viewers")
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("added_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("booking_viewers_pk", ["booking_id", "user_id"])
      .execute();
    await db.schema.createIndex("booking_viewers_user").on("booking_viewers").column("user_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("booking_viewers").execute();
    await db.schema.dropTable("golfer_copies").execute();
    await db.schema.dropTable("cancel_requests").execute();
  },
};
