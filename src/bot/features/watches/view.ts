/**
 * What the watches look like: a watch in one line, the /watches list with a Stop button per active
 * watch, and the alert (the tee times that opened, a "Book it" button each, and Stop). Pure: text and
 * keyboard from the watches and a translation function.
 */
import { InlineKeyboard } from "grammy";
import { lastSaleDate, onSaleFrom } from "../../../partner/sales-window.js";
import { areaById } from "../../../search/areas.js";
import type { SearchHit } from "../../../search/search.js";
import type { AlertedTeeTime } from "../../../watches/checker.js";
import type { CreateOutcome, Watch, WatchTarget } from "../../../watches/store.js";
import { targetKey } from "../../../watches/store.js";
import type { Locale } from "../../context.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { datesText, partOf, type FindEnv } from "../find/view.js";
import { watchData } from "./callback-data.js";

export type WatchEnv = FindEnv;

/** Tee times one alert lists (each with its button); more are counted, not listed. */
export const ALERT_LINES = 8;

const ZONE = "Asia/Bangkok";

/** Where a watch looks: its courses' names, or its area. */
function placeText(watch: Watch, env: WatchEnv): string {
  if (watch.courses) return watch.courses.map((c) => (env.locale === "th" && c.nameTH ? c.nameTH : c.name)).join(", ");
  const area = watch.criteria.area;
  if (!area) return env.t("find-area-any");
  if (area.kind === "near") return env.t("find-area-near");
  const known = areaById(area.id);
  return known ? (env.locale === "th" ? known.nameTH : known.name) : env.t("find-area-any");
}

/** A watch's criteria in one line: dates, time of day, party, courses or area, top price. */
export function watchText(watch: Watch, env: WatchEnv): string {
  const c = watch.criteria;
  const part = partOf(c.window);
  const window =
    part === "any"
      ? env.t("find-window-any")
      : part
        ? env.t(`part-${part}`)
        : `${hhmm(c.window!.from)}–${hhmm(c.window!.to)}`;
  return env.t("watch-criteria", {
    dates: datesText(c.dates, env),
    window,
    players: c.players > 0 ? env.t("watch-players", { players: c.players }) : env.t("watch-players-any"),
    place: escapeHtml(placeText(watch, env)),
    price:
      c.maxPrice === undefined
        ? env.t("find-price-any")
        : env.t("find-price-max", { price: formatBaht(c.maxPrice, env.locale) }),
  });
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * How a watch stands: ended or stopped, waiting for its dates to go on sale, the partner failing, when it
 * was last checked, what it alerted.
 */
function stateText(watch: Watch, targets: readonly WatchTarget[], env: WatchEnv): string {
  const alerts = watch.alerts > 0 ? ` · ${env.t("watch-alerted", { alerts: watch.alerts })}` : "";
  if (watch.state === "stopped") return `${env.t("watch-state-stopped")}${alerts}`;
  if (watch.state === "ended") return `${env.t("watch-state-ended")}${alerts}`;
  const first = [...watch.criteria.dates].sort()[0];
  // Every date after the sales window: the checker reads nothing for it until its first date goes on sale.
  if (first !== undefined && first > lastSaleDate(env.today))
    return `${env.t("watch-state-not-on-sale", { date: formatDate(onSaleFrom(first), env.locale) })}${alerts}`;
  const keys = new Set(Object.keys(watch.open));
  const mine = targets.filter((t) => keys.has(targetKey(t.course_id, t.date)));
  if (mine.some((t) => t.failures > 0)) return `${env.t("watch-state-failing")}${alerts}`;
  const checked = Math.max(0, ...mine.map((t) => t.checked_at ?? 0));
  if (checked < watch.createdAt) return `${env.t("watch-state-waiting")}${alerts}`;
  return `${env.t("watch-state-checked", { time: formatTime(checked, ZONE, env.locale) })}${alerts}`;
}

/** The message that answers a new watch (or one that exists, or the limit reached). */
export function outcomeText(outcome: CreateOutcome, env: WatchEnv, limit: number): string {
  if (outcome.kind === "limit") return `⚠️ ${env.t("watch-limit", { limit })}`;
  const key = outcome.kind === "created" ? "watch-created" : "watch-exists";
  return `🔔 ${env.t(key, { what: watchText(outcome.watch, env) })}`;
}

/** /watches: the active watches (a Stop button each), then those that ended or were stopped lately. */
export function listView(watches: readonly Watch[], targets: readonly WatchTarget[], limit: number, env: WatchEnv) {
  const active = watches.filter((w) => w.state === "active");
  const ended = watches.filter((w) => w.state !== "active");
  const kb = new InlineKeyboard();
  const lines = [`<b>${env.t("watch-list-title", { count: active.length, limit })}</b>`, ""];
  if (active.length === 0) lines.push(env.t("watch-list-empty"));
  active.forEach((w, i) => {
    lines.push(`${i + 1}. ${watchText(w, env)}`, `    ${stateText(w, targets, env)}`);
    if (i > 0 && i % 2 === 0) kb.row();
    kb.text(env.t("watch-btn-stop-n", { n: i + 1 }), watchData("s", w.id));
  });
  if (ended.length > 0) {
    lines.push("", env.t("watch-list-ended"));
    for (const w of ended) lines.push(`• ${watchText(w, env)} — ${stateText(w, targets, env)}`);
  }
  return { text: lines.join("\n"), keyboard: kb };
}

function courseName(hit: SearchHit, locale: Locale): string {
  return locale === "th" && hit.course.nameTH ? hit.course.nameTH : hit.course.name;
}

/** The alert: one message for the tee times that opened for one watch, each with a "Book it" button. */
export function alertView(watch: Watch, teeTimes: readonly AlertedTeeTime[], env: WatchEnv) {
  const players = watch.criteria.players;
  const twoDates = watch.criteria.dates.length > 1;
  const kb = new InlineKeyboard();
  const lines = [`🔔 <b>${env.t("watch-alert-title", { count: teeTimes.length })}</b>`, watchText(watch, env), ""];
  for (const { id, hit } of teeTimes.slice(0, ALERT_LINES)) {
    const time = formatTime(hit.startsAt, hit.course.timeZone, env.locale);
    const day = twoDates ? ` ${formatDate(hit.date, env.locale)}` : "";
    const price =
      players > 0
        ? env.t("watch-alert-price", {
            price: formatBaht(hit.price, env.locale),
            players,
            total: formatBaht(hit.price * players, env.locale),
          })
        : env.t("watch-alert-price-each", { price: formatBaht(hit.price, env.locale) });
    // Staff: the net of what is shown beside it, when a markup makes them differ.
    const net =
      env.showNet && hit.net !== undefined && hit.net !== hit.price
        ? ` ${env.t("find-net", { net: formatBaht(hit.net * Math.max(players, 1), env.locale) })}`
        : "";
    lines.push(`⛳ <b>${time}</b>${day} ${escapeHtml(courseName(hit, env.locale))} — ${price}${net}`);
    kb.text(
      env.t("watch-btn-book", { time, course: truncate(courseName(hit, env.locale), 26) }),
      watchData("b", id),
    ).row();
  }
  if (teeTimes.length > ALERT_LINES) lines.push(env.t("watch-alert-more", { more: teeTimes.length - ALERT_LINES }));
  lines.push("", env.t("watch-alert-hint"));
  kb.text(env.t("watch-btn-stop"), watchData("x", watch.id));
  return { text: lines.join("\n"), keyboard: kb };
}
