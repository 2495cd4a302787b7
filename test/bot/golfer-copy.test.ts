import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { viewersOf, type BookingRecord } from "../../src/bookings/index.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  bookUntilHold,
  paidBooking,
  callbackAnswerText,
  expectTelegramRules,
  forgeTap,
  panel,
  tapData,
} from "../helpers/flow.js";

const ADMIN = 9001;
const AGENT = 9002;
const OTHER_AGENT = 9003;
const GOLFER = 100_201;
const SECOND = 100_202;
/** What fairway tells a stranger (a message, or a button's answer). */
const STRANGER_EXPLAIN = /[Aa]sk your (fairway )?agent for a (personal )?link/;

let h: Harness;
afterEach(async () => {
  await h.stop();
});

async function start(env: Record<string, string> = {}): Promise<Harness> {
  h = await startHarness({ env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},${OTHER_AGENT}`, ...env } });
  h.user(ADMIN, "en");
  return h;
}

/** Taps "Send to golfer" on the receipt; returns the link and its token. */
async function sendToGolfer(agent: SimulatedUser, booking: BookingRecord) {
  const receipt = agent
    .messages()
    .find((m) => m.text?.includes("Booking confirmed") && m.text.includes(booking.reservation_code!));
  expect(receipt, "the receipt").toBeDefined();
  const buttons = (receipt!.reply_markup?.inline_keyboard ?? []).flat();
  expect(buttons.map((b) => b.text)).toEqual(["📨 Send to golfer", "🧾 Receipt"]);
  agent.tap({ messageId: receipt!.message_id, data: `gc:${booking.id}` });
  await h.settle();
  const match = /(https:\/\/t\.me\/fairway_test_bot\?start=(gc_[A-Za-z0-9_-]+))/.exec(panel(agent).text);
  expect(match, panel(agent).text).not.toBeNull();
  return { url: match![1]!, token: match![2]! };
}

describe("the golfer's copy", () => {
  it("a single-use link attaches the booking read-only to the golfer, who sees it in /mybookings and cannot book; the agent is told", async () => {
    await start();
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Golfer Copy");
    const { url, token } = await sendToGolfer(agent, booking);
    expect(url.replace("https://", "").length).toBeLessThanOrEqual(64);
    expect(token.length).toBeLessThanOrEqual(64);

    // The agent opening their own link does not use it up.
    agent.send(`/start ${token}`);
    await h.settle();
    expect(panel(agent).text).toBe("This is your own booking: send the link to the golfer instead.");

    const golfer = h.user(GOLFER, "en", "Pim", "stranger");
    golfer.send(`/start ${token}`);
    await h.settle();
    expect(panel(golfer).text).toBe("⛳ This booking is now in your /mybookings (read-only).");
    expect(await viewersOf(h.app.storage.db, booking.id)).toEqual([GOLFER]);
    expect(agent.lastMessage()?.text).toContain(`Pim opened the golfer's copy of your booking`);
    expect(agent.lastMessage()?.text).toContain(booking.reservation_code!);

    golfer.send("/mybookings");
    await h.settle();
    expect(panel(golfer).data).toContain(`mb:view:${booking.id}`);
    tapData(golfer, new RegExp(`^mb:view:${booking.id}$`));
    await h.settle();
    expect(panel(golfer).text).toContain("Shared with you by the booker (read-only).");
    expect(panel(golfer).text).toContain("Golfer Copy");
    expect(panel(golfer).labels).not.toContain("🗑 Release this hold");

    // Otherwise a stranger: no booking, no other booking's details.
    golfer.send("/book");
    await h.settle();
    expect(panel(golfer).text).toMatch(STRANGER_EXPLAIN);
    const other = await paidBooking(h, h.user(OTHER_AGENT, "en"), "Not Shared");
    const q = forgeTap(golfer, `mb:view:${other.id}`);
    await h.settle();
    expect(panel(golfer).text).toContain("That booking was not found.");
    expect(callbackAnswerText(h, q)).toBeUndefined();
    expect(golfer.messages().some((m) => m.text?.includes("Not Shared"))).toBe(false);

    // Opening it again is harmless; the agent is told once.
    const told = agent.messages().filter((m) => m.text?.includes("opened the golfer's copy")).length;
    golfer.send(`/start ${token}`);
    await h.settle();
    expect(panel(golfer).text).toContain("This booking is now in your /mybookings");
    expect(agent.messages().filter((m) => m.text?.includes("opened the golfer's copy")).length).toBe(told);
    expectTelegramRules(h);
  });

  it("one link per player: a second tap before anyone opens it gives the same link; once every player's is opened, the booker is told no more can be made", async () => {
    await start();
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "One Per Player");
    const first = await sendToGolfer(agent, booking);
    // A double tap (or a tap to send it again) does not use up a player's link.
    const again = await sendToGolfer(agent, booking);
    expect(again.token).toBe(first.token);
    expect(panel(agent).text).toContain("Nobody has opened this link yet, so it is the same one as before.");

    const tokens = new Set<string>();
    for (let n = 1; n <= booking.persons; n++) {
      const { token } = n === 1 ? first : await sendToGolfer(agent, booking);
      expect(tokens.has(token), `player ${n}'s link is new`).toBe(false);
      tokens.add(token);
      const golfer = h.user(100_300 + n, "en", `Golfer ${n}`, "stranger");
      golfer.send(`/start ${token}`);
      await h.settle();
      expect(panel(golfer).text).toBe("⛳ This booking is now in your /mybookings (read-only).");
    }

    // Every player's link is opened: the tap is answered with why, and no link is sent.
    const sent = agent.messages().length;
    const receipt = agent.messages().find((m) => m.text?.includes("Booking confirmed"))!;
    const q = agent.tap({ messageId: receipt.message_id, data: `gc:${booking.id}` });
    await h.settle();
    const answer = h.telegram.callbackAnswers.find((a) => a.queryId === q);
    expect(answer?.show_alert).toBe(true);
    expect(answer?.text).toBe(
      booking.persons === 1
        ? "This booking's golfer's link has been opened already: a booking has one link per player."
        : `All ${booking.persons} golfer's links of this booking have been opened: a booking has one link per player.`,
    );
    expect(agent.messages()).toHaveLength(sent);
    expect(await viewersOf(h.app.storage.db, booking.id)).toHaveLength(booking.persons);
    expectTelegramRules(h);
  });

  it("with production's one reply a minute for strangers, a golfer who claimed a copy still uses /mybookings and its buttons", async () => {
    await start({ STRANGER_REPLIES_PER_MINUTE: "1" });
    const agent = h.user(AGENT, "en");
    const booking = await paidBooking(h, agent, "Claimed Then Used");
    const { token } = await sendToGolfer(agent, booking);
    const golfer = h.user(GOLFER, "en", "Pim", "stranger");
    golfer.send(`/start ${token}`);
    await h.settle();
    expect(panel(golfer).text).toContain("This booking is now in your /mybookings");
    golfer.send("/mybookings");
    await h.settle();
    tapData(golfer, new RegExp(`^mb:view:${booking.id}$`));
    await h.settle();
    expect(panel(golfer).text).toContain(booking.reservation_code!);
    expect(panel(golfer).labels).toContain("🙋 Request cancellation");
    // A stranger without a copy still gets one answer a minute.
    const stranger = h.user(SECOND, "en", "Somebody", "stranger");
    stranger.send("/book");
    stranger.send("/mybookings");
    stranger.send("hello");
    await h.settle();
    expect(stranger.messages().filter((m) => m.from?.is_bot)).toHaveLength(1);
    expectTelegramRules(h);
  });

  it("a used link lets no one else in; a forged one neither; a golfer's copy may ask for cancellation", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const booking = await paidBooking(h, agent, "Used Twice");
    const { token } = await sendToGolfer(agent, booking);
    const golfer = h.user(GOLFER, "en", "Pim", "stranger");
    golfer.send(`/start ${token}`);
    await h.settle();

    const second = h.user(SECOND, "en", "Somebody", "stranger");
    second.send(`/start ${token}`);
    await h.settle();
    expect(panel(second).text).toBe(
      "This link was already used by someone else. Ask the person who booked for a new one.",
    );
    second.send("/mybookings");
    await h.settle();
    expect(panel(second).text).toMatch(STRANGER_EXPLAIN);
    for (const forged of ["gc_AAAAAAAAAAAAAAAAAAAAAA", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`]) {
      second.send(`/start ${forged}`);
      await h.settle();
      expect(panel(second).text).toBe("This link is not valid.");
    }
    const q = forgeTap(second, `mb:view:${booking.id}`);
    await h.settle();
    expect(callbackAnswerText(h, q)).toMatch(STRANGER_EXPLAIN);
    expect(await viewersOf(h.app.storage.db, booking.id)).toEqual([GOLFER]);
    // Someone else than the booker cannot make links for it.
    const other = h.user(OTHER_AGENT, "en");
    other.send("/mybookings");
    await h.settle();
    const denied = forgeTap(other, `gc:${booking.id}`);
    await h.settle();
    expect(callbackAnswerText(h, denied)).toBe("That booking was not found.");

    // The golfer (a stranger otherwise) asks to cancel it.
    golfer.send("/mybookings");
    await h.settle();
    tapData(golfer, new RegExp(`^mb:view:${booking.id}$`));
    await h.settle();
    tapData(golfer, new RegExp(`^cr:${booking.id}$`));
    await h.settle();
    golfer.send("I broke my wrist");
    await h.settle();
    expect(panel(golfer).text).toContain("was sent to the administrators");
    const card = h.user(ADMIN, "en").lastMessage()?.text ?? "";
    expect(card).toContain(`Asked by ${GOLFER} (the golfer who has its copy)`);
    expectTelegramRules(h);
  });

  it("an expired link (the tee time has passed) lets no one in", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const booking = await paidBooking(h, agent, "Too Late");
    const { token } = await sendToGolfer(agent, booking);
    h.clock.set(booking.slot_starts_at + 60_000);
    const golfer = h.user(GOLFER, "en", "Pim", "stranger");
    golfer.send(`/start ${token}`);
    await h.settle();
    expect(panel(golfer).text).toBe("This link has expired (the tee time has passed).");
    expect(await viewersOf(h.app.storage.db, booking.id)).toEqual([]);
    // And no new link for a tee time that has passed.
    const receipt = agent.messages().find((m) => m.text?.includes("Booking confirmed"))!;
    const q = forgeTap(agent, `gc:${booking.id}`, receipt.message_id);
    await h.settle();
    expect(callbackAnswerText(h, q)).toContain("tee time is still ahead");
    expectTelegramRules(h);
  });
});

describe("customers told of an admin's refund or release", () => {
  it("/refund tells the booker and the golfer with a copy; /release tells the booker of the hold", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    const agent = h.user(AGENT, "en");
    const booking = await paidBooking(h, agent, "Refund Notice");
    const { token } = await sendToGolfer(agent, booking);
    const golfer = h.user(GOLFER, "th", "Pim", "stranger");
    golfer.send(`/start ${token}`);
    await h.settle();
    admin.send(`/refund ${booking.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    expect(agent.lastMessage()?.text).toContain(
      `An administrator cancelled your booking at Bangkok Riverside Golf Club`,
    );
    expect(agent.lastMessage()?.text).toContain(booking.reservation_code!);
    expect(golfer.lastMessage()?.text).toContain("ผู้ดูแลระบบยกเลิกการจอง");

    const other = h.user(OTHER_AGENT, "en");
    await bookUntilHold(h, other, { name: "Release Notice" });
    const held = h.sandbox.reservations().find((r) => r.customerName === "Release Notice")!;
    admin.send(`/release ${held.code}`);
    await h.settle();
    expect(panel(admin).text).toContain("has been released");
    expect(other.lastMessage()?.text).toContain("An administrator released your hold at");
    expect(other.lastMessage()?.text).toContain("Nothing was charged.");
    expectTelegramRules(h);
  });
});
