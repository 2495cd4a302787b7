import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";

/** Reads the sender's role for this update (fresh: an agent removed a moment ago is a stranger now). */
export function resolveRole(): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    ctx.who = ctx.from ? await ctx.deps.access.whoIs(ctx.from.id) : { role: "stranger" };
    await next();
  };
}

/** Whether the sender is an admin (ADMIN_IDS), as `resolveRole` read it for this update. */
export function isAdmin(ctx: BotContext): boolean {
  return ctx.who.role === "admin";
}
