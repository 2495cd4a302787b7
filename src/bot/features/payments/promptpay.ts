/** /promptpay [id | off]: an agent's own PromptPay ID, so their customers pay them. */
import { parsePromptPayId } from "../../../payments/promptpay.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";

/** /promptpay [id | off]: an agent's own PromptPay ID, so their customers pay them. */
export async function promptpayCommand(ctx: BotContext): Promise<void> {
  const { deps } = ctx;
  const me = ctx.from?.id;
  if (me === undefined || (ctx.who.role !== "admin" && ctx.who.role !== "agent")) {
    await ctx.reply(ctx.t("pay-staff-only"));
    return;
  }
  const arg = typeof ctx.match === "string" ? ctx.match.trim() : "";
  if (arg === "") {
    const own = await deps.payments.agentPayee(me);
    const agency = deps.payments.agencyPayee;
    await ctx.reply(
      own
        ? ctx.t("pay-promptpay-own", { id: escapeHtml(own) })
        : agency
          ? ctx.t("pay-promptpay-agency", { id: escapeHtml(agency) })
          : ctx.t("pay-promptpay-none"),
      { parse_mode: "HTML" },
    );
    return;
  }
  if (/^off$/i.test(arg)) {
    await deps.payments.setAgentPayee(me, undefined);
    await ctx.reply(ctx.t("pay-promptpay-cleared"));
    return;
  }
  const id = parsePromptPayId(arg);
  if (!id) {
    await ctx.reply(ctx.t("pay-promptpay-invalid"), { parse_mode: "HTML" });
    return;
  }
  await deps.payments.setAgentPayee(me, id);
  await ctx.reply(ctx.t("pay-promptpay-own", { id: escapeHtml(id.value) }), { parse_mode: "HTML" });
}
