import { InlineKeyboard } from "grammy";
import { bookingCourseName, type BookingRecord } from "../../../bookings/index.js";
import { flowData } from "../../callback-data.js";
import type { Locale } from "../../context.js";
import { formatDate, formatTime, dateKeyOf } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { formatThaiMobileForDisplay } from "../../validation/customer.js";
import type { CourseView } from "./draft.js";
import { courseName } from "./draft.js";
import { caddyText, type T, type View } from "./views.js";

interface SummaryEnv {
  t: T;
  locale: Locale;
  nonce: string;
  now: number;
}

function caddyOf(b: BookingRecord): { freeCaddy?: boolean; caddyPrice?: number } {
  try {
    return b.caddy_info ? (JSON.parse(b.caddy_info) as { freeCaddy?: boolean; caddyPrice?: number }) : {};
  } catch {
    return {};
  }
}

/** Lines shared by the hold summary and the confirmation. */
export function bookingLines(
  b: BookingRecord,
  course: Pick<CourseView, "name" | "nameTH"> | undefined,
  env: { t: T; locale: Locale },
): string[] {
  const { t, locale } = env;
  const name = course ? courseName(course, locale) : bookingCourseName(b, locale);
  const caddy = caddyText(caddyOf(b), env);
  return [
    `⛳ ${escapeHtml(name)}`,
    `📅 ${formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale)} · 🕒 ${formatTime(b.slot_starts_at, b.time_zone, locale)}`,
    `👥 ${t("summary-players", { count: b.persons })}`,
    `👤 ${escapeHtml(b.customer_name)} · ${escapeHtml(formatThaiMobileForDisplay(b.customer_mobile))} · ${escapeHtml(b.customer_email)}`,
    `💰 ${t("summary-amount", { amount: formatBaht(b.amount ?? b.expected_amount, locale) })}`,
    caddy ? `🏌️ ${caddy}` : "",
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
    `⏳ ${t("held-until", { time: formatTime(expires, b.time_zone, locale), minutes })}`,
  ].filter((l, i) => l !== "" || i > 0);
  const kb = new InlineKeyboard()
    .text(t("btn-confirm"), flowData(env.nonce, "ok"))
    .row()
    .text(t("btn-change"), flowData(env.nonce, "chg"))
    .text(t("btn-cancel"), flowData(env.nonce, "cancel"))
    .row();
  return { text: lines.join("\n"), keyboard: kb };
}

/** The confirmation: code, txNo, course, local date and time, players, amount. */
export function confirmedText(b: BookingRecord, course: CourseView | undefined, env: { t: T; locale: Locale }): string {
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
