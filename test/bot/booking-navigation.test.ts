import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { formatDate, formatTime, partOfDay } from "../../src/bot/format/dates.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  bookUntil,
  callbackAnswerText,
  expectTelegramRules,
  FLOW_STEPS,
  forgeTap,
  livePanel,
  panel,
  partnerRequest,
  pickDate,
  tapData,
  tomorrow,
  visibleCalls,
  type FlowStep,
} from "../helpers/flow.js";

const EXPIRED = "This menu has expired. Use /book to start again.";
const TZ = "Asia/Bangkok";

/** The steps that show a Back button, and what the step before them shows. */
const BACK: [FlowStep, RegExp][] = [
  ["course-info", /Choose a golf course/],
  ["date", /Bangkok Riverside/],
  ["slot", /choose a date/],
  ["players", /tee times? available/],
  ["name", /How many players\?/],
  ["email", /Customer's full name/],
  ["mobile", /Customer's e-mail/],
];

function previousStep(step: FlowStep): FlowStep {
  return FLOW_STEPS[FLOW_STEPS.indexOf(step) - 1]!;
}

/** Everything of the flow still on screen: each bot message's id, text and buttons. */
function screen(user: SimulatedUser): string {
  return JSON.stringify(user.messages().map((m) => [m.message_id, m.text ?? "", m.reply_markup ?? null]));
}

/** Reserves a tee time at the sandbox as another agency would. */
async function reserveElsewhere(h: Harness, slotId: string, persons: number) {
  const res = await partnerRequest(h, "POST", "/order/reserve", {
    slotId,
    persons,
    customerName: "Other Agency Golfer",
    customerEmail: "other@example.com",
    customerMobile: "+66899999999",
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** The open tee times of the first course on `date`, as the bot labels them (time · price). */
function openSlots(h: Harness, date: string) {
  const course = h.sandbox.courses()[0]!;
  return h.sandbox
    .slots(course.id, date)
    .filter((s) => s.status === "OPEN" && s.startMs > h.clock())
    .map((s) => ({ ...s, time: formatTime(s.startMs, TZ, "en") }));
}

/** The times on every page of the slot list (pages through with Next, then back to the first page). */
async function allListedTimes(h: Harness, user: SimulatedUser): Promise<string[]> {
  const times: string[] = [];
  for (let page = 0; page < 20; page += 1) {
    const p = livePanel(user);
    times.push(...p.labels.filter((l) => /^\d\d:\d\d · /.test(l)).map((l) => l.slice(0, 5)));
    const next = p.data.find((d) => /:sp:\d+$/.test(d) && Number(d.split(":").at(-1)) === page + 1);
    if (!next) break;
    tapData(user, new RegExp(`:sp:${page + 1}$`));
    await h.settle();
  }
  return times;
}

describe("booking navigation", () => {
  let h: Harness;
  let nextId = 3000;
  const newUser = (lang = "en") => h.user((nextId += 1), lang);
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it.each(BACK)("Back from %s returns to the step before with the earlier choice", async (step, before) => {
    const user = newUser();
    await bookUntil(h, user, step, { name: "Malee Srisuk", email: "malee@example.com" });
    const date = tomorrow(h.clock());
    tapData(user, /:back$/);
    await h.settle();
    const shown = livePanel(user);
    expect(shown.text).toMatch(before);
    switch (previousStep(step)) {
      case "date":
        expect(shown.labels).toContain(`✓${Number(date.slice(8))}`);
        break;
      case "slot":
        expect(shown.text).toContain(formatDate(date, "en"));
        break;
      case "players":
        expect(shown.text).toMatch(/Tee time \d\d:\d\d/);
        break;
      case "name":
        expect(shown.labels).toContain("Keep: Malee Srisuk");
        break;
      case "email":
        expect(shown.labels).toContain("Keep: malee@example.com");
        break;
      default:
        break;
    }
    expect(user.replyKeyboard()).toBeUndefined();
    expectTelegramRules(h);
  });

  it.each(FLOW_STEPS)("the Cancel button on the %s step ends the booking", async (step) => {
    const user = newUser();
    await bookUntil(h, user, step);
    tapData(user, /:cancel$/);
    await h.settle();
    const text =
      step === "held"
        ? "Booking cancelled and the hold released. Use /book to start again."
        : "Booking cancelled. Use /book to start again.";
    expect(panel(user).text).toBe(text);
    expect(livePanel(user).message, "no booking button left to press").toBeUndefined();
    expect(user.replyKeyboard()).toBeUndefined();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(step === "held" ? ["CANCEL"] : []);
    const calls = visibleCalls(h);
    await new Promise((r) => setTimeout(r, 300));
    await h.settle();
    expect(visibleCalls(h), "nothing more after the end").toBe(calls);
    user.send("Somchai Jaidee");
    await h.settle();
    expect(panel(user).text, "no flow is waiting for text").toContain("I didn't understand that");
    expectTelegramRules(h);
  });

  it.each(FLOW_STEPS)(
    "/cancel on the %s step ends the booking and the old panel's buttons are expired",
    async (step) => {
      const user = newUser();
      await bookUntil(h, user, step);
      const old = livePanel(user);
      user.send("/cancel");
      await h.settle();
      const text =
        step === "held"
          ? "Booking cancelled and the hold released. Use /book to start again."
          : "Booking cancelled. Use /book to start again.";
      expect(panel(user).text).toBe(text);
      expect(user.replyKeyboard()).toBeUndefined();
      expect(h.sandbox.reservations().map((r) => r.status)).toEqual(step === "held" ? ["CANCEL"] : []);
      const before = visibleCalls(h);
      const seen = screen(user);
      // Every kind of button (the calendar's days are many of one kind: a few of them do).
      // (The course list's "Find a tee time", g:find, is an entry point, not a step: it stays live.)
      const sample = old.data
        .filter((d) => !d.startsWith("g:"))
        .filter((d, i, all) => all.findIndex((e) => e.split(":")[2] === d.split(":")[2]) === i || i < 3);
      for (const data of sample) {
        const id = user.tap({ data, messageId: old.message!.message_id });
        await h.settle();
        expect(callbackAnswerText(h, id), data).toBe(EXPIRED);
      }
      expect(visibleCalls(h), "nothing sent or edited").toBe(before);
      expect(screen(user)).toBe(seen);
      expect(h.sandbox.reservations().map((r) => r.status)).toEqual(step === "held" ? ["CANCEL"] : []);
      expectTelegramRules(h);
    },
  );

  it("/cancel with no booking says there is nothing to cancel", async () => {
    const user = newUser();
    user.send("/cancel");
    await h.settle();
    expect(panel(user).text).toBe("There is no booking to cancel. Use /book to start one.");
    expectTelegramRules(h);
  });

  it.each(["slot", "name", "mobile", "held"] as const)(
    "/book on the %s step offers Resume, which re-shows the step as a new message that keeps working",
    async (step) => {
      const user = newUser();
      await bookUntil(h, user, step);
      const old = livePanel(user);
      user.send("/book");
      await h.settle();
      expect(panel(user).text).toContain("You already have a booking in progress");
      expect(panel(user).labels).toEqual(["▶️ Resume", "🔁 Start over"]);
      const q = tapData(user, /^g:resume$/);
      await h.settle();
      expect(h.telegram.callbackAnswers.some((a) => a.queryId === q)).toBe(true);
      const resumed = livePanel(user);
      expect(resumed.message!.message_id).toBeGreaterThan(old.message!.message_id);
      expect(
        resumed.message!.message_id,
        "the resumed panel is the newest message (the contact prompt aside)",
      ).toBeGreaterThanOrEqual(panel(user).message!.message_id - 1);
      expect(resumed.text.replace(/\d+ minutes? left/, "")).toBe(old.text.replace(/\d+ minutes? left/, ""));
      const oldNow = user.messages().find((m) => m.message_id === old.message!.message_id);
      expect((oldNow?.reply_markup?.inline_keyboard ?? []).flat(), "the old panel lost its buttons").toEqual([]);
      const offer = user.messages().find((m) => m.text?.includes("You already have a booking in progress"));
      expect((offer?.reply_markup?.inline_keyboard ?? []).flat(), "the answered offer lost its buttons").toEqual([]);
      // It keeps working.
      if (step === "slot") {
        tapData(user, /:s:\d+$/);
        await h.settle();
        expect(livePanel(user).text).toContain("How many players?");
      } else if (step === "name") {
        user.send("Somchai Jaidee");
        await h.settle();
        expect(livePanel(user).text).toContain("Customer's e-mail");
      } else if (step === "mobile") {
        user.send("0812345678");
        await h.settle();
        expect(panel(user).text).toContain("Your tee time is on hold");
      } else {
        tapData(user, /:ok$/);
        await h.settle();
        expect(user.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);
        expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
      }
      expectTelegramRules(h);
    },
  );

  it("/book on the hold offers Start over, which releases the hold and starts a new booking", async () => {
    const user = newUser();
    await bookUntil(h, user, "held");
    const old = livePanel(user);
    user.send("/book");
    await h.settle();
    tapData(user, /^g:restart$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL"]);
    const fresh = livePanel(user);
    expect(fresh.text).toContain("Choose a golf course");
    expect(fresh.message!.message_id).toBeGreaterThan(old.message!.message_id);
    const offer = user.messages().find((m) => m.text?.includes("You already have a booking in progress"));
    expect((offer?.reply_markup?.inline_keyboard ?? []).flat(), "the offer lost its buttons").toEqual([]);
    // The old hold's buttons are dead; the new booking works.
    const q = user.tap({ data: old.data.find((d) => d.endsWith(":ok"))!, messageId: old.message!.message_id });
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe(EXPIRED);
    expect(h.sandbox.count("POST", /\/confirm$/)).toBe(0);
    tapData(user, /:c:1$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Siam Lakeview");
    expectTelegramRules(h);
  });

  it("Start over before any hold starts a new booking and the old panel is expired", async () => {
    const user = newUser();
    await bookUntil(h, user, "players");
    const old = livePanel(user);
    user.send("/book");
    await h.settle();
    tapData(user, /^g:restart$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Choose a golf course");
    const q = user.tap({ data: old.data.find((d) => /:p:\d+$/.test(d))!, messageId: old.message!.message_id });
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe(EXPIRED);
    expect(livePanel(user).text).toContain("Choose a golf course");
    expect(h.sandbox.reservations()).toEqual([]);
    expectTelegramRules(h);
  });
});

describe("stale and forged buttons", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it("after a confirmed booking, every button the flow ever showed is expired and changes nothing", async () => {
    const user = h.user(3101, "en");
    const seen = new Map<string, number>();
    const record = () => {
      const p = livePanel(user);
      // The course list's "Find a tee time" (g:find) is an entry point, not a step: it stays live.
      for (const d of p.data) if (!d.startsWith("g:")) seen.set(d, p.message!.message_id);
    };
    user.send("/book");
    await h.settle();
    record();
    for (const step of [/:c:0$/, /:go$/]) {
      tapData(user, step);
      await h.settle();
      record();
    }
    await pickDate(h, user, tomorrow(h.clock()));
    await h.settle();
    record();
    for (const step of [/:s:\d+$/, /:p:\d+$/]) {
      tapData(user, step);
      await h.settle();
      record();
    }
    for (const text of ["Somchai Jaidee", "somchai@example.com", "0812345678"]) {
      user.send(text);
      await h.settle();
      record();
    }
    tapData(user, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
    const balance = h.sandbox.balance();
    const calls = visibleCalls(h);
    const chat = screen(user);
    expect(seen.size).toBeGreaterThan(20);
    for (const [data, messageId] of seen) {
      const q = forgeTap(user, data, messageId);
      await h.settle();
      expect(callbackAnswerText(h, q), data).toBe(EXPIRED);
    }
    expect(visibleCalls(h)).toBe(calls);
    expect(screen(user)).toBe(chat);
    expect(h.sandbox.count("POST", /\/confirm$/)).toBe(1);
    expect(h.sandbox.count("POST", /\/reserve$/)).toBe(1);
    expect(h.sandbox.balance()).toBe(balance);
    expectTelegramRules(h);
  });

  it("after the Cancel button, the old panel's buttons are expired", async () => {
    const user = h.user(3102, "en");
    await bookUntil(h, user, "held");
    const held = livePanel(user);
    tapData(user, /:cancel$/);
    await h.settle();
    const calls = visibleCalls(h);
    for (const data of held.data) {
      const q = forgeTap(user, data, held.message!.message_id);
      await h.settle();
      expect(callbackAnswerText(h, q), data).toBe(EXPIRED);
    }
    expect(visibleCalls(h)).toBe(calls);
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL"]);
    expect(h.sandbox.count("POST", /\/confirm$/)).toBe(0);
    expectTelegramRules(h);
  });

  it("an older panel of the same running booking is expired; the current one keeps working", async () => {
    const user = h.user(3103, "en");
    await bookUntil(h, user, "name");
    const first = livePanel(user);
    // Other messages come after the panel (the menu of /help): typed text then gets a new panel.
    user.send("/help");
    await h.settle();
    user.send("Somchai Jaidee");
    await h.settle();
    const email = livePanel(user);
    expect(email.message!.message_id).not.toBe(first.message!.message_id);
    const calls = visibleCalls(h);
    for (const data of [...first.data, first.data[0]!.replace(/:[^:]+$/, ":c:0")]) {
      const q = forgeTap(user, data, first.message!.message_id);
      await h.settle();
      expect(callbackAnswerText(h, q), data).toBe(EXPIRED);
    }
    // The current panel's own buttons, sent from the old message, are expired too.
    const q = forgeTap(
      user,
      email.data.find((d) => d.endsWith(":back"))!,
      first.message!.message_id,
    );
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe(EXPIRED);
    expect(visibleCalls(h)).toBe(calls);
    user.send("somchai@example.com");
    await h.settle();
    expect(livePanel(user).text).toContain("Customer's mobile number");
    expectTelegramRules(h);
  });

  it("forged or junk callback data on the live panel is answered and changes nothing", async () => {
    const user = h.user(3104, "en");
    await bookUntil(h, user, "players");
    const live = livePanel(user);
    const nonce = live.data[0]!.split(":")[1]!;
    const calls = visibleCalls(h);
    const chat = screen(user);
    const forged = [
      "b:zzzzzz:c:0",
      "b:zzzzzz:p:2",
      `b:${nonce}:p:99`,
      `b:${nonce}:p:-1`,
      `b:${nonce}:p:abc`,
      `b:${nonce}:s:0`,
      `b:${nonce}:d:20000101`,
      `b:${nonce}:ok`,
      `b:${nonce}:keep`,
      `b:${nonce}:ch:course`,
      `b:${nonce}`,
      "b:",
      "hello",
      "lang:xx",
      "x".repeat(64),
      "g:nothing",
    ];
    for (const data of forged) {
      const q = forgeTap(user, data, live.message!.message_id);
      await h.settle();
      expect(
        h.telegram.callbackAnswers.some((a) => a.queryId === q),
        `${data} answered`,
      ).toBe(true);
    }
    expect(visibleCalls(h), "nothing sent or edited").toBe(calls);
    expect(screen(user)).toBe(chat);
    expect(h.sandbox.reservations()).toEqual([]);
    tapData(user, /:p:\d+$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Customer's full name");
    expectTelegramRules(h);
  });
});

describe("tee time list", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it("pages through every open tee time, and the part-of-day filter shows only its times", async () => {
    const user = h.user(3201, "en");
    await bookUntil(h, user, "slot");
    const open = openSlots(h, tomorrow(h.clock()));
    expect(open.length).toBeGreaterThan(12);
    expect(livePanel(user).text).toContain(`${open.length} tee times available`);
    expect(await allListedTimes(h, user)).toEqual(open.map((s) => s.time));
    for (let pages = 0; livePanel(user).labels.includes("‹ Prev"); pages += 1) {
      expect(pages).toBeLessThan(20);
      user.tap("‹ Prev");
      await h.settle();
    }
    expect(
      livePanel(user)
        .labels.find((l) => /^\d\d:\d\d/.test(l))
        ?.slice(0, 5),
    ).toBe(open[0]!.time);
    for (const part of ["morning", "midday", "afternoon"] as const) {
      tapData(user, new RegExp(`:pf:${part}$`));
      await h.settle();
      const expected = open.filter((s) => partOfDay(s.startMs, TZ) === part).map((s) => s.time);
      const p = livePanel(user);
      expect(p.labels.some((l) => l.startsWith("✓ ") && l.toLowerCase().includes(part))).toBe(true);
      if (expected.length === 0) expect(p.text).toContain("No tee times in this part of the day");
      else expect(p.text).toMatch(new RegExp(`^(One|${expected.length}) tee times? available`, "m"));
      expect(await allListedTimes(h, user), part).toEqual(expected);
    }
    tapData(user, /:pf:all$/);
    await h.settle();
    expect(livePanel(user).text).toContain(`${open.length} tee times available`);
    expectTelegramRules(h);
  });

  it("a day with no open tee times offers later dates that have some", async () => {
    const user = h.user(3202, "en");
    const date = tomorrow(h.clock());
    for (const s of openSlots(h, date)) await reserveElsewhere(h, s.id, s.minPerson);
    expect(openSlots(h, date)).toEqual([]);
    await bookUntil(h, user, "slot", { date });
    const p = livePanel(user);
    expect(p.text).toContain("No tee times are available that day. These dates have some:");
    const offered = p.data.filter((d) => /:d:\d{8}$/.test(d)).map((d) => d.slice(-8));
    expect(offered.length).toBeGreaterThan(0);
    for (const day of offered) {
      const key = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
      expect(key > date).toBe(true);
      expect(openSlots(h, key).length, key).toBeGreaterThan(0);
      expect(p.labels).toContain(formatDate(key, "en"));
    }
    expect(p.labels).toContain("📅 Another date");
    tapData(user, new RegExp(`:d:${offered[0]}$`));
    await h.settle();
    expect(livePanel(user).text).toMatch(/tee times? available/);
    tapData(user, /:back$/);
    await h.settle();
    expect(livePanel(user).text).toContain("choose a date");
    expectTelegramRules(h);
  });

  it("Refresh re-reads the list: a time booked meanwhile disappears", async () => {
    const user = h.user(3203, "en");
    await bookUntil(h, user, "slot");
    const open = openSlots(h, tomorrow(h.clock()));
    const gone = open[1]!;
    await reserveElsewhere(h, gone.id, gone.minPerson);
    expect(livePanel(user).labels.some((l) => l.startsWith(gone.time))).toBe(true);
    tapData(user, /:rf$/);
    await h.settle();
    expect(livePanel(user).text).toContain(`${open.length - 1} tee times available`);
    expect(livePanel(user).labels.some((l) => l.startsWith(gone.time))).toBe(false);
    expectTelegramRules(h);
  });

  it("a tee time taken before the hold: the user is told, sees a fresh list without it, and no money moves", async () => {
    const user = h.user(3204, "en");
    const balance = h.sandbox.balance();
    await bookUntil(h, user, "slot");
    const target = openSlots(h, tomorrow(h.clock()))[0]!;
    tapData(user, new RegExp(`:s:0$`));
    await h.settle();
    expect(livePanel(user).text).toContain(`Tee time ${target.time}`);
    tapData(user, /:p:\d+$/);
    await h.settle();
    user.send("Somchai Jaidee");
    await h.settle();
    user.send("somchai@example.com");
    await h.settle();
    await reserveElsewhere(h, target.id, target.minPerson);
    user.send("0812345678");
    await h.settle();
    const p = livePanel(user);
    expect(p.text).toContain("Sorry, that tee time was just taken. Here is the updated list.");
    expect(p.labels.some((l) => l.startsWith(target.time))).toBe(false);
    expect(p.labels.some((l) => /^\d\d:\d\d · /.test(l))).toBe(true);
    expect(h.sandbox.reservations().map((r) => r.customerName)).toEqual(["Other Agency Golfer"]);
    expect(h.sandbox.balance()).toBe(balance);
    expect(user.replyKeyboard()).toBeUndefined();
    // Another time and the same players: straight to the hold with the details kept.
    tapData(user, /:s:\d+$/);
    await h.settle();
    tapData(user, /:p:\d+$/);
    await h.settle();
    expect(panel(user).text).toContain("Your tee time is on hold");
    expect(panel(user).text).toContain("Somchai Jaidee");
    expect(h.sandbox.balance()).toBe(balance);
    expectTelegramRules(h);
  });
});

describe("course details", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it("Location sends the course's location and Photo its picture; the panel stays", async () => {
    const user = h.user(3301, "en");
    const course = h.sandbox.courses()[0]!;
    await bookUntil(h, user, "course-info");
    const info = livePanel(user);
    tapData(user, /:loc$/);
    await h.settle();
    const location = h.telegram.callsTo("sendLocation").at(-1);
    expect(location?.params.latitude).toBeCloseTo(Number(course.lat), 5);
    expect(location?.params.longitude).toBeCloseTo(Number(course.lon), 5);
    expect(user.messages().some((m) => m.location)).toBe(true);
    tapData(user, /:pic$/);
    await h.settle();
    const photo = user.messages().find((m) => m.photo);
    expect(photo?.file?.url ?? h.telegram.callsTo("sendPhoto").at(-1)?.params.photo).toBe(course.images[0]);
    expect(livePanel(user).text).toBe(info.text);
    tapData(user, /:go$/);
    await h.settle();
    expect(livePanel(user).text).toContain("choose a date");
    expectTelegramRules(h);
  });

  it("a photo Telegram refuses gives a localized notice, not a crash", async () => {
    const user = h.user(3302, "th");
    await bookUntil(h, user, "course-info");
    h.telegram.failNext({
      method: "sendPhoto",
      error_code: 400,
      description: "Bad Request: wrong file identifier/HTTP URL specified",
    });
    tapData(user, /:pic$/);
    await h.settle();
    expect(livePanel(user).text).toContain("ขณะนี้ไม่สามารถแสดงรูปสนามได้");
    h.telegram.failNext({
      method: "sendLocation",
      error_code: 400,
      description: "Bad Request: wrong latitude or longitude specified",
    });
    tapData(user, /:loc$/);
    await h.settle();
    expect(livePanel(user).text).toContain("ขณะนี้ไม่สามารถแสดงตำแหน่งสนามได้");
    expect(livePanel(user).text).not.toContain("ขณะนี้ไม่สามารถแสดงรูปสนามได้");
    tapData(user, /:go$/);
    await h.settle();
    expect(livePanel(user).text).toContain("เลือกวันออกรอบ");
    expect(h.logs.some((l) => l.includes("update failed"))).toBe(false);
    expect(h.telegram.unansweredCallbackQueries()).toEqual([]);
  });

  it("a course without pictures has no Photo button", async () => {
    const user = h.user(3303, "en");
    const index = h.sandbox.courses().findIndex((c) => c.images.length === 0 && c.status === "OPEN");
    await bookUntil(h, user, "course-info", { courseIndex: index });
    expect(livePanel(user).data.some((d) => d.endsWith(":pic"))).toBe(false);
    expect(livePanel(user).data.some((d) => d.endsWith(":loc"))).toBe(true);
    expectTelegramRules(h);
  });
});
