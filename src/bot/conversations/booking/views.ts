import { InlineKeyboard } from "grammy";
import { flowData, GLOBAL_DATA } from "../../callback-data.js";
import type { Locale } from "../../context.js";
import { calendarKeyboard } from "../../keyboards/date-picker.js";
import { coursePagerKeyboard } from "../../keyboards/course-pager.js";
import { slotPageCount, slotPagerKeyboard } from "../../keyboards/slot-pager.js";
import { formatBaht } from "../../format/money.js";
import { staffPrice } from "../../format/staff-price.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatThaiMobileForDisplay } from "../../validation/customer.js";
import type { CommonAction, StepAction } from "./actions.js";
import type { CoursePage, SlotPage } from "./data.js";
import { MAX_GROUP_PLAYERS, moveChoices, splitsFor } from "../../../search/groups.js";
import { courseName } from "../../format/course-name.js";
import type { Draft, PartOfDay, Step } from "./draft.js";
import type { FlightDraft, SlotView } from "./entry.js";

/** Translation, as `ctx.t`. */
export type T = (key: string, args?: Record<string, string | number>) => string;

export interface View {
  text: string;
  keyboard?: InlineKeyboard;
  /** Ask for text input with a reply keyboard (contact sharing) instead of an inline keyboard. */
  contactButton?: boolean;
}

export interface ViewEnv {
  t: T;
  locale: Locale;
  nonce: string;
  now: number;
  today: string;
  lastDate: string;
  holdMinutes: number;
  /** Most minutes between a group's flights (GROUP_MAX_GAP_MINUTES). */
  groupGapMinutes: number;
  /** Private chat: contact sharing is possible. */
  isPrivate: boolean;
  /** A customer booking for themselves: their own number is the golfer's, so the contact button is offered. */
  selfBooking: boolean;
  /** Per player: what a tee time of this net price sells for (default: the net). */
  sell?: (net: number) => number;
  /** An agent or admin booking: a tee time's price is shown with its net when a markup makes them differ. */
  showNet?: boolean;
  /** The tee sheet Mini App's address, when it is served and this chat may open it (a private chat). */
  teeSheetUrl?: string;
}

/** What the view reads rather than keeps: the course list, or the page of tee times. */
export interface ViewPage {
  courses?: CoursePage;
  slots?: SlotPage;
  /** The date's open tee times (step `flight`). */
  daySlots?: SlotView[];
}

const PARTS: PartOfDay[] = ["all", "morning", "midday", "afternoon"];

/** What a player pays for a tee time (or a course's "from" price) of `net` satang. */
function sold(env: ViewEnv, net: number): number {
  return env.sell ? env.sell(net) : net;
}

/** A tee time's price per player for this reader: the selling price, and its net for staff when they differ. */
function priceOf(env: ViewEnv, net: number, options: { short?: boolean } = {}): string {
  const selling = sold(env, net);
  return env.showNet ? staffPrice(selling, net, env, options) : formatBaht(selling, env.locale);
}

/** Staff: the line that says the net is in brackets, when a markup makes some of `slots`' prices differ. */
function netHintFor(env: ViewEnv, slots: readonly { price: number }[]): string {
  return env.showNet && slots.some((slot) => sold(env, slot.price) !== slot.price) ? env.t("price-net-hint") : "";
}

function noticeText(d: Draft, t: T): string {
  const parts = [d.notice, d.inputError].filter((n) => n !== undefined).map((n) => `⚠️ ${t(n.key, n.args)}`);
  return parts.length > 0 ? `${parts.join("\n")}\n\n` : "";
}

/** Builds the callback data of `step`'s panel: only the actions the step declares, or every step takes. */
function buttonsOf<S extends Step>(env: ViewEnv, _step: S) {
  return (action: StepAction<S> | CommonAction, arg?: string | number) => flowData(env.nonce, action, arg);
}

function navRow(kb: InlineKeyboard, env: ViewEnv, back: boolean): InlineKeyboard {
  if (back) kb.text(env.t("btn-back"), flowData(env.nonce, "back"));
  return kb.text(env.t("btn-cancel"), flowData(env.nonce, "cancel")).row();
}

/** `caddy` line for a slot, or empty. */
export function caddyText(slot: { freeCaddy?: boolean; caddyPrice?: number }, env: { t: T; locale: Locale }): string {
  if (slot.freeCaddy) return env.t("caddy-free");
  if (slot.caddyPrice !== undefined) return env.t("caddy-price", { price: formatBaht(slot.caddyPrice, env.locale) });
  return "";
}

const NO_COURSES: CoursePage = { total: 0, start: 0, items: [] };

function courseList(d: Draft, env: ViewEnv, courses: CoursePage): View {
  const { t, locale } = env;
  const lines = courses.items.map((c) => {
    const prices = [
      c.minWeekday !== undefined ? t("course-from-weekday", { price: priceOf(env, c.minWeekday) }) : "",
      c.minWeekend !== undefined ? t("course-from-weekend", { price: priceOf(env, c.minWeekend) }) : "",
    ].filter(Boolean);
    return `⛳ <b>${escapeHtml(courseName(c, locale))}</b> · ${escapeHtml(c.place)}${prices.length ? `\n    ${prices.join(" · ")}` : ""}`;
  });
  const pager = coursePagerKeyboard(
    env.nonce,
    courses.items.map((c) => courseName(c, locale)),
    { start: courses.start, total: courses.total },
    { prev: t("btn-prev"), next: t("btn-next") },
  );
  // Search first: "Find a tee time" leaves this flow for /find across every course (features/find).
  const find = InlineKeyboard.text(t("menu-find"), GLOBAL_DATA.find);
  // The whole day across courses: the tee sheet (a web_app button, not a callback: no flow action).
  const sheet = env.teeSheetUrl ? [[InlineKeyboard.webApp(t("tee-sheet-button"), env.teeSheetUrl)]] : [];
  const kb = InlineKeyboard.from([[find], ...sheet, ...pager.inline_keyboard]);
  return {
    text: `${noticeText(d, t)}<b>${t("course-title")}</b>\n\n${lines.join("\n\n")}`,
    keyboard: navRow(kb, env, false),
  };
}

function courseInfo(d: Draft, env: ViewEnv): View {
  const c = d.course;
  const { t, locale } = env;
  if (!c) return courseList(d, env, NO_COURSES);
  const rows = [
    `⛳ <b>${escapeHtml(courseName(c, locale))}</b>`,
    // The other name beside it: Thai and English readers see both; Korean, Japanese, Chinese only the partner's.
    locale === "th" ? escapeHtml(c.name) : locale === "en" ? escapeHtml(c.nameTH) : "",
    `📍 ${escapeHtml(c.place)}`,
    c.address ? `🏠 ${escapeHtml(truncate(c.address, 300))}` : "",
    c.openingHours ? `🕕 ${t("course-hours", { hours: escapeHtml(truncate(c.openingHours, 200)) })}` : "",
    c.website ? `🌐 ${escapeHtml(truncate(c.website, 200))}` : "",
    c.minWeekday !== undefined ? t("course-from-weekday", { price: priceOf(env, c.minWeekday) }) : "",
    c.minWeekend !== undefined ? t("course-from-weekend", { price: priceOf(env, c.minWeekend) }) : "",
  ].filter(Boolean);
  const data = buttonsOf(env, "course-info");
  const kb = new InlineKeyboard().text(t("btn-pick-date"), data("go")).row();
  if (c.lat !== null && c.lon !== null) kb.text(t("btn-location"), data("loc"));
  if (c.image) kb.text(t("btn-photo"), data("pic"));
  kb.row();
  return { text: `${noticeText(d, t)}${rows.join("\n")}`, keyboard: navRow(kb, env, true) };
}

function datePicker(d: Draft, env: ViewEnv): View {
  const { t, locale } = env;
  const name = d.course ? courseName(d.course, locale) : "";
  const kb = calendarKeyboard({
    data: {
      month: (yyyymm) => flowData(env.nonce, "m", yyyymm),
      day: (yyyymmdd) => flowData(env.nonce, "d", yyyymmdd),
      none: () => flowData(env.nonce, "x"),
    },
    locale,
    month: d.month ?? env.today.slice(0, 7),
    first: env.today,
    last: env.lastDate,
    today: env.today,
    ...(d.date ? { selected: d.date } : {}),
  });
  return {
    text: `${noticeText(d, t)}<b>${t("date-title", { course: escapeHtml(name) })}</b>\n${t("date-hint")}`,
    keyboard: navRow(kb, env, true),
  };
}

function slotPicker(d: Draft, env: ViewEnv, page: SlotPage | undefined): View {
  const { t, locale } = env;
  const tz = d.course?.timeZone ?? "Asia/Bangkok";
  const title = t("slot-title", {
    course: escapeHtml(d.course ? courseName(d.course, locale) : ""),
    date: formatDate(d.date ?? env.today, locale),
  });
  const data = buttonsOf(env, "slot");
  const kb = new InlineKeyboard();
  if (!page || page.total === 0) {
    const suggestions = page?.suggestions ?? [];
    const text = suggestions.length > 0 ? t("slot-none-suggest") : t("slot-none");
    for (const day of suggestions) kb.text(formatDate(day, locale), data("d", day.replaceAll("-", ""))).row();
    kb.text(t("slot-btn-watch"), data("w")).row();
    kb.text(t("btn-other-date"), data("back")).row();
    return { text: `${noticeText(d, t)}<b>${title}</b>\n\n${text}`, keyboard: navRow(kb, env, false) };
  }
  for (const p of PARTS) kb.text(`${d.part === p ? "✓ " : ""}${t(`part-${p}`)}`, data("pf", p));
  kb.row();
  const buttons = page.items.map(({ slot, index }) => ({
    index,
    label: `${formatTime(slot.startsAt, tz, locale)} · ${priceOf(env, slot.price, { short: true })}`,
  }));
  const pager = slotPagerKeyboard(env.nonce, buttons, page.page, slotPageCount(page.visible), {
    prev: t("btn-prev"),
    next: t("btn-next"),
  });
  const rows = [...kb.inline_keyboard, ...pager.inline_keyboard];
  const out = InlineKeyboard.from(rows).row().text(t("btn-refresh"), data("rf")).row();
  if (page.visible === 0) out.text(t("slot-btn-watch"), data("w")).row();
  const types = page.types.map((p) => t("price-type", { type: p })).join(", ");
  const netHint = netHintFor(
    env,
    page.items.map(({ slot }) => slot),
  );
  const hint = t("slot-hint", { count: page.visible, types }) + (netHint ? `\n${netHint}` : "");
  const body = page.visible === 0 ? t("slot-none-part") : hint;
  return { text: `${noticeText(d, t)}<b>${title}</b>\n${body}`, keyboard: navRow(out, env, true) };
}

function players(d: Draft, env: ViewEnv): View {
  const { t, locale } = env;
  const s = d.slot;
  if (!s) return slotPicker(d, env, undefined);
  const tz = d.course?.timeZone ?? "Asia/Bangkok";
  const data = buttonsOf(env, "players");
  const kb = new InlineKeyboard();
  for (let n = s.minPerson; n <= s.maxPerson; n += 1) kb.text(String(n), data("p", n));
  kb.row();
  // A party beyond one tee time: a group of consecutive tee times (fairway proposes them next); a
  // customer pays for the whole group first, in one payment, when their link says so.
  const groups = s.maxPerson < MAX_GROUP_PLAYERS;
  if (groups) {
    for (let n = s.maxPerson + 1; n <= MAX_GROUP_PLAYERS; n += 1) {
      kb.text(`👥 ${n}`, data("p", n));
      if ((n - s.maxPerson) % 6 === 0) kb.row();
    }
    kb.row();
  }
  const caddy = caddyText(s, env);
  const text = [
    `<b>${t("players-title")}</b>`,
    t("players-slot", {
      time: formatTime(s.startsAt, tz, locale),
      date: formatDate(d.date ?? env.today, locale),
      price: priceOf(env, s.price),
    }),
    caddy,
    t("players-range", { min: s.minPerson, max: s.maxPerson }),
    groups ? t("players-group-hint", { max: s.maxPerson }) : "",
  ].filter(Boolean);
  return { text: `${noticeText(d, t)}${text.join("\n")}`, keyboard: navRow(kb, env, true) };
}

function customerPick(d: Draft, env: ViewEnv): View {
  const { t } = env;
  const data = buttonsOf(env, "customer");
  const kb = new InlineKeyboard();
  d.recent.forEach((c, i) =>
    kb.text(truncate(`${c.name} · ${formatThaiMobileForDisplay(c.mobile)}`, 48), data("rc", i)).row(),
  );
  kb.text(t("btn-new-customer"), data("nc")).row();
  return {
    text: `${noticeText(d, t)}<b>${t("customer-title")}</b>\n${t("customer-hint")}`,
    keyboard: navRow(kb, env, true),
  };
}

function textPrompt(d: Draft, env: ViewEnv, field: "name" | "email" | "mobile"): View {
  const { t } = env;
  const kb = new InlineKeyboard();
  const previous = d[field];
  if (previous) kb.text(t("btn-keep", { value: truncate(previous, 40) }), buttonsOf(env, field)("keep")).row();
  const share = field === "mobile" && env.isPrivate && env.selfBooking;
  const hint = share ? `\n${t("mobile-share-hint")}` : "";
  return {
    text: `${noticeText(d, t)}<b>${t(`${field}-title`)}</b>\n${t(`${field}-hint`)}${hint}`,
    keyboard: navRow(kb, env, true),
    contactButton: share,
  };
}

/** One flight's line: its number, time, players and price. */
export function flightLine(
  f: FlightDraft,
  n: number,
  env: { t: T; locale: Locale; sell?: (net: number) => number },
  timeZone: string,
): string {
  return env.t("group-flight", {
    n,
    time: formatTime(f.slot.startsAt, timeZone, env.locale),
    players: f.persons,
    amount: formatBaht((env.sell ? env.sell(f.slot.price) : f.slot.price) * f.persons, env.locale),
  });
}

/** The flights' net in all: the partner's price × players on each. */
function groupNet(flights: readonly FlightDraft[]): number {
  return flights.reduce((sum, f) => sum + f.slot.price * f.persons, 0);
}

/** The flights fairway proposes for the party (or as the agent changed them), with the total. */
function groupPlan(d: Draft, env: ViewEnv): View {
  const { t, locale } = env;
  const flights = d.group?.flights ?? [];
  const tz = d.course?.timeZone ?? "Asia/Bangkok";
  const data = buttonsOf(env, "group");
  const kb = new InlineKeyboard();
  flights.forEach((f, i) => {
    kb.text(t("btn-move-flight", { n: i + 1, time: formatTime(f.slot.startsAt, tz, locale) }), data("mv", i));
    if (i % 2 === 1) kb.row();
  });
  kb.row();
  if (
    splitsFor(
      d.persons ?? 0,
      flights.map((f) => f.slot),
      2,
    ).length > 1
  )
    kb.text(t("btn-change-split"), data("sl")).row();
  kb.text(t("btn-group-continue"), data("next")).row();
  const total = flights.reduce((sum, f) => sum + sold(env, f.slot.price) * f.persons, 0);
  // Staff: the net beside the total, when a markup makes them differ.
  const amount = env.showNet ? staffPrice(total, groupNet(flights), env) : formatBaht(total, locale);
  const text = [
    `<b>${t("group-title", { players: d.persons ?? 0, flights: flights.length })}</b>`,
    `⛳ ${escapeHtml(d.course ? courseName(d.course, locale) : "")} · 📅 ${formatDate(d.date ?? env.today, locale)}`,
    "",
    ...flights.map((f, i) => flightLine(f, i + 1, env, tz)),
    "",
    `💰 ${t("group-total", { amount })}`,
    t("group-hint"),
  ];
  return { text: `${noticeText(d, t)}${text.join("\n")}`, keyboard: navRow(kb, env, true) };
}

/** Another time for one flight: open tee times between its neighbours, within the gap. */
function flightPicker(d: Draft, env: ViewEnv, daySlots: SlotView[] | undefined): View {
  const { t, locale } = env;
  const flights = d.group?.flights ?? [];
  const index = d.flightIndex ?? 0;
  const tz = d.course?.timeZone ?? "Asia/Bangkok";
  const all = daySlots ?? [];
  const choices = moveChoices(all, flights, index, { maxGapMinutes: env.groupGapMinutes });
  const data = buttonsOf(env, "flight");
  const kb = new InlineKeyboard();
  choices.forEach((slot, i) => {
    kb.text(
      `${formatTime(slot.startsAt, tz, locale)} · ${priceOf(env, slot.price, { short: true })}`,
      data("ft", all.indexOf(slot)),
    );
    if (i % 2 === 1) kb.row();
  });
  kb.row();
  const current = flights[index];
  const text = [
    `<b>${t("flight-title", { n: index + 1 })}</b>`,
    current ? flightLine(current, index + 1, env, tz) : "",
    choices.length > 0
      ? t("flight-hint", { gap: env.groupGapMinutes })
      : t("flight-none", { gap: env.groupGapMinutes }),
    netHintFor(env, choices),
  ].filter(Boolean);
  return { text: `${noticeText(d, t)}${text.join("\n")}`, keyboard: navRow(kb, env, true) };
}

/** The other ways to split the party over the same flights, the most even first. */
function splitPicker(d: Draft, env: ViewEnv): View {
  const { t } = env;
  const flights = d.group?.flights ?? [];
  const data = buttonsOf(env, "split");
  const kb = new InlineKeyboard();
  const current = flights.map((f) => f.persons).join("-");
  splitsFor(
    d.persons ?? 0,
    flights.map((f) => f.slot),
  ).forEach((split, i) => {
    const key = split.join("-");
    kb.text(`${key === current ? "✓ " : ""}${split.join(" + ")}`, data("sl", key));
    if (i % 2 === 1) kb.row();
  });
  kb.row();
  return {
    text: `${noticeText(d, t)}<b>${t("split-title", { players: d.persons ?? 0 })}</b>\n${t("split-hint")}`,
    keyboard: navRow(kb, env, true),
  };
}

/** The other players' names (optional): one a line, sent to the partner with each flight. */
function golfersPrompt(d: Draft, env: ViewEnv): View {
  const { t } = env;
  const kb = new InlineKeyboard().text(t("btn-skip-golfers"), buttonsOf(env, "golfers")("skip")).row();
  const others = Math.max(0, (d.persons ?? 1) - 1);
  return {
    text: `${noticeText(d, t)}<b>${t("golfers-title")}</b>\n${t("golfers-hint", { count: others })}`,
    keyboard: navRow(kb, env, true),
  };
}

function changeMenu(d: Draft, env: ViewEnv): View {
  const { t } = env;
  const data = buttonsOf(env, "change");
  const kb = new InlineKeyboard()
    .text(t("change-course"), data("ch", "course"))
    .text(t("change-date"), data("ch", "date"))
    .row()
    .text(t("change-time"), data("ch", "slot"))
    .text(t("change-players"), data("ch", "players"))
    .row()
    .text(t("change-details"), data("ch", "name"))
    .row()
    .text(t("btn-back-summary"), data("back"))
    .row();
  return { text: `${noticeText(d, t)}<b>${t("change-title")}</b>\n${t("change-hint")}`, keyboard: kb };
}

function stuck(d: Draft, env: ViewEnv): View {
  const kb = new InlineKeyboard().text(env.t("btn-try-again"), buttonsOf(env, "stuck")("retry")).row();
  return { text: `${noticeText(d, env.t)}${env.t("stuck-hint")}`, keyboard: navRow(kb, env, false) };
}

/** The panel for the current step (the held summary is rendered by `summary.ts`). */
export function renderStep(d: Draft, env: ViewEnv, page: ViewPage): View {
  switch (d.step) {
    case "course":
      return courseList(d, env, page.courses ?? NO_COURSES);
    case "course-info":
      return courseInfo(d, env);
    case "date":
      return datePicker(d, env);
    case "slot":
      return slotPicker(d, env, page.slots);
    case "players":
      return players(d, env);
    case "group":
      return groupPlan(d, env);
    case "flight":
      return flightPicker(d, env, page.daySlots);
    case "split":
      return splitPicker(d, env);
    case "golfers":
      return golfersPrompt(d, env);
    case "customer":
      return customerPick(d, env);
    case "name":
    case "email":
    case "mobile":
      return textPrompt(d, env, d.step);
    case "change":
      return changeMenu(d, env);
    case "stuck":
    case "held":
      return stuck(d, env);
  }
}
