/**
 * `/moverule` (an admin command: admin/index.ts checks the role): shows and sets the agency's rule on
 * agents' moves (`access/move-rule.ts`). By default an agent's move goes to the admins for approval, since
 * it spends a refund; an admin may let agents move their own bookings alone.
 */
import { agentsMoveAlone, setAgentsMoveAlone } from "../../../access/index.js";
import { createAuditLog, userActor } from "../../../bookings/audit.js";
import type { BotContext } from "../../context.js";

/** `/moverule` shows the rule; `/moverule free` lets agents move alone, `/moverule approval` asks the admins again. */
export async function moveRuleCommand(ctx: BotContext): Promise<void> {
  const arg = (typeof ctx.match === "string" ? ctx.match : "").trim().toLowerCase();
  if (arg === "free" || arg === "approval") {
    await setAgentsMoveAlone(ctx.deps.storage.kv, arg === "free");
    // In the audit log too: who changed it and when (the invariant checker reads the rule a refund was under).
    await createAuditLog(ctx.deps.storage.db, ctx.deps.now).record({
      actor: userActor(ctx.from!.id),
      action: "move-rule",
      outcome: "ok",
      detail: { agentsMoveAlone: arg === "free" },
    });
  } else if (arg !== "") {
    await ctx.reply(ctx.t("moverule-usage"), { parse_mode: "HTML" });
    return;
  }
  const alone = await agentsMoveAlone(ctx.deps.storage.kv);
  await ctx.reply(`${ctx.t(alone ? "moverule-free" : "moverule-approval")}\n\n${ctx.t("moverule-usage")}`, {
    parse_mode: "HTML",
  });
}
