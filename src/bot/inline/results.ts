/**
 * The results an agent's inline query shows: open tee times on the asked date, one article per tee
 * time whose card carries a "Book this tee time" deep link (the agent's offer). The query is read by
 * the search's parser (`search/query.ts`): a date, a time of day, a party, an area and a top price as
 * /find reads them, and the words left over as a course name; the tee times come from the same search.
 * A party larger than one tee time takes gets /find's groups: one article per group, whose
 * card shows its tee times, split and total (what the customer pays) and opens the offer of its first
 * tee time, where the customer picks the party and is proposed the group.
 */
import type { InlineQueryResultArticle } from "grammy/types";
import { lastSaleDate } from "../../partner/sales-window.js";
import type { Course } from "../../partner/types.js";
import { courseName } from "../format/course-name.js";
import type { SlotView } from "../conversations/booking/entry.js";
import { localeOf } from "../i18n.js";
import type { BotContext } from "../context.js";
import { addDaysToDateKey, courseToday, formatDate, formatTime } from "../format/dates.js";
import { isDateKey } from "../../time/date-key.js";
import { escapeHtml, truncate } from "../format/html.js";
import { formatBaht } from "../format/money.js";
import type { Offer } from "./offers.js";
import { courseInArea } from "../../search/areas.js";
import { parseSearchQuery, type ParsedSearch } from "../../search/query.js";
import type { HitFlight } from "../../search/search.js";
import { matchesCourse } from "./query.js";
import type { PriceBook } from "../../pricing/rules.js";

export const OFFER_TIME_ZONE = "Asia/Bangkok";
/** Results per page (each makes or reuses one offer row). */
export const RESULTS_PER_PAGE = 10;
/** At most this many courses are read per query (each is one cached partner call per date). */
export const MAX_COURSES = 3;
/** An area's courses read per query (an inline answer must come within seconds). */
export const MAX_AREA_COURSES = 8;

export interface OfferResults {
  results: InlineQueryResultArticle[];
  nextOffset: string;
  /** Why there is nothing to show (a locale key), when there is nothing. */
  hint?: string;
}

/** `YYYY-MM-DD:<index>`: the next page of the same date, whatever day it is when it is asked for. */
function parseOffset(offset: string): { date: string; index: number } | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}):(\d{1,4})$/.exec(offset);
  return m && isDateKey(m[1]) ? { date: m[1], index: Number(m[2]) } : undefined;
}

/** The t.me deep link of an offer. */
export function offerUrl(botUsername: string, token: string): string {
  return `https://t.me/${botUsername}?start=${token}`;
}

/** The courses the query names (words of a course name), else its area's, else the agent's recent ones. */
async function coursesFor(ctx: BotContext, agentId: number, parsed: ParsedSearch): Promise<Course[]> {
  const open = (await ctx.deps.catalog.courses()).filter((c) => c.status.toUpperCase() !== "CLOSED");
  const terms = parsed.rest;
  if (terms.length > 0) return open.filter((c) => matchesCourse(c, terms)).slice(0, MAX_COURSES);
  const area = parsed.criteria.area;
  if (area) return open.filter((c) => courseInArea(c, area)).slice(0, MAX_AREA_COURSES);
  const recent = await ctx.deps.offers.recentCourses(agentId, MAX_COURSES);
  return recent.flatMap((id) => open.filter((c) => c.id === id));
}

/** A tee time, or (`flights`) a group of them starting with it. */
type Item = { course: Course; slot: SlotView; flights?: HitFlight[] };

/** The query's tee times at `courses` on `date`, earliest first; whether a course could not be read. */
async function openTeeTimes(
  ctx: BotContext,
  courses: Course[],
  parsed: ParsedSearch,
  date: string,
  now: number,
): Promise<{ items: Item[]; failed: boolean }> {
  const { window, maxPrice, players = 0 } = parsed.criteria;
  const criteria = { dates: [date], players, ...(window ? { window } : {}), ...(maxPrice ? { maxPrice } : {}) };
  const result = await ctx.deps.search.run(criteria, { now, courseIds: courses.map((c) => c.id), groups: true });
  if (result.failed.length > 0)
    ctx.deps.logger.warn({ courseIds: result.failed.map((c) => c.id), date }, "inline offer: tee times not read");
  const byId = new Map(courses.map((c) => [c.id, c]));
  const items = result.hits.flatMap((hit): Item[] => {
    const course = byId.get(hit.course.id);
    if (!course) return [];
    const { slotId: id, startsAt, price, priceType, minPerson, maxPerson, freeCaddy, caddyPrice } = hit;
    const slot: SlotView = { id, startsAt, price, priceType, minPerson, maxPerson };
    if (freeCaddy !== undefined) slot.freeCaddy = freeCaddy;
    if (caddyPrice !== undefined) slot.caddyPrice = caddyPrice;
    return [hit.group ? { course, slot, flights: hit.group.flights } : { course, slot }];
  });
  return { items, failed: result.failed.length > 0 };
}

/**
 * One tee time's article: the card the agent posts shows what the customer pays (the selling price for
 * this agent and course), never the net.
 */
function article(ctx: BotContext, item: Item, offer: Offer, date: string, prices: PriceBook): InlineQueryResultArticle {
  const locale = localeOf(ctx);
  const tz = item.course.timeZone || OFFER_TIME_ZONE;
  const name = courseName(item.course, locale);
  const args = {
    course: escapeHtml(name),
    date: formatDate(date, locale),
    time: formatTime(item.slot.startsAt, tz, locale),
    price: formatBaht(prices.perPlayer(item.slot.price, { courseId: item.course.id, agentId: offer.agent_id }), locale),
    min: item.slot.minPerson,
    max: item.slot.maxPerson,
  };
  return {
    type: "article",
    id: offer.token,
    title: truncate(ctx.t("inline-result-title", { ...args, course: name }), 120),
    description: ctx.t("inline-result-description", args),
    input_message_content: {
      message_text: ctx.t("offer-card", args),
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    },
    reply_markup: {
      inline_keyboard: [[{ text: ctx.t("offer-book-button"), url: offerUrl(ctx.me.username, offer.token) }]],
    },
  };
}

/**
 * A group's article: its tee times, the players on each and the total the customer pays
 * (the selling price of each tee time); its button opens the offer of the group's first tee time.
 */
function groupArticle(
  ctx: BotContext,
  item: Item & { flights: HitFlight[] },
  offer: Offer,
  date: string,
  prices: PriceBook,
): InlineQueryResultArticle {
  const agentId = offer.agent_id;
  const locale = localeOf(ctx);
  const tz = item.course.timeZone || OFFER_TIME_ZONE;
  const name = courseName(item.course, locale);
  const { flights } = item;
  const total = flights.reduce(
    (sum, f) => sum + prices.perPlayer(f.price, { courseId: item.course.id, agentId }) * f.persons,
    0,
  );
  const args = {
    course: escapeHtml(name),
    date: formatDate(date, locale),
    from: formatTime(flights[0]!.startsAt, tz, locale),
    to: formatTime(flights.at(-1)!.startsAt, tz, locale),
    times: flights.map((f) => formatTime(f.startsAt, tz, locale)).join(", "),
    flights: flights.length,
    players: flights.reduce((n, f) => n + f.persons, 0),
    split: flights.map((f) => f.persons).join("+"),
    total: formatBaht(total, locale),
  };
  return {
    type: "article",
    id: offer.token,
    title: truncate(ctx.t("inline-group-title", { ...args, course: name }), 120),
    description: ctx.t("inline-group-description", args),
    input_message_content: {
      message_text: ctx.t("offer-card-group", args),
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    },
    reply_markup: {
      inline_keyboard: [[{ text: ctx.t("offer-book-group-button"), url: offerUrl(ctx.me.username, offer.token) }]],
    },
  };
}

/** Builds one page of results for `agentId`'s query (fairway's clock, the courses' zone). */
export async function buildOfferResults(
  ctx: BotContext,
  agentId: number,
  query: string,
  offset: string,
): Promise<OfferResults> {
  const now = ctx.deps.now();
  const today = courseToday(now, OFFER_TIME_ZONE);
  const parsed = parseSearchQuery(query, today);
  const asked = parseOffset(offset);
  const courses = await coursesFor(ctx, agentId, parsed);
  const named = parsed.rest.length > 0 || parsed.criteria.area !== undefined;
  if (courses.length === 0)
    return { results: [], nextOffset: "", hint: named ? "inline-no-course" : "inline-type-course" };
  const askedDate = parsed.criteria.dates?.[0];
  let date = asked?.date ?? askedDate ?? today;
  if (date < today || date > lastSaleDate(today))
    return { results: [], nextOffset: "", hint: "inline-date-out-of-range" };
  let { items, failed } = await openTeeTimes(ctx, courses, parsed, date, now);
  // No date asked and nothing left today: tomorrow's.
  if (items.length === 0 && !asked && askedDate === undefined && !failed) {
    date = addDaysToDateKey(today, 1);
    ({ items, failed } = await openTeeTimes(ctx, courses, parsed, date, now));
  }
  if (items.length === 0)
    return { results: [], nextOffset: "", hint: failed ? "inline-partner-unavailable" : "inline-no-tee-times" };
  const index = asked?.index ?? 0;
  const page = items.slice(index, index + RESULTS_PER_PAGE);
  const offers = await ctx.deps.offers.ensure(
    agentId,
    page.map((item) => {
      // A group's offer is its first tee time's, at that tee time's own price.
      const first = item.flights?.[0];
      return {
        courseId: item.course.id,
        courseName: item.course.name,
        courseNameTH: item.course.nameTH || null,
        timeZone: item.course.timeZone || OFFER_TIME_ZONE,
        slotId: item.slot.id,
        startsAt: item.slot.startsAt,
        price: first?.price ?? item.slot.price,
        minPersons: first?.minPerson ?? item.slot.minPerson,
        maxPersons: first?.maxPerson ?? item.slot.maxPerson,
      };
    }),
  );
  const prices = await ctx.deps.prices.book();
  const results = page.flatMap((item) => {
    const offer = offers.get(item.slot.id);
    if (!offer) return [];
    return [
      item.flights
        ? groupArticle(ctx, { ...item, flights: item.flights }, offer, date, prices)
        : article(ctx, item, offer, date, prices),
    ];
  });
  const next = index + RESULTS_PER_PAGE;
  return { results, nextOffset: next < items.length ? `${date}:${next}` : "" };
}
