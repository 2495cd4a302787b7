/**
 * The new receipt of a booking moved to another tee time, in its booker's chat: a calendar file that
 * replaces the old event (the first booking's UID, a higher SEQUENCE: a calendar moves the event it has)
 * and the new e-voucher (whose drawing marks the old booking's vouchers as moved).
 */
import type { BookingRecord, BookingService, MoveView } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
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
