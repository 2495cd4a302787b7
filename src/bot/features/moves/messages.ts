/** What a move says: the old and the new tee time side by side, and what each step's outcome means. */
import { bookingCourseName, type BookingRecord, type MoveOutcome, type MoveView } from "../../../bookings/index.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Locale } from "../../context.js";
import { sellingOf, type Audience } from "../../format/booking-money.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { dateKeyOf } from "../../../time/today.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/** A side of the move; with its course when the move changes course. */
function teeTime(t: T, locale: Locale, b: BookingRecord, withCourse = false): string {
  return t(withCourse ? "move-tee-time-course" : "move-tee-time", {
    course: escapeHtml(bookingCourseName(b, locale)),
    date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale),
    time: formatTime(b.slot_starts_at, b.time_zone, locale),
    players: b.persons,
    amount: formatBaht(sellingOf(b), locale),
  });
}

/**
 * The move held: the old tee time, the new one, the difference, the refund's policy (staff), the hold's
 * end. Amounts at the selling price, for staff and customers alike.
 */
export function moveCard(t: T, locale: Locale, v: MoveView, now: number, audience: Audience = "staff"): string {
  const difference = sellingOf(v.new) - sellingOf(v.old);
  const ends = v.new.hold_expires_at ?? now;
  const courses = v.new.course_id !== v.old.course_id;
  return [
    `<b>${t("move-title", { code: escapeHtml(v.old.reservation_code ?? "-"), customer: escapeHtml(v.old.customer_name) })}</b>`,
    `${t("move-old")} ${teeTime(t, locale, v.old, courses)}`,
    `${t("move-new")} ${teeTime(t, locale, v.new, courses)}`,
    difference === 0
      ? t("move-same-price")
      : t(
          difference > 0 ? "move-costs-more" : audience === "customer" ? "move-customer-costs-less" : "move-costs-less",
          {
            amount: formatBaht(Math.abs(difference), locale),
          },
        ),
    audience === "staff" ? t("move-refund-policy") : "",
    t("move-held-until", {
      time: formatTime(ends, v.new.time_zone, locale),
      minutes: Math.max(0, Math.ceil((ends - now) / 60_000)),
    }),
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The difference a customer paid first for a move that ended without its new tee time: money their
 * agent returns (approved, or a slip that came and was never decided). Undefined when nothing was paid.
 */
export function paidDifferenceBack(out: MoveOutcome): PaymentRecord | undefined {
  const p = out.payment;
  if (!p || p.amount <= 0 || !["abandoned", "unwound", "stranded"].includes(out.kind)) return undefined;
  return p.state === "to-return" || (p.state === "expired" && p.slip_at !== null) ? p : undefined;
}

/** The staff's line about a customer's difference to return, if any. */
function differenceBackLine(t: T, locale: Locale, out: MoveOutcome): string {
  const back = paidDifferenceBack(out);
  return back
    ? `\n${t("move-pay-to-return", {
        amount: formatBaht(back.amount, locale),
        reference: escapeHtml(back.reference),
      })}`
    : "";
}

/**
 * A customer's booking moved to a cheaper tee time: what their agent returns (the selling difference),
 * beside what the partner actually credited back for the old booking (its contract policy may keep some).
 */
function cheaperLine(t: T, locale: Locale, out: MoveOutcome & { kind: "done" }): string {
  const customers = out.old.agent_id !== null && Number(out.old.agent_id) !== Number(out.old.user_id);
  const less = sellingOf(out.old) - sellingOf(out.new);
  if (!customers || less <= 0) return "";
  return `\n${t("move-done-return", {
    amount: formatBaht(less, locale),
    refunded: out.refundedAmount === null ? "-" : formatBaht(out.refundedAmount, locale),
  })}`;
}

/** Where a booking is now, for a move's result: its course, date, time (the course's clock) and players. */
export function whereArgs(locale: Locale, b: BookingRecord): Record<string, string | number> {
  return {
    course: escapeHtml(bookingCourseName(b, locale)),
    date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale),
    time: formatTime(b.slot_starts_at, b.time_zone, locale),
    players: b.persons,
  };
}

/** What a step of a move did, in one message. */
export function moveOutcomeText(t: T, locale: Locale, out: MoveOutcome): string {
  const code = escapeHtml(out.old.reservation_code ?? "-");
  const newCode = escapeHtml(out.new.reservation_code ?? "-");
  switch (out.kind) {
    case "done":
      return (
        t("move-done", {
          code,
          newCode,
          ...whereArgs(locale, out.new),
          refunded: out.refundedAmount === null ? "-" : formatBaht(out.refundedAmount, locale),
          paid: formatBaht(out.new.amount ?? out.new.expected_amount, locale),
        }) + cheaperLine(t, locale, out)
      );
    case "unwound":
      return t("move-unwound", { code }) + differenceBackLine(t, locale, out);
    case "retrying":
      return t("move-retrying", { code, newCode });
    case "stranded":
      return (
        t("move-stranded", {
          code,
          refunded: out.move.refunded_amount === null ? "-" : formatBaht(out.move.refunded_amount, locale),
        }) + differenceBackLine(t, locale, out)
      );
    case "pending":
      return t("move-pending", { code });
    case "abandoned":
      return t("move-abandoned", { code }) + differenceBackLine(t, locale, out);
    case "decided":
      return t("move-decided", { code });
    case "too-late":
      return t("move-too-late", { code });
    case "unpaid":
      return t("move-unpaid", { code });
    case "held":
      return t("move-held", { code });
    case "not-held":
      return t("move-not-held");
  }
}
