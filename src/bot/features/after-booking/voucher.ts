/**
 * The e-voucher sent as a photo, through the outbox: with every receipt (a booking's, a group's: one
 * voucher listing every flight) and with "Send to golfer". A voucher that cannot be drawn (a font
 * missing, the worker gone) is logged and skipped: the receipt stands without it.
 */
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
import type { Locale } from "../../format/locale.js";
import { bookingCourseName } from "../../../bookings/index.js";
import { translate } from "../../i18n.js";

export interface VoucherDelivery {
  chatId: number;
  locale: Locale;
  /** The bot's username: the agency's contact when AGENCY_CONTACT is not set (`t.me/<bot>`). */
  botUsername: string;
}

/** Draws the voucher of `of` (a booking or a group) in `locale` and queues it to `chatId`; false when it could not be. */
export async function deliverVoucher(
  deps: Pick<BotDeps, "vouchers" | "notifications" | "logger">,
  of: { booking: BookingRecord } | { group: GroupView },
  to: VoucherDelivery,
): Promise<boolean> {
  const { vouchers } = deps;
  if (!vouchers) return false;
  const env = { locale: to.locale, defaultContact: `t.me/${to.botUsername}` };
  const first = "booking" in of ? of.booking : of.group.flights[0];
  if (!first) return false;
  try {
    const voucher =
      "booking" in of ? await vouchers.forBooking(of.booking, env) : await vouchers.forGroup(of.group, env);
    const code = first.reservation_code ?? first.id;
    return await deps.notifications.deliver({
      chatId: to.chatId,
      text: translate(to.locale, "voucher-caption", { course: bookingCourseName(first, to.locale) }),
      photo: { filename: `voucher-${code}.png`, base64: voucher.png.toString("base64") },
      what: "voucher",
    });
  } catch (error) {
    deps.logger.error({ err: error, bookingId: first.id }, "e-voucher not drawn");
    return false;
  }
}
