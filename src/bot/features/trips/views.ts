/**
 * What staff see of trips (`/trips`): the list — state, lead customer, dates, total, paid and due — and
 * one trip with its rounds (selling price and the partner's net), roster, priced lines and instalments, and
 * 🖼 Quote image (the customer's quote as a picture, to forward).
 * Staff read Thai or English.
 */
import { InlineKeyboard } from "grammy";
import type { TripMargin, TripView } from "../../../trips/store.js";
import type { Locale } from "../../context.js";
import { formatDate } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { tripData } from "./callback-data.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/** What has been approved of a trip's instalments, and what is still open (satang). */
export function paidAndDue(view: TripView): { paid: number; due: number } {
  const paid = view.instalments.filter((i) => i.state === "approved").reduce((s, i) => s + i.amount, 0);
  return { paid, due: view.trip.state === "CANCELLED" ? 0 : Math.max(0, view.total - paid) };
}

/** The first and last round's days, as one short span. */
function dates(view: TripView, locale: Locale): string {
  const first = view.rounds[0]?.day;
  const last = view.rounds.at(-1)?.day;
  if (!first || !last) return "";
  return first === last ? formatDate(first, locale) : `${formatDate(first, locale)} – ${formatDate(last, locale)}`;
}

/** The list of trips, one button each. */
export function tripListView(t: T, locale: Locale, views: readonly TripView[]) {
  const keyboard = new InlineKeyboard().text(t("trip-btn-new"), "tn:new").row();
  if (views.length === 0) return { text: t("trips-none"), keyboard };
  const rows = views.map((view) => {
    const { paid, due } = paidAndDue(view);
    keyboard
      .text(truncate(`${view.trip.lead_name} · ${dates(view, locale)}`, 60), tripData("open", view.trip.id))
      .row();
    return t("trips-row", {
      state: t("trip-state", { state: view.trip.state.toLowerCase() }),
      lead: escapeHtml(view.trip.lead_name),
      dates: dates(view, locale),
      total: formatBaht(view.total, locale),
      paid: formatBaht(paid, locale),
      due: formatBaht(due, locale),
    });
  });
  return { text: truncate([t("trips-title", { count: views.length }), ...rows].join("\n\n"), 4000), keyboard };
}

/**
 * Trips in /mybookings: a line each — the lead, the days, the total, paid and still due (selling prices:
 * what a customer reads too) — and a button opening the trip as /trips does.
 */
export function myTripsPart(t: T, locale: Locale, views: readonly TripView[]) {
  const buttons = views.map((view) => ({
    label: truncate(`🗺 ${view.trip.lead_name} · ${dates(view, locale)}`, 60),
    data: tripData("open", view.trip.id),
  }));
  const rows = views.map((view) => {
    const { paid, due } = paidAndDue(view);
    return t("my-trips-row", {
      lead: escapeHtml(view.trip.lead_name),
      dates: dates(view, locale),
      total: formatBaht(view.total, locale),
      paid: formatBaht(paid, locale),
      due: formatBaht(due, locale),
    });
  });
  return { text: [`<b>${t("my-trips-title")}</b>`, ...rows].join("\n"), buttons };
}

/** A trip's margin's figures as its messages' variables (staff's view, /report, the digest). */
export function tripMarginArgs(m: TripMargin, locale: Locale) {
  return {
    rounds: formatBaht(m.rounds, locale),
    lines: formatBaht(m.lines, locale),
    nets: formatBaht(m.nets, locale),
    margin: formatBaht(m.margin, locale),
    booked: m.booked,
    count: m.roundCount,
  };
}

/** One trip's margin (`TripMargin`), for its staff's view only. */
export function tripMarginText(t: T, locale: Locale, m: TripMargin): string {
  return t("trip-margin-staff", tripMarginArgs(m, locale));
}

/**
 * One trip as its agent (or an admin) sees it: the partner's net beside each round's selling price, and the
 * trip's margin when given (`TripMargin`).
 */
export function tripStaffView(t: T, locale: Locale, view: TripView, margin?: TripMargin) {
  const { trip } = view;
  const { paid, due } = paidAndDue(view);
  const parts = [
    t("trip-staff-title", {
      lead: escapeHtml(trip.lead_name),
      state: t("trip-state", { state: trip.state.toLowerCase() }),
    }),
    t("trip-rounds-title"),
    ...view.rounds.map(
      (r) =>
        t("trip-round-staff", {
          n: r.position,
          date: formatDate(r.day, locale),
          time: r.tee_time,
          course: escapeHtml(r.course_name),
          players: r.players,
          price: formatBaht(r.selling_amount, locale),
          net: r.net_amount === null ? "–" : formatBaht(r.net_amount, locale),
          state: t("trip-round-state", { state: r.state.toLowerCase() }),
        }) +
        // Beyond the sales window: the most the partner is paid when its day opens (staff only).
        (r.slot_id === null
          ? t("trip-round-limit", { limit: formatBaht(r.max_net_amount ?? r.selling_amount, locale) })
          : ""),
    ),
    t("trip-roster-title"),
    ...view.players.map((p) =>
      t("trip-player", {
        n: p.position,
        name: escapeHtml(p.name),
        hcp: p.handicap === null ? "–" : String(p.handicap),
      }),
    ),
  ];
  if (view.lines.length > 0) {
    parts.push(t("trip-lines-title"));
    for (const l of view.lines)
      parts.push(
        t("trip-line", { description: escapeHtml(l.description), price: formatBaht(l.selling_amount, locale) }),
      );
  }
  parts.push(t("trip-instalments-title"));
  if (view.instalments.length === 0) parts.push(t("trip-no-instalments"));
  for (const i of view.instalments)
    parts.push(
      t("trip-instalment", {
        kind: i.kind,
        amount: formatBaht(i.amount, locale),
        due: formatDate(i.due, locale),
        state: i.state,
      }),
    );
  parts.push(
    t("trip-totals", {
      total: formatBaht(view.total, locale),
      paid: formatBaht(paid, locale),
      due: formatBaht(due, locale),
    }),
  );
  if (margin) parts.push(tripMarginText(t, locale, margin));
  const keyboard = new InlineKeyboard();
  if (trip.state === "DRAFT" || trip.state === "QUOTED") {
    // The Edit button's data is the trip conversations' (`tn:`), entered below them (entry.ts).
    keyboard.text(t("trip-btn-edit"), `tn:ed:${trip.id}`).row();
    keyboard.text(t("trip-btn-share"), tripData("share", trip.id)).row();
  } else if (trip.state === "ACCEPTED" || trip.state === "DEPOSIT_PAID" || trip.state === "PAID") {
    parts.push("", t("trip-edit-closed-note"));
  }
  if (trip.state !== "CANCELLED") keyboard.text(t("trip-btn-quote-image"), tripData("qi", trip.id)).row();
  keyboard.text(t("trip-btn-list"), tripData("list"));
  return { text: truncate(parts.join("\n"), 4000), keyboard };
}
