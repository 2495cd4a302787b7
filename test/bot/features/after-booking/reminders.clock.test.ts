import { afterEach, describe, expect, it } from "vitest";
import { addDaysToDateKey, courseToday } from "../../../../src/bot/format/dates.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import {
  bookUntilHold,
  dateAndTime,
  moveAndApprove,
  openTeeTimeFor,
  createLink,
  customerBooks,
  expectTelegramRules,
  forgeTap,
  panel,
  tapData,
} from "../../../helpers/flow.js";
import { HOUR, paidBooking, passAt, received } from "./helpers.js";

const AGENT = 9002;
const ADMIN = 9001;
const REMINDER = "Reminder: you tee off in";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function start(env: Record<string, string> = {}, afterBookingIntervalMs?: number): Promise<Harness> {
  h = await startHarness({
    env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), ...env },
    ...(afterBookingIntervalMs ? { afterBookingIntervalMs } : {}),
  });
  return h;
}

/** Two days after the world's today in Bangkok: every slot is more than 24 hours away. */
const inTwoDays = (now: number) => addDaysToDateKey(courseToday(now, "Asia/Bangkok"), 2);

describe("reminders before tee-off", () => {
  it("a moved booking's reminders are the new tee time's: the old one's are not sent", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const old = await paidBooking(h, agent, "Somchai Moved", { date: inTwoDays(h.clock()) });
    const date = courseToday(old.slot_starts_at, old.time_zone);
    const from = { courseId: old.course_id, slotId: old.slot_id, persons: old.persons };
    const slot = openTeeTimeFor(h.sandbox, from, date, { after: old.slot_starts_at + 3 * HOUR })!;
    const at = dateAndTime(slot.startMs, old.time_zone).time;
    const moved = (await moveAndApprove(h, admin, old, { date, time: at })).new;
    expect(moved.state).toBe("PAID");

    // The old tee time's 24-hour mark passes: nothing; the new one's: its reminder, with its code.
    await passAt(h, old.slot_starts_at - 24 * HOUR + 1_000);
    expect(received(agent, REMINDER)).toHaveLength(0);
    await passAt(h, moved.slot_starts_at - 24 * HOUR + 1_000);
    const reminders = received(agent, REMINDER);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(`Reservation code ${moved.reservation_code}`);
    expect(reminders[0]!.text).not.toContain(old.reservation_code!);
  });

  it("24 h and 2 h before: each once at its instant, across restarts, with the booking's details and buttons", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    const b = await paidBooking(h, agent, "Somchai Remind", { date: inTwoDays(h.clock()) });
    const start24 = b.slot_starts_at - 24 * HOUR;

    await passAt(h, start24 - 60_000);
    expect(received(agent, REMINDER)).toHaveLength(0);

    await passAt(h, start24 + 1_000);
    const first = received(agent, REMINDER);
    expect(first).toHaveLength(1);
    const text = first[0]!.text ?? "";
    expect(text).toContain("Reminder: you tee off in 24 hours");
    expect(text).toContain(b.course_name);
    expect(text).toContain(`Reservation code ${b.reservation_code}`);
    expect(text).toMatch(/\d+ players?/);
    // Where the course is: the partner's address, and a map button from its coordinates.
    const course = (await h.app.partner.listCourses()).find((c) => c.id === b.course_id)!;
    expect(course.address).not.toBe("");
    expect(text).toContain(`📍 ${course.address}`);
    const buttons = (first[0]!.reply_markup?.inline_keyboard ?? []).flat();
    expect(buttons.map((x) => ("callback_data" in x ? x.callback_data : "url" in x ? x.url : ""))).toEqual([
      `mb:view:${b.id}`,
      `cr:${b.id}`,
      `mv:s:${b.id}`,
      `https://www.google.com/maps/search/?api=1&query=${course.lat},${course.lon}`,
    ]);

    // A restart, and a second pass: nothing again.
    await h.restart();
    await passAt(h, start24 + 5 * 60_000);
    await h.app.afterBooking.tick();
    await h.settle();
    expect(received(agent, REMINDER)).toHaveLength(1);

    await passAt(h, b.slot_starts_at - 2 * HOUR - 1_000);
    expect(received(agent, REMINDER)).toHaveLength(1);
    await passAt(h, b.slot_starts_at - 2 * HOUR);
    expect(received(agent, REMINDER).map((m) => /in (\d+ hours)/.exec(m.text ?? "")?.[1])).toEqual([
      "24 hours",
      "2 hours",
    ]);
    await h.restart();
    await passAt(h, b.slot_starts_at - HOUR);
    await passAt(h, b.slot_starts_at + HOUR);
    expect(received(agent, REMINDER)).toHaveLength(2);

    // "My booking" opens the booking's /mybookings view.
    forgeTap(agent, `mb:view:${b.id}`, first[0]!.message_id);
    await h.settle();
    expect(panel(agent).text).toContain(b.reservation_code!);
    // "Request cancellation" is answered whoever handles it (the cancellation requests' feature).
    forgeTap(agent, `cr:${b.id}`, first[0]!.message_id);
    await h.settle();
    expectTelegramRules(h);
  });

  it("runs on its own on the leader: the reminder arrives once the clock passes its instant", async () => {
    const h = await start({ REMINDERS: "95m" }, 100);
    const agent = h.user(AGENT, "en");
    const b = await paidBooking(h, agent, "Somchai Timer", { date: inTwoDays(h.clock()) });
    h.clock.set(b.slot_starts_at - 95 * 60_000);
    await expect.poll(() => received(agent, "Reminder: you tee off in 95 minutes").length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received(agent, REMINDER)).toHaveLength(1);
  });

  it("a reminder whose moment had passed when the booking was made is skipped; the next one still comes", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    // Tomorrow's first tee time: less than 24 hours away when booked.
    const b = await paidBooking(h, agent, "Somchai Late");
    expect(b.slot_starts_at - 24 * HOUR).toBeLessThan(b.paid_at!);
    await passAt(h, h.clock() + 60_000);
    expect(received(agent, REMINDER)).toHaveLength(0);
    await passAt(h, b.slot_starts_at - 2 * HOUR + 1_000);
    expect(received(agent, REMINDER).map((m) => m.text?.split("\n")[0])).toEqual([
      "⏰ Reminder: you tee off in 2 hours",
    ]);
  });

  it("after downtime only the nearest reminder goes out", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    const b = await paidBooking(h, agent, "Somchai Downtime", { date: inTwoDays(h.clock()) });
    await passAt(h, b.slot_starts_at - HOUR);
    expect(received(agent, REMINDER).map((m) => m.text?.split("\n")[0])).toEqual([
      "⏰ Reminder: you tee off in 2 hours",
    ]);
    await passAt(h, b.slot_starts_at - 30 * 60_000);
    expect(received(agent, REMINDER)).toHaveLength(1);
  });

  it("released and refunded bookings get none", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const date = inTwoDays(h.clock());
    const refunded = await paidBooking(h, agent, "Somchai Refunded", { date });
    admin.send(`/refund ${refunded.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    expect((await h.app.bookings.get(refunded.id))?.state).toBe("REFUNDED");
    // A hold cancelled before payment.
    await bookUntilHold(h, agent, { name: "Somchai Released", date });
    tapData(agent, /:cancel$/);
    await h.settle();
    const released = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("customer_name", "=", "Somchai Released")
      .executeTakeFirstOrThrow();
    expect(released.state).toBe("RELEASED");

    for (const at of [
      refunded.slot_starts_at - 24 * HOUR,
      refunded.slot_starts_at - 2 * HOUR,
      released.slot_starts_at - 2 * HOUR,
    ])
      await passAt(h, at + 1_000);
    expect(received(agent, REMINDER)).toHaveLength(0);
  });

  it("a user who blocked the bot: logged once, not retried", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    const b = await paidBooking(h, agent, "Somchai Blocked", { date: inTwoDays(h.clock()) });
    agent.block();
    const sendsTo = () =>
      h.telegram.calls.filter((c) => c.method === "sendMessage" && Number(c.params.chat_id) === AGENT).length;
    const before = sendsTo();
    await passAt(h, b.slot_starts_at - 24 * HOUR + 1_000);
    expect(sendsTo()).toBe(before + 1);
    const blockedLog = () =>
      h.logs.filter((l) => l.includes("the user blocked the bot") && l.includes('"what":"reminder"'));
    expect(blockedLog()).toHaveLength(1);
    expect(await h.app.outbox.depth(), "dropped from the outbox, not retried").toBe(0);
    await passAt(h, b.slot_starts_at - 24 * HOUR + 10 * 60_000);
    await h.restart();
    await passAt(h, b.slot_starts_at - 24 * HOUR + 20 * 60_000);
    expect(sendsTo()).toBe(before + 1);
    expect(blockedLog()).toHaveLength(1);
  });

  it("a customer's booking: the customer gets the reminder (in Thai), the agent one line", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    // A link to one course (the builder's "choose a course", the third one).
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(9100, "th", "Malee", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    await customerBooks(h, customer);
    const b = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("user_id", "=", 9100)
      .executeTakeFirstOrThrow();
    expect(b.state).toBe("PAID");
    await passAt(h, b.slot_starts_at - 2 * HOUR);
    const reminder = received(customer, "แจ้งเตือน: อีก 2 ชั่วโมง");
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.text).toContain(`รหัสการจอง ${b.reservation_code}`);
    expect((reminder[0]!.reply_markup?.inline_keyboard ?? []).flat().map((x) => x.text)).toEqual([
      "📋 การจองของฉัน",
      "✋ ขอยกเลิก",
      "🔁 ย้ายไปเวลาอื่น",
      "📍 แผนที่",
    ]);
    const line = received(agent, "tees off in 2 hours");
    expect(line).toHaveLength(1);
    expect(line[0]!.text).toContain(b.customer_name);
    expect(line[0]!.text).toContain(`code ${b.reservation_code}`);
    expect(line[0]!.reply_markup).toBeUndefined();
  });

  it("a golfer who claimed the booking's copy gets the reminder too, in their language", async () => {
    const h = await start();
    const agent = h.user(AGENT, "en");
    const b = await paidBooking(h, agent, "Copy Reminded", { date: inTwoDays(h.clock()) });
    const receipt = agent
      .messages()
      .find((m) => m.text?.includes(b.reservation_code!) && m.text.includes("Booking confirmed"));
    agent.tap({ messageId: receipt!.message_id, data: `gc:${b.id}` });
    await h.settle();
    const token = /start=(gc_[A-Za-z0-9_-]+)/.exec(panel(agent).text)?.[1];
    expect(token, panel(agent).text).toBeDefined();
    const golfer = h.user(100_301, "th", "Pim", "stranger");
    golfer.send(`/start ${token!}`);
    await h.settle();

    await passAt(h, b.slot_starts_at - 24 * HOUR + 1_000);
    expect(received(agent, REMINDER)).toHaveLength(1);
    const toGolfer = golfer
      .messages()
      .filter((m) => (m.text ?? "").includes(b.reservation_code!) && (m.text ?? "").startsWith("⏰"));
    expect(toGolfer).toHaveLength(1);
    expect(toGolfer[0]!.text).not.toContain(REMINDER);
    await passAt(h, b.slot_starts_at - 24 * HOUR + 10 * 60_000);
    expect(golfer.messages().filter((m) => (m.text ?? "").startsWith("⏰"))).toHaveLength(1);
    expectTelegramRules(h);
  });
});
