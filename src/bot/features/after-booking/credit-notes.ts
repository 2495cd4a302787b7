/**
 * The credit note (ใบลดหนี้) of a booking that has a full tax invoice, when money goes back: a refund (the
 * customer's share of what the partner credited) or a move to a cheaper tee time (the difference). It refers
 * to the invoice's number, names its buyer, and goes as a PDF (through the outbox) to whoever asked for the
 * invoice. A booking without a full tax invoice gets none (the receipts service decides).
 */
import { pdfDocument } from "../../outbox.js";
import type { BookingRecord } from "../../../bookings/index.js";
import type { Logger } from "../../../logger.js";
import type { CreditInput, Receipts } from "../../../receipts/receipts.js";
import type { Notifications } from "../../notifications.js";
import { customerShare } from "../../format/booking-money.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../../i18n.js";

/** The reasons printed on a credit note, Thai / English. */
export const CREDIT_REASONS = {
  refund: "คืนเงินการจอง / Booking refunded",
  cheaperMove: "เปลี่ยนเป็นเวลาออกรอบที่ราคาต่ำกว่า / Moved to a cheaper tee time",
  courseEnded: "สนามยกเลิกเวลาออกรอบ คืนเงินการจอง / Cancelled by the course, booking refunded",
} as const;

/** A refunded booking's credit: the customer's share of what the partner credited back (`refunded_amount`). */
export function refundCredit(b: BookingRecord): CreditInput {
  return {
    source: `refund:${b.id}`,
    creditedSatang: customerShare(b, b.refunded_amount) ?? 0,
    reason: CREDIT_REASONS.refund,
  };
}

/**
 * Issues (once per cause) and sends the credit note of `booking`'s tax invoice for `credit`; nothing when the
 * booking has no full tax invoice or nothing is credited. Best effort: a failure is logged, the refund or the
 * move it follows stands.
 */
export async function sendCreditNote(
  deps: {
    receipts: Pick<Receipts, "creditNote">;
    notifications: Pick<Notifications, "localeOf" | "deliver">;
    logger: Pick<Logger, "error">;
  },
  booking: BookingRecord,
  credit: CreditInput,
): Promise<void> {
  try {
    const out = await deps.receipts.creditNote(booking.id, credit);
    const to = out?.document.issued_by;
    if (!out || to === null || to === undefined) return;
    const locale = await deps.notifications.localeOf(Number(to));
    await deps.notifications.deliver({
      chatId: Number(to),
      text: translate(locale, "credit-note-caption", {
        number: escapeHtml(out.document.number),
        code: escapeHtml(booking.reservation_code ?? booking.id),
        invoice: escapeHtml(out.document.refers_to ?? ""),
      }),
      document: pdfDocument(out),
      what: "credit-note-pdf",
    });
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id, source: credit.source }, "credit note not issued");
  }
}
