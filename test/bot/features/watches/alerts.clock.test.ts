/**
 * Watches, end to end: fairway against the sandbox and the local Bot API server. A search
 * that finds nothing offers "Tell me when one opens"; the checker (ticked here after moving the world's
 * clock) reads each (course, date) once per check whatever the number of watches, and a tee time that
 * another agency releases is alerted once, in the agent's language; "Book it" opens the golfer step and
 * the booking is paid. A restart keeps the watches, a failing partner is backed off, the per-agent limit
 * is explained.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bangkok } from "../../../helpers/clock.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { bookUntilHold, expectTelegramRules, panel, pickDate, tapData } from "../../../helpers/flow.js";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { coursesIn, messagesMatching, release, SATURDAY, sellOut, tapWatch } from "./helpers.js";

const TEE_TIMES = /\/tee-time$/;
const MINUTE = 60_000;
const ADMIN = 2790;
/** Saturday seen from Wednesday 10:00: the 3-minute band (plus at most a tenth of it as spread). */
const NEXT_CHECK = 3 * MINUTE + 20_000;

const QUERIES = {
  en: "sat 7:00-8:00 4 pax pattaya",
  th: "เสาร์นี้ 7:00-8:00 4 คน พัทยา",
};
const TEXTS = {
  en: {
    none: /Nothing matches/,
    watching: /I am watching for you/,
    alert: /A tee time just opened/,
    paid: /Booking confirmed/,
  },
  th: { none: /ไม่พบเวลา/, watching: /กำลังติดตามให้คุณ/, alert: /มีเวลาออกรอบว่างขึ้น 1 เวลา/, paid: /ยืนยันการจอง/ },
};

/** Reads enough that a pass reads every due course at once (the budget has a test of its own). */
const ROOMY = { WATCH_READS_PER_MINUTE: "600" };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Types the golfer's details (or picks the recent customer) and confirms: the booking is paid. */
async function detailsAndPay(w: Harness, user: SimulatedUser, name: string): Promise<void> {
  if (panel(user).data.some((d) => d.endsWith(":nc"))) {
    tapData(user, /:nc$/);
    await w.settle();
  }
  user.send(name);
  await w.settle();
  user.send("somchai@example.com");
  await w.settle();
  user.send("081-234-5678");
  await w.settle();
  tapData(user, /:ok$/);
  await w.settle();
}

/** Moves the world on to the next check and runs the checker's pass; the outbox is drained. */
async function nextCheck(w: Harness, ms = NEXT_CHECK) {
  w.clock.advance(ms);
  const pass = await w.app.watches.tick();
  await w.settle();
  return pass;
}

describe("watching for a tee time", () => {
  it.each(["en", "th"] as const)(
    "%s: a tee time another agency releases is alerted once, at the next check; Book it opens the golfer step and it is paid",
    async (lang) => {
      h = await startHarness({ env: ROOMY });
      const w = h;
      const agent = w.user(2701, lang);
      const pattaya = coursesIn(w.sandbox, "pattaya");
      const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
      expect(holds.length).toBeGreaterThan(0);

      agent.send(QUERIES[lang]);
      await w.settle();
      expect(panel(agent).text).toMatch(TEXTS[lang].none);
      tapWatch(agent);
      await w.settle();
      expect(panel(agent).text).toMatch(TEXTS[lang].watching);

      // The first check reads each Pattaya course once and finds nothing new.
      const before = w.sandbox.count("GET", TEE_TIMES);
      const first = await nextCheck(w, 0);
      expect(first).toMatchObject({ reads: pattaya.length, failed: 0, alerts: 0 });
      expect(w.sandbox.count("GET", TEE_TIMES) - before).toBe(pattaya.length);

      // Another agency releases one of its holds: the next check alerts it, once.
      const opened = holds[Math.floor(holds.length / 2)]!;
      await release(w.sandbox, opened.reservationId);
      expect(await w.app.watches.tick()).toMatchObject({ reads: 0 }); // not due yet
      const second = await nextCheck(w);
      expect(second).toMatchObject({ reads: pattaya.length, alerts: 1 });
      const alerts = messagesMatching(agent, TEXTS[lang].alert);
      expect(alerts).toHaveLength(1);
      const course = w.sandbox.courses().find((c) => c.id === opened.courseId)!;
      expect(alerts[0]!.text).toContain(lang === "th" ? course.nameTH : course.name);
      expect(alerts[0]!.text).toMatch(/07:\d\d/);
      await nextCheck(w);
      expect(messagesMatching(agent, TEXTS[lang].alert)).toHaveLength(1);

      // Book it: the tee time is read afresh and the booking opens at the golfer step.
      tapData(agent, /^wt:b:/);
      await w.settle();
      expect(
        panel(agent).data.some((d) => /:p:\d+$/.test(d)),
        "not the players step",
      ).toBe(false);
      await detailsAndPay(w, agent, lang === "th" ? "สมศักดิ์ ใจดี" : "Somchai Jaidee");
      const paid = w.sandbox.reservations().find((r) => r.status === "PAID");
      expect(paid?.slotId).toBe(opened.slotId);
      expect(messagesMatching(agent, TEXTS[lang].paid).length).toBeGreaterThan(0);
      expectTelegramRules(w);
    },
  );

  it("two agents watching the same courses and date cost one read per course per check, and each is alerted once; the digest counts them", async () => {
    h = await startHarness({ env: { ...ROOMY, ADMIN_IDS: String(ADMIN) } });
    const w = h;
    const [a, b] = [w.user(2702, "en"), w.user(2703, "th")];
    const pattaya = coursesIn(w.sandbox, "pattaya");
    const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
    for (const [agent, query] of [
      [a, QUERIES.en],
      [b, QUERIES.th],
    ] as const) {
      agent.send(query);
      await w.settle();
      tapWatch(agent);
      await w.settle();
    }
    let reads = w.sandbox.count("GET", TEE_TIMES);
    expect(await nextCheck(w, 0)).toMatchObject({ reads: pattaya.length });
    expect(w.sandbox.count("GET", TEE_TIMES) - reads).toBe(pattaya.length);
    await release(w.sandbox, holds[0]!.reservationId);
    reads = w.sandbox.count("GET", TEE_TIMES);
    expect(await nextCheck(w)).toMatchObject({ reads: pattaya.length, alerts: 2 });
    expect(w.sandbox.count("GET", TEE_TIMES) - reads).toBe(pattaya.length);
    expect(messagesMatching(a, TEXTS.en.alert)).toHaveLength(1);
    expect(messagesMatching(b, TEXTS.th.alert)).toHaveLength(1);
    const metrics = await w.app.metrics.text();
    expect(metrics).toMatch(/fairway_watches_active 2/);
    expect(metrics).toMatch(new RegExp(`fairway_watch_reads_total\\{outcome="ok"\\} ${2 * pattaya.length}`));
    expect(metrics).toMatch(/fairway_watch_alerts_total 2/);

    // The admins' digest of that day (the next morning) has the watches' line.
    const admin = w.user(ADMIN, "en");
    w.clock.set(bangkok("2026-11-26T08:00"));
    await w.app.afterBooking.tick();
    await w.settle();
    expect(messagesMatching(admin, /Daily digest/)[0]?.text).toContain("🔔 Watches: 2 active · 2 tee times alerted");
  });

  it("a restart keeps the watches and their schedule: nothing is read again before it is due, and an opening is alerted", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const agent = w.user(2704, "en");
    const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
    agent.send(QUERIES.en);
    await w.settle();
    tapWatch(agent);
    await w.settle();
    await nextCheck(w, 0);
    await w.restart();
    expect(await w.app.watches.tick()).toMatchObject({ reads: 0 });
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).toMatch(/Your watches \(1 of 20\)/);
    expect(panel(agent).text).toMatch(/07:00–08:00 · 👥 4 players · 📍 Pattaya/);
    expect(panel(agent).text).toMatch(/Watching · last checked 10:\d\d/);
    await release(w.sandbox, holds[1]!.reservationId);
    expect(await nextCheck(w)).toMatchObject({ alerts: 1 });
    expect(messagesMatching(agent, TEXTS.en.alert)).toHaveLength(1);
  });

  it("a failing partner is read less and less often, the agent sees it in /watches, and the alert comes once it answers", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const agent = w.user(2705, "en");
    const pattaya = coursesIn(w.sandbox, "pattaya");
    const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
    agent.send(QUERIES.en);
    await w.settle();
    tapWatch(agent);
    await w.settle();
    w.sandbox.faults.add({ kind: "status", status: 503, path: TEE_TIMES, times: 10_000 });
    const passes: number[] = [];
    // Twenty minutes, a pass every minute: the 3-minute check would read seven times without a back-off.
    for (let minute = 0; minute < 20; minute += 1) passes.push((await nextCheck(w, MINUTE))?.reads ?? 0);
    const reading = passes.filter((n) => n > 0);
    expect(reading.length, JSON.stringify(passes)).toBeLessThanOrEqual(3);
    expect(reading.every((n) => n === pattaya.length)).toBe(true);
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).toMatch(/The partner is not answering/);
    expect(await w.app.metrics.text()).toMatch(/fairway_watch_reads_total\{outcome="failed"\} \d+/);
    expect(messagesMatching(agent, TEXTS.en.alert)).toHaveLength(0);

    w.sandbox.faults.clear();
    await release(w.sandbox, holds[0]!.reservationId);
    let alerted = false;
    for (let minute = 0; minute < 35 && !alerted; minute += 1)
      alerted = ((await nextCheck(w, MINUTE))?.alerts ?? 0) > 0;
    expect(alerted).toBe(true);
    expect(messagesMatching(agent, TEXTS.en.alert)).toHaveLength(1);
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).toMatch(/Watching · last checked/);
  });

  it("the per-agent limit is explained; stopping a watch in /watches makes room", async () => {
    h = await startHarness({ env: { ...ROOMY, WATCHES_PER_USER: "2" } });
    const w = h;
    const agent = w.user(2706, "en");
    const watch = async (query: string) => {
      agent.send(query);
      await w.settle();
      tapWatch(agent);
      await w.settle();
      return panel(agent).text;
    };
    expect(await watch("sat 7:00-7:30 2 pax rayong")).toMatch(/I am watching for you/);
    expect(await watch("sun 7:00-7:30 2 pax rayong")).toMatch(/I am watching for you/);
    expect(await watch("sat 7:00-7:30 2 pax rayong")).toMatch(/You are already watching this/);
    expect(await watch("mon 7:00-7:30 2 pax rayong")).toMatch(
      /You are watching 2 searches, the most at once\. Stop one in \/watches/,
    );
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).toMatch(/Your watches \(2 of 2\)/);
    tapData(agent, /^wt:s:/);
    await w.settle();
    expect(panel(agent).text).toMatch(/Your watches \(1 of 2\)/);
    expect(panel(agent).text).toMatch(/Ended lately:\n• .*Sat 28 Nov 2026.* — stopped/);
    expect(await watch("mon 7:00-7:30 2 pax rayong")).toMatch(/I am watching for you/);
    // A party of several tee times (a group) is not watched.
    agent.send("tue 7:00-7:30 12 pax rayong");
    await w.settle();
    expect(panel(agent).text).toMatch(/12 players/);
    expect(panel(agent).data.some((d) => /^wt:f:/.test(d))).toBe(false);
    expectTelegramRules(w);
  });

  it("the checker's partner reads stay within WATCH_READS_PER_MINUTE in any minute, spread over it", async () => {
    h = await startHarness({ env: { WATCH_READS_PER_MINUTE: "3" } });
    const w = h;
    const agent = w.user(2707, "en");
    const pattaya = coursesIn(w.sandbox, "pattaya");
    await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
    agent.send(QUERIES.en);
    await w.settle();
    tapWatch(agent);
    await w.settle();
    const since = w.sandbox.requests.length;
    // A pass every 10 s for six minutes.
    for (let i = 0; i < 36; i += 1) await nextCheck(w, 10_000);
    const times = w.sandbox.requests
      .slice(since)
      .filter((r) => TEE_TIMES.test(r.path))
      .map((r) => r.time);
    // Every course was read, in turn.
    expect(times.length).toBeGreaterThanOrEqual(pattaya.length);
    for (const t of times) expect(times.filter((u) => u >= t && u < t + MINUTE).length).toBeLessThanOrEqual(3);
    // Never more than one at once: a tenth of a minute's budget, rounded up.
    expect(new Set(times.map((t) => Math.floor(t / 10_000))).size).toBe(times.length);
  });
});

describe("watching a course's sold-out day in /book", () => {
  it("two agents watch it from the tee-time step: one read per check for both; Book it opens the players step and it is paid", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const course = w.sandbox.courses()[0]!;
    const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 0, to: 24 * 60, courseId: course.id });
    expect(w.sandbox.slots(course.id, SATURDAY).filter((s) => s.status === "OPEN")).toEqual([]);
    const [a, b] = [w.user(2711, "en"), w.user(2712, "th")];
    for (const agent of [a, b]) {
      agent.send("/book");
      await w.settle();
      tapData(agent, /:c:0$/);
      await w.settle();
      tapData(agent, /:go$/);
      await w.settle();
      await pickDate(w, agent, SATURDAY);
      await w.settle();
      tapData(agent, /^b:[a-z0-9]{6}:w$/);
      await w.settle();
    }
    expect(panel(a).text).toMatch(/I am watching for you: .*Any time · 👥 any party · 📍 Bangkok Riverside/);
    expect(panel(b).text).toMatch(new RegExp(`กำลังติดตามให้คุณ: .*${course.nameTH}`));
    expect(panel(a).data).toEqual([]); // the flow ended; its panel has no buttons left

    let reads = w.sandbox.count("GET", TEE_TIMES);
    expect(await nextCheck(w, 0)).toMatchObject({ reads: 1, alerts: 0 });
    await release(w.sandbox, holds[3]!.reservationId);
    expect(await nextCheck(w)).toMatchObject({ reads: 1, alerts: 2 });
    expect(w.sandbox.count("GET", TEE_TIMES) - reads).toBe(2);
    expect(messagesMatching(a, TEXTS.en.alert)).toHaveLength(1);
    expect(messagesMatching(b, TEXTS.th.alert)).toHaveLength(1);
    expect(messagesMatching(a, /per player/)).toHaveLength(1); // any party: the price per player

    // The party was not chosen: Book it opens the players step of that tee time.
    reads = w.sandbox.count("GET", TEE_TIMES);
    tapData(a, /^wt:b:/);
    await w.settle();
    expect(w.sandbox.count("GET", TEE_TIMES) - reads).toBe(1); // read afresh
    tapData(a, /:p:\d+$/);
    await w.settle();
    await detailsAndPay(w, a, "Somchai Jaidee");
    expect(w.sandbox.reservations().find((r) => r.status === "PAID")?.slotId).toBe(holds[3]!.slotId);

    // The other agent is too late: the tee time is gone, and the watch goes on.
    tapData(b, /^wt:b:/);
    await w.settle();
    const answer = w.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answer?.params.text).toMatch(/เวลาออกรอบนั้นถูกจองไปแล้ว เรายังติดตามต่อ/);
    b.send("/watches");
    await w.settle();
    expect(panel(b).text).toMatch(/รายการที่ติดตาม \(1 จาก 20\)/);
    expectTelegramRules(w);
  });
});

describe("the issue's own case", () => {
  it("an agent watches a sold-out Saturday morning; another user's hold on it is released; one alert, Book it, paid", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const course = w.sandbox.courses()[0]!;
    const morning = { date: SATURDAY, from: 0, to: 600, courseId: course.id };
    const { holds } = await sellOut(w.sandbox, morning);
    // Another agency's hold on one morning tee time is released, and another fairway user holds it.
    await release(w.sandbox, holds[0]!.reservationId);
    const other = w.user(2721, "en");
    await bookUntilHold(w, other, { date: SATURDAY });
    // Now no morning tee time of that course is open.
    expect(
      w.sandbox.slots(course.id, SATURDAY).filter((s) => s.status === "OPEN" && s.startMs <= holds.at(-1)!.startsAt),
    ).toEqual([]);

    const agent = w.user(2722, "en");
    agent.send("/book");
    await w.settle();
    tapData(agent, /:c:0$/);
    await w.settle();
    tapData(agent, /:go$/);
    await w.settle();
    await pickDate(w, agent, SATURDAY);
    await w.settle();
    tapData(agent, /:pf:morning$/);
    await w.settle();
    tapData(agent, /^b:[a-z0-9]{6}:w$/);
    await w.settle();
    expect(panel(agent).text).toMatch(/I am watching for you: .*Morning · 👥 any party · 📍 Bangkok Riverside/);
    expect(await nextCheck(w, 0)).toMatchObject({ reads: 1, alerts: 0 });

    other.send("/cancel");
    await w.settle();
    expect(await nextCheck(w)).toMatchObject({ reads: 1, alerts: 1 });
    expect(messagesMatching(agent, TEXTS.en.alert)).toHaveLength(1);
    tapData(agent, /^wt:b:/);
    await w.settle();
    tapData(agent, /:p:\d+$/);
    await w.settle();
    await detailsAndPay(w, agent, "Somchai Jaidee");
    expect(w.sandbox.reservations().find((r) => r.status === "PAID")?.slotId).toBe(holds[0]!.slotId);
    expect(await nextCheck(w)).toMatchObject({ alerts: 0 });
  });
});

describe("a watch's end", () => {
  it("ends at its window's end on its date, or at the day's last tee time when that comes first: then nothing is read for it", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const agent = w.user(2708, "en");
    const pattaya = coursesIn(w.sandbox, "pattaya");
    await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
    await sellOut(w.sandbox, { date: SATURDAY, from: 840, to: 1440, persons: 4, area: "pattaya" });
    for (const query of [QUERIES.en, "sat 14:00-23:30 4 pax pattaya"]) {
      agent.send(query);
      await w.settle();
      tapWatch(agent);
      await w.settle();
    }
    await nextCheck(w, 0);
    const lastTeeTime = Math.max(...pattaya.flatMap((c) => w.sandbox.slots(c.id, SATURDAY).map((s) => s.startMs)));
    expect(lastTeeTime).toBeLessThan(bangkok(`${SATURDAY}T23:30`));

    w.clock.set(bangkok(`${SATURDAY}T07:59`));
    expect(await w.app.watches.tick()).toMatchObject({ ended: 0, reads: pattaya.length });
    w.clock.set(bangkok(`${SATURDAY}T08:00`));
    expect(await w.app.watches.tick()).toMatchObject({ ended: 1 });
    w.clock.set(lastTeeTime - MINUTE);
    expect(await w.app.watches.tick()).toMatchObject({ ended: 0 });
    w.clock.set(lastTeeTime);
    expect(await w.app.watches.tick()).toMatchObject({ ended: 1, reads: 0 });
    await w.settle();
    const reads = w.sandbox.count("GET", TEE_TIMES);
    await nextCheck(w, 10 * MINUTE);
    expect(w.sandbox.count("GET", TEE_TIMES)).toBe(reads);

    agent.send("/watches");
    await w.settle();
    const list = panel(agent).text;
    expect(list).toMatch(/Your watches \(0 of 20\)/);
    expect(list.match(/ended: its date is over/g)).toHaveLength(2);
    expect(panel(agent).data.filter((d) => /^wt:s:/.test(d))).toEqual([]);
  });
});
