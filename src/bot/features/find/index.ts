/**
 * Find a tee time across courses (docs/features.md): `/find`, the menu's "🔎 Find a tee time", and plain
 * words typed outside a booking (`sat morning 4 pax pattaya under 2500`). One message per search,
 * edited in place: the criteria with a button for each, the tee times across every matching course,
 * and a tap on one opens the booking flow at the golfer step on that tee time (the flow's hold,
 * confirm and money guarantees). Customers search only their link's courses; strangers never get
 * here (the access gate is above), so they cause no partner call. Dates are searched only within the
 * partner's sales window (`partner/sales-window.ts`): a date asked beyond it, or past, is said and
 * never read.
 *
 * `createFindFeature` is installed above the booking conversation (its buttons work while a booking
 * is open); `createFindEntry` below it, because a conversation can only be entered from below.
 */
import { randomUUID } from "node:crypto";
import { Composer, GrammyError, Keyboard, type InlineKeyboard } from "grammy";
import { isPartnerApiError } from "../../../partner/errors.js";
import { bySalesWindow, lastSaleDate, SALES_WINDOW_DAYS } from "../../../partner/sales-window.js";
import { sellerOf } from "../../../pricing/rules.js";
import { GLOBAL_DATA } from "../../callback-data.js";
import { areaById } from "../../../search/areas.js";
import { PARTS_OF_DAY, type PartOfDay, type SearchCriteria } from "../../../search/criteria.js";
import { parseSearchQuery, type ParsedSearch } from "../../../search/query.js";
import { MAX_GROUP_PLAYERS } from "../../../search/groups.js";
import {
  createTeeTimeSearch,
  rankHits,
  type HitFlight,
  type SearchResult,
  type SortOrder,
  type TeeTimeSearch,
} from "../../../search/search.js";
import { BOOKING_CONVERSATION, type BookingArgs, type FlightDraft } from "../../conversations/booking/entry.js";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { addDaysToDateKey, courseToday, formatDate, weekdayOf } from "../../format/dates.js";
import { isNotModified } from "../../ui/telegram-errors.js";
import { releaseActiveHold } from "../booking.js";
import { withTeeSheetButton } from "../tee-sheet.js";
import { parseFindData, type FindData } from "./callback-data.js";
import { createFindStore, FIND_STATE_VERSION, type Editing, type FindState } from "./state.js";
import { editorView, HITS_PER_PAGE, pageCount, PRICE_STEPS, resultsView, type FindEnv } from "./view.js";

/** Players a new search assumes: one tee time's usual party. */
export const DEFAULT_PLAYERS = 4;

const SEARCH_ZONE = "Asia/Bangkok";

/** A group hit's flight as the booking flow takes it. */
function flightOf(f: HitFlight): FlightDraft {
  const { slotId, persons, ...slot } = f;
  return { slot: { id: slotId, ...slot }, persons };
}

/** The tee time a tap picked, handed from the feature above the conversation to the entry below it. */
const picked = new WeakMap<BotContext, BookingArgs>();

const inFlow = (ctx: BotContext) => ctx.conversation.active(BOOKING_CONVERSATION) > 0;
/** Inside any conversation (a booking, building a trip): its answers are not searches. */
const inAnyFlow = (ctx: BotContext) => Object.values(ctx.conversation.active()).some((n) => n > 0);

function envOf(ctx: BotContext): FindEnv {
  return {
    t: (key, args) => ctx.t(key, args),
    locale: localeOf(ctx),
    today: courseToday(ctx.deps.now(), SEARCH_ZONE),
    showNet: ctx.who.role === "agent" || ctx.who.role === "admin",
  };
}

/** A new search's criteria: tomorrow, any time, four players, anywhere, any price; then what the text said. */
function newCriteria(today: string, parsed?: ParsedSearch): SearchCriteria {
  return { dates: [addDaysToDateKey(today, 1)], players: DEFAULT_PLAYERS, ...parsed?.criteria };
}

/** How a typed query was read: the words understood, in order. */
function readAs(parsed: ParsedSearch): string | undefined {
  return parsed.understood.length > 0 ? parsed.understood.map((u) => u.text).join(" · ") : undefined;
}

/** Which courses the user may search: a customer's link's course, if it names one. */
async function scopeOf(ctx: BotContext): Promise<readonly string[] | undefined> {
  if (ctx.who.role !== "customer" || ctx.from === undefined) return undefined;
  const courseId = await ctx.deps.access.links.courseOfCustomer(ctx.from.id);
  return courseId ? [courseId] : undefined;
}

type Shown = { text: string; keyboard: InlineKeyboard };

/**
 * The search a user's results come from, at the selling price (the one price function): a customer's
 * at what they pay (their agent's sales), an agent's or admin's at what they sell at (their own rules:
 * a course's override, then the agent's, then the agency's), each hit keeping its net. A price limit
 * compares the selling price for both, as the agent quotes it to the customer.
 */
async function searchFor(ctx: BotContext): Promise<TeeTimeSearch> {
  const book = await ctx.deps.prices.book();
  if (!book.hasMarkup()) return ctx.deps.search;
  const agentId = sellerOf(ctx.who, ctx.from?.id ?? null);
  return createTeeTimeSearch({
    catalog: ctx.deps.catalog,
    priceOf: (t, c) => book.perPlayer(t.price, { courseId: c.id, agentId }),
    groupGapMinutes: ctx.deps.config.groupMaxGapMinutes,
  });
}

/**
 * Keeps the search to the dates the partner sells (today through `lastSaleDate`), so no date outside
 * them is ever read; says what was left out. When no date asked is on sale the search goes back to
 * tomorrow with the date buttons open. Undefined when every date is on sale.
 */
function keepOnSale(state: FindState, env: FindEnv): string | undefined {
  const { onSale, past, notYet } = bySalesWindow(state.criteria.dates, env.today);
  if (past.length === 0 && notYet.length === 0) return undefined;
  const days = (dates: string[]) => dates.map((d) => formatDate(d, env.locale)).join(", ");
  const args = { last: formatDate(lastSaleDate(env.today), env.locale), days: SALES_WINDOW_DAYS };
  state.page = 0;
  if (onSale.length > 0) {
    state.criteria.dates = onSale;
    return env.t("find-horizon-partly", { ...args, dates: days([...past, ...notYet]) });
  }
  state.criteria.dates = [addDaysToDateKey(env.today, 1)];
  state.editing = "date";
  if (notYet.length > 0) return env.t("find-horizon-beyond", { ...args, dates: days(notYet) });
  return env.t("find-horizon-past", { ...args, dates: days(past) });
}

/** Runs the search and renders its page; a course list the partner cannot give is said, with a retry. */
async function render(ctx: BotContext, state: FindState): Promise<Shown> {
  const env = envOf(ctx);
  const notice = keepOnSale(state, env);
  if (state.editing) return editorView(state, env, notice);
  let result: SearchResult;
  try {
    result = await (
      await searchFor(ctx)
    ).run(state.criteria, {
      courseIds: await scopeOf(ctx),
      now: ctx.deps.now(),
      groups: true,
    });
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    ctx.deps.logger.warn({ error: error.toJSON() }, "search: the course list could not be read");
    const view = resultsView({ ...state, shown: [] }, { hits: [], failed: [], courses: 0 }, env, notice);
    return { text: `${view.text}\n\n${ctx.t("find-unavailable")}`, keyboard: view.keyboard };
  }
  const hits = rankHits(result.hits, state.sort);
  state.page = Math.min(Math.max(state.page, 0), pageCount(hits.length) - 1);
  state.shown = hits.slice(state.page * HITS_PER_PAGE, (state.page + 1) * HITS_PER_PAGE);
  const view = resultsView(state, { ...result, hits }, env, notice);
  // The whole day at a glance: the tee sheet Mini App, when it is served.
  return { text: view.text, keyboard: withTeeSheetButton(ctx, view.keyboard) };
}

/** Starts a search in a new message (the old search's buttons expire). */
async function startSearch(ctx: BotContext, parsed?: ParsedSearch): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const text = readAs(parsed ?? { criteria: {}, understood: [], rest: [] });
  const state: FindState = {
    v: FIND_STATE_VERSION,
    nonce: randomUUID().replaceAll("-", "").slice(0, 6),
    criteria: newCriteria(envOf(ctx).today, parsed),
    // Earliest first, whatever the area: the day across courses at a glance ("Nearest" is a tap away).
    sort: "earliest",
    page: 0,
    shown: [],
    ...(text ? { readAs: text } : {}),
  };
  const view = await render(ctx, state);
  const sent = await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.keyboard });
  state.messageId = sent.message_id;
  await createFindStore(ctx.deps.storage.kv).put(userId, state);
}

/** Shows the state in the search's message again. */
async function refresh(ctx: BotContext, state: FindState): Promise<void> {
  const view = await render(ctx, state);
  const chatId = ctx.chat?.id;
  if (chatId === undefined || state.messageId === undefined) return;
  await ctx.api
    .editMessageText(chatId, state.messageId, view.text, { parse_mode: "HTML", reply_markup: view.keyboard })
    .catch((error: unknown) => {
      if (!isNotModified(error)) throw error;
    });
}

const EDITING: readonly Editing[] = ["date", "calendar", "window", "players", "area", "price"];
const SORTS: readonly SortOrder[] = ["earliest", "cheapest", "nearest"];

/**
 * Applies a tap to the search; false when its argument is not one the message offered (forged or
 * stale data), which changes nothing.
 */
function apply(state: FindState, data: FindData, today: string): boolean {
  const { action, arg = "" } = data;
  const c = state.criteria;
  const criteria = (change: () => boolean) => {
    if (!change()) return false;
    state.editing = undefined;
    state.page = 0;
    return true;
  };
  switch (action) {
    case "pg":
      if (!/^\d{1,3}$/.test(arg)) return false;
      state.page = Number(arg);
      return true;
    case "so":
      if (!SORTS.includes(arg as SortOrder)) return false;
      state.sort = arg as SortOrder;
      state.page = 0;
      return true;
    case "c":
      if (!EDITING.includes(arg as Editing)) return false;
      state.editing = arg as Editing;
      return true;
    case "x":
      state.editing = undefined;
      return true;
    case "mo": {
      const m = /^(\d{4})(\d{2})$/.exec(arg);
      const month = m ? `${m[1]}-${m[2]}` : "";
      if (!m || month < today.slice(0, 7) || month > lastSaleDate(today).slice(0, 7)) return false;
      state.month = month;
      return true;
    }
    case "d":
      return criteria(() => {
        if (arg === "we") {
          const weekday = weekdayOf(today);
          const saturday = addDaysToDateKey(today, weekday === 0 ? -1 : 6 - weekday);
          c.dates = [saturday, addDaysToDateKey(saturday, 1)].filter((d) => d >= today);
          return true;
        }
        const m = /^(\d{4})(\d{2})(\d{2})$/.exec(arg);
        const day = m ? `${m[1]}-${m[2]}-${m[3]}` : "";
        if (!m || day < today || day > lastSaleDate(today)) return false;
        c.dates = [day];
        return true;
      });
    case "w":
      return criteria(() => {
        if (arg === "any") delete c.window;
        else if (arg in PARTS_OF_DAY) c.window = { ...PARTS_OF_DAY[arg as PartOfDay] };
        else return false;
        return true;
      });
    case "p":
      return criteria(() => {
        const n = Number(arg);
        if (!Number.isInteger(n) || n < 1 || n > MAX_GROUP_PLAYERS) return false;
        c.players = n;
        return true;
      });
    case "a":
      return criteria(() => {
        if (arg === "any") delete c.area;
        else if (areaById(arg)) c.area = { kind: "area", id: arg };
        else return false;
        if (state.sort === "nearest" && !c.area) state.sort = "earliest";
        return true;
      });
    case "m":
      return criteria(() => {
        if (arg === "any") delete c.maxPrice;
        else if (PRICE_STEPS.includes(Number(arg))) c.maxPrice = Number(arg) * 100;
        else return false;
        return true;
      });
    default:
      return false;
  }
}

export function createFindFeature() {
  const feature = new Composer<BotContext>();
  const store = (ctx: BotContext) => createFindStore(ctx.deps.storage.kv);

  feature.command("find", async (ctx) => {
    const text = ctx.match.trim();
    await startSearch(ctx, text ? parseSearchQuery(text, envOf(ctx).today) : undefined);
  });

  feature.callbackQuery(GLOBAL_DATA.find, async (ctx) => {
    await ctx.answerCallbackQuery();
    if (inFlow(ctx)) {
      await ctx.conversation.exitAll();
      if (await releaseActiveHold(ctx)) await ctx.reply(ctx.t("earlier-hold-released"));
    }
    await startSearch(ctx);
  });

  feature.callbackQuery(/^f:/, async (ctx, next) => {
    const userId = ctx.from.id;
    const data = parseFindData(ctx.callbackQuery.data);
    const state = data ? await store(ctx).get(userId) : undefined;
    const here = ctx.callbackQuery.message?.message_id;
    if (!data || !state || state.nonce !== data.nonce || (here !== undefined && here !== state.messageId)) {
      await ctx.answerCallbackQuery({ text: ctx.t("find-expired") });
      return;
    }
    if (data.action === "n") return void (await ctx.answerCallbackQuery());
    if (data.action === "t") {
      const hit = state.shown.find((h) => h.slotId === data.arg);
      if (!hit) return void (await ctx.answerCallbackQuery({ text: ctx.t("find-expired") }));
      await ctx.answerCallbackQuery();
      const name = [ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(" ").trim();
      const customer = ctx.who.role === "customer" && ctx.who.agentId !== undefined;
      picked.set(ctx, {
        courseId: hit.course.id,
        date: hit.date,
        slot: {
          id: hit.slotId,
          startsAt: hit.startsAt,
          price: hit.net ?? hit.price,
          priceType: hit.priceType,
          minPerson: hit.minPerson,
          maxPerson: hit.maxPerson,
          ...(hit.freeCaddy !== undefined ? { freeCaddy: hit.freeCaddy } : {}),
          ...(hit.caddyPrice !== undefined ? { caddyPrice: hit.caddyPrice } : {}),
        },
        persons: state.criteria.players,
        ...(hit.group ? { group: { flights: hit.group.flights.map(flightOf) } } : {}),
        ...(customer ? { agentId: ctx.who.agentId, ...(name ? { customerName: name } : {}) } : {}),
      });
      if (inFlow(ctx)) await ctx.conversation.exitAll();
      if (await releaseActiveHold(ctx)) await ctx.reply(ctx.t("earlier-hold-released"));
      return next();
    }
    if (data.action === "a" && data.arg === "near") {
      await ctx.answerCallbackQuery();
      state.awaitingLocation = true;
      await store(ctx).put(userId, state);
      const keyboard = new Keyboard().requestLocation(ctx.t("find-btn-share-location")).resized().oneTime();
      await ctx.reply(ctx.t("find-share-location"), { reply_markup: keyboard });
      return;
    }
    await ctx.answerCallbackQuery();
    if (!apply(state, data, envOf(ctx).today)) return;
    await refresh(ctx, state);
    await store(ctx).put(userId, state);
  });

  // A location shared for "near a location": the search's area becomes 50 km around it.
  feature.on("message:location", async (ctx, next) => {
    if (inFlow(ctx)) return next();
    const state = await store(ctx).get(ctx.from.id);
    if (!state?.awaitingLocation) return next();
    const { latitude: lat, longitude: lon } = ctx.message.location;
    state.awaitingLocation = false;
    state.criteria.area = { kind: "near", lat, lon };
    state.sort = "nearest";
    state.editing = undefined;
    state.page = 0;
    await ctx.reply(ctx.t("find-location-set"), { reply_markup: { remove_keyboard: true } });
    // A new message: the old one is above the location and the keyboard prompt.
    const view = await render(ctx, state);
    const sent = await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.keyboard });
    if (state.messageId !== undefined)
      await ctx.api.editMessageReplyMarkup(ctx.chat.id, state.messageId).catch((e: unknown) => {
        if (!(e instanceof GrammyError)) throw e;
      });
    state.messageId = sent.message_id;
    await store(ctx).put(ctx.from.id, state);
  });

  // Plain words outside a booking: a search when they say at least one criterion; else the fallback.
  feature.on("message:text", async (ctx, next) => {
    if (inAnyFlow(ctx) || ctx.message.text.startsWith("/")) return next();
    const parsed = parseSearchQuery(ctx.message.text, envOf(ctx).today);
    if (parsed.understood.length === 0) return next();
    await startSearch(ctx, parsed);
  });
  return feature;
}

/** Below the booking conversation: opens the flow on the tee time a search's tap picked. */
export function createFindEntry() {
  const entry = new Composer<BotContext>();
  entry.callbackQuery(/^f:/, async (ctx, next) => {
    const args = picked.get(ctx);
    if (!args) return next();
    await ctx.conversation.enter(BOOKING_CONVERSATION, args);
  });
  return entry;
}
