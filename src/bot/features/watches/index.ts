/**
 * Watches (docs/features.md): "🔔 Tell me when one opens" under a search that found too little (/find) and on
 * a course's sold-out day in /book saves the search; the checker (src/watches/checker.ts, on the
 * leader) alerts the agent when a matching tee time opens; "Book it" on the alert opens the booking at
 * the golfer step if the tee time is still open, and says so (the watch goes on) if it is gone.
 * `/watches` lists them with a Stop button each.
 *
 * `createWatchesFeature` is installed above the booking conversation (its buttons work while a
 * booking is open); `createWatchesEntry` below it, because a conversation can only be entered from below.
 */
import { Composer, GrammyError, InlineKeyboard, type InlineKeyboard as Keyboard } from "grammy";
import { isPartnerApiError } from "../../../partner/errors.js";
import { bySalesWindow, lastSaleDate, SALES_WINDOW_DAYS } from "../../../partner/sales-window.js";
import { coursesInScope, type SearchHit } from "../../../search/search.js";
import { createWatchStore, targetKey, type Watch, type WatchCourse } from "../../../watches/store.js";
import { WATCH_ZONE, watchEnd, watchHits } from "../../../watches/checker.js";
import { sellerOf, type SellingPrice } from "../../../pricing/rules.js";
import { BOOKING_CONVERSATION, type BookingArgs } from "../../conversations/booking/entry.js";
import { parseLocale } from "../../../locale.js";
import type { BotContext, Locale } from "../../context.js";
import { courseToday, formatDate } from "../../format/dates.js";
import { isNotModified } from "../../ui/telegram-errors.js";
import { releaseActiveHold } from "../booking.js";
import { createFindStore } from "../find/state.js";
import { WATCH_MAX_PLAYERS } from "../find/view.js";
import { parseWatchData } from "./callback-data.js";
import { listView, outcomeText, type WatchEnv } from "./view.js";

/** Ended and stopped watches stay on the /watches list this long. */
export const ENDED_SHOWN_MS = 24 * 60 * 60 * 1000;

/** The tee time an alert's "Book it" picked, handed from the feature above the conversation to the entry below it. */
const picked = new WeakMap<BotContext, BookingArgs>();

const inFlow = (ctx: BotContext) => ctx.conversation.active(BOOKING_CONVERSATION) > 0;

const localeOf = (ctx: BotContext): Locale => parseLocale(ctx.t("locale-code"), "en");

export function watchEnvOf(ctx: BotContext): WatchEnv {
  return {
    t: (key, args) => ctx.t(key, args),
    locale: localeOf(ctx),
    today: courseToday(ctx.deps.now(), WATCH_ZONE),
  };
}

export const watchStoreOf = (ctx: BotContext) => createWatchStore(ctx.deps.storage.db, ctx.deps.now);

/** A customer watches only their link's course (as they search only it). */
async function customerCourses(ctx: BotContext): Promise<WatchCourse[] | undefined> {
  if (ctx.who.role !== "customer" || ctx.from === undefined) return undefined;
  const courseId = await ctx.deps.access.links.courseOfCustomer(ctx.from.id);
  if (!courseId) return undefined;
  const course = await ctx.deps.catalog.course(courseId).catch(() => undefined);
  return [{ id: courseId, name: course?.name ?? courseId, nameTH: course?.nameTH ?? "" }];
}

/**
 * Saves the search of the /find message as a watch. What the search finds now is its baseline (read
 * through the catalog's cache: usually no partner call), so only tee times that open later alert. Only
 * its dates the partner sells are watched: a search with none (its dates past, or not on sale yet) is
 * refused and says why.
 */
async function watchSearch(ctx: BotContext, nonce: string): Promise<void> {
  const userId = ctx.from!.id;
  const state = await createFindStore(ctx.deps.storage.kv).get(userId);
  // A party beyond one tee time (a group) is not watched: its button is never shown.
  if (!state || state.nonce !== nonce || state.criteria.players > WATCH_MAX_PLAYERS)
    return void (await ctx.answerCallbackQuery({ text: ctx.t("find-expired") }));
  const env = watchEnvOf(ctx);
  const { onSale, notYet } = bySalesWindow(state.criteria.dates, env.today);
  const criteria = { ...state.criteria, dates: onSale };
  if (notYet.length > 0 && onSale.length === 0) {
    const last = formatDate(lastSaleDate(env.today), env.locale);
    const text = ctx.t("watch-not-on-sale", { last, days: SALES_WINDOW_DAYS });
    return void (await ctx.answerCallbackQuery({ text, show_alert: true }));
  }
  if (criteria.dates.length === 0)
    return void (await ctx.answerCallbackQuery({ text: ctx.t("watch-date-passed"), show_alert: true }));
  await ctx.answerCallbackQuery();
  const courses = await customerCourses(ctx);
  const now = ctx.deps.now();
  const open: Record<string, string[]> = {};
  try {
    const scope = { now, ...(courses ? { courseIds: courses.map((c) => c.id) } : {}) };
    const [list, result] = await Promise.all([ctx.deps.catalog.courses(), ctx.deps.search.run(criteria, scope)]);
    const failed = new Set(result.failed.map((c) => c.id));
    for (const course of coursesInScope(list, criteria, scope)) {
      if (failed.has(course.id)) continue;
      for (const date of criteria.dates) open[targetKey(course.id, date)] = [];
    }
    for (const hit of result.hits) open[targetKey(hit.course.id, hit.date)]?.push(hit.slotId);
  } catch (error) {
    // No baseline: the first check takes what is open then as the baseline.
    if (!isPartnerApiError(error)) throw error;
  }
  const limit = ctx.deps.config.watches.perUser;
  const outcome = await watchStoreOf(ctx).create({
    userId,
    chatId: ctx.chat!.id,
    criteria,
    ...(courses ? { courses } : {}),
    open,
    endsAt: watchEnd(criteria),
    limit,
  });
  await ctx.reply(outcomeText(outcome, env, limit), { parse_mode: "HTML" });
}

/** The /watches message: active watches with a Stop button each, and the ones ended lately. */
async function renderList(ctx: BotContext) {
  const store = watchStoreOf(ctx);
  const [watches, targets] = await Promise.all([
    store.forUser(ctx.from!.id, ctx.deps.now() - ENDED_SHOWN_MS),
    store.targets(),
  ]);
  return listView(watches, targets, ctx.deps.config.watches.perUser, watchEnvOf(ctx));
}

/** What this user is shown a tee time costs (the selling price, as /find's); undefined without a markup. */
async function sellingFor(ctx: BotContext): Promise<SellingPrice | undefined> {
  return (await ctx.deps.prices.book()).sellingPrice(sellerOf(ctx.who, ctx.from?.id ?? null));
}

/** "Book it": the tee time read afresh; open, the booking opens on it; gone, the agent is told. */
async function bookAlerted(ctx: BotContext, alertId: string): Promise<BookingArgs | undefined> {
  const store = watchStoreOf(ctx);
  const alert = await store.alert(alertId);
  const watch = alert ? await store.get(alert.watchId) : undefined;
  if (!alert || !watch || watch.userId !== ctx.from?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("watch-alert-invalid"), show_alert: true });
    return undefined;
  }
  const hit = alert.hit;
  let fresh: SearchHit | undefined;
  let overPrice = false;
  try {
    const list = await ctx.deps.catalog.teeTimes(hit.course.id, hit.date, { fresh: true });
    const course = await ctx.deps.catalog.course(hit.course.id);
    if (course) {
      // The checker's own test, at the price the watcher is shown now (the price rules may have changed).
      const at = { course, date: hit.date, list, now: ctx.deps.now() };
      const same = (h: SearchHit) => h.slotId === hit.slotId;
      fresh = watchHits(ctx.deps.search, at, watch, await sellingFor(ctx)).find(same);
      const { maxPrice: _top, ...anyPrice } = watch.criteria;
      overPrice = !fresh && watchHits(ctx.deps.search, at, { criteria: anyPrice }, undefined).some(same);
    }
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    await ctx.answerCallbackQuery({ text: ctx.t(error.userMessageKey), show_alert: true });
    return undefined;
  }
  if (!fresh) {
    const key = overPrice ? "watch-over-price" : "watch-gone";
    await ctx.answerCallbackQuery({
      text: ctx.t(watch.state === "active" ? `${key}-watching` : key),
      show_alert: true,
    });
    return undefined;
  }
  await ctx.answerCallbackQuery();
  const players = watch.criteria.players;
  const name = [ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(" ").trim();
  const customer = ctx.who.role === "customer" && ctx.who.agentId !== undefined;
  return {
    courseId: hit.course.id,
    date: hit.date,
    slot: {
      id: fresh.slotId,
      startsAt: fresh.startsAt,
      price: fresh.price,
      priceType: fresh.priceType,
      minPerson: fresh.minPerson,
      maxPerson: fresh.maxPerson,
      ...(fresh.freeCaddy !== undefined ? { freeCaddy: fresh.freeCaddy } : {}),
      ...(fresh.caddyPrice !== undefined ? { caddyPrice: fresh.caddyPrice } : {}),
    },
    ...(players > 0 ? { persons: players } : {}),
    ...(customer ? { agentId: ctx.who.agentId, ...(name ? { customerName: name } : {}) } : {}),
  };
}

/** Drops one button (a stopped watch's Stop) from the message it was tapped on. */
function without(markup: { inline_keyboard: { text: string }[][] } | undefined, data: string): Keyboard {
  const rows = (markup?.inline_keyboard ?? [])
    .map((row) => row.filter((b) => !("callback_data" in b) || b.callback_data !== data))
    .filter((row) => row.length > 0);
  return InlineKeyboard.from(rows as InlineKeyboard["inline_keyboard"]);
}

export function createWatchesFeature() {
  const feature = new Composer<BotContext>();

  feature.command("watches", async (ctx) => {
    const view = await renderList(ctx);
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.keyboard });
  });

  feature.callbackQuery(/^wt:/, async (ctx, next) => {
    const data = parseWatchData(ctx.callbackQuery.data);
    if (!data) return void (await ctx.answerCallbackQuery({ text: ctx.t("watch-alert-invalid") }));
    switch (data.action) {
      case "f":
        return watchSearch(ctx, data.id);
      case "s":
      case "x": {
        const stopped = await watchStoreOf(ctx).stop(data.id, ctx.from.id);
        await ctx.answerCallbackQuery({ text: ctx.t(stopped ? "watch-stopped" : "watch-not-active") });
        const message = ctx.callbackQuery.message;
        if (!message) return;
        if (data.action === "s") {
          const view = await renderList(ctx);
          await ctx
            .editMessageText(view.text, { parse_mode: "HTML", reply_markup: view.keyboard })
            .catch((error: unknown) => {
              if (!isNotModified(error)) throw error;
            });
        } else {
          await ctx
            .editMessageReplyMarkup({ reply_markup: without(message.reply_markup, ctx.callbackQuery.data) })
            .catch((error: unknown) => {
              if (!(error instanceof GrammyError)) throw error;
            });
        }
        return;
      }
      case "b": {
        const args = await bookAlerted(ctx, data.id);
        if (!args) return;
        picked.set(ctx, args);
        if (inFlow(ctx)) await ctx.conversation.exitAll();
        if (await releaseActiveHold(ctx)) await ctx.reply(ctx.t("earlier-hold-released"));
        return next();
      }
    }
  });
  return feature;
}

/** Below the booking conversation: opens the flow on the tee time an alert's "Book it" picked. */
export function createWatchesEntry() {
  const entry = new Composer<BotContext>();
  entry.callbackQuery(/^wt:b:/, async (ctx, next) => {
    const args = picked.get(ctx);
    if (!args) return next();
    await ctx.conversation.enter(BOOKING_CONVERSATION, args);
  });
  return entry;
}

export type { Watch };
