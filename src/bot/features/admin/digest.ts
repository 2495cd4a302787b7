import { createAfterBookingStore } from "../after-booking/store.js";
import type { BotContext } from "../../context.js";

/** /digest on|off: this admin's daily digest (default on); with no argument, whether it is on. */
export async function digestCommand(ctx: BotContext, match: string): Promise<void> {
  const admin = ctx.from?.id;
  if (admin === undefined) return;
  const store = createAfterBookingStore({ db: ctx.deps.storage.db, ledger: ctx.deps.ledger, now: ctx.deps.now });
  const word = match.trim().toLowerCase();
  if (word === "on" || word === "off") {
    await store.setDigestEnabled(admin, word === "on");
    await ctx.reply(ctx.t(word === "on" ? "digest-turned-on" : "digest-turned-off"), { parse_mode: "HTML" });
    return;
  }
  const enabled = await store.digestEnabled(admin);
  await ctx.reply(`${ctx.t(enabled ? "digest-is-on" : "digest-is-off")}\n${ctx.t("digest-usage")}`, {
    parse_mode: "HTML",
  });
}
