/**
 * /prices (admins): the agency's markup and rounding, the overrides per course and per agent, and a
 * preview of what a customer pays on a real tee time. Typed as arguments:
 *
 *   /prices                       the rules and a preview
 *   /prices 15%  |  /prices 300   the agency's markup (a percentage, or baht per player)
 *   /prices none                  no markup (customers pay the partner's price)
 *   /prices default               back to PRICE_MARKUP
 *   /prices round 10              round selling prices up to 1, 10, 50 or 100 baht
 *   /prices course <name or id> 20% | off
 *   /prices agent <user id> 10% | off
 *   /prices preview [course name]
 *
 * Every change is written to the audit log (`price-rule`).
 */
import type { Course, TeeTime } from "../../../partner/types.js";
import { isPartnerApiError } from "../../../partner/errors.js";
import { markupText, parseMarkup, parseRounding, type Markup } from "../../../pricing/price.js";
import type { PriceBook } from "../../../pricing/rules.js";
import type { BotContext } from "../../context.js";
import { addDaysToDateKey, courseToday, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { matchesCourse } from "../../inline/query.js";

function markupLabel(ctx: BotContext, markup: Markup | null): string {
  if (!markup) return ctx.t("prices-no-markup");
  return markup.kind === "percent"
    ? ctx.t("prices-markup-percent", { value: markupText(markup) })
    : ctx.t("prices-markup-per-player", { amount: formatBaht(markup.satang, localeOf(ctx)) });
}

async function openCourses(ctx: BotContext): Promise<Course[]> {
  return (await ctx.deps.catalog.courses()).filter((c) => c.status.toUpperCase() !== "CLOSED");
}

/** The course an admin names: its id, else every word of its name (English or Thai). */
function findCourse(courses: Course[], words: string): Course | undefined {
  const text = words.trim();
  const byId = courses.find((c) => c.id === text);
  if (byId) return byId;
  const terms = text.normalize("NFC").toLowerCase().split(/\s+/).filter(Boolean);
  return terms.length > 0 ? courses.find((c) => matchesCourse(c, terms)) : undefined;
}

/** The first open tee time of `course` today or in the next six days (the catalog's cache). */
async function firstTeeTime(ctx: BotContext, course: Course): Promise<TeeTime | undefined> {
  const now = ctx.deps.now();
  const today = courseToday(now, course.timeZone || "Asia/Bangkok");
  for (let i = 0; i < 7; i += 1) {
    const list = await ctx.deps.catalog.teeTimes(course.id, addDaysToDateKey(today, i));
    const open = list
      .filter((t) => t.status.toUpperCase() === "OPEN" && t.startsAt > now)
      .sort((a, b) => a.startsAt - b.startsAt);
    if (open[0]) return open[0];
  }
  return undefined;
}

/** A preview of the rules on a real tee time: net, what a customer pays, and the margin, per player and for a full party. */
async function preview(ctx: BotContext, book: PriceBook, words?: string): Promise<string> {
  const locale = localeOf(ctx);
  let courses: Course[];
  try {
    courses = await openCourses(ctx);
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    return ctx.t("prices-preview-unavailable");
  }
  const named = words ? findCourse(courses, words) : undefined;
  if (words && !named) return ctx.t("prices-course-unknown", { course: escapeHtml(words) });
  for (const course of named ? [named] : courses.slice(0, 5)) {
    let teeTime: TeeTime | undefined;
    try {
      teeTime = await firstTeeTime(ctx, course);
    } catch (error) {
      if (!isPartnerApiError(error)) throw error;
      continue;
    }
    if (!teeTime) continue;
    const tz = course.timeZone || "Asia/Bangkok";
    const sale = { courseId: course.id, agentId: null };
    const one = book.quote(teeTime.price, 1, sale);
    const party = book.quote(teeTime.price, teeTime.maxPerson, sale);
    const rule = book.ruleFor(sale);
    return ctx.t("prices-preview", {
      course: escapeHtml(locale === "th" && course.nameTH ? course.nameTH : course.name),
      date: formatDate(courseToday(teeTime.startsAt, tz), locale),
      time: formatTime(teeTime.startsAt, tz, locale),
      net: formatBaht(one.net, locale),
      selling: formatBaht(one.selling, locale),
      margin: formatBaht(one.margin, locale),
      players: party.persons,
      partySelling: formatBaht(party.selling, locale),
      partyMargin: formatBaht(party.margin, locale),
      rule: ctx.t(`prices-source-${rule.source}`),
    });
  }
  return ctx.t("prices-preview-none");
}

/** The rules as text: the agency's, its rounding, each override. */
async function overview(ctx: BotContext, book: PriceBook): Promise<string> {
  const { rules } = book;
  let names = new Map<string, string>();
  try {
    names = new Map((await openCourses(ctx)).map((c) => [c.id, c.name]));
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
  }
  const lines = [
    `<b>${ctx.t("prices-title")}</b>`,
    ctx.t("prices-agency", {
      markup: markupLabel(ctx, rules.agency),
      source: ctx.t(`prices-source-${rules.agencySource}`),
    }),
    ctx.t("prices-rounding", { baht: rules.rounding }),
  ];
  for (const [id, markup] of rules.courses)
    lines.push(
      ctx.t("prices-course-line", { course: escapeHtml(names.get(id) ?? id), markup: markupLabel(ctx, markup) }),
    );
  for (const [id, markup] of rules.agents)
    lines.push(ctx.t("prices-agent-line", { agent: id, markup: markupLabel(ctx, markup) }));
  lines.push("", await preview(ctx, book), "", ctx.t("prices-usage"));
  return lines.join("\n");
}

/** An override's value: a markup, or `off` to remove it. */
function overrideValue(text: string): Markup | "off" | undefined {
  return /^(off|none|ลบ)$/i.test(text.trim()) ? "off" : parseMarkup(text);
}

/** /prices [arguments]: see the file's comment. */
export async function pricesCommand(ctx: BotContext, match: string): Promise<void> {
  const prices = ctx.deps.prices;
  const actor = ctx.from?.id ?? 0;
  const args = match.trim();
  const reply = (text: string) => ctx.reply(text, { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
  const done = async (key: string, vars: Record<string, string | number> = {}) =>
    reply(`✅ ${ctx.t(key, vars)}\n\n${await overview(ctx, await prices.book())}`);
  if (args === "") return void (await reply(await overview(ctx, await prices.book())));

  const [head = "", ...rest] = args.split(/\s+/);
  const word = head.toLowerCase();
  if (word === "preview")
    return void (await reply(await preview(ctx, await prices.book(), rest.join(" ") || undefined)));
  if (word === "round" || word === "rounding") {
    const rounding = parseRounding(rest[0] ?? "");
    if (!rounding) return void (await reply(ctx.t("prices-rounding-invalid")));
    await prices.set({ kind: "agency" }, { rounding }, actor);
    return void (await done("prices-rounding-set", { baht: rounding }));
  }
  if (word === "none") {
    await prices.set({ kind: "agency" }, { markup: null }, actor);
    return void (await done("prices-agency-set", { markup: ctx.t("prices-no-markup") }));
  }
  if (word === "default") {
    await prices.clear({ kind: "agency" }, actor);
    return void (await done("prices-agency-default"));
  }
  if (word === "course" || word === "agent") {
    const value = overrideValue(rest.at(-1) ?? "");
    const target = rest.slice(0, -1).join(" ");
    if (!value || !target) return void (await reply(ctx.t("prices-usage")));
    if (word === "agent") {
      if (!/^\d{1,15}$/.test(target)) return void (await reply(ctx.t("prices-usage")));
      const scope = { kind: "agent" as const, agentId: Number(target) };
      if (value === "off") {
        await prices.clear(scope, actor);
        return void (await done("prices-override-removed", { target }));
      }
      await prices.set(scope, { markup: value }, actor);
      return void (await done("prices-override-set", { target, markup: markupLabel(ctx, value) }));
    }
    let course: Course | undefined;
    try {
      course = findCourse(await openCourses(ctx), target);
    } catch (error) {
      if (!isPartnerApiError(error)) throw error;
    }
    if (!course) return void (await reply(ctx.t("prices-course-unknown", { course: escapeHtml(target) })));
    const scope = { kind: "course" as const, courseId: course.id };
    if (value === "off") {
      await prices.clear(scope, actor);
      return void (await done("prices-override-removed", { target: escapeHtml(course.name) }));
    }
    await prices.set(scope, { markup: value }, actor);
    return void (await done("prices-override-set", {
      target: escapeHtml(course.name),
      markup: markupLabel(ctx, value),
    }));
  }
  const markup = parseMarkup(args);
  if (!markup) return void (await reply(ctx.t("prices-usage")));
  await prices.set({ kind: "agency" }, { markup }, actor);
  await done("prices-agency-set", { markup: markupLabel(ctx, markup) });
}
