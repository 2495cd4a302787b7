/**
 * The product at the clock's edges: each test puts its whole world (fairway, the reaper, the sandbox,
 * the Bot API server) at a chosen instant in Bangkok, whatever the wall clock or the server's TZ says.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { bangkok, worldClock } from "../helpers/clock.js";
import { bookUntil, bookUntilHold, expectTelegramRules, livePanel, panel, tapData } from "../helpers/flow.js";
import { startHarness, type Harness } from "../helpers/harness.js";

const ADMIN = 5900;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** A harness whose world stands still at `localDateTime` in Bangkok until the test moves it. */
async function at(localDateTime: string, env: Record<string, string> = {}): Promise<Harness> {
  h = await startHarness({
    clock: worldClock(bangkok(localDateTime), { stopped: true }),
    env: { ADMIN_IDS: String(ADMIN), ...env },
  });
  return h;
}

/** The calendar file sent with the receipt, as text. */
function icsOf(h: Harness, user: SimulatedUser): string {
  const doc = user.messages().find((m) => m.document?.file_name?.endsWith(".ics"));
  expect(doc, "a calendar file").toBeDefined();
  return h.telegram.file(doc!.document!.file_id)!.data!.toString("utf8");
}

/** An ICS UTC date-time (`20261231T230000Z`) of an instant. */
function icsStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Books up to the hold with `date` and confirms; returns the paid booking's ledger row. */
async function bookAndPay(h: Harness, user: SimulatedUser, date?: string, name = "Somchai Jaidee") {
  await bookUntilHold(h, user, { ...(date ? { date } : {}), name });
  expect(panel(user).text).toContain(
    user.user.language_code === "th" ? "กันที่เวลาออกรอบให้แล้ว" : "Your tee time is on hold",
  );
  tapData(user, /:ok$/);
  await h.settle();
  const [booking] = await h.app.bookings.listForUser(user.chatId);
  expect(booking?.state).toBe("PAID");
  return booking!;
}

describe("at 23:59 in Bangkok", () => {
  it("today's tee times are over: today's page says so and offers the next dates, and tomorrow books", async () => {
    const h = await at("2026-11-25T23:59");
    const agent = h.user(5001);
    await bookUntil(h, agent, "date");
    // The calendar still marks today; tapping it finds nothing left and offers later dates.
    expect(livePanel(agent).labels).toContain("•25");
    tapData(agent, /:d:20261125$/);
    await h.settle();
    expect(livePanel(agent).text).toContain("No tee times are available that day. These dates have some:");
    expect(livePanel(agent).data.some((d) => /:s:\d+$/.test(d))).toBe(false);
    expect(livePanel(agent).data.some((d) => d.endsWith(":d:20261126"))).toBe(true);
    tapData(agent, /:d:20261126$/);
    await h.settle();
    expect(livePanel(agent).data.some((d) => /:s:\d+$/.test(d))).toBe(true);
    agent.send("/cancel");
    await h.settle();

    const booking = await bookAndPay(h, agent, "2026-11-26");
    expect(booking.slot_starts_at).toBeGreaterThanOrEqual(bangkok("2026-11-26T00:00"));
    expect(booking.slot_starts_at).toBeLessThan(bangkok("2026-11-27T00:00"));
    expect(agent.messages().find((m) => m.text?.includes("Booking confirmed"))?.text).toContain(
      "📅 Thu 26 Nov 2026 · 🕒 ",
    );
    expectTelegramRules(h);
  });
});

describe("across the month and the year end", () => {
  it("on 31 December at 23:50 a Thai agent turns from ธันวาคม 2569 to มกราคม 2570 and books New Year's Day; the .ics is the UTC instant", async () => {
    const h = await at("2026-12-31T23:50");
    const agent = h.user(5002, "th");
    await bookUntil(h, agent, "date");
    expect(livePanel(agent).labels).toContain("ธันวาคม 2569");
    expect(livePanel(agent).data.some((d) => d.endsWith(":d:20270101"))).toBe(false);
    tapData(agent, /:m:202701$/);
    await h.settle();
    expect(livePanel(agent).labels).toContain("มกราคม 2570");
    agent.send("/cancel");
    await h.settle();

    const booking = await bookAndPay(h, agent, "2027-01-01", "สมศักดิ์ ใจดี");
    const receipt = agent.messages().find((m) => m.text?.includes("ยืนยันการจองแล้ว"))?.text ?? "";
    expect(receipt).toContain("📅 ศ. 1 ม.ค. 2570 · 🕒 ");
    expect(receipt).not.toContain("2569");
    // A morning tee time in Bangkok on 1 January 2027 is still 31 December 2026 in UTC before 07:00.
    const ics = icsOf(h, agent);
    expect(ics).toContain(`DTSTART:${icsStamp(booking.slot_starts_at)}`);
    expect(ics).toContain(`DTEND:${icsStamp(booking.slot_starts_at + 270 * 60_000)}`);
    expect(ics).toContain(`DTSTAMP:${icsStamp(bangkok("2026-12-31T23:50"))}`);
    expect(booking.slot_starts_at).toBeGreaterThanOrEqual(bangkok("2027-01-01T00:00"));
    expect(booking.slot_starts_at).toBeLessThan(bangkok("2027-01-02T00:00"));
    expectTelegramRules(h);
  });

  it("on the last day of a month an English agent books the 1st of the next month through the month pager", async () => {
    const h = await at("2027-02-28T23:55");
    const agent = h.user(5003);
    const booking = await bookAndPay(h, agent, "2027-03-01");
    expect(booking.slot_starts_at).toBeGreaterThanOrEqual(bangkok("2027-03-01T00:00"));
    expect(agent.messages().find((m) => m.text?.includes("Booking confirmed"))?.text).toContain(
      "📅 Mon 1 Mar 2027 · 🕒 ",
    );
    expectTelegramRules(h);
  });
});

describe("on 29 February 2028", () => {
  it("the leap day is on the calendar, books, and the receipt and the .ics say 29 February", async () => {
    const h = await at("2028-02-28T21:00");
    const agent = h.user(5004);
    await bookUntil(h, agent, "date");
    expect(livePanel(agent).labels).toContain("February 2028");
    expect(livePanel(agent).labels).toContain("29");
    agent.send("/cancel");
    await h.settle();
    const booking = await bookAndPay(h, agent, "2028-02-29");
    expect(booking.slot_starts_at).toBeGreaterThanOrEqual(bangkok("2028-02-29T00:00"));
    expect(booking.slot_starts_at).toBeLessThan(bangkok("2028-03-01T00:00"));
    expect(agent.messages().find((m) => m.text?.includes("Booking confirmed"))?.text).toContain(
      "📅 Tue 29 Feb 2028 · 🕒 ",
    );
    expect(icsOf(h, agent)).toContain(`DTSTART:${icsStamp(booking.slot_starts_at)}`);
    // A Thai agent the same day sees the Buddhist-era year 2571.
    const thai = h.user(5005, "th");
    await bookAndPay(h, thai, "2028-02-29", "สมศักดิ์ ใจดี");
    expect(thai.messages().find((m) => m.text?.includes("ยืนยันการจองแล้ว"))?.text).toContain("📅 อ. 29 ก.พ. 2571 · 🕒 ");
    expectTelegramRules(h);
  });
});

describe("a hold that crosses midnight", () => {
  it("placed at 23:55 with HOLD_MINUTES=10 it is held until 00:05, can be confirmed after midnight, and is not released before its end", async () => {
    const h = await at("2026-11-25T23:55", { HOLD_MINUTES: "10" });
    const agent = h.user(5006);
    await bookUntilHold(h, agent);
    const [held] = await h.app.bookings.listForUser(5006);
    expect(held?.hold_expires_at).toBe(bangkok("2026-11-26T00:05"));
    expect(panel(agent).text).toContain("Held until 00:05");
    // Past midnight, before the end: the reaper leaves it, and Confirm pays.
    h.clock.set(bangkok("2026-11-26T00:03"));
    expect(await h.app.reaper.tick()).toBe(0);
    tapData(agent, /:ok$/);
    await h.settle();
    const [paid] = await h.app.bookings.listForUser(5006);
    expect(paid?.state).toBe("PAID");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
    expectTelegramRules(h);
  });

  it("left unconfirmed, it is released by the reaper's last tick before 00:05 the next day, and the user is told", async () => {
    const h = await at("2026-11-25T23:55", { HOLD_MINUTES: "10" });
    const agent = h.user(5007);
    await bookUntilHold(h, agent);
    // The harness's reaper ticks every minute and releases what would end before its next tick and
    // RELEASE_MARGIN_MS (5 s) after it.
    for (const t of ["2026-11-25T23:59:59", "2026-11-26T00:00", "2026-11-26T00:03:54"]) {
      h.clock.set(bangkok(t));
      expect(await h.app.reaper.tick(), `tick at ${t}`).toBe(0);
    }
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    h.clock.set(bangkok("2026-11-26T00:04:30"));
    expect(await h.app.reaper.tick()).toBe(1);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL"]);
    expect(agent.lastMessage()?.text).toMatch(/was not confirmed in time and has been released/);
  });
});

describe("admin ranges at midnight, in Bangkok", () => {
  it("/bookings today and week and /report cut at Bangkok's midnight, whatever the server's zone", async () => {
    const h = await at("2026-11-19T23:59");
    const early = h.user(5011);
    await bookAndPay(h, early, undefined, "Early Week");
    h.clock.set(bangkok("2026-11-20T00:00") + 30_000);
    const weekStart = h.user(5012);
    await bookAndPay(h, weekStart, undefined, "Week Start");
    h.clock.set(bangkok("2026-11-25T23:59") + 30_000);
    const lastMinute = h.user(5013);
    await bookAndPay(h, lastMinute, undefined, "Last Minute");
    h.clock.set(bangkok("2026-11-26T00:00") + 30_000);
    const firstMinute = h.user(5014);
    await bookAndPay(h, firstMinute, undefined, "First Minute");
    h.clock.set(bangkok("2026-11-26T00:02"));

    const admin = h.user(ADMIN, "en", "Admin", "stranger");
    const codes = async (command: string) => {
      admin.send(command);
      await h.settle();
      return admin
        .lastMessage()!
        .text!.split("\n")
        .slice(1)
        .map((l) => l.split(" · ").at(-1));
    };
    const code = async (u: SimulatedUser) => (await h.app.bookings.listForUser(u.chatId))[0]!.reservation_code;
    expect(await codes("/bookings today")).toEqual([await code(firstMinute)]);
    expect(await codes("/bookings week")).toEqual([
      await code(firstMinute),
      await code(lastMinute),
      await code(weekStart),
    ]);

    const reported = async (from: string, to: string) => {
      admin.send(`/report ${from} ${to}`);
      await h.settle();
      // The report, its chart (a photo, when the period has figures), its CSV, then the CSV of its bookings.
      const mine = admin.messages();
      const at = mine.findLastIndex((m) => m.text !== undefined);
      const summary = mine.slice(at + 1).find((m) => m.document !== undefined);
      const csv = h.telegram.file(summary!.document!.file_id)!.data!.toString("utf8");
      return { text: mine[at]!.text!, csv };
    };
    const amountOf = (u: SimulatedUser) =>
      h.sandbox.reservations().find((r) => r.customerName === names.get(u.chatId))!.amount;
    const names = new Map([
      [5011, "Early Week"],
      [5012, "Week Start"],
      [5013, "Last Minute"],
      [5014, "First Minute"],
    ]);
    const on25 = await reported("2026-11-25", "2026-11-25");
    expect(on25.text).toMatch(/^Report Wed 25 Nov 2026 – Wed 25 Nov 2026\n/);
    expect(on25.csv).toMatch(new RegExp(`^5013,`, "m"));
    expect(on25.csv).not.toMatch(/^501[124],/m);
    const on26 = await reported("2026-11-26", "2026-11-26");
    expect(on26.csv).toMatch(/^5014,/m);
    expect(on26.csv).not.toMatch(/^501[123],/m);
    const week = await reported("2026-11-20", "2026-11-26");
    expect(week.csv).not.toMatch(/^5011,/m);
    expect(amountOf(lastMinute)).toBeGreaterThan(0);
    expectTelegramRules(h);
  });
});
