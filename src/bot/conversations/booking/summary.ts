import { InlineKeyboard } from "grammy";
import {
  bookingCourseName,
  groupCourseName,
  groupHoldSetEnd,
  type BookingRecord,
  type GroupView,
} from "../../../bookings/index.js";
import { flowData } from "../../callback-data.js";
import type { Locale } from "../../context.js";
import { formatDate, formatTime, dateKeyOf } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { groupMoney, moneyLines, sellingOf, type Audience } from "../../format/booking-money.js";
import { formatThaiMobileForDisplay } from "../../validation/customer.js";
import type { CourseView } from "./draft.js";
import { courseName } from "../../format/course-name.js";
import type { T, View } from "./views.js";

export interface SummaryEnv {
  t: T;
  locale: Locale;
  nonce: string;
  now: number;
  /** Who reads it (default the customer: the selling price only). */
  audience?: Audience;
  /** The customer pays first (PromptPay): Pay instead of Confirm, and the payment deadline. */
  prepay?: boolean;
}

/** Lines shared by the hold summary and the confirmation. */
export function bookingLines(
  b: BookingRecord,
  course: Pick<CourseView, "name" | "nameTH"> | undefined,
  env: { t: T; locale: Locale; audience?: Audience },
): string[] {
  const { t, locale } = env;
  const name = course ? courseName(course, locale) : bookingCourseName(b, locale);
  return [
    `⛳ ${escapeHtml(name)}`,
    `📅 ${formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale)} · 🕒 ${formatTime(b.slot_starts_at, b.time_zone, locale)}`,
    `👥 ${t("summary-players", { count: b.persons })}`,
    `👤 ${escapeHtml(b.customer_name)} · ${escapeHtml(formatThaiMobileForDisplay(b.customer_mobile))} · ${escapeHtml(b.customer_email)}`,
    ...moneyLines(b, env),
  ].filter(Boolean);
}

/** The hold: what the partner answered, how long it lasts, and Confirm / Change / Cancel. */
export function heldView(b: BookingRecord, course: CourseView | undefined, env: SummaryEnv, notice?: string): View {
  const { t, locale } = env;
  const expires = b.hold_expires_at ?? env.now;
  const minutes = Math.max(0, Math.ceil((expires - env.now) / 60_000));
  const lines = [
    notice ? `⚠️ ${notice}\n` : "",
    `<b>${t("held-title")}</b>`,
    ...bookingLines(b, course, env),
    `🔖 ${t("summary-code", { code: escapeHtml(b.reservation_code ?? b.reservation_id ?? "") })}`,
    "",
    `⏳ ${t(env.prepay ? "pay-held-until" : "held-until", { time: formatTime(expires, b.time_zone, locale), minutes })}`,
  ].filter((l, i) => l !== "" || i > 0);
  const kb = new InlineKeyboard()
    .text(t(env.prepay ? "pay-btn-pay" : "btn-confirm"), flowData(env.nonce, "ok"))
    .row()
    .text(t("btn-change"), flowData(env.nonce, "chg"))
    .text(t("btn-cancel"), flowData(env.nonce, "cancel"))
    .row();
  return { text: lines.join("\n"), keyboard: kb };
}

/** The confirmation: code, txNo, course, local date and time, players, amount. */
export function confirmedText(
  b: BookingRecord,
  course: CourseView | undefined,
  env: { t: T; locale: Locale; audience?: Audience },
): string {
  const { t } = env;
  return [
    `✅ <b>${t("confirmed-title")}</b>`,
    ...bookingLines(b, course, env),
    `🔖 ${t("summary-code", { code: escapeHtml(b.reservation_code ?? "") })}`,
    `🧾 ${t("summary-txno", { txno: escapeHtml(b.tx_no ?? "") })}`,
    "",
    t("confirmed-footer"),
  ].join("\n");
}

/** The state a flight reads as to its booker: paid, held, released or being checked. */
export function flightStatusKey(b: BookingRecord): string {
  if (b.state === "PAID") return "flight-paid";
  if (b.state === "REFUNDED" || b.state === "REFUNDING") return "flight-refunded";
  if (b.state === "HELD") return "flight-held";
  if (b.state === "CONFIRMING" || b.state === "RELEASING" || b.state === "RESERVING") return "flight-checking";
  return "flight-released";
}

/** One line per flight: number, time, players, amount, code, and (`status`) what became of it. */
export function groupFlightLines(view: GroupView, env: { t: T; locale: Locale }, status: boolean): string[] {
  const { t, locale } = env;
  return view.flights.map((f) => {
    const line = t("group-flight", {
      n: f.flight ?? 0,
      time: formatTime(f.slot_starts_at, f.time_zone, locale),
      players: f.persons,
      amount: formatBaht(sellingOf(f), locale),
    });
    const code = f.reservation_code ? ` · 🔖 <code>${escapeHtml(f.reservation_code)}</code>` : "";
    return `${line}${code}${status ? ` — ${t(flightStatusKey(f))}` : ""}`;
  });
}

/** The course, date and lead golfer of a group, and its flights. */
function groupLines(
  view: GroupView,
  course: Pick<CourseView, "name" | "nameTH"> | undefined,
  env: { t: T; locale: Locale },
  status: boolean,
): string[] {
  const { t, locale } = env;
  const { group: g } = view;
  const first = view.flights[0];
  const name = course ? courseName(course, locale) : groupCourseName(g, locale);
  return [
    `⛳ ${escapeHtml(name)}`,
    first ? `📅 ${formatDate(dateKeyOf(first.slot_starts_at, g.time_zone), locale)}` : "",
    `👥 ${t("group-players", { players: g.persons, flights: g.flights })}`,
    `👤 ${escapeHtml(g.customer_name)} · ${escapeHtml(formatThaiMobileForDisplay(g.customer_mobile))} · ${escapeHtml(g.customer_email)}`,
    "",
    ...groupFlightLines(view, env, status),
  ].filter((l, i) => l !== "" || i > 0);
}

/** Satang: what the group's flights cost together (the partner's amounts once held). */
export function groupTotal(view: GroupView, flights = view.flights): number {
  return flights.reduce((sum, f) => sum + sellingOf(f), 0);
}

/**
 * A group's holds: every flight, the total (what is prepaid and due at the course, or for staff the
 * net and margin), how long they last, and Confirm (Pay, for a customer who pays first) / Change / Cancel.
 */
export function heldGroupView(view: GroupView, course: CourseView | undefined, env: SummaryEnv, notice?: string): View {
  const { t, locale } = env;
  const expires = groupHoldSetEnd(view.flights) ?? env.now;
  const minutes = Math.max(0, Math.ceil((expires - env.now) / 60_000));
  const time = formatTime(expires, view.group.time_zone, locale);
  const lines = [
    notice ? `⚠️ ${notice}\n` : "",
    `<b>${t("group-held-title", { flights: view.flights.length })}</b>`,
    ...groupLines(view, course, env, false),
    "",
    `💰 ${t("group-total", { amount: formatBaht(groupTotal(view), locale) })}`,
    ...moneyLines(groupMoney(view.flights), env),
    `⏳ ${t(env.prepay ? "pay-held-until" : "held-until", { time, minutes })}`,
  ].filter((l, i) => l !== "" || i > 0);
  const kb = new InlineKeyboard()
    .text(
      env.prepay ? t("pay-btn-pay") : t("btn-confirm-group", { flights: view.flights.length }),
      flowData(env.nonce, "ok"),
    )
    .row()
    .text(t("btn-change"), flowData(env.nonce, "chg"))
    .text(t("btn-cancel"), flowData(env.nonce, "cancel"))
    .row();
  return { text: lines.join("\n"), keyboard: kb };
}

/**
 * The one receipt of a paid group: every flight's time and code, the total, and what was prepaid and
 * is due at the course (staff: the net and margin).
 */
export function confirmedGroupText(
  view: GroupView,
  course: CourseView | undefined,
  env: { t: T; locale: Locale; audience?: Audience },
): string {
  const { t, locale } = env;
  return [
    `✅ <b>${t("group-confirmed-title", { flights: view.flights.length })}</b>`,
    ...groupLines(view, course, env, false),
    "",
    `💰 ${t("group-total", { amount: formatBaht(groupTotal(view), locale) })}`,
    ...moneyLines(groupMoney(view.flights), env),
    "",
    t("group-confirmed-footer"),
  ].join("\n");
}

/**
 * A group whose confirm did not pay every flight (stopped midway, interrupted, expired): what each
 * flight is now, and what was paid. Never a silent partial group.
 */
export function groupOutcomeText(
  kind: "partial" | "unknown" | "expired" | "released",
  view: GroupView,
  course: CourseView | undefined,
  env: { t: T; locale: Locale },
): string {
  const { t, locale } = env;
  const paid = view.flights.filter((f) => f.state === "PAID");
  return [
    `<b>${t(`group-outcome-${kind}`, { paid: paid.length, flights: view.flights.length })}</b>`,
    ...groupLines(view, course, env, true),
    "",
    `💰 ${t("group-paid-total", { amount: formatBaht(groupTotal(view, paid), locale) })}`,
  ].join("\n");
}
