/** Who decides a customer's payment: the agent credited with it (while they are one) and every admin. */
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { BotContext } from "../../context.js";
import { isAdmin } from "../../middlewares/roles.js";

/** The agent credited with a payment and every admin: who may decide on it, and who is shown its slip. */
export async function deciders(ctx: Pick<BotContext, "deps">, payment: PaymentRecord): Promise<number[]> {
  const agent = payment.agent_id !== null ? await ctx.deps.notifications.agentChats(Number(payment.agent_id)) : [];
  return [...new Set([...agent, ...ctx.deps.access.adminIds()])];
}

/** Whether the sender may decide on `payment` (or money owed): an admin, or the agent credited with it. */
export function mayDecide(ctx: BotContext, payment: Pick<PaymentRecord, "agent_id">): boolean {
  return isAdmin(ctx) || (ctx.who.role === "agent" && Number(payment.agent_id) === ctx.from?.id);
}
