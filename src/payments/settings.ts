/**
 * Who a customer pays, and whether they pay first: the agency's PromptPay ID (PROMPTPAY_ID), or an
 * agent's own (`agent_payees`, set with /promptpay, to collect for themselves); and the agent's choice
 * per link (`links.pay_first`: pay first, the default once a PromptPay ID is known, or confirm at once).
 */
import type { Kysely } from "kysely";
import type { PaymentsConfig } from "../config/index.js";
import type { Database } from "../storage/schema.js";
import { parsePromptPayId, promptPayIdText, type PromptPayId } from "./promptpay.js";

export interface PaymentSettingsOptions {
  db: Kysely<Database>;
  config: PaymentsConfig;
  now: () => number;
}

export function createPaymentSettings(options: PaymentSettingsOptions) {
  const { db, config, now } = options;
  const agencyPayee = config.promptPayId ? promptPayIdText(config.promptPayId) : undefined;

  const settings = {
    /** The agency's PromptPay ID, if configured. */
    agencyPayee,

    /** An agent's own PromptPay ID, if they set one. */
    async agentPayee(agentId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom("agent_payees")
        .select("promptpay_id")
        .where("agent_id", "=", agentId)
        .executeTakeFirst();
      return row?.promptpay_id;
    },

    /** Sets (or with undefined, clears) an agent's own PromptPay ID. */
    async setAgentPayee(agentId: number, id: PromptPayId | undefined): Promise<void> {
      if (!id) {
        await db.deleteFrom("agent_payees").where("agent_id", "=", agentId).execute();
        return;
      }
      const row = { agent_id: agentId, promptpay_id: promptPayIdText(id), updated_at: now() };
      await db
        .insertInto("agent_payees")
        .values(row)
        .onConflict((oc) =>
          oc.column("agent_id").doUpdateSet({ promptpay_id: row.promptpay_id, updated_at: row.updated_at }),
        )
        .execute();
    },

    /** Where an agent's customers pay: the agent's own PromptPay ID, else the agency's; undefined when neither. */
    async payeeFor(agentId: number | null): Promise<string | undefined> {
      return (agentId !== null ? await settings.agentPayee(agentId) : undefined) ?? agencyPayee;
    },

    /**
     * Whether a customer (through their link) pays before the booking is confirmed, and whom: their
     * link's choice, by default pay first whenever a PromptPay ID is known. Null: confirmed at once.
     */
    async prepayFor(customerId: number, agentId: number): Promise<{ payee: string } | null> {
      const row = await db
        .selectFrom("customers")
        .innerJoin("links", "links.token", "customers.link_token")
        .select("links.pay_first")
        .where("customers.user_id", "=", customerId)
        .executeTakeFirst();
      if (row?.pay_first === 0) return null;
      const payee = await settings.payeeFor(agentId);
      return payee ? { payee } : null;
    },

    /** Whether customers pay first by default (a PromptPay ID is configured). */
    payFirstByDefault: () => agencyPayee !== undefined,
  };
  return settings;
}

export type PaymentSettings = ReturnType<typeof createPaymentSettings>;

/** A stored payee (digits) as a PromptPay ID for the QR. */
export function payeeId(payee: string): PromptPayId | undefined {
  return parsePromptPayId(payee);
}
