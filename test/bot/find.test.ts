/**
 * Find a tee time across courses, end to end: fairway against the sandbox and the local
 * Bot API server. Plain words and /find give one message of tee times across courses; a tap on one
 * opens the booking at the golfer step and the usual hold and confirm pay it; criteria change by
 * button; customers see only their link's course; strangers get no search and cause no partner call.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";
import { formatDate } from "../../src/bot/format/dates.js";
import { createLink, customerConfirms, expectTelegramRules, panel, tapData } from "../helpers/flow.js";

const TEE_TIMES = /\/tee-time$/;

describe("finding a tee time across courses", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  /** Types the golfer's details (or picks the recent customer) and confirms: the booking is paid. */
  async function detailsAndPay(user: ReturnType<Harness["user"]>, name: string): Promise<void> {
    if (panel(user).data.some((d) => d.endsWith(":nc"))) {
      tapData(user, /:nc$/);
      await h.settle();
    }
    user.send(name);
    await h.settle();
    user.send("somchai@example.com");
    await h.settle();
    user.send("081-234-5678");
    await h.settle();
    tapData(user, /:ok$/);
    await h.settle();
  }

  it.each([
    [
      "en",
      "sat morning 4 pax pattaya under 2500",
      /Read as: sat · morning · 4 pax · pattaya · under 2500/,
      /Booking confirmed/,
    ],
    ["th", "เสาร์นี้ เช้า 4 คน พัทยา ไม่เกิน 2500", /อ่านได้ว่า: /, /ยืนยันการจอง/],
  ])(
    "%s: plain words find tee times across Pattaya's courses; a tap opens the golfer step, and it is paid",
    async (lang, query, readAs, paid) => {
      const agent = h.user(2401, lang);
      agent.send(query);
      await h.settle();
      const results = panel(agent);
      expect(results.text).toMatch(readAs);
      const picks = results.data.filter((d) => /^f:[a-z0-9]{6}:t:/.test(d));
      expect(picks.length, results.text).toBeGreaterThan(0);
      // Every result is a Pattaya course, in the morning, for four, at most 2,500 baht a player.
      const pattaya = h.sandbox.courses().filter((c) => /Chon Buri/.test(c.place));
      const names = pattaya.map((c) => (lang === "th" ? c.nameTH : c.name));
      const lines = results.text.split("\n").filter((l) => /^\d+\. /.test(l));
      expect(lines.length).toBe(picks.length);
      for (const line of lines) {
        expect(
          names.some((n) => line.includes(n)),
          line,
        ).toBe(true);
        expect(line).toMatch(/^\d+\. 0[5-9]:\d\d /);
        expect(line).toMatch(/× 4 =/);
        expect(Number(/— ฿([\d,]+)/.exec(line)?.[1]?.replaceAll(",", ""))).toBeLessThanOrEqual(2500);
      }
      const reads = h.sandbox.count("GET", TEE_TIMES);
      expect(reads).toBeLessThanOrEqual(pattaya.length);
      const tapsBefore = h.telegram.callbackAnswers.length;

      // Tap 1: the first tee time. The booking opens past course, date, tee time and players.
      tapData(agent, /^f:[a-z0-9]{6}:t:/);
      await h.settle();
      expect(
        panel(agent).data.some((d) => /:p:\d+$/.test(d)),
        "not the players step",
      ).toBe(false);
      // The flow reads no tee-time list again: the search's read is the cached one.
      await detailsAndPay(agent, lang === "th" ? "สมศักดิ์ ใจดี" : "Somchai Jaidee");
      const [reservation] = h.sandbox.reservations();
      expect(reservation?.status).toBe("PAID");
      expect(reservation?.persons ?? 4).toBe(4);
      expect(agent.messages().some((m) => paid.test(m.text ?? ""))).toBe(true);
      expect(h.sandbox.count("GET", TEE_TIMES)).toBe(reads);
      // From the query to a paid booking: at most 5 taps (here: the tee time, new customer, Confirm).
      expect(h.telegram.callbackAnswers.length - tapsBefore).toBeLessThanOrEqual(5);
      expectTelegramRules(h);
    },
  );

  it("/find changes criteria by button in one message; nothing found says what to relax, and relaxing finds again", async () => {
    const agent = h.user(2402, "en");
    // A top price no tee time meets (200 baht): nothing matches, and a button relaxes the price.
    agent.send("/find tomorrow under 200");
    await h.settle();
    const first = panel(agent);
    expect(first.text).toMatch(/Find a tee time/);
    expect(first.text).toMatch(/Tomorrow/);
    expect(first.text).toMatch(/Nothing matches/);
    const messageId = first.message?.message_id;
    expect(first.data.some((d) => /:m:any$/.test(d))).toBe(true);
    tapData(agent, /:m:any$/);
    await h.settle();
    expect(panel(agent).message?.message_id).toBe(messageId);
    expect(panel(agent).text).toMatch(/tee times? at \d+ courses?/);
    // The price buttons: every tee time shown is within the top price.
    tapData(agent, /^f:[a-z0-9]{6}:c:price$/);
    await h.settle();
    tapData(agent, /^f:[a-z0-9]{6}:m:1500$/);
    await h.settle();
    const capped = panel(agent)
      .text.split("\n")
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => Number(/— ฿([\d,]+)/.exec(l)?.[1]?.replaceAll(",", "")));
    for (const price of capped) expect(price).toBeLessThanOrEqual(1500);
    tapData(agent, /:c:price$/);
    await h.settle();
    tapData(agent, /:m:any$/);
    await h.settle();
    // Cheapest first.
    tapData(agent, /:so:cheapest$/);
    await h.settle();
    const prices = panel(agent)
      .text.split("\n")
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => Number(/— ฿([\d,]+)/.exec(l)?.[1]?.replaceAll(",", "")));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // A date from the calendar.
    tapData(agent, /:c:date$/);
    await h.settle();
    tapData(agent, /:c:calendar$/);
    await h.settle();
    expect(panel(agent).data.filter((d) => /:d:\d{8}$/.test(d)).length).toBeGreaterThan(0);
    tapData(agent, /:mo:\d{6}$/); // the next month
    await h.settle();
    const days = panel(agent).data.filter((d) => /:d:\d{8}$/.test(d));
    expect(days.length).toBeGreaterThan(0);
    const last = days.at(-1)!;
    agent.tap({ data: last });
    await h.settle();
    expect(panel(agent).message?.message_id).toBe(messageId);
    expect(panel(agent).text).toContain(
      `📅 ${formatDate(`${last.slice(-8, -4)}-${last.slice(-4, -2)}-${last.slice(-2)}`, "en")}`,
    );
    // /book's course list leads here too.
    agent.send("/book");
    await h.settle();
    tapData(agent, /^g:find$/);
    await h.settle();
    expect(panel(agent).text).toMatch(/Find a tee time/);
    // A button of this search after a new one has started: expired, nothing changes.
    const old = first.data.find((d) => /:c:price$/.test(d))!;
    agent.send("/find");
    await h.settle();
    agent.forgeTap(old, messageId);
    await h.settle();
    expect(h.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1)?.params.text).toMatch(/expired/);
    expectTelegramRules(h);
  });

  it("a customer's search covers only their link's course, and a tap books it credited to the agent", async () => {
    const agent = h.user(2403, "en", "Anan");
    const course = h.sandbox.courses()[2]!;
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(2404, "en", "Nok", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    customer.send("/cancel");
    await h.settle();
    const before = h.sandbox.count("GET", TEE_TIMES);
    customer.send("/find");
    await h.settle();
    const results = panel(customer);
    const lines = results.text.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(lines.length, results.text).toBeGreaterThan(0);
    for (const line of lines) expect(line).toContain(course.name);
    expect(results.text).toMatch(/at 1 course/);
    expect(h.sandbox.count("GET", TEE_TIMES) - before).toBe(1);
    tapData(customer, /^f:[a-z0-9]{6}:t:/);
    await h.settle();
    await customerConfirms(h, customer);
    const [booking] = await h.app.bookings.listForUser(2404);
    expect(booking?.state).toBe("PAID");
    expect(booking?.agent_id).toBe(2403);
    expect(booking?.course_id).toBe(course.id);
  });

  it("a stranger's plain words and /find get the way in, and cost the partner nothing", async () => {
    const stranger = h.user(2405, "en", "Stranger", "stranger");
    const before = h.sandbox.requests.length;
    stranger.send("sat morning 4 pax pattaya");
    await h.settle();
    stranger.send("/find tomorrow");
    await h.settle();
    expect(panel(stranger).text).not.toMatch(/Find a tee time/);
    expect(h.sandbox.requests.length).toBe(before);
  });
});
