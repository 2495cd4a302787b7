/**
 * The trips' leader job (app/leader-jobs.ts): one pass every interval that
 *
 * 1. settles rounds a crash left BOOKING from their booking (`TripService.settleStuckRounds`);
 * 2. books the rounds waiting for sale whose day the partner now lists (`bookOpenedRounds`: the tee time
 *    nearest the quoted one within an hour and the agent's price, `src/trips/openings.ts`);
 * 3. sends the instalments' reminders that came due (`dueReminders`, `src/trips/reminders.ts`).
 *
 * Each round and each reminder stage is moved once (a compare-and-set), so only the pass that moved it tells:
 *
 * | what                  | the agent (their language)                        | the lead customer (the trip's language) |
 * | --------------------- | ------------------------------------------------- | --------------------------------------- |
 * | round booked          | booked: course, day, tee time, net                | booked; the calendar again; its voucher |
 * | round failed          | not booked: why; choose another                   | nobody (the agent decides first)        |
 * | no tee time allowed   | not booked: over price / none near, the nearest 3 | nobody                                  |
 * | balance due soon/today | nobody                                           | amount, day, reference, how to pay      |
 * | instalment overdue    | overdue: amount, day; nothing released            | nobody (the agent is told first)        |
 */
import type { Locale } from "../../format/locale.js";
import type { BotContext } from "../../context.js";
import { tripReference, type InstalmentReminder, type OpenedRound, type TripService } from "../../../trips/service.js";
import { parseLocale } from "../../../locale.js";
import { periodicPass } from "../../../runtime/periodic.js";
import { formatBaht } from "../../format/money.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../../i18n.js";
import { deliverTripPapers } from "./papers.js";

export interface TripJobsOptions {
  /** The bot's deps and username, read when a pass runs. */
  env: () => Pick<BotContext, "deps" | "me">;
  trips: TripService;
  /** How often it looks, ms (default 10 minutes: days open and reminders fall due at midnight in Bangkok). */
  intervalMs?: number;
}

/** The agent's notice of one opened round, in `locale` (HTML). */
export function agentNotice(opened: OpenedRound, locale: Locale): string {
  const { round, view, outcome } = opened;
  const args = {
    lead: escapeHtml(view.trip.lead_name),
    course: escapeHtml(round.course_name),
    date: formatDate(round.day, locale),
    quoted: round.tee_time,
    players: round.players,
  };
  if (outcome.kind === "booked") {
    const time = formatTime(outcome.teeTime.startsAt, round.time_zone, locale);
    return translate(locale, "trip-opened-booked", { ...args, time, net: formatBaht(outcome.net, locale) });
  }
  if (outcome.kind === "failed") {
    const time = formatTime(outcome.teeTime.startsAt, round.time_zone, locale);
    return translate(locale, "trip-opened-failed", { ...args, time, detail: escapeHtml(outcome.detail) });
  }
  const nearest = outcome.nearest
    .map((n) => `${formatTime(n.teeTime.startsAt, round.time_zone, locale)} · ${formatBaht(n.net, locale)}`)
    .join("\n");
  const limit = formatBaht(round.max_net_amount ?? round.selling_amount, locale);
  return translate(locale, `trip-opened-${outcome.reason}`, {
    ...args,
    limit,
    nearest: nearest || translate(locale, "trip-opened-nothing"),
  });
}

export function createTripJobs(options: TripJobsOptions) {
  const intervalMs = options.intervalMs ?? 10 * 60_000;

  async function tell(env: Pick<BotContext, "deps" | "me">, opened: OpenedRound): Promise<void> {
    const { deps } = env;
    const { view, round, outcome } = opened;
    const agentLocale = await deps.notifications.localeOf(view.trip.agent_id);
    for (const to of await deps.notifications.agentChats(view.trip.agent_id)) {
      await deps.notifications.deliver({ chatId: to, text: agentNotice(opened, agentLocale), what: "trip-opened" });
    }
    if (outcome.kind !== "booked" || view.trip.customer_chat_id === null || round.booking_id === null) return;
    const locale = parseLocale(view.trip.locale, deps.config.defaultLocale);
    const chatId = Number(view.trip.customer_chat_id);
    const text = translate(locale, "trip-opened-customer", {
      course: escapeHtml(round.course_name),
      date: formatDate(round.day, locale),
      time: formatTime(outcome.teeTime.startsAt, round.time_zone, locale),
      players: round.players,
    });
    await deps.notifications.deliver({ chatId, text, what: "trip-opened" });
    // The calendar again (the round's event moves to its tee time) and the round's voucher.
    await deliverTripPapers(deps, view, env.me.username, { itinerary: false, vouchersOf: [round.booking_id] });
  }

  /** The reminder of `r`: the customer's for a balance due soon or today, the agent's for an overdue one. */
  async function remind(env: Pick<BotContext, "deps" | "me">, r: InstalmentReminder): Promise<void> {
    const { deps } = env;
    const trip = r.view.trip;
    if (r.stage === 3) {
      const locale = await deps.notifications.localeOf(trip.agent_id);
      const text = translate(locale, `trip-overdue-${r.kind}`, {
        lead: escapeHtml(trip.lead_name),
        amount: formatBaht(r.amount, locale),
        due: formatDate(r.due, locale),
        reference: tripReference(trip.id),
      });
      for (const to of await deps.notifications.agentChats(trip.agent_id))
        await deps.notifications.deliver({ chatId: to, text, what: "trip-overdue" });
      return;
    }
    if (trip.customer_chat_id === null) return;
    const locale = parseLocale(trip.locale, deps.config.defaultLocale);
    const text = translate(locale, r.stage === 1 ? "trip-balance-soon" : "trip-balance-today", {
      amount: formatBaht(r.amount, locale),
      due: formatDate(r.due, locale),
      reference: tripReference(trip.id),
    });
    await deps.notifications.deliver({ chatId: Number(trip.customer_chat_id), text, what: "trip-reminder" });
  }

  /** One pass; never throws (a round or a reminder not moved is found again at the next pass). */
  async function tick(): Promise<void> {
    const env = options.env();
    const { deps } = env;
    let opened: OpenedRound[];
    try {
      for (const settled of await options.trips.settleStuckRounds())
        deps.logger.warn(settled, "trip round left booking settled from its booking");
      opened = await options.trips.bookOpenedRounds(deps.partner);
    } catch (error) {
      deps.logger.error({ err: error }, "trip openings pass failed");
      return;
    }
    for (const o of opened) {
      deps.logger.info({ tripId: o.view.trip.id, roundId: o.round.id, outcome: o.outcome.kind }, "trip round opened");
      await tell(env, o).catch((error: unknown) =>
        deps.logger.error({ err: error, roundId: o.round.id }, "trip opening not told"),
      );
    }
    const reminders = await options.trips.dueReminders().catch((error: unknown) => {
      deps.logger.error({ err: error }, "trip reminders not read");
      return [];
    });
    for (const r of reminders) {
      await remind(env, r).catch((error: unknown) =>
        deps.logger.error({ err: error, tripId: r.view.trip.id, kind: r.kind }, "trip reminder not sent"),
      );
    }
  }

  return periodicPass(tick, intervalMs);
}

export type TripJobs = ReturnType<typeof createTripJobs>;
