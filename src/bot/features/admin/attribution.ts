/** Who a booking counts for in /bookings, /order and /report: an agent, or `direct`. */
import type { BotContext } from "../../context.js";

/**
 * Who counts as an agent for attribution: today's agents (AGENT_IDS and added) and every agent the
 * ledger has credited a customer's booking to (so a removed agent's history stays theirs).
 */
export async function knownAgentIds(ctx: BotContext): Promise<Set<number>> {
  const [agents, credited] = await Promise.all([ctx.deps.access.agents.list(), ctx.deps.ledger.ledgerAgentIds()]);
  return new Set([...agents.map((a) => a.userId), ...credited]);
}

/** `agent 9002` or `direct`, as /bookings and /report name who a booking counts for. */
export function attributionText(ctx: BotContext, who: number | "direct"): string {
  return who === "direct" ? ctx.t("admin-direct") : ctx.t("admin-agent", { id: String(who) });
}
