/**
 * /find within the partner's sales window, end to end (fairway against the sandbox and the local Bot
 * API server). The partner lists tee times through today + 35 days: a date asked after that, or before
 * today, is said — with the last date that can be searched — and never read; the date buttons are the
 * way on, with the rest of the query kept. A search's dates partly outside keep only those inside.
 * The world starts on Wednesday 25 November 2026, so the last date on sale is Wednesday 30 December.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bangkok } from "../helpers/clock.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { expectTelegramRules, panel, tapData } from "../helpers/flow.js";
import { formatDate } from "../../src/bot/format/dates.js";
import { createFindStore } from "../../src/bot/features/find/state.js";

const TEE_TIMES = /\/tee-time$/;
const LAST_ON_SALE = "2026-12-30";

/** The partner's tee-time list reads of `date` so far. */
function readsOf(h: Harness, date: string): number {
  return h.sandbox.requests.filter(
    (r) => r.method === "GET" && TEE_TIMES.test(r.path) && new URLSearchParams(r.query).get("date") === date,
  ).length;
}

/** The tee-time lines of a results message. */
const hitLines = (text: string) => text.split("\n").filter((l) => /^\d+\. /.test(l));

describe("/find within the sales window", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it.each([
    ["en", "/find 5 jan pattaya", /Not on sale yet: Tue 5 Jan 2027/, /up to Wed 30 Dec 2026/, /Pattaya/],
    [
      "th",
      "5 ม.ค. พัทยา",
      new RegExp(`ยังไม่เปิดขาย: ${formatDate("2027-01-05", "th")}`),
      new RegExp(`ค้นหาได้ถึง ${formatDate(LAST_ON_SALE, "th")}`),
      /พัทยา/,
    ],
  ])(
    "%s: a date after the window is said with the last date on sale, costs no partner read, and a date button searches on",
    async (lang, query, notOnSale, upTo, area) => {
      const agent = h.user(2451, lang);
      const before = h.sandbox.count("GET", TEE_TIMES);
      agent.send(query);
      await h.settle();
      const shown = panel(agent);
      expect(shown.text).toMatch(notOnSale);
      expect(shown.text).toMatch(upTo);
      expect(h.sandbox.count("GET", TEE_TIMES)).toBe(before);
      expect(readsOf(h, "2027-01-05")).toBe(0);
      // The way on: the date buttons are open, the area asked is kept.
      expect(shown.text).toMatch(area);
      expect(shown.data.some((d) => /:c:calendar$/.test(d))).toBe(true);
      tapData(agent, /:d:20261128$/);
      await h.settle();
      const results = panel(agent);
      expect(results.text).not.toMatch(notOnSale);
      expect(results.text).toMatch(area);
      expect(hitLines(results.text).length, results.text).toBeGreaterThan(0);
      expect(readsOf(h, "2026-11-28")).toBeGreaterThan(0);
      expect(readsOf(h, "2027-01-05")).toBe(0);
      expectTelegramRules(h);
    },
  );

  it("the window's last date is searched; the day after it and a date past are not", async () => {
    const agent = h.user(2452, "en");
    agent.send("/find 30 dec pattaya");
    await h.settle();
    expect(hitLines(panel(agent).text).length, panel(agent).text).toBeGreaterThan(0);
    expect(readsOf(h, LAST_ON_SALE)).toBeGreaterThan(0);

    agent.send("/find 31 dec pattaya");
    await h.settle();
    expect(panel(agent).text).toMatch(/Not on sale yet: Thu 31 Dec 2026/);
    expect(readsOf(h, "2026-12-31")).toBe(0);
    // The calendar goes no further than the last date on sale.
    tapData(agent, /:c:calendar$/);
    await h.settle();
    tapData(agent, /:mo:202612$/);
    await h.settle();
    const days = panel(agent).data.filter((d) => /:d:\d{8}$/.test(d));
    expect(days.at(-1)).toMatch(/:d:20261230$/);

    agent.send("/find 25/12/2025 pattaya");
    await h.settle();
    expect(panel(agent).text).toMatch(
      /Already past: Thu 25 Dec 2025\. Tee times can be searched from today up to Wed 30 Dec 2026/,
    );
    expect(readsOf(h, "2025-12-25")).toBe(0);
  });

  it("a weekend search shown on Saturday night and tapped after midnight reads Sunday only, and says Saturday is left out", async () => {
    h.clock.set(bangkok("2026-11-28T23:50"));
    const agent = h.user(2453, "en");
    agent.send("/find this weekend pattaya");
    await h.settle();
    expect(panel(agent).text).toMatch(/Sat 28 Nov 2026 and Sun 29 Nov 2026/);
    expect(hitLines(panel(agent).text).length, panel(agent).text).toBeGreaterThan(0);
    const saturday = readsOf(h, "2026-11-28");
    const sunday = readsOf(h, "2026-11-29");

    h.clock.set(bangkok("2026-11-29T00:10"));
    tapData(agent, /:so:cheapest$/);
    await h.settle();
    const results = panel(agent);
    expect(results.text).toMatch(/left out: Sat 28 Nov 2026/);
    expect(results.text).toMatch(/📅 Today Sun 29 Nov 2026/);
    expect(hitLines(results.text).length, results.text).toBeGreaterThan(0);
    expect(readsOf(h, "2026-11-28")).toBe(saturday);
    expect(readsOf(h, "2026-11-29")).toBeGreaterThan(sunday);
  });

  it("a search kept from before the window was applied reads only its dates on sale", async () => {
    const agent = h.user(2454, "en");
    agent.send("/find sat pattaya");
    await h.settle();
    // As an earlier version stored it: Saturday and a date after the window.
    const store = createFindStore(h.app.storage.kv);
    const state = (await store.get(2454))!;
    state.criteria.dates = ["2026-11-28", "2026-12-31"];
    await store.put(2454, state);

    tapData(agent, /:so:cheapest$/);
    await h.settle();
    const results = panel(agent);
    expect(results.text).toMatch(/can be searched up to Wed 30 Dec 2026 \(35 days ahead\); left out: Thu 31 Dec 2026/);
    expect(hitLines(results.text).length, results.text).toBeGreaterThan(0);
    expect(readsOf(h, "2026-12-31")).toBe(0);
  });
});
