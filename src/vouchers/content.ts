/**
 * What an e-voucher says, in the reader's language: every string through the bot's translations
 * (`translate`), so a new language needs only its keys. The money is the customer's (booking-money.ts):
 * what was prepaid (the selling price) and what is paid at the course; never the net.
 */
import { bookingCourseName, type BookingRecord } from "../bookings/index.js";
import { translate } from "../bot/i18n.js";
import { atCourseText, groupMoney, sellingOf } from "../bot/format/booking-money.js";
import { dateKeyOf, formatDateLong, formatTime } from "../bot/format/dates.js";
import { formatBaht } from "../bot/format/money.js";
import type { Locale } from "../locale.js";

/** A voucher's text, laid out by `svg.ts`. */
export interface VoucherContent {
  locale: Locale;
  title: string;
  /** The agency's name (the band on top). */
  agencyName: string;
  /** Booked through the agency, and its contact (the last line). */
  agency: string;
  course: string;
  address?: string;
  /** Label and value, in order (date, time or the tee times, players, lead golfer, code). */
  rows: { label: string; value: string }[];
  /** A group's tee times, one line each. */
  flights?: { label: string; lines: string[] };
  money: { label: string; lines: string[] };
  /** Under the QR. */
  scan: string;
}

export interface VoucherContentOptions {
  locale: Locale;
  /** The agency's name and how to reach it. */
  agency: { name: string; contact: string };
  /** The course's address, when the partner gives one. */
  address?: string;
}

/** The voucher of one booking, or of a group (`flights` earliest first, all at one course on one day). */
export function voucherContent(flights: readonly BookingRecord[], options: VoucherContentOptions): VoucherContent {
  const { locale } = options;
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const first = flights[0];
  if (!first) throw new TypeError("voucherContent: no booking");
  const money = flights.length === 1 ? first : groupMoney(flights);
  const selling = sellingOf(money);
  const each = money.persons > 0 ? Math.round(selling / money.persons) : selling;
  const time = (b: BookingRecord) => formatTime(b.slot_starts_at, b.time_zone, locale);
  const code = (b: BookingRecord) => b.reservation_code ?? b.reservation_id ?? "-";
  const rows = [
    { label: t("voucher-date"), value: formatDateLong(dateKeyOf(first.slot_starts_at, first.time_zone), locale) },
  ];
  if (flights.length === 1) rows.push({ label: t("voucher-time"), value: time(first) });
  rows.push(
    { label: t("voucher-players"), value: t("voucher-players-count", { players: money.persons }) },
    { label: t("voucher-lead"), value: first.customer_name },
  );
  if (flights.length === 1) rows.push({ label: t("voucher-code"), value: code(first) });
  return {
    locale,
    title: t("voucher-title"),
    agencyName: options.agency.name,
    agency: t("voucher-agency", { agency: options.agency.name, contact: options.agency.contact }),
    course: bookingCourseName(first, locale),
    ...(options.address ? { address: options.address } : {}),
    rows,
    ...(flights.length > 1
      ? {
          flights: {
            label: t("voucher-flights"),
            lines: flights.map((b) => t("voucher-flight", { time: time(b), players: b.persons, code: code(b) })),
          },
        }
      : {}),
    money: {
      label: t("voucher-money"),
      lines: [
        t("pay-prepaid", {
          amount: formatBaht(selling, locale),
          players: money.persons,
          each: formatBaht(each, locale),
        }),
        atCourseText(money, { t, locale }),
      ],
    },
    scan: t("voucher-scan"),
  };
}
