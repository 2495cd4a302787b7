import type { Kysely, Migration } from "kysely";

/**
 * `trip_rounds.max_net_amount`: the most the agent agreed to pay the partner for a round booked when its day
 * goes on sale (satang, the whole round). Null: the round's selling price, so a round is never booked at a
 * loss. A round chosen from the tee sheet has its net already and does not read it.
 */
export const tripRoundTolerance: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("trip_rounds").addColumn("max_net_amount", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("trip_rounds").dropColumn("max_net_amount").execute();
  },
};
