/**
 * The steps a trip's conversations share (building one, `index.ts`; editing one, `edit.ts`): asking for text
 * until it reads, offering buttons, and a round — a course from the partner's list, a day, and inside the sales
 * window a tee time from the partner's availability for the whole party (its selling price by the agency's price
 * rules; more than four players: consecutive tee times as a group's, one round a flight), beyond it a time, a
 * selling price per player and the agent's limit (the most the agency pays the partner per player when the
 * day opens: the selling price by default, never above it). Every catalog, price and clock read goes through
 * `conversation.external`.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { lastSaleDate } from "../../../partner/sales-window.js";
import { flightsNeeded, groupPlans, splitParty } from "../../../search/groups.js";
import { DEFAULT_BALANCE_DAYS_BEFORE, depositRuleOf, TRIP_TIME_ZONE, type DepositRule } from "../../../trips/money.js";
import type { TripInput } from "../../../trips/store.js";
import { isDateKey } from "../../../time/date-key.js";
import { dateKeyOf } from "../../../time/today.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";

/** At most this many courses and tee times are offered as buttons. */
export const CHOICES = 8;
/** Players one tee time takes: a larger roster plays as several flights, a round each. */
const FLIGHT_PLAYERS = 4;
/** Most minutes between two flights of a party (inside the window, as a group's). */
const FLIGHT_GAP_MINUTES = 20;
/** The most days before the first round a balance may be due (a trip is sold at most about a year ahead). */
const MAX_BALANCE_DAYS = 180;
/** Beyond the window, a party's flights are quoted this many minutes apart. */
const FLIGHT_STEP_MINUTES = 10;

export type Round = TripInput["rounds"][number];
/** A course as the round's question offers it. */
export interface TripCourse {
  id: string;
  name: string;
  timeZone: string;
}

/** `HH:MM` plus `minutes`, within the day (23:59 at most). */
function addMinutes(hhmm: string, minutes: number): string {
  const total = Math.min(23 * 60 + 59, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Baht as an agent types it (`3200`, `3,200.50`) in satang; undefined when it is not an amount. */
export function satangOf(text: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.replace(/[,\s฿]/g, ""));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : undefined;
}

/** Why an answer was not taken (said to the agent, who answers again). */
export class Problem {
  constructor(readonly text: string) {}
}

/** The shared steps, bound to one conversation and its context. */
export function tripSteps(conversation: Conversation<BotContext, FlowContext>, ctx: FlowContext, deps: BotDeps) {
  const t = (key: string, args?: Record<string, string | number>) => ctx.t(key, args);
  const bad = (key: string, args?: Record<string, string | number>) => new Problem(t(key, args));

  /** Asks for text until `parse` reads it; a `Problem` it returns says why it did not, and it is asked again. */
  async function ask<T>(prompt: string, parse: (text: string) => T | Problem): Promise<T> {
    await ctx.reply(prompt, { parse_mode: "HTML" });
    for (;;) {
      const answer = await conversation.waitFor("message:text", {
        otherwise: (c) => c.reply(t("tripnew-text-please")),
      });
      const read = parse(answer.message.text.trim());
      if (!(read instanceof Problem)) return read;
      await ctx.reply(read.text, { parse_mode: "HTML" });
    }
  }

  /** As `ask`, with one button (`tn:<key>:0`) that answers instead: undefined when it was tapped. */
  async function askOrTap<T>(
    prompt: string,
    button: { label: string; key: string },
    parse: (text: string) => T | Problem,
  ): Promise<T | undefined> {
    const data = `tn:${button.key}:0`;
    await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: new InlineKeyboard().text(button.label, data) });
    for (;;) {
      const answer = await conversation.waitUntil(
        (c) => c.message?.text !== undefined || c.callbackQuery?.data === data,
        {
          otherwise: (c) =>
            c.callbackQuery ? c.answerCallbackQuery(t("tripnew-tap-please")) : c.reply(t("tripnew-text-please")),
        },
      );
      if (answer.callbackQuery) {
        await answer.answerCallbackQuery();
        return undefined;
      }
      const read = parse(answer.message!.text!.trim());
      if (!(read instanceof Problem)) return read;
      await ctx.reply(read.text, { parse_mode: "HTML" });
    }
  }

  /** Offers buttons and waits for one of them (`tn:<key>:<n>`); its index. */
  async function choose(prompt: string, labels: string[], key: string): Promise<number> {
    const keyboard = new InlineKeyboard();
    labels.forEach((label, i) => keyboard.text(label, `tn:${key}:${i}`).row());
    await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: keyboard });
    const tap = await conversation.waitForCallbackQuery(new RegExp(`^tn:${key}:(\\d+)$`), {
      otherwise: (c) =>
        c.callbackQuery ? c.answerCallbackQuery(t("tripnew-tap-please")) : c.reply(t("tripnew-tap-please")),
    });
    await tap.answerCallbackQuery();
    return Math.min(Number(tap.match[1]), labels.length - 1);
  }

  /** The partner's courses a round is offered at (the first `CHOICES`). */
  function courses(): Promise<TripCourse[]> {
    return conversation.external(async () =>
      (await deps.catalog.courses()).slice(0, CHOICES).map((c) => ({ id: c.id, name: c.name, timeZone: c.timeZone })),
    );
  }

  /** The deposit's percentage of the total (0–100). */
  /** The deposit due on acceptance: a percentage of the trip's `total` (satang) or an amount of at most it. */
  function askDeposit(total: number): Promise<DepositRule> {
    const most = formatBaht(total, localeOf(ctx));
    return ask(
      t("tripnew-deposit", { total: most }),
      (s) => depositRuleOf(s, total) ?? bad("tripnew-bad-deposit", { total: most }),
    );
  }

  /** How many days before the first round the balance is due (a default button). */
  async function askBalanceDays(): Promise<number> {
    const days = DEFAULT_BALANCE_DAYS_BEFORE;
    const answer = await askOrTap(
      t("tripnew-balance-days"),
      { label: t("tripnew-balance-days-default", { days }), key: "bd" },
      (s) => (/^\d{1,3}$/.test(s) && Number(s) <= MAX_BALANCE_DAYS ? Number(s) : bad("tripnew-bad-balance-days")),
    );
    return answer ?? days;
  }

  /**
   * One round for `players` (`n` its number in the trip): a course, a day, then a tee time from the partner's
   * availability inside the sales window, or beyond it a time, a price and the agent's limit. Its rounds (one a
   * flight), or undefined when the day has no open tee time for the party (the course is asked again).
   */
  async function askRound(opts: {
    n: number;
    players: number;
    agentId: number;
    courses: TripCourse[];
  }): Promise<Round[] | undefined> {
    const { players, agentId } = opts;
    const course =
      opts.courses[
        await choose(
          t("tripnew-course", { n: opts.n }),
          opts.courses.map((c) => c.name),
          "c",
        )
      ]!;
    // fairway's clock (the partner's and the trips service's), not the conversation's replay-safe wall clock.
    const today = dateKeyOf(await conversation.external(() => deps.now()), TRIP_TIME_ZONE);
    const last = lastSaleDate(today);
    const day = await ask(t("tripnew-date", { course: escapeHtml(course.name) }), (s) =>
      isDateKey(s) && s > today ? s : bad("tripnew-bad-date"),
    );
    const flights = flightsNeeded(players, FLIGHT_PLAYERS);
    const rounds: Round[] = [];
    if (day <= last) {
      const open = await conversation.external(async () => {
        const book = await deps.prices.book();
        const at = deps.now();
        return (await deps.catalog.teeTimes(course.id, day))
          .filter((s) => s.status.toUpperCase() === "OPEN" && s.startsAt > at && (s.persons ?? 0) === 0)
          .sort((a, b) => a.startsAt - b.startsAt)
          .map((s) => ({
            id: s.id,
            startsAt: s.startsAt,
            price: s.price,
            perPlayer: book.perPlayer(s.price, { courseId: course.id, agentId }),
            minPerson: s.minPerson,
            maxPerson: s.actualMaxPerson ?? s.maxPerson,
          }));
      });
      // A party one tee time takes: a tee time; a larger one: consecutive tee times (a group's plans), one round each.
      const plans: { slot: (typeof open)[number]; persons: number }[][] =
        flights === 1
          ? open
              .filter((s) => s.minPerson <= players && s.maxPerson >= players)
              .map((slot) => [{ slot, persons: players }])
          : groupPlans(open, players, { maxGapMinutes: FLIGHT_GAP_MINUTES }).map((p) => p.flights);
      const offered = plans.slice(0, CHOICES);
      if (offered.length === 0) {
        await ctx.reply(t("tripnew-no-tee-times", { date: formatDate(day, localeOf(ctx)), players }));
        return undefined;
      }
      const time = (ms: number) => formatTime(ms, course.timeZone, "en");
      const sell = (plan: (typeof offered)[number]) => plan.reduce((n, f) => n + f.slot.perPlayer * f.persons, 0);
      const labels = offered.map((plan) =>
        plan.length === 1
          ? `${time(plan[0]!.slot.startsAt)} · ${formatBaht(sell(plan), localeOf(ctx))}`
          : `${plan.map((f) => `${time(f.slot.startsAt)} (${f.persons})`).join(" + ")} · ${formatBaht(sell(plan), localeOf(ctx))}`,
      );
      const chosen = offered[await choose(t("tripnew-tee-time", { players }), labels, "s")]!;
      for (const f of chosen) {
        rounds.push({
          courseId: course.id,
          courseName: course.name,
          timeZone: course.timeZone,
          day,
          teeTime: time(f.slot.startsAt),
          slotId: f.slot.id,
          startsAt: f.slot.startsAt,
          players: f.persons,
          sellingAmount: f.slot.perPlayer * f.persons,
          netAmount: f.slot.price * f.persons,
        });
      }
      return rounds;
    }
    const teeTime = await ask(t("tripnew-time-later", { date: formatDate(day, localeOf(ctx)) }), (s) =>
      /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(s) ? s : bad("tripnew-bad-time"),
    );
    const perPlayer = await ask(t("tripnew-price-later", { players }), (s) => satangOf(s) ?? bad("tripnew-bad-amount"));
    // The agent's limit, per player like the selling price: above zero, never above the selling price (no loss).
    const price = formatBaht(perPlayer, localeOf(ctx));
    const limit =
      (await askOrTap(
        t("tripnew-limit-later", { price }),
        { label: t("tripnew-limit-same", { price }), key: "lim" },
        (s) => {
          const amount = satangOf(s);
          if (amount === undefined || amount <= 0) return bad("tripnew-bad-amount");
          return amount <= perPlayer ? amount : bad("tripnew-bad-limit", { price });
        },
      )) ?? perPlayer;
    // A larger party: one round a flight, FLIGHT_STEP_MINUTES apart, booked each when the day goes on sale.
    const sizes = splitParty(
      players,
      Array.from({ length: flights }, () => ({ minPerson: 1, maxPerson: 4 })),
    )!;
    sizes.forEach((size, i) =>
      rounds.push({
        courseId: course.id,
        courseName: course.name,
        timeZone: course.timeZone,
        day,
        teeTime: addMinutes(teeTime, i * FLIGHT_STEP_MINUTES),
        slotId: null,
        startsAt: null,
        players: size,
        sellingAmount: perPlayer * size,
        netAmount: null,
        maxNetAmount: limit * size,
      }),
    );
    return rounds;
  }

  return { t, bad, ask, askOrTap, choose, courses, askDeposit, askBalanceDays, askRound };
}
