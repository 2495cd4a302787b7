/**
 * The baseline bot's partner calls and panels: plain fetch against the partner API, and the texts and
 * inline keyboards of each booking step with fairway's callback data shapes (`b:<nonce>:c:<i>`, `:go`,
 * `:m:YYYYMM`, `:d:YYYYMMDD`, `:s:<n>`, `:p:<n>`, `:ok`), so the same simulated agents drive both bots.
 */
import { InlineKeyboard } from "grammy";
import { flowTexts } from "./texts.js";

const API = "/api/v1/ext";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Course time: every sandbox course is in Asia/Bangkok (UTC+07:00, no daylight saving). */
const OFFSET_MS = 7 * 60 * 60 * 1000;
/** Days ahead the calendar offers, as fairway's flow. */
export const WINDOW_DAYS = 35;

/** A course as the partner lists it (the fields the baseline shows). */
export interface Course {
  id: string;
  name: string;
  nameTH: string;
  place: string;
  status: string;
  address: string;
  openingHours: string;
  website: string;
  minPriceWeekday?: number;
  minPriceWeekend?: number;
}

/** A tee time as the partner lists it. */
export interface Slot {
  id: string;
  status: string;
  startDate: number;
  price: number;
  priceType: string;
  minPerson: number;
  maxPerson: number;
}

/** A reservation as the partner answers reserve and confirm. */
export interface Order {
  id: string;
  amount: number;
  txNo: string;
  reserve?: { code?: string };
}

/** The partner API over fetch, with the key as HTTP Basic; a non-2xx answer throws. */
export function partnerClient(baseUrl: string, apiKey: string) {
  const authorization = `Basic ${Buffer.from(apiKey).toString("base64")}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${API}${path}`, {
      method,
      headers: { authorization, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`partner ${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  };
  return {
    courses: async () => (await call<Course[]>("GET", "/course")).filter((c) => c.status.toUpperCase() !== "CLOSED"),
    teeTimes: async (courseId: string, date: string, now: number) =>
      (await call<Slot[]>("GET", `/tee-time?courseId=${encodeURIComponent(courseId)}&date=${date}`))
        .filter((s) => s.status.toUpperCase() === "OPEN" && s.startDate > now)
        .sort((a, b) => a.startDate - b.startDate),
    reserve: (input: {
      slotId: string;
      persons: number;
      customerName: string;
      customerEmail: string;
      customerMobile: string;
    }) => call<Order>("POST", "/order/reserve", input),
    confirm: (id: string) => call<Order>("POST", `/order/${encodeURIComponent(id)}/confirm`),
    release: (id: string) => call<Order>("DELETE", `/order/${encodeURIComponent(id)}/cancel`),
  };
}

/** `YYYY-MM-DD` of `ms` in course time. */
export function dateKey(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** `HH:MM` of `ms` in course time. */
export function timeOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(11, 16);
}

const baht = (satang: number) => `${Math.round(satang / 100).toLocaleString("en-US")} THB`;
const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A panel: HTML text and its inline keyboard. */
export interface View {
  text: string;
  keyboard?: InlineKeyboard;
}

const t = flowTexts();
const data = (nonce: string, action: string, arg?: string | number) =>
  arg === undefined ? `b:${nonce}:${action}` : `b:${nonce}:${action}:${arg}`;
const cancelRow = (kb: InlineKeyboard, nonce: string) => kb.text(t["btn-cancel"], data(nonce, "cancel")).row();

/** The course list (six a page, as fairway). */
export function courseList(nonce: string, courses: readonly Course[]): View {
  const kb = new InlineKeyboard();
  courses.slice(0, 6).forEach((c, i) => kb.text(c.name, data(nonce, "c", i)).row());
  if (courses.length > 6)
    kb.text("·", data(nonce, "x"))
      .text(`1/${Math.ceil(courses.length / 6)}`, data(nonce, "x"))
      .text("›", data(nonce, "cp", 1))
      .row();
  const lines = courses
    .slice(0, 6)
    .map(
      (c) =>
        `⛳ <b>${esc(c.name)}</b> · ${esc(c.place)}${c.minPriceWeekday ? `\n    from ${baht(c.minPriceWeekday)}` : ""}`,
    );
  return { text: `<b>${t["course-title"]}</b>\n\n${lines.join("\n\n")}`, keyboard: cancelRow(kb, nonce) };
}

/** One course and the button to its calendar. */
export function courseInfo(nonce: string, c: Course): View {
  const rows = [
    `⛳ <b>${esc(c.name)}</b>`,
    esc(c.nameTH),
    `📍 ${esc(c.place)}`,
    `🏠 ${esc(c.address)}`,
    `🕕 ${esc(c.openingHours)}`,
    `🌐 ${esc(c.website)}`,
  ];
  const kb = new InlineKeyboard().text(t["btn-pick-date"], data(nonce, "go")).row();
  return { text: rows.filter(Boolean).join("\n"), keyboard: cancelRow(kb, nonce) };
}

const addMonth = (month: string, n: number) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

/** A month calendar: ‹ › towards months with pickable days, weekday names, the days from `today` to the window's end. */
export function calendar(nonce: string, course: Course, month: string, now: number, notice = ""): View {
  const today = dateKey(now);
  const last = dateKey(now + WINDOW_DAYS * DAY_MS);
  const prev = addMonth(month, -1);
  const next = addMonth(month, 1);
  const kb = new InlineKeyboard();
  kb.text(
    prev >= today.slice(0, 7) ? "‹" : "·",
    prev >= today.slice(0, 7) ? data(nonce, "m", prev.replace("-", "")) : data(nonce, "x"),
  );
  kb.text(month, data(nonce, "x"));
  kb.text(
    next <= last.slice(0, 7) ? "›" : "·",
    next <= last.slice(0, 7) ? data(nonce, "m", next.replace("-", "")) : data(nonce, "x"),
  );
  kb.row();
  for (const name of ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]) kb.text(name, data(nonce, "x"));
  kb.row();
  const first = Date.parse(`${month}-01T00:00:00Z`);
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const days = new Date(Date.parse(`${next}-01T00:00:00Z`) - DAY_MS).getUTCDate();
  const cells: (string | null)[] = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  for (let w = 0; w < cells.length; w += 7) {
    const week = cells.slice(w, w + 7);
    if (!week.some((d) => d !== null && d >= today && d <= last)) continue;
    for (const d of week) {
      const pickable = d !== null && d >= today && d <= last;
      const label = !pickable ? "·" : d === today ? `•${Number(d.slice(8))}` : String(Number(d.slice(8)));
      kb.text(label, pickable ? data(nonce, "d", d.replaceAll("-", "")) : data(nonce, "x"));
    }
    kb.row();
  }
  return { text: `${notice}<b>${esc(course.name)}: choose a date</b>`, keyboard: cancelRow(kb, nonce) };
}

/** The tee times of a date: part-of-day filters, the first twelve two a row, refresh. */
export function slotList(nonce: string, course: Course, date: string, slots: readonly Slot[], notice = ""): View {
  const kb = new InlineKeyboard();
  for (const p of ["All", "Morning", "Midday", "Afternoon"]) kb.text(p, data(nonce, "pf", p.toLowerCase()));
  kb.row();
  slots.slice(0, 12).forEach((s, i) => {
    kb.text(`${timeOf(s.startDate)} · ${baht(s.price)}`, data(nonce, "s", i));
    if (i % 2 === 1) kb.row();
  });
  kb.row().text("🔄 Refresh", data(nonce, "rf")).row();
  return {
    text: `${notice}<b>${esc(course.name)} · ${date}</b>\n${slots.length} tee times available.`,
    keyboard: cancelRow(kb, nonce),
  };
}

/** How many players the chosen tee time takes. */
export function players(nonce: string, slot: Slot): View {
  const kb = new InlineKeyboard();
  for (let n = slot.minPerson; n <= slot.maxPerson; n += 1) kb.text(String(n), data(nonce, "p", n));
  kb.row();
  return {
    text: `<b>${t["players-title"]}</b>\n${timeOf(slot.startDate)} · ${baht(slot.price)} per player`,
    keyboard: cancelRow(kb, nonce),
  };
}

/** The name prompt, or "who is playing" with the agent's recent customers. */
export function namePrompt(nonce: string, recent: readonly string[]): View {
  const kb = new InlineKeyboard();
  if (recent.length === 0)
    return { text: `<b>${t["name-title"]}</b>\n${t["name-hint"]}`, keyboard: cancelRow(kb, nonce) };
  recent.forEach((name, i) => kb.text(name, data(nonce, "rc", i)).row());
  kb.text(t["btn-new-customer"], data(nonce, "nc")).row();
  return { text: `<b>${t["customer-title"]}</b>\n${t["customer-hint"]}`, keyboard: cancelRow(kb, nonce) };
}

/** The e-mail or mobile prompt. */
export function textPrompt(nonce: string, field: "email" | "mobile"): View {
  return {
    text: `<b>${t[`${field}-title`]}</b>\n${t[`${field}-hint`]}`,
    keyboard: cancelRow(new InlineKeyboard(), nonce),
  };
}

/** What the hold and the receipt show. */
export interface Summary {
  course: Course;
  slot: Slot;
  persons: number;
  name: string;
  email: string;
  mobile: string;
  order: Order;
}

const lines = (s: Summary) => [
  `⛳ ${esc(s.course.name)}`,
  `📅 ${dateKey(s.slot.startDate)} · 🕒 ${timeOf(s.slot.startDate)}`,
  `👥 ${s.persons} players`,
  `👤 ${esc(s.name)} · ${esc(s.mobile)} · ${esc(s.email)}`,
  `💰 ${baht(s.order.amount)}`,
];

/** The hold: Confirm or Cancel. */
export function held(nonce: string, s: Summary): View {
  const kb = new InlineKeyboard().text(t["btn-confirm"], data(nonce, "ok")).row();
  return {
    text: [`<b>${t["held-title"]}</b>`, ...lines(s), `🔖 ${esc(s.order.reserve?.code ?? "")}`].join("\n"),
    keyboard: cancelRow(kb, nonce),
  };
}

/** The receipt. */
export function confirmed(s: Summary, txNo: string): View {
  return {
    text: [
      `✅ <b>${t["confirmed-title"]}</b>`,
      ...lines(s),
      `🔖 ${esc(s.order.reserve?.code ?? "")}`,
      `🧾 ${esc(txNo)}`,
    ].join("\n"),
  };
}

/** A minimal .ics of the tee time (two hours from its start). */
export function ics(s: Summary): string {
  const stamp = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//bench//baseline//EN",
    "BEGIN:VEVENT",
    `UID:${s.order.id}@baseline`,
    `DTSTAMP:${stamp(s.slot.startDate)}`,
    `DTSTART:${stamp(s.slot.startDate)}`,
    `DTEND:${stamp(s.slot.startDate + 2 * 60 * 60 * 1000)}`,
    `SUMMARY:Tee time at ${s.course.name}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
