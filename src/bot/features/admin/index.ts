/**
 * The admin commands: partner credit, a reservation's full story, refunds, releases, bookings,
 * reports, agents, the audit log and a course-day the course closed. Every handler and every button checks `ctx.who` itself, so the
 * feature is safe wherever it is installed; anyone but an admin is told the command is not theirs.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { requestsCommand } from "../after-booking/request-decisions.js";
import { agentsCommand } from "./agents.js";
import { auditCommand } from "./audit.js";
import { closeDayCommand, confirmCloseDay } from "./close-day.js";
import { balanceCommand } from "./balance.js";
import { bookingsCommand } from "./bookings.js";
import { digestCommand } from "./digest.js";
import { ADMIN_DATA_PREFIX, parseAdminData } from "./data.js";
import { orderCommand } from "./order.js";
import { pricesCommand } from "./prices.js";
import { cancelRefund, confirmGroupRefund, confirmRefund, refundCommand } from "./refund.js";
import { releaseCommand } from "./release.js";
import { reportCommand } from "./report.js";
import { isAdmin } from "../../middlewares/roles.js";
import { moveRuleCommand } from "../moves/rule.js";

/** The admin commands, as the admins' command menu lists them. */
export const ADMIN_COMMANDS = [
  "balance",
  "order",
  "refund",
  "release",
  "bookings",
  "report",
  "agents",
  "audit",
  "digest",
  "requests",
  "prices",
  "moverule",
  "closeday",
] as const;
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];

const HANDLERS: Record<AdminCommand, (ctx: BotContext, match: string) => Promise<void>> = {
  balance: (ctx) => balanceCommand(ctx),
  order: orderCommand,
  refund: refundCommand,
  release: releaseCommand,
  bookings: bookingsCommand,
  report: reportCommand,
  agents: agentsCommand,
  audit: auditCommand,
  digest: digestCommand,
  requests: (ctx) => requestsCommand(ctx),
  prices: pricesCommand,
  moverule: (ctx) => moveRuleCommand(ctx),
  closeday: closeDayCommand,
};

/** Admin commands and their buttons; install after the access gate, before the booking conversation. */
export function createAdminFeature() {
  const feature = new Composer<BotContext>();

  for (const command of ADMIN_COMMANDS) {
    feature.command(command, async (ctx) => {
      if (!isAdmin(ctx)) {
        await ctx.reply(ctx.t("admin-only"));
        return;
      }
      await HANDLERS[command](ctx, ctx.match);
    });
  }

  feature.callbackQuery(new RegExp(`^${ADMIN_DATA_PREFIX}`), async (ctx) => {
    // The role first: a non-admin's tap never reaches parsing, the ledger or the partner.
    if (!isAdmin(ctx)) {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-only"), show_alert: true });
      return;
    }
    const data = parseAdminData(ctx.callbackQuery.data);
    if (!data) {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-button-invalid"), show_alert: true });
      return;
    }
    if (data.action === "cancel-refund") return cancelRefund(ctx);
    if (data.action === "close-day") return confirmCloseDay(ctx, data.courseId, data.date);
    if (data.action === "refund-group") return confirmGroupRefund(ctx, data.groupId);
    return confirmRefund(ctx, data.bookingId);
  });

  return feature;
}
