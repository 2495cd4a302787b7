/**
 * The new receipt of a booking moved to another tee time, in its booker's chat: a calendar file that
 * replaces the old event (the first booking's UID, a higher SEQUENCE: a calendar moves the event it has)
 * and the new e-voucher (whose drawing marks the old booking's vouchers as moved); and, on request, the
 * receipt of the difference its customer paid first for a dearer tee time (`mv:r:<move>`).
 */
import { pdfDocument } from "../../outbox.js";
import type { BookingRecord, BookingService, MoveView } from "../../../bookings/index.js";
import type { BotContext, BotDeps } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { bookingIcsUid, buildTeeTimeIcs } from "../../format/tee-time-ics.js";
import { bookingCourseName } from "../../../bookings/index.js";
import { translate } from "../../i18n.js";
import { deliverVoucher } from "../after-booking/voucher.js";

/** Moves a booking chain can have, at most, before the walk back to its first booking stops. */
const MAX_CHAIN = 50;

/** The booking a chain of moves started from, and how many moves led from it to `b`. */
export async function firstOfMoves(
  bookings: Pick<BookingService, "get" | "movesOf">,
  b: BookingRecord,
): Promise<{ first: BookingRecord; moves: number }> {
  let current = b;
  let moves = 0;
  while (moves < MAX_CHAIN) {
    const from = (await bookings.movesOf(current.id)).find(
      (m) => m.new_booking_id === current.id && m.state === "DONE",
    );
    const old = from ? await bookings.get(from.old_booking_id) : undefined;
    if (!old) break;
    current = old;
    moves += 1;
  }
  return { first: current, moves };
}

/** The calendar file and the e-voucher of a move's new booking, queued to its booker's chat. */
export async function sendMoveReceipt(
  deps: Pick<BotDeps, "bookings" | "notifications" | "vouchers" | "catalog">,
  v: Pick<MoveView, "new">,
  botUsername: string,
): Promise<void> {
  const b = v.new;
  const chatId = Number(b.chat_id);
  const locale = await deps.notifications.localeOf(Number(b.user_id));
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const { first, moves } = await firstOfMoves(deps.bookings, b);
  const course = bookingCourseName(b, locale);
  const address = (await deps.catalog.course(b.course_id).catch(() => undefined))?.address;
  const ics = buildTeeTimeIcs({
    uid: bookingIcsUid(first),
    sequence: moves,
    startsAt: b.slot_starts_at,
    timeZone: b.time_zone,
    summary: t("ics-summary", { course }),
    location: [course, address ?? ""].filter(Boolean).join(", "),
    description: t("ics-description", { code: b.reservation_code ?? "", players: b.persons }),
    createdAt: b.paid_at ?? b.updated_at,
  });
  await deps.notifications.deliver({
    chatId,
    text: t("move-ics-caption"),
    document: { filename: `tee-time-${b.reservation_code ?? "booking"}.ics`, content: ics },
    what: "move-receipt-ics",
  });
  await deliverVoucher(deps, { booking: b }, { chatId, locale, botUsername });
}

/**
 * "🧾 Receipt" under a customer's move confirmation: the receipt of the difference they paid, as a PDF in
 * the chat through the outbox; the receipts service decides (the move's customer, its agent, an admin; a
 * difference approved) and numbers it once.
 */
export async function sendDifferenceReceipt(ctx: BotContext, moveId: string): Promise<void> {
  const out = await ctx.deps.receipts.moveReceipt(moveId, ctx.from!.id);
  if (out.kind !== "issued") {
    if (out.kind === "refused") ctx.deps.logger.info({ moveId, userId: ctx.from!.id }, "move receipt refused");
    const key = out.kind === "refused" ? "my-bookings-not-found" : "move-receipt-unpaid";
    await ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("receipt-sending") });
  const view = await ctx.deps.bookings.getMove(moveId);
  await ctx.deps.notifications.deliver({
    chatId: ctx.chat?.id ?? ctx.from!.id,
    text: ctx.t("move-receipt-caption", {
      number: escapeHtml(out.document.number),
      code: escapeHtml(view.new.reservation_code ?? view.new.id),
    }),
    document: pdfDocument(out),
    what: "receipt-pdf",
  });
}
