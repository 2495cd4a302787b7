/**
 * Building a trip (issue 51), an agent's (or admin's) conversation: the lead customer's name, language,
 * e-mail and mobile; the roster (one player a line, `Name, handicap`); each round (`steps.ts`, shared with
 * editing a trip) — a course from the partner's list, a day, and inside the sales window a tee time from the
 * partner's availability for the whole roster (its selling price by the agency's price rules) — for more than
 * four players, consecutive tee times as a group's, one round a flight — beyond it a time, a selling price per
 * player (a larger roster's flights quoted ten minutes apart) and the agent's limit; the agency's lines; the
 * deposit's percentage — then the trip is recorded (DRAFT) and shown with Send to customer. Every input is
 * checked and re-asked with a reason; every catalog, price, clock and database read goes through
 * `conversation.external`.
 */
import type { Conversation } from "@grammyjs/conversations";
import { LOCALES, type Locale } from "../../../locale.js";
import { DEFAULT_LADDER } from "../../../trips/money.js";
import type { TripInput } from "../../../trips/store.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { tripStaffView } from "../../features/trips/views.js";
import { satangOf, tripSteps, type Round } from "./steps.js";

export { satangOf } from "./steps.js";

/** The conversation's id. */
export const TRIP_CONVERSATION = "trip";
const LINE_KINDS = ["hotel", "transfer", "caddie", "other"] as const;

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

export function createTripConversation(deps: BotDeps) {
  return async function trip(conversation: Conversation<BotContext, FlowContext>, ctx: FlowContext) {
    const agentId = ctx.from?.id;
    if (agentId === undefined) return;
    const {
      t,
      bad,
      ask,
      choose,
      courses: coursesOf,
      askDeposit,
      askBalanceDays,
      askRound,
    } = tripSteps(conversation, ctx, deps);

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

    const courses = await coursesOf();
    if (courses.length === 0) {
      await ctx.reply(t("tripnew-no-courses"));
      return;
    }
    const rounds: Round[] = [];
    for (;;) {
      const added = await askRound({ n: rounds.length + 1, players, agentId, courses });
      if (!added) continue;
      rounds.push(...added);
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
    const total = [...rounds, ...lines].reduce((sum, x) => sum + x.sellingAmount, 0);
    const deposit = await askDeposit(total);
    const balanceDaysBefore = await askBalanceDays();

    const input: TripInput = {
      agentId,
      leadName,
      leadEmail,
      leadMobile,
      locale,
      players: roster.map((p) => ({ ...p, locale, phone: null })),
      rounds,
      lines,
      deposit,
      balanceDaysBefore,
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
