/**
 * The search message: the criteria on one line (each with a button to change it), how a typed query
 * was read, the page of tee times across courses (each a button that books it), the order, the pages,
 * the courses that did not answer, and, when nothing matches, a button to relax each criterion.
 * Pure: text and keyboard from the state and the results.
 */
import { InlineKeyboard } from "grammy";
import { lastSaleDate } from "../../../partner/sales-window.js";
import { PARTS_OF_DAY, type SearchCriteria } from "../../../search/criteria.js";
import { AREAS, areaById } from "../../../search/areas.js";
import type { SearchHit, SearchResult, SortOrder } from "../../../search/search.js";
import type { Locale } from "../../context.js";
import { addDaysToDateKey, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { calendarKeyboard } from "../../keyboards/date-picker.js";
import { watchData } from "../watches/callback-data.js";
import { findData } from "./callback-data.js";
import type { FindState } from "./state.js";

/** Tee times per page: one button each, and the message stays short on a phone. */
export const HITS_PER_PAGE = 6;

/** Days the date buttons offer, from today. */
export const DATE_BUTTON_DAYS = 14;

/** Top prices per player offered as buttons, baht. */
export const PRICE_STEPS = [1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000];

/** Parties offered as buttons: one tee time's, then groups of several tee times. */
export const PLAYER_STEPS = [1, 2, 3, 4, 8, 12, 16];

/** Fewer hits than this (a page not full, or none) offer "Tell me when one opens" (a watch). */
export const WATCH_BELOW = HITS_PER_PAGE;

/** A watch waits for one tee time: a party larger than one tee time takes (a group) is not watched. */
export const WATCH_MAX_PLAYERS = 4;

export interface FindEnv {
  t: (key: string, args?: Record<string, string | number>) => string;
  locale: Locale;
  /** YYYY-MM-DD in Bangkok. */
  today: string;
  /** An agent or admin: a hit's net total follows what the customer pays, when a markup makes them differ. */
  showNet?: boolean;
}

type Hhmm = string;
const hhmm = (minutes: number): Hhmm =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The named part of day a window is, if it is one. */
export function partOf(window: SearchCriteria["window"]): string | undefined {
  if (!window) return "any";
  return Object.entries(PARTS_OF_DAY).find(([, w]) => window.from === w.from && window.to === w.to)?.[0];
}

export function datesText(dates: readonly string[], env: FindEnv): string {
  const [first, second] = dates;
  if (!first) return "";
  if (second)
    return env.t("find-weekend-dates", { from: formatDate(first, env.locale), to: formatDate(second, env.locale) });
  if (first === env.today) return `${env.t("find-today")} ${formatDate(first, env.locale)}`;
  if (first === addDaysToDateKey(env.today, 1)) return `${env.t("find-tomorrow")} ${formatDate(first, env.locale)}`;
  return formatDate(first, env.locale);
}

export function criteriaText(c: SearchCriteria, env: FindEnv): string {
  const part = partOf(c.window);
  const window =
    part === "any"
      ? env.t("find-window-any")
      : part
        ? env.t(`part-${part}`)
        : `${hhmm(c.window!.from)}–${hhmm(c.window!.to)}`;
  const known = c.area?.kind === "area" ? areaById(c.area.id) : undefined;
  const area = !c.area
    ? env.t("find-area-any")
    : c.area.kind === "near"
      ? env.t("find-area-near")
      : known
        ? env.locale === "th"
          ? known.nameTH
          : known.name
        : env.t("find-area-any");
  const price =
    c.maxPrice === undefined
      ? env.t("find-price-any")
      : env.t("find-price-max", { price: formatBaht(c.maxPrice, env.locale) });
  return env.t("find-criteria", {
    dates: datesText(c.dates, env),
    window,
    players: c.players,
    area: escapeHtml(area),
    price,
  });
}

function courseName(hit: SearchHit, locale: Locale): string {
  return locale === "th" && hit.course.nameTH ? hit.course.nameTH : hit.course.name;
}

function hitLine(hit: SearchHit, n: number, players: number, env: FindEnv, twoDates: boolean): string {
  const time = formatTime(hit.startsAt, hit.course.timeZone, env.locale);
  const day = twoDates ? ` ${formatDate(hit.date, env.locale)}` : "";
  const caddy =
    hit.freeCaddy === true
      ? env.t("find-caddy-free")
      : hit.caddyPrice !== undefined && hit.caddyPrice > 0
        ? env.t("find-caddy-price", { price: formatBaht(hit.caddyPrice, env.locale) })
        : "";
  const km = hit.distanceKm !== undefined ? env.t("find-km", { km: Math.round(hit.distanceKm) }) : "";
  const net = env.showNet ? netText(hit, players, env) : "";
  if (hit.group) {
    const last = hit.group.flights.at(-1)!;
    return env.t("find-line-group", {
      n,
      time: `${time}–${formatTime(last.startsAt, hit.course.timeZone, env.locale)}${day}`,
      course: escapeHtml(courseName(hit, env.locale)),
      flights: hit.group.flights.length,
      split: hit.group.flights.map((f) => f.persons).join("+"),
      total: formatBaht(hit.group.total, env.locale),
      extra: [net, km]
        .filter(Boolean)
        .map((part) => ` ${part}`)
        .join(""),
    });
  }
  return env.t("find-line", {
    n,
    time: `${time}${day}`,
    course: escapeHtml(courseName(hit, env.locale)),
    price: formatBaht(hit.price, env.locale),
    players,
    total: formatBaht(hit.price * players, env.locale),
    // Fluent trims a message's leading space: the separator is added here.
    extra: [net, caddy, km]
      .filter(Boolean)
      .map((part) => ` ${part}`)
      .join(""),
  });
}

/** Staff: `· net ฿8,000`, the net of the total shown (the flights' nets for a group); empty when it is the total. */
function netText(hit: SearchHit, players: number, env: FindEnv): string {
  const [total, net] = hit.group
    ? [hit.group.total, hit.group.flights.reduce((sum, f) => sum + f.price * f.persons, 0)]
    : [hit.price * players, (hit.net ?? hit.price) * players];
  return net === total ? "" : env.t("find-net", { net: formatBaht(net, env.locale) });
}

export function pageCount(hits: number): number {
  return Math.max(1, Math.ceil(hits / HITS_PER_PAGE));
}

/**
 * The results view: text and keyboard. `state.shown` must already be this page's hits. `notice`: a line
 * above the results (the dates asked that the partner does not sell, left out).
 */
export function resultsView(state: FindState, result: SearchResult, env: FindEnv, notice?: string) {
  const { criteria, nonce } = state;
  const lines = [`<b>${env.t("find-title")}</b>`, criteriaText(criteria, env)];
  if (state.readAs) lines.push(env.t("find-read-as", { text: escapeHtml(state.readAs) }));
  lines.push("");
  if (notice) lines.push(notice, "");
  const kb = new InlineKeyboard();
  const twoDates = criteria.dates.length > 1;
  if (result.courses === 0) {
    lines.push(env.t("find-no-courses"));
  } else if (result.hits.length === 0) {
    lines.push(env.t("find-none", { courses: result.courses }));
  } else {
    const pages = pageCount(result.hits.length);
    lines.push(
      env.t("find-count", { hits: result.hits.length, courses: new Set(result.hits.map((h) => h.course.id)).size }) +
        ` · ${env.t(`find-sorted-${state.sort}`)}`,
    );
    state.shown.forEach((hit, i) => {
      const n = state.page * HITS_PER_PAGE + i + 1;
      lines.push(hitLine(hit, n, criteria.players, env, twoDates));
      const label = `${n}. ${formatTime(hit.startsAt, hit.course.timeZone, env.locale)} ${truncate(courseName(hit, env.locale), 28)}`;
      kb.text(label, findData(nonce, "t", hit.slotId)).row();
    });
    if (pages > 1) {
      lines.push(env.t("find-page", { page: state.page + 1, pages }));
      if (state.page > 0) kb.text(env.t("btn-prev"), findData(nonce, "pg", state.page - 1));
      if (state.page < pages - 1) kb.text(env.t("btn-next"), findData(nonce, "pg", state.page + 1));
      kb.row();
    }
    const orders: SortOrder[] = criteria.area ? ["earliest", "cheapest", "nearest"] : ["earliest", "cheapest"];
    for (const order of orders) {
      const label = env.t(`find-btn-${order}`);
      kb.text(order === state.sort ? `✓ ${label}` : label, findData(nonce, "so", order));
    }
    kb.row();
  }
  if (result.failed.length > 0) {
    const names = result.failed.map((c) => (env.locale === "th" && c.nameTH ? c.nameTH : c.name));
    lines.push("", env.t("find-failed", { courses: escapeHtml(names.join(", ")) }));
  }
  if (result.hits.length === 0 && result.courses > 0) relaxButtons(kb, state, env);
  if (result.courses > 0 && result.hits.length < WATCH_BELOW && criteria.players <= WATCH_MAX_PLAYERS)
    kb.text(env.t("find-btn-watch"), watchData("f", nonce)).row();
  kb.text(env.t("find-btn-date"), findData(nonce, "c", "date"))
    .text(env.t("find-btn-window"), findData(nonce, "c", "window"))
    .text(env.t("find-btn-players"), findData(nonce, "c", "players"))
    .row()
    .text(env.t("find-btn-area"), findData(nonce, "c", "area"))
    .text(env.t("find-btn-price"), findData(nonce, "c", "price"));
  return { text: lines.join("\n"), keyboard: kb };
}

/** Nothing matched: one button per criterion that can be relaxed, the next day last (while the partner sells it). */
function relaxButtons(kb: InlineKeyboard, state: FindState, env: FindEnv): void {
  const { criteria, nonce } = state;
  if (criteria.window) kb.text(env.t("find-relax-window"), findData(nonce, "w", "any")).row();
  if (criteria.area) kb.text(env.t("find-relax-area"), findData(nonce, "a", "any")).row();
  if (criteria.maxPrice !== undefined) kb.text(env.t("find-relax-price"), findData(nonce, "m", "any")).row();
  const last = criteria.dates.at(-1);
  if (last && last < lastSaleDate(env.today)) {
    const next = addDaysToDateKey(last, 1);
    const label = env.t("find-relax-date", { date: formatDate(next, env.locale) });
    kb.text(label, findData(nonce, "d", next.replaceAll("-", ""))).row();
  }
}

/**
 * The buttons of one criterion, shown in place of the results. `notice`: a line above the question (why
 * the date buttons are open: the dates asked are not on sale).
 */
export function editorView(state: FindState, env: FindEnv, notice?: string) {
  const { criteria, nonce } = state;
  const kb = new InlineKeyboard();
  const mark = (on: boolean, label: string) => (on ? `✓ ${label}` : label);
  switch (state.editing) {
    case "date": {
      const single = criteria.dates.length === 1 ? criteria.dates[0] : undefined;
      kb.text(mark(criteria.dates.length > 1, env.t("find-weekend")), findData(nonce, "d", "we")).row();
      kb.text(env.t("find-btn-calendar"), findData(nonce, "c", "calendar")).row();
      for (let i = 0; i < DATE_BUTTON_DAYS; i += 1) {
        const day = addDaysToDateKey(env.today, i);
        const label = i === 0 ? env.t("find-today") : i === 1 ? env.t("find-tomorrow") : formatDate(day, env.locale);
        kb.text(mark(day === single, label), findData(nonce, "d", day.replaceAll("-", "")));
        if (i % 2 === 1) kb.row();
      }
      break;
    }
    case "calendar": {
      const calendar = calendarKeyboard({
        data: {
          month: (yyyymm) => findData(nonce, "mo", yyyymm),
          day: (yyyymmdd) => findData(nonce, "d", yyyymmdd),
          none: () => findData(nonce, "n"),
        },
        locale: env.locale,
        month: state.month ?? (criteria.dates[0] ?? env.today).slice(0, 7),
        first: env.today,
        last: lastSaleDate(env.today),
        today: env.today,
        ...(criteria.dates.length === 1 && criteria.dates[0] ? { selected: criteria.dates[0] } : {}),
      });
      for (const row of calendar.inline_keyboard) kb.row(...row);
      kb.row();
      break;
    }
    case "window": {
      const part = partOf(criteria.window);
      kb.text(mark(part === "any", env.t("find-window-any")), findData(nonce, "w", "any")).row();
      for (const p of Object.keys(PARTS_OF_DAY)) kb.text(mark(part === p, env.t(`part-${p}`)), findData(nonce, "w", p));
      kb.row();
      break;
    }
    case "players":
      for (const n of PLAYER_STEPS) kb.text(mark(criteria.players === n, String(n)), findData(nonce, "p", n));
      kb.row();
      break;
    case "area": {
      const current = criteria.area?.kind === "area" ? criteria.area.id : criteria.area?.kind;
      kb.text(mark(current === undefined, env.t("find-area-any")), findData(nonce, "a", "any")).row();
      AREAS.forEach((area, i) => {
        kb.text(
          mark(current === area.id, env.locale === "th" ? area.nameTH : area.name),
          findData(nonce, "a", area.id),
        );
        if (i % 2 === 1) kb.row();
      });
      kb.row()
        .text(mark(current === "near", env.t("find-btn-near")), findData(nonce, "a", "near"))
        .row();
      break;
    }
    case "price":
      kb.text(mark(criteria.maxPrice === undefined, env.t("find-price-any")), findData(nonce, "m", "any")).row();
      PRICE_STEPS.forEach((baht, i) => {
        const label = env.t("find-price-max", { price: formatBaht(baht * 100, env.locale) });
        kb.text(mark(criteria.maxPrice === baht * 100, label), findData(nonce, "m", baht));
        if (i % 2 === 1) kb.row();
      });
      kb.row();
      break;
    default:
      break;
  }
  kb.text(env.t("btn-back"), findData(nonce, "x"));
  const text = [
    `<b>${env.t("find-title")}</b>`,
    criteriaText(criteria, env),
    "",
    ...(notice ? [notice, ""] : []),
    env.t(`find-choose-${state.editing === "calendar" ? "date" : (state.editing ?? "date")}`),
  ];
  return { text: text.join("\n"), keyboard: kb };
}
