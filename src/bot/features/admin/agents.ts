import type { BotContext } from "../../context.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { createMenuMemo, refreshAgentCommands } from "../../commands.js";
import { bangkokTime } from "./bangkok-time.js";
import { fitLines } from "./fit-lines.js";

/** A Telegram user id as an admin types it. */
function userIdOf(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

async function listAgents(ctx: BotContext): Promise<void> {
  const [agents, added] = await Promise.all([ctx.deps.access.agents.list(), ctx.deps.ledger.addedAgents()]);
  const details = new Map(added.map((a) => [a.user_id, a]));
  const lines = agents.map((a) => {
    const row = details.get(a.userId);
    const name = a.name ? ` ${escapeHtml(a.name)}` : "";
    if (a.source === "config" || !row)
      return `• <code>${a.userId}</code>${name} — ${ctx.t("admin-agents-from-config")}`;
    return `• <code>${a.userId}</code>${name} — ${ctx.t("admin-agents-added", { by: String(row.added_by), time: bangkokTime(ctx, row.added_at) })}`;
  });
  const body = lines.length === 0 ? [ctx.t("admin-agents-none")] : lines;
  await ctx.reply(
    fitLines([`<b>${ctx.t("admin-agents-title")}</b>`, ...body, "", ctx.t("admin-agents-usage")], (n) =>
      ctx.t("admin-more", { count: n }),
    ),
    {
      parse_mode: "HTML",
    },
  );
}

/** Brings the user's command menu in line with their new role; a failure is logged, never fatal. */
async function refreshMenu(ctx: BotContext, userId: number): Promise<void> {
  try {
    await refreshAgentCommands(ctx.api, ctx.deps.access, userId, createMenuMemo(ctx.deps.storage.kv));
  } catch (error) {
    ctx.deps.logger.warn(
      { userId, err: error instanceof Error ? { message: error.message } : error },
      "could not refresh the agent's command menu",
    );
  }
}

async function addAgent(ctx: BotContext, userId: number, name: string | null): Promise<void> {
  const adminId = ctx.from?.id ?? 0;
  if (ctx.deps.access.isAdmin(userId)) {
    await ctx.reply(ctx.t("admin-agents-is-admin", { id: String(userId) }));
    return;
  }
  const added = await ctx.deps.access.agents.add(userId, name, adminId);
  if (!added) {
    await ctx.reply(ctx.t("admin-agents-exists", { id: String(userId) }));
    return;
  }
  ctx.deps.logger.info({ userId, adminId }, "agent added");
  await refreshMenu(ctx, userId);
  await ctx.reply(ctx.t("admin-agents-added-done", { id: String(userId), name: name ? ` ${escapeHtml(name)}` : "" }), {
    parse_mode: "HTML",
  });
}

async function removeAgent(ctx: BotContext, userId: number): Promise<void> {
  const result = await ctx.deps.access.agents.remove(userId);
  const id = String(userId);
  if (result === "config") {
    await ctx.reply(ctx.t("admin-agents-config", { id }));
    return;
  }
  if (result === "unknown") {
    await ctx.reply(ctx.t("admin-agents-unknown", { id }));
    return;
  }
  // Their links were revoked with them; their offer cards end now too.
  await ctx.deps.offers.endAllOf(userId);
  ctx.deps.logger.info({ userId, adminId: ctx.from?.id }, "agent removed");
  await refreshMenu(ctx, userId);
  await ctx.reply(ctx.t("admin-agents-removed", { id }));
}

/** /agents, /agents add <user id> [name], /agents remove <user id>. */
export async function agentsCommand(ctx: BotContext, match: string): Promise<void> {
  const [verb, idText, ...rest] = match.trim().split(/\s+/);
  if (!verb) return listAgents(ctx);
  const userId = userIdOf(idText);
  const action = verb.toLowerCase();
  if (action === "add" && userId !== undefined) {
    const name = truncate(rest.join(" ").trim(), 64);
    return addAgent(ctx, userId, name === "" ? null : name);
  }
  if (action === "remove" && userId !== undefined && rest.length === 0) return removeAgent(ctx, userId);
  await ctx.reply(ctx.t("admin-agents-usage"), { parse_mode: "HTML" });
}
