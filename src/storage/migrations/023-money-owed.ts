import type { Kysely, Migration } from "kysely";

/**
 * `money_owed`: money fairway owes a customer that is not a payment of theirs waiting for a decision
 * (`src/bookings/owed.ts`): a move stranded (the old booking refunded, the new tee time never booked: what
 * they paid for the old), a cheaper move done (the difference), a refund of a booking they paid (their
 * share of the partner's credit). One row each, keyed by what made it owed (`s-<move>`, `d-<move>`,
 * `r-<booking>`), so a path run twice records it once; `to-return` until a decider marks it `returned`.
 */
export const moneyOwed: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("money_owed")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("reason", "varchar(16)", (c) => c.notNull())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("move_id", "varchar(64)")
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("amount", "bigint", (c) => c.notNull())
      .addColumn("paid_via", "varchar(16)", (c) => c.notNull())
      .addColumn("reference", "varchar(32)", (c) => c.notNull())
      .addColumn("chat_id", "bigint", (c) => c.notNull())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("agent_id", "bigint")
      .addColumn("decided_by", "bigint")
      .addColumn("decided_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("money_owed_state").on("money_owed").columns(["state", "created_at"]).execute();
    await db.schema.createIndex("money_owed_booking").on("money_owed").column("booking_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("money_owed").execute();
  },
};
