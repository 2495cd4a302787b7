/** The customer's receipt once the partner confirmed what they paid for, with its e-voucher and calendar file. */
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import type { BotContext } from "../../context.js";
import { formatDate } from "../../format/dates.js";
import { withReceiptButton } from "../after-booking/receipt-document.js";
import { deliverVoucher } from "../after-booking/voucher.js";
import { groupIcs } from "../../format/group-ics.js";
import { bookingIcsUid, buildTeeTimeIcs } from "../../format/tee-time-ics.js";
import { customerGroupReceipt, customerReceipt, readerIn } from "./messages.js";

/** The receipt and the calendar file to the customer, through the outbox (their language). */
export async function sendReceipt(ctx: Pick<BotContext, "deps" | "me">, b: BookingRecord): Promise<void> {
  const { deps } = ctx;
  const locale = await deps.notifications.localeOf(Number(b.user_id));
  const r = readerIn(locale);
  await deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: customerReceipt(b, r),
    // Its receipt as a PDF (features/after-booking/receipt-document.ts).
    replyMarkup: { inline_keyboard: withReceiptButton((k) => r.t(k), b.id).inline_keyboard },
    what: "payment-receipt",
  });
  await deliverVoucher(deps, { booking: b }, { chatId: Number(b.chat_id), locale, botUsername: ctx.me.username });
  const ics = buildTeeTimeIcs({
    uid: bookingIcsUid(b),
    startsAt: b.slot_starts_at,
    timeZone: b.time_zone,
    summary: r.t("ics-summary", { course: b.course_name }),
    location: b.course_name,
    description: r.t("ics-description", { code: b.reservation_code ?? "", players: b.persons }),
    createdAt: b.paid_at ?? deps.now(),
  });
  await deps.notifications.deliver({
    chatId: Number(b.chat_id),
    text: r.t("ics-caption"),
    document: { filename: `tee-time-${b.reservation_code ?? "booking"}.ics`, content: ics },
    what: "payment-receipt-ics",
  });
}

/** The receipt of a group paid first and the calendar file of its paid tee times, through the outbox. */
export async function sendGroupReceipt(ctx: Pick<BotContext, "deps" | "me">, view: GroupView): Promise<void> {
  const { deps } = ctx;
  const g = view.group;
  const r = readerIn(await deps.notifications.localeOf(Number(g.user_id)));
  await deps.notifications.deliver({
    chatId: Number(g.chat_id),
    text: customerGroupReceipt(view, r),
    what: "payment-receipt",
  });
  await deliverVoucher(
    deps,
    { group: view },
    { chatId: Number(g.chat_id), locale: r.locale, botUsername: ctx.me.username },
  );
  const file = groupIcs(view, { t: (k, args) => r.t(k, args), courseName: g.course_name, now: deps.now() });
  if (!file) return;
  await deps.notifications.deliver({
    chatId: Number(g.chat_id),
    text: r.t("ics-group-caption", { flights: file.paid, date: formatDate(file.date, r.locale) }),
    document: { filename: file.filename, content: file.ics },
    what: "payment-receipt-ics",
  });
}
