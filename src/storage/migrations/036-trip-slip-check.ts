import type { Kysely, Migration } from "kysely";

/**
 * A trip instalment's slip put to the slip-check service, as a booking's payment's is (migration 025):
 * - `payee`: the PromptPay ID its QR was made for (the slip's receiver is checked against it);
 * - `slip_ref`, `slip_at`: the latest slip's bank reference (read from its QR) and when it arrived;
 * - `slip_check`: what the service answered for it (`verified`, `refused:<reason>`, `retry-later`,
 *   `retry-later:gave-up`, `unavailable:<reason>`), null when unchecked;
 * - `decided_via`: `slip-check:<provider>` when the service approved it (`decided_by` is then null).
 * The references accepted are `accepted_slip_refs`' (migration 025), the instalment's named `trip:<trip>:<kind>`:
 * one table for bookings and trips, so a transfer pays one thing.
 */
const COLUMNS = [
  ["payee", "varchar(32)"],
  ["slip_ref", "varchar(128)"],
  ["slip_at", "bigint"],
  ["slip_check", "varchar(64)"],
  ["decided_via", "varchar(64)"],
] as const;

export const tripSlipCheck: Migration = {
  async up(db: Kysely<unknown>) {
    // One column a statement: SQLite adds one at a time.
    for (const [column, type] of COLUMNS)
      await db.schema.alterTable("trip_instalments").addColumn(column, type).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const [column] of [...COLUMNS].reverse())
      await db.schema.alterTable("trip_instalments").dropColumn(column).execute();
  },
};
