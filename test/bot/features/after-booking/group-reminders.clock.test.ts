/**
 * A group's reminders: one message per offset with every paid tee time of the group, to the
 * agent who booked it and to each golfer holding a copy of one of its flights (once, however many
 * flights they hold), never one per flight; once across restarts and with a second instance's passes
 * racing the leader's, on SQLite and PostgreSQL. A customer's group: the customer gets it, the agent one
 * line with every tee time.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../../../src/app.js";
import { addDaysToDateKey, courseToday } from "../../../../src/bot/format/dates.js";
import { createLogger } from "../../../../src/logger.js";
import { databaseFactories } from "../../../helpers/databases.js";
import {
  createLink,
  expectTelegramRules,
  forgeTap,
  panel,
  pickDate,
  tapData,
  tapWhenShown,
} from "../../../helpers/flow.js";
import { bookGroup } from "../../../helpers/group-flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { HOUR, passAt, received } from "./helpers.js";

const AGENT = 9512;
const AGENT_TH = 9513;
const GOLFER = 100_512;
const REMINDER = "Reminder: you tee off in";
const REMINDER_TH = "แจ้งเตือน: อีก";

let h: Harness | undefined;
let second: App | undefined;
afterEach(async () => {
  await second?.stop();
  second = undefined;
  await h?.stop();
  h = undefined;
});

/** Two days after the world's today in Bangkok: every tee time is more than 24 hours away. */
const inTwoDays = (now: number) => addDaysToDateKey(courseToday(now, "Asia/Bangkok"), 2);

/** Another fairway on the same database (not started: only its after-booking passes run, queuing in the shared outbox). */
async function secondInstance(h: Harness): Promise<App> {
  second = await createApp({ config: h.app.config, logger: createLogger({ level: "silent" }), now: h.clock });
  return second;
}

/** A pass of both instances at once at `at`, twice over, as a leader change mid-pass would run them. */
async function racingPassAt(h: Harness, at: number): Promise<void> {
  h.clock.set(at);
  for (let i = 0; i < 2; i++) await Promise.all([h.app.afterBooking.tick(), second!.afterBooking.tick()]);
  // What the second instance queued goes out through the leader's outbox, which finds it on its next look.
  for (let i = 0; i < 300 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await h.app.outbox.depth(), "the outbox drained").toBe(0);
  await h.settle();
}

describe.each(databaseFactories)("a group's reminders ($name)", ({ make }) => {
  it("one reminder per offset with the group's three tee times, to the agent and once to a golfer holding copies of two flights", async () => {
    h = await startHarness({ db: make(), env: { AGENT_IDS: `${AGENT},${AGENT_TH}` } });
    const agent = h.user(AGENT, "en");
    const { group, flights } = await bookGroup(h, agent, { players: 12, date: inTwoDays(h.clock()) });
    expect(flights).toHaveLength(3);
    const [first, middle, third] = flights as [(typeof flights)[0], (typeof flights)[0], (typeof flights)[0]];

    // The agent sends the golfer a copy of tee times 2 and 3 from each flight's view; the golfer opens both.
    const golfer = h.user(GOLFER, "th", "Pim", "stranger");
    for (const flight of [middle, third]) {
      agent.send("/mybookings");
      await h.settle();
      tapData(agent, /^mb:group:/);
      await h.settle();
      tapData(agent, new RegExp(`^mb:view:${flight.id}$`));
      await h.settle();
      tapData(agent, new RegExp(`^gc:${flight.id}$`));
      await h.settle();
      const token = /start=(gc_[A-Za-z0-9_-]+)/.exec(panel(agent).text)?.[1];
      expect(token, panel(agent).text).toBeDefined();
      golfer.send(`/start ${token!}`);
      await h.settle();
    }
    // The golfer's /mybookings lists the two flights they hold (a group's entry is its booker's).
    golfer.send("/mybookings");
    await h.settle();
    expect(
      panel(golfer)
        .data.filter((d) => d.startsWith("mb:view:"))
        .sort(),
    ).toEqual([`mb:view:${middle.id}`, `mb:view:${third.id}`].sort());
    expect(panel(golfer).data.some((d) => d.startsWith("mb:group:"))).toBe(false);

    await secondInstance(h);
    const day = 24 * HOUR;
    await racingPassAt(h, first.slot_starts_at - day - 60_000);
    expect(received(agent, REMINDER)).toHaveLength(0);

    await racingPassAt(h, first.slot_starts_at - day + 1_000);
    const toAgent = received(agent, REMINDER);
    expect(toAgent).toHaveLength(1);
    const text = toAgent[0]!.text ?? "";
    expect(text.split("\n")[0]).toBe("⏰ Reminder: you tee off in 24 hours");
    expect(text).toContain(group.course_name);
    expect(text).toContain("12 players · 3 tee times");
    for (const f of flights) expect(text).toContain(f.reservation_code!);
    expect(text.match(/^\d\. 🕒 \d\d:\d\d · 4 players/gm)).toHaveLength(3);
    const data = (toAgent[0]!.reply_markup?.inline_keyboard ?? [])
      .flat()
      .map((b) => ("callback_data" in b ? b.callback_data : ""));
    expect(data.slice(0, 2)).toEqual([`mb:group:${group.id}`, `cr:${group.id}`]);
    const toGolfer = received(golfer, REMINDER_TH);
    expect(toGolfer, "the golfer gets the group's reminder once, in Thai").toHaveLength(1);
    expect(toGolfer[0]!.text).toContain("แจ้งเตือน: อีก 24 ชั่วโมง ถึงเวลาออกรอบของคุณ");
    expect(toGolfer[0]!.text).toContain("ผู้เล่น 12 คน · 3 ทีไทม์");
    for (const f of flights) expect(toGolfer[0]!.text).toContain(f.reservation_code!);

    // The later tee times' own 24-hour moments come and go; a restart; nothing more.
    await racingPassAt(h, third.slot_starts_at - day + 1_000);
    await second!.stop();
    await h.restart();
    await secondInstance(h);
    await racingPassAt(h, third.slot_starts_at - day + 5 * 60_000);
    expect(received(agent, REMINDER)).toHaveLength(1);
    expect(received(golfer, REMINDER_TH)).toHaveLength(1);

    await racingPassAt(h, first.slot_starts_at - 2 * HOUR);
    await racingPassAt(h, third.slot_starts_at - 2 * HOUR + 1_000);
    expect(received(agent, REMINDER).map((m) => m.text?.split("\n")[0])).toEqual([
      "⏰ Reminder: you tee off in 24 hours",
      "⏰ Reminder: you tee off in 2 hours",
    ]);
    expect(received(golfer, REMINDER_TH)).toHaveLength(2);
    const claims = await h.app.storage.db
      .selectFrom("reminders_sent")
      .select(["booking_id", "offset_minutes", "outcome"])
      .orderBy("booking_id")
      .orderBy("offset_minutes")
      .execute();
    expect(claims.map((c) => [c.booking_id, Number(c.offset_minutes), c.outcome])).toEqual([
      [first.id, 120, "sent"],
      [first.id, 1440, "sent"],
      [middle.id, 120, "grouped"],
      [middle.id, 1440, "grouped"],
      [third.id, 120, "grouped"],
      [third.id, 1440, "grouped"],
    ]);

    // The reminder's buttons: My booking opens the group, the request is the group's.
    forgeTap(agent, `mb:group:${group.id}`, toAgent[0]!.message_id);
    await h.settle();
    expect(panel(agent).text).toContain("12 players · 3 tee times");
    forgeTap(agent, `cr:${group.id}`, toAgent[0]!.message_id);
    await h.settle();
    tapData(agent, /^rq:skip:/);
    await h.settle();
    expect(agent.lastMessage()?.text).toContain(
      `cancellation request for ${flights.map((f) => f.reservation_code).join(", ")} was sent`,
    );
    expectTelegramRules(h);
  });
});

describe("a group's reminder in Thai, for a group partly paid, and for a customer's group", () => {
  it("a Thai agent's group: one Thai reminder with its tee times", async () => {
    h = await startHarness({ env: { AGENT_IDS: String(AGENT_TH) } });
    const agent = h.user(AGENT_TH, "th");
    const { flights } = await bookGroup(h, agent, { players: 8, date: inTwoDays(h.clock()), name: "สมศักดิ์ ใจดี" });
    await passAt(h, flights[0]!.slot_starts_at - 2 * HOUR);
    await passAt(h, flights[1]!.slot_starts_at - 2 * HOUR + 1_000);
    const reminders = received(agent, REMINDER_TH);
    expect(reminders).toHaveLength(1);
    const text = reminders[0]!.text ?? "";
    expect(text).toContain("แจ้งเตือน: อีก 2 ชั่วโมง ถึงเวลาออกรอบของคุณ");
    expect(text).toContain("ผู้เล่น 8 คน · 2 ทีไทม์");
    for (const f of flights) expect(text).toContain(f.reservation_code!);
    expect(
      (reminders[0]!.reply_markup?.inline_keyboard ?? [])
        .flat()
        .map((b) => b.text)
        .slice(0, 2),
    ).toEqual(["📋 การจองของฉัน", "✋ ขอยกเลิก"]);
  });

  it("a group whose payment stopped midway: the reminder names the paid tee time only", async () => {
    h = await startHarness({ env: { AGENT_IDS: String(AGENT) } });
    const agent = h.user(AGENT, "en");
    h.sandbox.faults.add({ method: "POST", path: /\/order\/[^/]+\/confirm$/, kind: "status", status: 422, skip: 1 });
    const { group } = await bookGroup(h, agent, { players: 8, date: inTwoDays(h.clock()), pay: false });
    tapData(agent, /:ok$/);
    await h.settle();
    const flights = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("group_id", "=", group.id)
      .orderBy("flight")
      .execute();
    expect(flights.map((f) => f.state)).toEqual(["PAID", "RELEASED"]);
    await passAt(h, flights[0]!.slot_starts_at - 2 * HOUR);
    const reminders = received(agent, REMINDER);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("4 players · 1 tee time");
    expect(reminders[0]!.text).toContain(flights[0]!.reservation_code!);
    expect(reminders[0]!.text).not.toContain(flights[1]!.reservation_code ?? "never held");
  });

  it("a customer's group through the agent's link: the customer gets the group's reminder in Thai, the agent one line with every tee time", async () => {
    h = await startHarness({ env: { AGENT_IDS: String(AGENT) } });
    const agent = h.user(AGENT, "en", "Anan");
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(100_513, "th", "Malee", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    tapData(customer, /:go$/);
    await h.settle();
    await pickDate(h, customer, inTwoDays(h.clock()));
    await h.settle();
    tapData(customer, /:s:\d+$/);
    await h.settle();
    for (const step of [/:p:8$/, /:next$/, /:keep$/]) {
      await tapWhenShown(customer, step);
      await h.settle();
    }
    for (const text of ["malee@example.com", "+66 89 123 4567"]) {
      customer.send(text);
      await h.settle();
    }
    tapData(customer, /:skip$/);
    await h.settle();
    tapData(customer, /:ok$/);
    await h.settle();
    const group = await h.app.storage.db.selectFrom("booking_groups").selectAll().executeTakeFirstOrThrow();
    const flights = (await h.app.bookings.getGroup(group.id))!.flights;
    expect(flights.map((f) => f.state)).toEqual(["PAID", "PAID"]);
    expect(group.agent_id).toBe(AGENT);

    await passAt(h, flights[0]!.slot_starts_at - 2 * HOUR);
    await passAt(h, flights[1]!.slot_starts_at - 2 * HOUR + 1_000);
    const reminders = received(customer, REMINDER_TH);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("ผู้เล่น 8 คน · 2 ทีไทม์");
    for (const f of flights) expect(reminders[0]!.text).toContain(f.reservation_code!);
    const line = received(agent, "group tees off in 2 hours");
    expect(line).toHaveLength(1);
    expect(line[0]!.text).toContain(flights.map((f) => f.reservation_code).join(", "));
    expect(line[0]!.text).toContain(group.customer_name);
    expect(received(agent, REMINDER)).toHaveLength(0);
    expectTelegramRules(h);
  });
});
