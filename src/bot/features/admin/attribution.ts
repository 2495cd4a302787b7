/** Who a booking counts for in /bookings, /order and /report: an agent, or `direct`. */
import type { BookingRecord } from "../../../bookings/index.js";
import type { BotContext } from "../../context.js";

/**
 * Who counts as an agent for attribution: today's agents (AGENT_IDS and added) and every agent the
 * ledger has credited a customer's booking to (so a removed agent's history stays theirs).
 */
export async function knownAgentIds(ctx: BotContext): Promise<Set<number>> {
  const [agents, credited] = await Promise.all([ctx.deps.access.agents.list(), ctx.deps.ledger.ledgerAgentIds()]);
  return new Set([...agents.map((a) => a.userId), ...credited]);
}

/**
 * `knownAgentIds` for `bookings` alone: which of their bookers count as agents, the only ones
 * `attributedTo` asks about (a booking with an `agent_id` is that agent's whoever booked it). Reads
 * those bookers' rows, not every agent and every agent the ledger credits: /bookings and /order
 * attribute 30 bookings or one, and an agency has a thousand agents.
 */
export async function knownAgentsAmong(
  ctx: BotContext,
  bookings: readonly Pick<BookingRecord, "agent_id" | "user_id">[],
): Promise<Set<number>> {
  const bookers = [...new Set(bookings.flatMap((b) => (b.agent_id === null ? [b.user_id] : [])))];
  if (bookers.length === 0) return new Set();
  const agents = await ctx.deps.access.agents.among(bookers);
  // The ledger is asked only about the others (a removed agent's history stays theirs): most bookers
  // without a customer's agent are agents today, and each question to the ledger is a probe to plan.
  const others = bookers.filter((id) => !agents.has(id));
  const credited = others.length === 0 ? [] : await ctx.deps.ledger.creditedAmong(others);
  return new Set([...agents, ...credited]);
}

/** `agent 9002` or `direct`, as /bookings and /report name who a booking counts for. */
export function attributionText(ctx: BotContext, who: number | "direct"): string {
  return who === "direct" ? ctx.t("admin-direct") : ctx.t("admin-agent", { id: String(who) });
}
