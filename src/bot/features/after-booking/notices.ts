/** Messages to the people of a booking (booker, golfers with a copy, the crediting agent) in their own language. */
import type { InlineKeyboardMarkup } from "grammy/types";
import { bookingCourseName, type BookingRecord } from "../../../bookings/index.js";
import type { BotDeps, Locale } from "../../context.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { translate } from "../../i18n.js";

/** Translates for someone other than the sender of the update being handled (`../../i18n.ts`). */
export { translate };

/** The booking as a notice names it, in `locale`. */
export function bookingArgs(b: BookingRecord, locale: Locale) {
  return {
    course: escapeHtml(bookingCourseName(b, locale)),
    date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale),
    time: formatTime(b.slot_starts_at, b.time_zone, locale),
    code: escapeHtml(b.reservation_code ?? b.reservation_id ?? "-"),
  };
}

export interface TellOptions {
  /** More recipients (a requester, the crediting agent). */
  also?: (number | null | undefined)[];
  /** Only `also`: not the booker nor the golfers with a copy. */
  onlyAlso?: boolean;
  /** Not told (who acted, and saw the outcome already). */
  exclude?: (number | undefined)[];
  /** Extra message arguments, per recipient's locale. */
  args?: (locale: Locale) => Record<string, string | number>;
  replyMarkup?: (locale: Locale) => InlineKeyboardMarkup | undefined;
}

/**
 * Tells the booker, the golfers who claimed a copy and `also`, each once, in their language, through
 * the notifications' choke point. Never throws (a failed send is logged there).
 */
export async function tellBookingParties(
  deps: BotDeps,
  b: BookingRecord,
  key: string,
  options: TellOptions = {},
): Promise<number[]> {
  const parties = options.onlyAlso ? [] : [Number(b.user_id), ...(await deps.golferCopies.viewersOf(b.id))];
  const recipients = new Set<number>();
  for (const id of [...parties, ...(options.also ?? [])])
    if (typeof id === "number" && Number.isFinite(id)) recipients.add(id);
  for (const id of options.exclude ?? []) if (id !== undefined) recipients.delete(id);
  const told: number[] = [];
  for (const chatId of recipients) {
    const locale = await deps.notifications.localeOf(chatId);
    const text = translate(locale, key, { ...bookingArgs(b, locale), ...options.args?.(locale) });
    const replyMarkup = options.replyMarkup?.(locale);
    if (await deps.notifications.deliver({ chatId, text, ...(replyMarkup ? { replyMarkup } : {}), what: key }))
      told.push(chatId);
  }
  return told;
}

/** Amount text in `locale`, or the localized "unknown". */
export function amountText(satang: number | null, locale: Locale): string {
  return satang === null ? translate(locale, "admin-amount-unknown") : formatBaht(satang, locale);
}
