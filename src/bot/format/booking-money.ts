/**
 * What a booking costs, as each reader may see it: a customer (and a golfer with a copy) sees what
 * they pay — the selling price, prepaid — and what is due at the course; an agent or an admin sees the
 * selling price with the net (the agency's cost) and the margin. The net never reaches a customer's
 * message: every booking summary, receipt and notice takes its money lines from here.
 */
import type { BookingRecord } from "../../bookings/index.js";
import type { Locale } from "./locale.js";
import { formatBaht } from "./money.js";

/** Who reads a message: the customer side (customers, golfers, anyone outside the agency) or staff. */
export type Audience = "customer" | "staff";

type T = (key: string, args?: Record<string, string | number>) => string;

type MoneyFields = Pick<
  BookingRecord,
  "amount" | "expected_amount" | "selling_amount" | "persons" | "caddy_info" | "refunded_amount"
>;

/** Satang the partner charges (or charged) for the booking: the net. */
export function netOf(b: Pick<BookingRecord, "amount" | "expected_amount">): number {
  return b.amount ?? b.expected_amount;
}

/** Satang the customer pays: the selling amount recorded with the hold (the net when none was). */
export function sellingOf(b: Pick<BookingRecord, "amount" | "expected_amount" | "selling_amount">): number {
  return b.selling_amount ?? netOf(b);
}

/** The caddy terms the tee time listed. */
export function caddyOf(b: Pick<BookingRecord, "caddy_info">): { freeCaddy?: boolean; caddyPrice?: number } {
  try {
    return b.caddy_info ? (JSON.parse(b.caddy_info) as { freeCaddy?: boolean; caddyPrice?: number }) : {};
  } catch {
    return {};
  }
}

/** What is paid at the course (caddie, cart, tip), as one line. */
export function atCourseText(b: Pick<BookingRecord, "caddy_info">, env: { t: T; locale: Locale }): string {
  const caddy = caddyOf(b);
  const first = caddy.freeCaddy
    ? env.t("pay-at-course-caddy-free")
    : caddy.caddyPrice !== undefined
      ? env.t("pay-at-course-caddy", { price: formatBaht(caddy.caddyPrice, env.locale) })
      : env.t("pay-at-course-caddy-unknown");
  return env.t("pay-at-course", { caddy: first });
}

/**
 * The money lines of a booking for `audience`: prepaid (green fee × players) and at the course for a
 * customer; selling, net and margin (and at the course) for staff.
 */
export function moneyLines(b: MoneyFields, env: { t: T; locale: Locale; audience?: Audience }): string[] {
  const { t, locale } = env;
  const selling = sellingOf(b);
  const each = b.persons > 0 ? Math.round(selling / b.persons) : selling;
  const lines =
    env.audience === "staff"
      ? [
          `💰 ${t("pay-staff-money", {
            selling: formatBaht(selling, locale),
            net: formatBaht(netOf(b), locale),
            margin: formatBaht(selling - netOf(b), locale),
          })}`,
        ]
      : [
          `💰 ${t("pay-prepaid", {
            amount: formatBaht(selling, locale),
            players: b.persons,
            each: formatBaht(each, locale),
          })}`,
        ];
  lines.push(`🏌️ ${atCourseText(b, env)}`);
  return lines;
}

/**
 * A group's money as one booking's: its flights' players, net, selling and refunded amounts together,
 * with the first flight's caddie terms (one course, one day).
 */
export function groupMoney(flights: readonly MoneyFields[]): MoneyFields {
  const sum = (f: (b: MoneyFields) => number) => flights.reduce((total, b) => total + f(b), 0);
  const refunded = flights.some((b) => b.refunded_amount !== null) ? sum((b) => b.refunded_amount ?? 0) : null;
  return {
    amount: sum(netOf),
    expected_amount: sum(netOf),
    selling_amount: sum(sellingOf),
    persons: sum((b) => b.persons),
    caddy_info: flights[0]?.caddy_info ?? null,
    refunded_amount: refunded,
  };
}

/**
 * What to give back to the customer after a refund of a booking they paid: the share of what they
 * paid that the partner credited back (the same proportion), in satang.
 */
export function customerRefundOf(b: MoneyFields): number {
  const net = netOf(b);
  const refunded = b.refunded_amount ?? 0;
  if (net <= 0) return 0;
  return Math.min(sellingOf(b), Math.round((sellingOf(b) * refunded) / net));
}

/** The customer's share of a refund the partner credited (`refunded` satang of the net); null when unknown. */
export function customerShare(b: MoneyFields, refunded: number | null): number | null {
  return refunded === null ? null : customerRefundOf({ ...b, refunded_amount: refunded });
}
