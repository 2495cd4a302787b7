/**
 * Finding the booking an admin's command names: the reference they typed (a reservation id or code, or
 * fairway's own booking id), the ledger's row with the partner's current word applied, and why there is
 * nothing to do when the ledger does not know it.
 */
import type { BookingRecord } from "../../../bookings/index.js";
import { PartnerNotFoundError, type Reservation } from "../../../partner/index.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { partnerErrorText } from "./partner-error-text.js";

/** A reservation id, code or ledger id as an admin types it. */
const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

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
