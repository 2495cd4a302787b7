/** The admins' card of a cancellation request: the booking, who asked and why, Approve refund / Decline. */
import { InlineKeyboard } from "grammy";
import { groupCourseName, type BookingRecord, type CancelRequest, type GroupView } from "../../../bookings/index.js";
import { requestData } from "../../callback-data.js";
import { bookingLines, groupFlightLines } from "../../conversations/booking/summary.js";
import type { BotDeps, Locale } from "../../context.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { translate } from "./notices.js";

/**
 * The card's text in `locale` (every value escaped; well under Telegram's 4096 characters). A group's
 * request (`group`) shows every tee time of the group: approving it refunds each paid one.
 */
export function requestCardText(locale: Locale, request: CancelRequest, b: BookingRecord, group?: GroupView): string {
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const requester = Number(request.requester_id);
  const relation = requester === Number(b.user_id) ? "booker" : requester === Number(b.agent_id) ? "agent" : "golfer";
  const subject = group
    ? [
        `⛳ ${escapeHtml(groupCourseName(group.group, locale))} · 👤 ${escapeHtml(group.group.customer_name)}`,
        t("cancel-request-card-group", {
          flights: group.flights.length,
          paid: group.flights.filter((f) => f.state === "PAID").length,
        }),
        ...groupFlightLines(group, { t, locale }, true),
      ]
    : [
        ...bookingLines(b, undefined, { t, locale, audience: "staff" }),
        `🔖 ${t("summary-code", { code: escapeHtml(b.reservation_code ?? b.reservation_id ?? b.id) })}`,
      ];
  return [
    `🙋 <b>${t("cancel-request-card-title")}</b>`,
    ...subject,
    t("cancel-request-card-by", { id: String(requester), relation }),
    request.reason
      ? t("cancel-request-card-reason", { reason: escapeHtml(truncate(request.reason, 300)) })
      : t("cancel-request-card-no-reason"),
    "",
    t("admin-refund-policy"),
  ].join("\n");
}

export function requestCardKeyboard(locale: Locale, request: CancelRequest): InlineKeyboard {
  return new InlineKeyboard()
    .text(translate(locale, "cancel-request-btn-approve"), requestData("ok", request.id))
    .text(translate(locale, "cancel-request-btn-decline"), requestData("no", request.id));
}

/** Sends the card to every admin, each in their language. */
export async function sendRequestCards(
  deps: BotDeps,
  request: CancelRequest,
  b: BookingRecord,
  group?: GroupView,
): Promise<void> {
  for (const admin of deps.access.adminIds()) {
    const locale = await deps.notifications.localeOf(admin);
    await deps.notifications.deliver({
      chatId: admin,
      text: requestCardText(locale, request, b, group),
      replyMarkup: requestCardKeyboard(locale, request),
      what: "cancel-request",
    });
  }
}
