/**
 * The quote a lead customer reads, in the trip's language (any of the five): the rounds and the agency's
 * lines at their selling prices only (never the partner's net), the total, the payment schedule (the
 * deposit due on acceptance and the balance's day, as if accepted today in Bangkok, or as frozen once
 * accepted: `tripSchedule`, which the quote's picture shows too) and the cancellation ladder frozen at sale.
 */
import { InlineKeyboard } from "grammy";
import { tripSchedule } from "../../../trips/quote.js";
import type { TripView } from "../../../trips/store.js";
import { parseLocale } from "../../../locale.js";
import { formatDate } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { translate } from "../../i18n.js";
import { tripData } from "./callback-data.js";

/** The quote's text and, while the trip waits for acceptance, its Accept button. */
export function tripQuote(view: TripView, nowMs: number) {
  const { trip } = view;
  const locale = parseLocale(trip.locale, "en");
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const baht = (satang: number) => formatBaht(satang, locale);
  const parts = [
    t("trip-quote-title", { lead: escapeHtml(trip.lead_name), players: view.players.length }),
    // A round the course ended is out of the trip's price (its total): not quoted.
    ...view.rounds
      .filter((r) => r.state !== "COURSE_ENDED")
      .map((r) =>
        t("trip-quote-round", {
          date: formatDate(r.day, locale),
          time: r.tee_time,
          course: escapeHtml(r.course_name),
          players: r.players,
          price: baht(r.selling_amount),
        }),
      ),
    // The agency's own lines (hotel, transfer…) in the words the agent wrote them.
    ...view.lines.map((l) => `${escapeHtml(l.description)} · ${baht(l.selling_amount)}`),
    t("trip-quote-total", { total: baht(view.total) }),
    "",
  ];
  const { deposit, balance } = tripSchedule(view, nowMs);
  const schedule = { deposit: deposit.satang, balance: balance.satang, due: balance.due };
  if (schedule.balance > 0)
    parts.push(
      t("trip-quote-schedule", {
        deposit: baht(schedule.deposit),
        balance: baht(schedule.balance),
        due: formatDate(schedule.due, locale),
      }),
    );
  else parts.push(t("trip-quote-pay-all", { total: baht(schedule.deposit) }));
  parts.push("", t("trip-quote-ladder-title"));
  for (const step of view.ladder)
    parts.push(t("trip-quote-ladder-step", { days: step.daysBefore, percent: step.percent }));
  parts.push(t("trip-quote-ladder-rest"));
  // DRAFT after it was sent: its agent is changing it (no Accept until it is sent again).
  if (trip.state === "DRAFT") parts.push("", t("trip-quote-changing"));
  else if (trip.state !== "QUOTED") parts.push("", t("trip-quote-state", { state: trip.state.toLowerCase() }));
  const keyboard = new InlineKeyboard();
  if (trip.state === "QUOTED") keyboard.text(t("trip-btn-accept"), tripData("accept", trip.id));
  return { text: truncate(parts.join("\n"), 4000), keyboard, locale };
}
