/**
 * Building a trip (issue 51), an agent's (or admin's) conversation: the lead customer's name, language,
 * e-mail and mobile; the roster (one player a line, `Name, handicap`); each round — a course from the
 * partner's list, a day, and inside the sales window a tee time from the partner's availability for the
 * whole roster (its selling price by the agency's price rules) — for more than four players, consecutive
 * tee times as a group's, one round a flight — beyond it a time and a selling price per player (a larger
 * roster's flights quoted ten minutes apart); the agency's lines; the deposit's percentage — then the trip
 * is recorded (DRAFT) and shown with Send to customer. Every input is checked and re-asked with a reason; every catalog, price, clock and
 * database read goes through `conversation.external`.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { LOCALES, type Locale } from "../../../locale.js";
import { lastSaleDate } from "../../../partner/sales-window.js";
import { isDateKey } from "../../../time/date-key.js";
import { dateKeyOf } from "../../../time/today.js";
import { flightsNeeded, groupPlans, splitParty } from "../../../search/groups.js";
import { DEFAULT_BALANCE_DAYS_BEFORE, DEFAULT_LADDER, TRIP_TIME_ZONE } from "../../../trips/money.js";
import type { TripInput } from "../../../trips/store.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { tripStaffView } from "../../features/trips/views.js";

/** The conversation's id. */
export const TRIP_CONVERSATION = "trip";
/** At most this many courses and tee times are offered as buttons. */
const CHOICES = 8;
/** Players one tee time takes: a larger roster plays as several flights, a round each. */
const FLIGHT_PLAYERS = 4;
/** Most minutes between two flights of a party (inside the window, as a group's). */
const FLIGHT_GAP_MINUTES = 20;
/** Beyond the window, a party's flights are quoted this many minutes apart. */
const FLIGHT_STEP_MINUTES = 10;

/** `HH:MM` plus `minutes`, within the day (23:59 at most). */
function addMinutes(hhmm: string, minutes: number): string {
  const total = Math.min(23 * 60 + 59, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
const LINE_KINDS = ["hotel", "transfer", "caddie", "other"] as const;

type Round = TripInput["rounds"][number];

/** Baht as an agent types it (`3200`, `3,200.50`) in satang; undefined when it is not an amount. */
export function satangOf(text: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.replace(/[,\s฿]/g, ""));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : undefined;
}

/** `Name, handicap` lines; undefined (with the bad line's number) when one does not read. */
export function rosterOf(text: string): { name: string; handicap: number | null }[] | { badLine: number } {
  const players = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const m = /^(.{1,128}?)\s*(?:,\s*(-?\d{1,2}))?$/.exec(line);
    const handicap = m?.[2] === undefined ? null : Number(m[2]);
    if (!m || (handicap !== null && (handicap < -10 || handicap > 54))) return { badLine: i + 1 };
    players.push({ name: m[1]!.trim(), handicap });
  }
  return players.length > 0 && players.length <= 64 ? players : { badLine: 1 };
}

/** `kind; description; price` lines, or `none`. */
export function linesOf(text: string): TripInput["lines"] | { badLine: number } {
  if (/^(none|-|ไม่มี)$/i.test(text.trim())) return [];
  const lines = [];
  for (const [i, raw] of text.split("\n").entries()) {
    if (raw.trim() === "") continue;
    const [kind, description, price] = raw.split(";").map((s) => s.trim());
    const amount = price === undefined ? undefined : satangOf(price);
    const k = LINE_KINDS.find((x) => x === kind?.toLowerCase());
    if (!k || !description || amount === undefined) return { badLine: i + 1 };
    lines.push({ kind: k, description: description.slice(0, 256), sellingAmount: amount });
  }
  return lines.length <= 30 ? lines : { badLine: 31 };
}

/** Why an answer was not taken (said to the agent, who answers again). */
class Problem {
  constructor(readonly text: string) {}
}

export function createTripConversation(deps: BotDeps) {
  return async function trip(conversation: Conversation<BotContext, FlowContext>, ctx: FlowContext) {
    const agentId = ctx.from?.id;
    if (agentId === undefined) return;
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

    const leadName = await ask(t("tripnew-lead"), (s) =>
      s.length >= 1 && s.length <= 128 ? s : bad("tripnew-bad-name"),
    );
    const locale: Locale =
      LOCALES[
        await choose(
          t("tripnew-language"),
          LOCALES.map((l) => t(`tripnew-lang-${l}`)),
          "lang",
        )
      ]!;
    const leadEmail = await ask(t("tripnew-email"), (s) =>
      /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/.test(s) ? s : bad("tripnew-bad-email"),
    );
    const leadMobile = await ask(t("tripnew-mobile"), (s) => {
      const digits = s.replace(/[\s-]/g, "");
      return /^\+?[0-9]{6,15}$/.test(digits) ? digits : bad("tripnew-bad-mobile");
    });
    const roster = await ask(t("tripnew-roster"), (s) => {
      const read = rosterOf(s);
      return "badLine" in read ? bad("tripnew-bad-roster", { line: read.badLine }) : read;
    });
    const players = roster.length;

    const courses = await conversation.external(async () =>
      (await deps.catalog.courses()).slice(0, CHOICES).map((c) => ({ id: c.id, name: c.name, timeZone: c.timeZone })),
    );
    if (courses.length === 0) {
      await ctx.reply(t("tripnew-no-courses"));
      return;
    }
    const rounds: Round[] = [];
    for (;;) {
      const course =
        courses[
          await choose(
            t("tripnew-course", { n: rounds.length + 1 }),
            courses.map((c) => c.name),
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
          continue;
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
      } else {
        const teeTime = await ask(t("tripnew-time-later", { date: formatDate(day, localeOf(ctx)) }), (s) =>
          /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(s) ? s : bad("tripnew-bad-time"),
        );
        const perPlayer = await ask(
          t("tripnew-price-later", { players }),
          (s) => satangOf(s) ?? bad("tripnew-bad-amount"),
        );
        // A larger party: one round a flight, FLIGHT_GAP_MINUTES apart, booked each when the day goes on sale.
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
          }),
        );
      }
      if (rounds.length >= 30) break;
      const more = await choose(
        t("tripnew-more", { count: rounds.length }),
        [t("tripnew-add-round"), t("tripnew-rounds-done")],
        "m",
      );
      if (more === 1) break;
    }

    const lines = await ask(t("tripnew-lines"), (s) => {
      const read = linesOf(s);
      return "badLine" in read ? bad("tripnew-bad-line", { line: read.badLine }) : read;
    });
    const percent = await ask(t("tripnew-deposit"), (s) => {
      const n = /^\d{1,3}$/.test(s.replace("%", "")) ? Number(s.replace("%", "")) : NaN;
      return n >= 0 && n <= 100 ? n : bad("tripnew-bad-deposit");
    });

    const input: TripInput = {
      agentId,
      leadName,
      leadEmail,
      leadMobile,
      locale,
      players: roster.map((p) => ({ ...p, locale, phone: null })),
      rounds,
      lines,
      deposit: { kind: "percent", percent },
      balanceDaysBefore: DEFAULT_BALANCE_DAYS_BEFORE,
      ladder: [...DEFAULT_LADDER],
    };
    const created = await conversation.external(async () => {
      try {
        const view = await deps.trips.createAs({ userId: agentId, who: await deps.access.whoIs(agentId) }, input);
        return view ? { ok: true as const, view } : { ok: false as const };
      } catch (error) {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "trip not recorded");
        return { ok: false as const };
      }
    });
    if (!created.ok) {
      await ctx.reply(t("tripnew-failed"));
      return;
    }
    const view = tripStaffView(t, localeOf(ctx), created.view);
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.keyboard });
  };
}
