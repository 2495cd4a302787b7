/**
 * The e-voucher sent as a photo, through the outbox: with every receipt (a booking's, a group's: one
 * voucher listing every flight) and with "Send to golfer". `deliverVoucher` only queues an order (a
 * row); the outbox's drain has it drawn (`voucherDrawer`) and sends it, so no update waits for a
 * drawing. A voucher that cannot be drawn (a font missing, the worker gone) is logged and skipped: the
 * receipt stands without it.
 */
import type { BookingRecord, BookingService, GroupView } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
import type { Locale } from "../../format/locale.js";
import { bookingCourseName } from "../../../bookings/index.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../../i18n.js";
import type { VoucherOrder } from "../../outbox.js";
import { voucherLocale, type Vouchers } from "../../../vouchers/vouchers.js";

export interface VoucherDelivery {
  chatId: number;
  locale: Locale;
  /** The bot's username: the agency's contact when AGENCY_CONTACT is not set (`t.me/<bot>`). */
  botUsername: string;
}

/** Queues the voucher of `of` (a booking or a group) in `locale` to `chatId`; false when it could not be. */
export async function deliverVoucher(
  deps: Pick<BotDeps, "vouchers" | "notifications">,
  of: { booking: BookingRecord } | { group: GroupView },
  to: VoucherDelivery,
): Promise<boolean> {
  if (!deps.vouchers) return false;
  const first = "booking" in of ? of.booking : of.group.flights[0];
  if (!first) return false;
  return deps.notifications.deliver({
    chatId: to.chatId,
    text: translate(to.locale, "voucher-caption", { course: escapeHtml(bookingCourseName(first, to.locale)) }),
    voucher: {
      of: "booking" in of ? { bookingId: of.booking.id } : { groupId: of.group.group.id },
      locale: to.locale,
      defaultContact: `t.me/${to.botUsername}`,
    },
    what: "voucher",
  });
}

/** What the outbox's drain draws a queued voucher with: the booking or group as it is now, as a PNG. */
export function voucherDrawer(deps: {
  vouchers: Vouchers;
  bookings: Pick<BookingService, "get" | "getGroup">;
}): (order: VoucherOrder) => Promise<{ filename: string; base64: string }> {
  return async (order) => {
    const env = { locale: voucherLocale(order.locale), defaultContact: order.defaultContact };
    let voucher;
    let code: string;
    if ("bookingId" in order.of) {
      const b = await deps.bookings.get(order.of.bookingId);
      if (!b) throw new Error(`booking ${order.of.bookingId} not found`);
      voucher = await deps.vouchers.forBooking(b, env);
      code = b.reservation_code ?? b.id;
    } else {
      const view = await deps.bookings.getGroup(order.of.groupId);
      const first = view?.flights[0];
      if (!view || !first) throw new Error(`group ${order.of.groupId} not found`);
      voucher = await deps.vouchers.forGroup(view, env);
      code = first.reservation_code ?? first.id;
    }
    return { filename: `voucher-${code}.png`, base64: voucher.png.toString("base64") };
  };
}
