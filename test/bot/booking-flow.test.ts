import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postgresDatabase } from "../helpers/databases.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntilHold, expectTelegramRules, panel, tapData, visibleCalls } from "../helpers/flow.js";

describe("guided booking", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it("books and pays for a tee time in English, with a calendar file", async () => {
    const agent = h.user(1001, "en");
    const before = h.sandbox.balance();
    await bookUntilHold(h, agent);
    const held = panel(agent);
    expect(held.text).toContain("Your tee time is on hold");
    expect(held.text).toMatch(/Reservation code GT/);
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);

    tapData(agent, /:ok$/);
    await h.settle();
    const reservations = h.sandbox.reservations();
    expect(reservations.map((r) => r.status)).toEqual(["PAID"]);
    expect(h.sandbox.balance()).toBe(before - reservations[0]!.amount);
    const messages = agent.messages();
    const receipt = messages.find((m) => m.text?.includes("Booking confirmed"));
    expect(receipt?.text).toContain("Transaction no.");
    const doc = messages.find((m) => m.document);
    expect(doc?.document?.file_name).toMatch(/\.ics$/);
    const ics = h.telegram.file(doc!.document!.file_id)!.data!.toString("utf8");
    expect(ics).toContain("BEGIN:VEVENT");
    expectTelegramRules(h);
  });

  it("a booking costs the partner four calls: one tee-time list, reserve, balance and confirm (the course list is cached)", async () => {
    await bookUntilHold(h, h.user(1004, "en"));
    tapData(h.user(1004, "en"), /:ok$/);
    await h.settle();
    const before = h.sandbox.requests.length;
    const agent = h.user(1005, "en");
    await bookUntilHold(h, agent, { courseIndex: 1 });
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID", "PAID"]);
    const calls = h.sandbox.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path.replace(/\/[0-9a-f]{20,24}(?=\/|$)/g, "/:id")}`);
    expect(calls.sort()).toEqual([
      "GET /api/v1/ext/balance",
      "GET /api/v1/ext/tee-time",
      "POST /api/v1/ext/order/:id/confirm",
      "POST /api/v1/ext/order/reserve",
    ]);
  });

  it("an agent's booking costs Telegram at most 1.2 visible calls per action: the panel is edited in place", async () => {
    const agent = h.user(1006, "en");
    const before = visibleCalls(h);
    await bookUntilHold(h, agent); // /book, course, go, date, slot, players, name, e-mail, mobile: 9 actions
    tapData(agent, /:ok$/); // the 10th
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
    // One call per action, and the .ics file and the e-voucher after the receipt.
    expect(visibleCalls(h) - before).toBeLessThanOrEqual(12);
    expect(agent.messages().filter((m) => m.from?.is_bot).length, "the panel, the .ics and the e-voucher").toBe(3);
    expectTelegramRules(h);
  });

  it("speaks Thai to a Thai user and shows the Thai course name", async () => {
    const agent = h.user(1002, "th");
    await bookUntilHold(h, agent, { name: "สมศักดิ์ ใจดี" });
    const held = panel(agent);
    expect(held.text).toContain("กันที่เวลาออกรอบให้แล้ว");
    const course = h.sandbox.courses()[0]!;
    expect(held.text).toContain(course.nameTH);
    expect(held.text).toContain("สมศักดิ์ ใจดี");
    tapData(agent, /:ok$/);
    await h.settle();
    expect(agent.messages().some((m) => m.text?.includes("ยืนยันการจองแล้ว"))).toBe(true);
    agent.send("/mybookings");
    await h.settle();
    expect(panel(agent).labels.some((l) => l.includes(course.nameTH.slice(0, 10)))).toBe(true);
    expectTelegramRules(h);
  });

  it("runs on PostgreSQL too: sessions, the stored conversation and the ledger survive a restart", async () => {
    const db = postgresDatabase();
    const pg = await startHarness({ db, env: { AGENT_IDS: "1003" } });
    try {
      const agent = pg.user(1003, "en");
      await bookUntilHold(pg, agent);
      await pg.restart();
      tapData(agent, /:ok$/);
      await pg.settle();
      expect(pg.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
      const [booking] = await pg.app.bookings.listForUser(1003);
      expect(booking?.state).toBe("PAID");
      const history = await pg.app.bookings.history(booking!.id);
      expect(history.map((e) => e.to_state)).toEqual(["INTENT", "RESERVING", "HELD", "CONFIRMING", "PAID"]);
      expect(pg.app.storage.kind).toBe("postgres");
    } finally {
      await pg.stop();
      await db.cleanup();
    }
  });
});
