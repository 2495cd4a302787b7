import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  bookUntil,
  callbackAnswerText,
  expectTelegramRules,
  forgeTap,
  livePanel,
  panel,
  partnerRequest,
  tapData,
} from "../helpers/flow.js";

async function myBookings(h: Harness, user: SimulatedUser) {
  user.send("/mybookings");
  await h.settle();
  return panel(user);
}

/** The ledger ids behind the list's buttons, newest first. */
function listedIds(user: SimulatedUser): string[] {
  return panel(user).data.flatMap((d) => (d.startsWith("mb:view:") ? [d.slice("mb:view:".length)] : []));
}

describe("/mybookings", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it("says so when there are no bookings, with a button to book", async () => {
    const user = h.user(5001, "en");
    const list = await myBookings(h, user);
    expect(list.text).toBe("You have no bookings yet.");
    tapData(user, /^g:book$/);
    await h.settle();
    expect(panel(user).text).toContain("Choose a golf course");
    expectTelegramRules(h);
  });

  it("lists the user's bookings with the partner's current status: a hold released at the partner shows released", async () => {
    const user = h.user(5002, "en");
    await bookUntil(h, user, "held");
    tapData(user, /:ok$/);
    await h.settle();
    await bookUntil(h, user, "held");
    let list = await myBookings(h, user);
    expect(list.text).toContain("My bookings");
    expect(list.labels.filter((l) => l.includes("On hold (unpaid)"))).toHaveLength(1);
    expect(list.labels.filter((l) => l.includes("Confirmed and paid"))).toHaveLength(1);
    const held = h.sandbox.reservations().find((r) => r.status === "PENDING")!;
    const res = await partnerRequest(h, "DELETE", `/order/${held.id}/cancel`);
    expect(res.status).toBe(200);
    tapData(user, /^mb:refresh$/);
    await h.settle();
    list = panel(user);
    expect(list.labels.filter((l) => l.includes("Released"))).toHaveLength(1);
    expect(list.labels.filter((l) => l.includes("Confirmed and paid"))).toHaveLength(1);
    expect(list.labels.some((l) => l.includes("On hold"))).toBe(false);
    expect(h.sandbox.count("GET", /^\/api\/v1\/ext\/order\/[^/]+$/)).toBeGreaterThan(0);
    expectTelegramRules(h);
  });

  it("a booking read from the partner within the last minute opens from the ledger: two taps, one read; a minute later, or at Refresh, another", async () => {
    const user = h.user(5010, "en");
    await bookUntil(h, user, "held");
    tapData(user, /:ok$/);
    await h.settle();
    const paid = h.sandbox.reservations()[0]!;
    const reads = () => h.sandbox.count("GET", new RegExp(`^/api/v1/ext/order/${paid.id}$`));
    const before = reads();
    await myBookings(h, user);
    expect(reads()).toBe(before + 1);
    const [id] = listedIds(user);
    tapData(user, new RegExp(`^mb:view:${id}$`));
    await h.settle();
    const shown = panel(user);
    expect(shown.text).toContain("Confirmed and paid");
    expect(shown.text).toContain(`Reservation code ${paid.code}`);
    tapData(user, /^mb:list$/);
    await h.settle();
    tapData(user, new RegExp(`^mb:view:${id}$`));
    await h.settle();
    expect(reads(), "the list and two taps within a minute: one partner read").toBe(before + 1);
    expect(panel(user).text).toBe(shown.text);
    expect(panel(user).labels).toEqual(shown.labels);

    tapData(user, /^mb:list$/);
    await h.settle();
    h.clock.advance(61_000);
    tapData(user, new RegExp(`^mb:view:${id}$`));
    await h.settle();
    expect(reads(), "a minute later, the tap reads it again").toBe(before + 2);
    expect(panel(user).text).toBe(shown.text);
    tapData(user, /^mb:list$/);
    await h.settle();
    expect(reads()).toBe(before + 2);
    tapData(user, /^mb:refresh$/);
    await h.settle();
    expect(reads(), "Refresh always reads").toBe(before + 3);
    expectTelegramRules(h);
  });

  it("shows a booking's details; Release this hold releases it at the partner", async () => {
    const user = h.user(5003, "en");
    await bookUntil(h, user, "held", { name: "Malee Srisuk" });
    user.send("/cancel");
    await h.settle();
    // /cancel released that one; make a second hold and leave it.
    await bookUntil(h, user, "held", { name: "Malee Srisuk" });
    const pending = h.sandbox.reservations().find((r) => r.status === "PENDING")!;
    await myBookings(h, user);
    const [newest] = listedIds(user);
    tapData(user, new RegExp(`^mb:view:${newest}$`));
    await h.settle();
    const detail = panel(user);
    expect(detail.text).toContain("On hold (unpaid)");
    expect(detail.text).toContain("Malee Srisuk");
    expect(detail.text).toContain("081-234-5678");
    expect(detail.text).toContain(`Reservation code ${pending.code}`);
    expect(detail.text).toMatch(/Held until \d\d:\d\d/);
    expect(detail.text).toMatch(/Booked /);
    expect(detail.labels).toEqual(["🗑 Release this hold", "‹ Back"]);
    tapData(user, /^mb:release:/);
    await h.settle();
    expect(panel(user).text).toContain("Booking cancelled and the hold released.");
    expect(panel(user).text).toContain("Released");
    expect(panel(user).labels).toEqual(["‹ Back"]);
    expect(h.sandbox.reservations().find((r) => r.id === pending.id)?.status).toBe("CANCEL");
    tapData(user, /^mb:list$/);
    await h.settle();
    expect(panel(user).labels.filter((l) => l.includes("Released"))).toHaveLength(2);
    expectTelegramRules(h);
  });

  it("a hold released from /mybookings cannot be paid from the booking's old summary", async () => {
    const user = h.user(5004, "en");
    const balance = h.sandbox.balance();
    await bookUntil(h, user, "held");
    await myBookings(h, user);
    tapData(user, /^mb:view:/);
    await h.settle();
    tapData(user, /^mb:release:/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL"]);
    const summary = livePanel(user);
    user.tap({ data: summary.data.find((d) => d.endsWith(":ok"))!, messageId: summary.message!.message_id });
    await h.settle();
    expect(user.messages().some((m) => m.text?.includes("Your hold has ended"))).toBe(true);
    expect(user.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(false);
    expect(h.sandbox.balance()).toBe(balance);
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL"]);
    expectTelegramRules(h);
  });

  it("a paid booking's details show the transaction number, a move and a cancellation request, no release button", async () => {
    const user = h.user(5005, "en");
    await bookUntil(h, user, "held");
    tapData(user, /:ok$/);
    await h.settle();
    const paid = h.sandbox.reservations()[0]!;
    await myBookings(h, user);
    tapData(user, /^mb:view:/);
    await h.settle();
    const detail = panel(user);
    expect(detail.text).toContain("Confirmed and paid");
    expect(detail.text).toContain(`Transaction no. ${paid.txNo}`);
    expect(detail.labels).toEqual([
      "🔁 Move to another tee time",
      "🙋 Request cancellation",
      "🧾 Receipt",
      "🧾 Tax invoice",
      "‹ Back",
    ]);
    tapData(user, /^mb:list$/);
    await h.settle();
    expect(panel(user).text).toContain("My bookings");
    expectTelegramRules(h);
  });

  it("another user's booking id in forged data looks not found and releases nothing", async () => {
    const owner = h.user(5006, "en");
    await bookUntil(h, owner, "held");
    await myBookings(h, owner);
    const [id] = listedIds(owner);
    expect(id).toBeDefined();
    const intruder = h.user(5007, "en");
    await myBookings(h, intruder);
    for (const data of [`mb:view:${id}`, `mb:release:${id}`]) {
      forgeTap(intruder, data);
      await h.settle();
      expect(panel(intruder).text, data).toBe("That booking was not found.");
      expect(panel(intruder).labels).toEqual(["‹ Back"]);
    }
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    // Junk and a release without an id change nothing either.
    for (const data of [
      "mb:release",
      "mb:view:not-a-booking",
      "mb:release:not-a-booking",
      "mb:nuke:1",
      `mb:release:${id}:x`,
    ]) {
      const q = forgeTap(intruder, data);
      await h.settle();
      expect(
        h.telegram.callbackAnswers.some((a) => a.queryId === q),
        data,
      ).toBe(true);
      if (data === "mb:nuke:1")
        expect(callbackAnswerText(h, q)).toBe("This menu has expired. Use /book to start again.");
    }
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    expect(h.sandbox.count("DELETE", /\/cancel$/)).toBe(0);
    // The owner still has the hold and can pay for it.
    tapData(owner, /^mb:view:/);
    await h.settle();
    expect(panel(owner).text).toContain("On hold (unpaid)");
    expectTelegramRules(h);
  });

  it("says statuses may be out of date when the partner cannot be reached", async () => {
    const user = h.user(5008, "en");
    await bookUntil(h, user, "held");
    h.sandbox.faults.add({ kind: "status", method: "GET", path: /^\/api\/v1\/ext\/order\//, status: 503, times: 50 });
    const list = await myBookings(h, user);
    expect(list.text).toContain("The partner could not be reached, so statuses may be out of date.");
    expect(list.labels.some((l) => l.includes("On hold (unpaid)"))).toBe(true);
    h.sandbox.faults.clear();
    expectTelegramRules(h);
  });

  it("speaks Thai to a Thai user", async () => {
    const user = h.user(5009, "th");
    expect((await myBookings(h, user)).text).toBe("คุณยังไม่มีการจอง");
    await bookUntil(h, user, "held", { name: "สมชาย ใจดี" });
    const list = await myBookings(h, user);
    expect(list.text).toContain("การจองของฉัน");
    expect(list.labels.some((l) => l.includes("กันที่ไว้ (ยังไม่ชำระ)"))).toBe(true);
    tapData(user, /^mb:view:/);
    await h.settle();
    expect(panel(user).labels).toContain("🗑 ปล่อยการจองนี้");
    expectTelegramRules(h);
  });
});
