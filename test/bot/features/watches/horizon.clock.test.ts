/**
 * Watches within the partner's sales window (today + 35 days, course-local), end to end. A watch on
 * dates the partner does not sell yet is refused, saying the last date on sale; a watch kept from
 * before the window was applied waits — nothing is read for a date until it goes on sale, and
 * /watches says when checks start. The world starts on Wednesday 25 November 2026: the last date on
 * sale is Wednesday 30 December, and 5 January 2027 goes on sale on 1 December.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bangkok } from "../../../helpers/clock.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { expectTelegramRules, panel } from "../../../helpers/flow.js";
import { createFindStore } from "../../../../src/bot/features/find/state.js";
import { watchEnd } from "../../../../src/watches/checker.js";
import { createWatchStore } from "../../../../src/watches/store.js";
import type { SearchCriteria } from "../../../../src/search/criteria.js";
import { tapWatch } from "./helpers.js";

const TEE_TIMES = /\/tee-time$/;
const ROOMY = { WATCH_READS_PER_MINUTE: "600" };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The partner's tee-time list reads of `date` so far. */
function readsOf(w: Harness, date: string): number {
  return w.sandbox.requests.filter(
    (r) => r.method === "GET" && TEE_TIMES.test(r.path) && new URLSearchParams(r.query).get("date") === date,
  ).length;
}

/** The text of the latest answer to a button. */
const lastAnswer = (w: Harness) =>
  w.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1)?.params.text as string | undefined;

describe("watches within the sales window", () => {
  it("a watch on the last date on sale is made; one on a search's date not on sale yet is refused, saying why", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const agent = w.user(2751, "en");
    // Nothing under 200 baht: the search offers the watch.
    agent.send("/find 30 dec under 200 pattaya");
    await w.settle();
    tapWatch(agent);
    await w.settle();
    expect(panel(agent).text).toMatch(/I am watching for you: 📅 Wed 30 Dec 2026/);

    agent.send("/find tomorrow under 200 pattaya");
    await w.settle();
    // A search stored by an earlier version, whose date is after the window.
    const store = createFindStore(w.app.storage.kv);
    const state = (await store.get(2751))!;
    state.criteria.dates = ["2027-01-05"];
    await store.put(2751, state);
    tapWatch(agent);
    await w.settle();
    expect(lastAnswer(w)).toMatch(/That date is not on sale yet: .* up to Wed 30 Dec 2026/);
    expect(readsOf(w, "2027-01-05")).toBe(0);
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).toMatch(/Your watches \(1 of 20\)/);
    expect(panel(agent).text).not.toMatch(/Jan 2027/);
    expectTelegramRules(w);
  });

  it("the checker reads no date after the window: a kept watch's later date waits, and is read from the day it goes on sale", async () => {
    h = await startHarness({ env: ROOMY });
    const w = h;
    const agent = w.user(2752, "th");
    const course = w.sandbox.courses().find((c) => c.status !== "CLOSED")!;
    const courses = [{ id: course.id, name: course.name, nameTH: course.nameTH }];
    const watches = createWatchStore(w.app.storage.db, w.clock);
    // Two watches kept from before the window was applied: one spans it, one lies after it.
    for (const dates of [["2026-12-30", "2027-01-05"], ["2027-01-05"]]) {
      const criteria: SearchCriteria = { dates, players: 4 };
      const made = await watches.create({
        userId: 2752,
        chatId: agent.chatId,
        criteria,
        courses,
        open: {},
        endsAt: watchEnd(criteria),
        limit: 20,
      });
      expect(made.kind).toBe("created");
    }

    expect(await w.app.watches.tick()).toMatchObject({ reads: 1, failed: 0 });
    expect(readsOf(w, "2026-12-30")).toBe(1);
    expect(readsOf(w, "2027-01-05")).toBe(0);
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).toMatch(/รายการที่ติดตาม \(2 จาก 20\)/);
    expect(panel(agent).text).toMatch(/เริ่มตรวจ อ\. 1 ธ\.ค\. 2569 เมื่อเวลาออกรอบเปิดขาย/);

    // The last minute before 5 January goes on sale: still nothing read for it.
    w.clock.set(bangkok("2026-11-30T23:59"));
    await w.app.watches.tick();
    expect(readsOf(w, "2027-01-05")).toBe(0);
    // 1 December: on sale, read once for both watches.
    w.clock.set(bangkok("2026-12-01T00:01"));
    await w.app.watches.tick();
    expect(readsOf(w, "2027-01-05")).toBe(1);
    agent.send("/watches");
    await w.settle();
    expect(panel(agent).text).not.toMatch(/เริ่มตรวจ/);
  });
});
