/** What the admin commands share: finding a booking, partner errors as text, fitting a message. */
import { TZDate } from "@date-fns/tz";
import type { InlineKeyboard } from "grammy";
import type { BookingRecord } from "../../../bookings/index.js";
import { createBookingQueries } from "../../../bookings/queries.js";
import { isPartnerApiError, PartnerNotFoundError, type Reservation } from "../../../partner/index.js";
import { localeOf } from "../../conversations/booking/run.js";
import type { BotContext } from "../../context.js";
import { formatDateTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { isNotModified } from "../../ui/telegram-errors.js";

/** Admin times (balance, audit, report) are read on Thailand's clock; tee times on the course's. */
export const ADMIN_TIME_ZONE = "Asia/Bangkok";

/** Telegram's limit for a message's text. */
export const MESSAGE_LIMIT = 4096;

/** A reservation id, code or ledger id as an admin types it. */
const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

export function isAdmin(ctx: BotContext): boolean {
  return ctx.who.role === "admin";
}

/** Date and time in Thailand, e.g. `Mon 23 Nov 2026, 14:05`. */
export function bangkokTime(ctx: BotContext, ms: number): string {
  return formatDateTime(ms, ADMIN_TIME_ZONE, localeOf(ctx));
}

/** The first word of the command's argument, if it is a well-formed reference. */
export function referenceArg(match: string): string | undefined {
  const word = match.trim().split(/\s+/)[0] ?? "";
  return REFERENCE.test(word) ? word : undefined;
}

/** A booking by reservation id, reservation code, or fairway's own booking id. */
export async function findBooking(ctx: BotContext, reference: string): Promise<BookingRecord | undefined> {
  const bookings = ctx.deps.bookings;
  return (await bookings.findByReservation(reference)) ?? (await bookings.get(reference));
}

/** What the partner knows of a reservation fairway's ledger does not have; undefined when it has none. */
export async function foreignReservation(ctx: BotContext, reference: string): Promise<Reservation | undefined> {
  try {
    return await ctx.deps.partner.getReservation(reference);
  } catch (error) {
    if (error instanceof PartnerNotFoundError) return undefined;
    throw error;
  }
}

/** The partner error's localized text (never its raw message); rethrows anything else. */
export function partnerErrorText(ctx: BotContext, error: unknown): string {
  if (!isPartnerApiError(error)) throw error;
  return ctx.t(error.userMessageKey);
}

/** The label of a ledger state, as /mybookings shows it. */
export function stateLabel(ctx: BotContext, booking: Pick<BookingRecord, "state">): string {
  return ctx.t("status-label", { state: booking.state.toLowerCase() });
}

/** How an admin names a booking back to fairway: its code, else its reservation id, else its ledger id. */
export function referenceOf(booking: BookingRecord): string {
  return booking.reservation_code ?? booking.reservation_id ?? booking.id;
}

/** `user:9001` → `9001`, `system:reaper` → the localized "fairway (automatic)". */
export function actorText(ctx: BotContext, actor: string): string {
  const user = /^user:(\d+)$/.exec(actor);
  if (user) return user[1] ?? actor;
  if (actor === "system:reaper") return ctx.t("admin-actor-system");
  return escapeHtml(actor);
}

/**
 * Joins HTML lines into one message of at most 4096 characters: whole lines only, and a closing
 * `…and N more` line (already escaped by the caller) when some did not fit.
 */
export function fitLines(lines: readonly string[], more: (hidden: number) => string, limit = MESSAGE_LIMIT): string {
  const out: string[] = [];
  let length = 0;
  for (const [i, line] of lines.entries()) {
    const tail = i < lines.length - 1 ? more(lines.length - i - 1).length + 1 : 0;
    if (length + line.length + 1 + tail > limit) {
      out.push(more(lines.length - i));
      break;
    }
    out.push(line);
    length += line.length + 1;
  }
  return out.join("\n");
}

/** Edits the message the button was on (or replies, for a command), ignoring "not modified". */
export async function showAdmin(ctx: BotContext, text: string, reply_markup?: InlineKeyboard): Promise<void> {
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { parse_mode: "HTML", ...(reply_markup ? { reply_markup } : {}) });
      return;
    } catch (error) {
      if (isNotModified(error)) return;
    }
  }
  await ctx.reply(text, { parse_mode: "HTML", ...(reply_markup ? { reply_markup } : {}) });
}

/** Ledger states whose partner status may have moved on since fairway last looked. */
const LIVE: ReadonlySet<string> = new Set(["HELD", "CONFIRMING", "RELEASING", "REFUNDING", "PAID"]);

/** Writes in flight: another call is talking to the partner about this booking right now. */
export const IN_FLIGHT: ReadonlySet<string> = new Set(["INTENT", "RESERVING", "CONFIRMING", "RELEASING", "REFUNDING"]);

/**
 * The booking with the partner's current word applied (refresh); when the partner cannot be
 * reached, the ledger's view and the localized reason it may be stale.
 */
export async function refreshed(
  ctx: BotContext,
  booking: BookingRecord,
): Promise<{ booking: BookingRecord; stale?: string }> {
  if (!booking.reservation_id || !LIVE.has(booking.state)) return { booking };
  try {
    return { booking: await ctx.deps.bookings.refresh(booking.id) };
  } catch (error) {
    return { booking, stale: partnerErrorText(ctx, error) };
  }
}

/**
 * The booking an admin's write command (/refund, /release) names, with the partner's current word
 * applied; undefined once the admin has been told why there is nothing to do: no reference (the
 * command's usage), not in fairway's ledger, or `refusal`'s reason.
 */
export async function writeTarget(
  ctx: BotContext,
  match: string,
  usageKey: string,
  refusal: (ctx: BotContext, booking: BookingRecord) => string | undefined,
): Promise<{ booking: BookingRecord; stale?: string } | undefined> {
  const reference = referenceArg(match);
  if (!reference) {
    await ctx.reply(ctx.t(usageKey), { parse_mode: "HTML" });
    return undefined;
  }
  const found = await findBooking(ctx, reference);
  if (!found) {
    await ctx.reply(await notInLedgerText(ctx, reference), { parse_mode: "HTML" });
    return undefined;
  }
  const target = await refreshed(ctx, found);
  const reason = refusal(ctx, target.booking);
  if (reason) {
    await ctx.reply(reason, { parse_mode: "HTML" });
    return undefined;
  }
  return target;
}

/** Why fairway will not act on `reference`, which its ledger does not know: not fairway's, or unknown. */
export async function notInLedgerText(ctx: BotContext, reference: string): Promise<string> {
  const ref = escapeHtml(reference);
  try {
    const foreign = await foreignReservation(ctx, reference);
    return foreign ? ctx.t("admin-not-fairway", { ref }) : ctx.t("admin-unknown", { ref });
  } catch (error) {
    return `${ctx.t("admin-unknown", { ref })}\n${partnerErrorText(ctx, error)}`;
  }
}

/**
 * Who counts as an agent for attribution: today's agents (AGENT_IDS and added) and every agent the
 * ledger has credited a customer's booking to (so a removed agent's history stays theirs).
 */
export async function knownAgentIds(ctx: BotContext): Promise<Set<number>> {
  const [agents, credited] = await Promise.all([
    ctx.deps.access.agents.list(),
    createBookingQueries(ctx.deps.storage.db).ledgerAgentIds(),
  ]);
  return new Set([...agents.map((a) => a.userId), ...credited]);
}

/** `agent 9002` or `direct`, as /bookings and /report name who a booking counts for. */
export function attributionText(ctx: BotContext, who: number | "direct"): string {
  return who === "direct" ? ctx.t("admin-direct") : ctx.t("admin-agent", { id: String(who) });
}

/** The instant a `YYYY-MM-DD` day starts in Thailand. */
export function bangkokDayStart(dateKey: string): number {
  const [year, month, day] = dateKey.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, ADMIN_TIME_ZONE).getTime();
}
