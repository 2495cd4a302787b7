import type { AuditEntry } from "../../../bookings/index.js";
import { PARTNER_ERROR_KEYS } from "../../../partner/index.js";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { bangkokTime } from "./bangkok-time.js";
import { referenceOf } from "./booking-labels.js";
import { findBooking, referenceArg } from "./booking-lookup.js";
import { fitLines } from "./fit-lines.js";

const ENTRIES = 20;

/** `user:9001` → `9001`, `system:reaper` → the localized "fairway (automatic)". */
function actorText(ctx: BotContext, actor: string): string {
  const user = /^user:(\d+)$/.exec(actor);
  if (user) return user[1] ?? actor;
  if (actor === "system:reaper") return ctx.t("admin-actor-system");
  return escapeHtml(actor);
}

/** The amount an entry moved (a refund's credit, else the reservation's amount), or the error it met, as text. */
function resultText(ctx: BotContext, entry: AuditEntry): string {
  if (!entry.detail) return "";
  let d: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(entry.detail);
    if (typeof parsed !== "object" || parsed === null) return "";
    d = parsed as Record<string, unknown>;
  } catch {
    return "";
  }
  const locale = localeOf(ctx);
  const amount = entry.action === "refund" && typeof d.refunded === "number" ? d.refunded : d.amount;
  if (typeof amount === "number" && Number.isSafeInteger(amount)) {
    const status = typeof d.status === "string" ? ` ${escapeHtml(d.status)}` : "";
    return ` · ${formatBaht(amount, locale)}${status}`;
  }
  const key = (PARTNER_ERROR_KEYS as readonly unknown[]).includes(d.userMessageKey)
    ? (d.userMessageKey as string)
    : undefined;
  if (key) {
    const status = typeof d.status === "number" && d.status > 0 ? `HTTP ${d.status}: ` : "";
    return ` · ${status}${escapeHtml(truncate(ctx.t(key), 90))}`;
  }
  return "";
}

function entryLine(ctx: BotContext, entry: AuditEntry): string {
  const ref = entry.reservation_id ? ` <code>${escapeHtml(entry.reservation_id)}</code>` : "";
  return `• ${bangkokTime(ctx, entry.at)} · ${actorText(ctx, entry.actor)} · <b>${escapeHtml(entry.action)}</b>${ref} · ${escapeHtml(entry.outcome)}${resultText(ctx, entry)}`;
}

/** /audit [reservation id or code]: the latest money-moving partner calls (who, what, when, the partner's answer). */
export async function auditCommand(ctx: BotContext, match: string): Promise<void> {
  let bookingId: string | undefined;
  let title = ctx.t("admin-audit-title");
  if (match.trim() !== "") {
    const reference = referenceArg(match);
    const booking = reference ? await findBooking(ctx, reference) : undefined;
    if (!booking) {
      await ctx.reply(ctx.t("admin-audit-unknown", { ref: escapeHtml(truncate(match.trim(), 64)) }), {
        parse_mode: "HTML",
      });
      return;
    }
    bookingId = booking.id;
    title = ctx.t("admin-audit-title-booking", { ref: escapeHtml(referenceOf(booking)) });
  }
  const entries = await ctx.deps.bookings.auditLog(ENTRIES, bookingId);
  const body = entries.length === 0 ? [ctx.t("admin-audit-empty")] : entries.map((e) => entryLine(ctx, e));
  await ctx.reply(
    fitLines([`<b>${title}</b>`, ...body], (n) => ctx.t("admin-more", { count: n })),
    { parse_mode: "HTML" },
  );
}
