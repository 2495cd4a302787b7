import type { Kysely, Migration } from "kysely";

/**
 * Selling prices and customers' payments (docs/features.md, "Prices and payments"):
 * - `price_rules`: the agency's markup and rounding, and overrides per course and per agent;
 * - `bookings.selling_amount`: what the customer pays (satang, every player), set when the hold is placed;
 * - `payments`: a customer's PromptPay payment of a booking (pay first), or an agent's payment request,
 *   with its state, the slip and who approved it;
 * - `slip_refs`: each bank transaction reference read from a slip, once (a re-used slip is found here);
 * - `links.pay_first`: the agent's choice per link (null: pay first when PromptPay is configured);
 * - `agent_payees`: an agent's own PromptPay ID, to collect for themselves.
 */
export const pricesPayments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("price_rules")
      .addColumn("scope", "varchar(16)", (c) => c.notNull())
      .addColumn("target", "varchar(128)", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("value", "bigint", (c) => c.notNull())
      .addColumn("rounding", "integer")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("updated_by", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("price_rules_pk", ["scope", "target"])
      .execute();

    await db.schema.alterTable("bookings").addColumn("selling_amount", "bigint").execute();

    await db.schema
      .createTable("payments")
      .addColumn("booking_id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("state", "varchar(16)", (c) => c.notNull())
      .addColumn("amount", "bigint", (c) => c.notNull())
      .addColumn("payee", "varchar(32)", (c) => c.notNull())
      .addColumn("reference", "varchar(32)", (c) => c.notNull())
      .addColumn("chat_id", "bigint", (c) => c.notNull())
      .addColumn("user_id", "bigint", (c) => c.notNull())
      .addColumn("agent_id", "bigint")
      .addColumn("slip_file_id", "text")
      .addColumn("slip_ref", "varchar(128)")
      .addColumn("slip_reused_of", "varchar(64)")
      .addColumn("slip_at", "bigint")
      .addColumn("decided_by", "bigint")
      .addColumn("decided_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payments_state").on("payments").columns(["state", "updated_at"]).execute();
    await db.schema.createIndex("payments_user").on("payments").columns(["user_id", "created_at"]).execute();

    await db.schema
      .createTable("slip_refs")
      .addColumn("ref", "varchar(128)", (c) => c.primaryKey())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema.alterTable("links").addColumn("pay_first", "integer").execute();

    await db.schema
      .createTable("agent_payees")
      .addColumn("agent_id", "bigint", (c) => c.primaryKey())
      .addColumn("promptpay_id", "varchar(32)", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("agent_payees").execute();
    await db.schema.alterTable("links").dropColumn("pay_first").execute();
    await db.schema.dropTable("slip_refs").execute();
    await db.schema.dropTable("payments").execute();
    await db.schema.alterTable("bookings").dropColumn("selling_amount").execute();
    await db.schema.dropTable("price_rules").execute();
  },
};
