import type { Kysely, Migration } from "kysely";

/**
 * The slip check's decisions:
 * - `payments.decided_via`: who decided a payment when it was not a person (`slip-check:slipok`,
 *   `slip-check:easyslip`: the slip-verification service verified the transfer); null for a person's
 *   decision (`decided_by`) and before any;
 * - `payments.slip_check`: what the service answered for the latest slip (`verified`, `refused:<reason>`,
 *   `retry-later`, `unavailable:<reason>`, `duplicate-accepted`: refused with no call), null when unchecked;
 * - `accepted_slip_refs`: each bank transaction reference accepted as a payment, once, with its booking
 *   (or group): a slip carrying one already accepted is refused as a duplicate with no call, and of two
 *   instances approving on the same reference only the one whose row this is approves.
 */
export const slipCheck: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("payments").addColumn("decided_via", "varchar(64)").execute();
    await db.schema.alterTable("payments").addColumn("slip_check", "varchar(64)").execute();
    await db.schema
      .createTable("accepted_slip_refs")
      .addColumn("ref", "varchar(128)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("accepted_slip_refs").execute();
    await db.schema.alterTable("payments").dropColumn("slip_check").execute();
    await db.schema.alterTable("payments").dropColumn("decided_via").execute();
  },
};
