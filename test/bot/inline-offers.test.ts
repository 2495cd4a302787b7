import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { InlineAnswerRecord } from "../../src/local/bot-api-server/index.js";
import { formatDate, formatTime } from "../../src/bot/format/dates.js";
import { formatBaht } from "../../src/bot/format/money.js";
import { postgresDatabase } from "../helpers/databases.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { expectTelegramRules, panel, tapData, tomorrow } from "../helpers/flow.js";

const RIVERSIDE = "65a0c3e10a1aec32662c0684";
/** The agent's own chat with a customer: the bot is not in it. */
const AGENT_CUSTOMER_CHAT = 880_001;

async function ask(
  h: Harness,
  user: SimulatedUser,
  query: string,
  offset = "",
): Promise<{ id: string; answer: InlineAnswerRecord | undefined }> {
  const id = user.inlineQuery(query, offset);
  await h.settle();
  return { id, answer: h.telegram.inlineAnswer(id) };
}

function bookButton(message: { reply_markup?: { inline_keyboard: { text: string; url?: string }[][] } }): string {
  const url = message.reply_markup?.inline_keyboard.flat().find((b) => b.url !== undefined)?.url;
  if (url === undefined) throw new Error("the card has no URL button");
  return url;
}

/** From the players step to the paid booking, as a customer who keeps their Telegram name. */
async function bookFromPlayers(h: Harness, customer: SimulatedUser, email = "nok@example.com"): Promise<void> {
  tapData(customer, /:p:\d+$/);
  await h.settle();
  tapData(customer, /:keep$/);
  await h.settle();
  customer.send(email);
  await h.settle();
  customer.send("+66 89 123 4567");
  await h.settle();
}

const teeTimeRequests = (h: Harness) =>
  h.sandbox.requests.filter((r) => r.method === "GET" && /\/tee-time$/.test(r.path)).length;

describe("inline offers: agents sell in any chat", () => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it.each(["sqlite", "postgres"] as const)(
    "an agent posts a tee time from `@bot riverside tomorrow`; the customer books exactly it from the card, credited to the agent; a stranger gets nothing bookable (%s)",
    async (kind) => {
      h = await startHarness(kind === "postgres" ? { db: postgresDatabase(), env: { AGENT_IDS: "7201" } } : {});
      const agent = h.user(7201, "en", "Anan");
      const { id, answer } = await ask(h, agent, "riverside tomorrow");
      expect(answer?.is_personal).toBe(true);
      expect(answer?.cache_time).toBeLessThanOrEqual(10);
      expect(answer!.results.length).toBeGreaterThan(1);
      const date = tomorrow(h.clock());
      const open = h.sandbox.slots(RIVERSIDE, date).filter((s) => s.status === "OPEN");
      for (const r of answer!.results) {
        expect(r.message?.text).toContain("Bangkok Riverside Golf Club");
        expect(r.message?.text).toContain(formatDate(date, "en"));
        expect(r.description).toMatch(/per player/);
      }
      const pick = answer!.results[1]!;
      const card = agent.chooseInlineResult(id, pick.id, AGENT_CUSTOMER_CHAT);
      await h.settle();
      expect(card.via_bot?.username).toBe(h.telegram.botInfo.username);
      const url = bookButton(card);
      expect(url.length).toBeLessThanOrEqual(64);
      expect(card.reply_markup?.inline_keyboard.flat()[0]?.text).toBe("Book this tee time");
      const offer = await h.app.offers.get(pick.id);
      expect(offer?.agent_id).toBe(7201);
      expect(open.some((s) => s.id === offer?.slot_id)).toBe(true);
      expect(card.text).toContain(formatTime(offer!.starts_at, "Asia/Bangkok", "en"));

      // The customer taps the card's button: one tap from the players step.
      const customer = h.user(100_201, "en", "Nok", "stranger");
      customer.openLink(url);
      await h.settle();
      expect(panel(customer).text).toContain(formatTime(offer!.starts_at, "Asia/Bangkok", "en"));
      expect(panel(customer).data.some((d) => /:p:\d+$/.test(d))).toBe(true);
      await bookFromPlayers(h, customer);
      tapData(customer, /:ok$/);
      await h.settle();
      expect(customer.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);

      const [booking] = await h.app.bookings.listForUser(100_201);
      expect(booking?.state).toBe("PAID");
      expect(booking?.slot_id).toBe(offer!.slot_id);
      expect(booking?.agent_id).toBe(7201);
      expect(agent.lastMessage()?.text).toContain("Your offer was booked: Nok booked Bangkok Riverside Golf Club");
      agent.send("/offers");
      await h.settle();
      expect(agent.lastMessage()?.text).toMatch(/posted 1 · opened 1 · booked 1/);

      // A stranger typing the same gets a button to open fairway, no results, and no partner call.
      const stranger = h.user(100_202, "en", "Som", "stranger");
      const before = h.sandbox.requests.length;
      const strangers = await ask(h, stranger, "riverside tomorrow");
      expect(strangers.answer?.results).toEqual([]);
      expect(strangers.answer?.button?.start_parameter).toBe("inline");
      // The customer (now one) gets no offers either.
      const customers = await ask(h, customer, "riverside tomorrow");
      expect(customers.answer?.results).toEqual([]);
      expect(h.sandbox.requests.length).toBe(before);
      // The "open fairway" button greets them.
      stranger.send("/start inline");
      await h.settle();
      expect(stranger.lastMessage()?.text).toContain("fairway");
      expectTelegramRules(h);
    },
  );

  it("a burst of keystrokes costs at most one partner call per course and date, and only the last query is answered", async () => {
    h = await startHarness();
    const agent = h.user(7202, "en", "Anan");
    const before = teeTimeRequests(h);
    const ids = [
      "r",
      "ri",
      "riv",
      "rive",
      "river",
      "riversi",
      "riverside",
      "riverside t",
      "riverside tom",
      "riverside tomorrow",
    ].map((q) => agent.inlineQuery(q));
    await h.settle();
    expect(h.telegram.inlineAnswer(ids.at(-1)!)?.results.length).toBeGreaterThan(0);
    expect(ids.slice(0, -1).filter((id) => h.telegram.inlineAnswer(id) !== undefined)).toEqual([]);
    expect(teeTimeRequests(h) - before).toBe(1);
    // Asked again a moment later (paging, retyping): the same list, no new partner call.
    const again = await ask(h, agent, "riverside tomorrow");
    expect(again.answer?.results.map((r) => r.id)).toEqual(
      h.telegram.inlineAnswer(ids.at(-1)!)?.results.map((r) => r.id),
    );
    expect(teeTimeRequests(h) - before).toBe(1);
    // The next page continues the list.
    const first = again.answer!;
    expect(first.next_offset).toMatch(/^\d{4}-\d{2}-\d{2}:10$/);
    const next = await ask(h, agent, "riverside tomorrow", first.next_offset);
    expect(next.answer!.results.length).toBeGreaterThan(0);
    expect(next.answer!.results.some((r) => first.results.some((f) => f.id === r.id))).toBe(false);
    expect(teeTimeRequests(h) - before).toBe(1);

    // Typing at a person's pace (keystrokes 60 ms apart, each its own delivery): still only the last is served.
    const typed: string[] = [];
    for (const q of ["k", "ka", "kat", "kata", "kata tomorrow"]) {
      typed.push(agent.inlineQuery(q));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await h.settle();
    expect(typed.slice(0, -1).filter((id) => h.telegram.inlineAnswer(id) !== undefined)).toEqual([]);
    expect(h.telegram.inlineAnswer(typed.at(-1)!)?.results[0]?.message?.text).toContain("Kata Hills Country Club");
    expect(teeTimeRequests(h) - before).toBe(2);
  });

  it("an empty query offers the agent's recent courses; a new agent is asked to type a course name", async () => {
    h = await startHarness();
    const agent = h.user(7206, "en", "Anan");
    const fresh = await ask(h, agent, "");
    expect(fresh.answer?.results).toEqual([]);
    expect(fresh.answer?.button?.text).toBe("Type a course name, e.g. riverside tomorrow");
    await ask(h, agent, "lakeview tomorrow");
    const recent = await ask(h, agent, "");
    expect(recent.answer!.results.length).toBeGreaterThan(0);
    expect(recent.answer!.results.every((r) => r.message?.text.includes("Siam Lakeview Country Club"))).toBe(true);
    // A course name with "&": plain in the title, escaped in the card's HTML (the server rejects a bare "&").
    const lanna = await ask(h, agent, "lanna tomorrow");
    expect(lanna.answer!.results[0]?.title).toContain("Lanna Valley Golf & Country Club");
    expect(lanna.answer!.results[0]?.message?.text).toContain("Lanna Valley Golf & Country Club");
  });

  it("more than ten served queries in ten seconds: the next gets a slow-down button and no partner call", async () => {
    h = await startHarness();
    const agent = h.user(7207, "en", "Anan");
    // The window is fairway's clock: held still, however slowly this machine serves the ten.
    h.clock.stop();
    for (let i = 0; i < 10; i += 1) {
      const served = await ask(h, agent, i % 2 === 0 ? "riverside tomorrow" : "riverside today");
      expect(served.answer?.button?.text).not.toBe("Too many searches: wait a moment");
    }
    const before = h.sandbox.requests.length;
    const refused = await ask(h, agent, "kata tomorrow");
    expect(refused.answer?.results).toEqual([]);
    expect(refused.answer?.button?.text).toBe("Too many searches: wait a moment");
    expect(h.sandbox.requests.length).toBe(before);
    // Fairway's clock moves on: served again.
    h.clock.advance(10_000);
    const again = await ask(h, agent, "kata tomorrow");
    expect(again.answer!.results.length).toBeGreaterThan(0);
  });

  it("a forged or expired offer token opens nothing", async () => {
    h = await startHarness();
    const agent = h.user(7203, "en", "Anan");
    const stranger = h.user(100_203, "en", "Som", "stranger");
    stranger.send("/start oAAAAAAAAAAA");
    await h.settle();
    expect(stranger.lastMessage()?.text).toContain("This offer is not valid");
    expect((await h.app.access.whoIs(100_203)).role).toBe("stranger");

    const { id, answer } = await ask(h, agent, "riverside tomorrow");
    const pick = answer!.results[0]!;
    const card = agent.chooseInlineResult(id, pick.id, AGENT_CUSTOMER_CHAT);
    await h.settle();
    const offer = await h.app.offers.get(pick.id);
    h.clock.set(offer!.starts_at + 60_000);
    stranger.openLink(bookButton(card));
    await h.settle();
    expect(stranger.lastMessage()?.text).toContain("This offer has ended");
    expect((await h.app.access.whoIs(100_203)).role).toBe("stranger");
    expect(await h.app.bookings.listForUser(100_203)).toEqual([]);
  });

  it("when the offered tee time is gone, the card opens that day's tee times and names the nearest ones", async () => {
    h = await startHarness();
    const agent = h.user(7204, "en", "Anan");
    const { id, answer } = await ask(h, agent, "riverside tomorrow");
    const pick = answer!.results[2]!;
    const url = bookButton(agent.chooseInlineResult(id, pick.id, AGENT_CUSTOMER_CHAT));
    await h.settle();
    // Someone else from the same card holds it first.
    const first = h.user(100_204, "en", "Nok", "stranger");
    first.openLink(url);
    await h.settle();
    await bookFromPlayers(h, first);
    expect(panel(first).data.some((d) => d.endsWith(":ok"))).toBe(true);

    const second = h.user(100_205, "en", "Ploy", "stranger");
    second.openLink(url);
    await h.settle();
    const text = panel(second).text;
    expect(text).toContain("The offered tee time has just been taken. Nearest open times that day:");
    expect(panel(second).data.some((d) => /:s:\d+$/.test(d))).toBe(true);
    expect(panel(second).data.some((d) => /:p:\d+$/.test(d))).toBe(false);
    expectTelegramRules(h);
  });

  it("Thai query words: `ริเวอร์ไซด์ พรุ่งนี้` gives tomorrow's Riverside tee times, and the card speaks the agent's Thai", async () => {
    h = await startHarness();
    const agent = h.user(7205, "th", "อนันต์");
    const { answer } = await ask(h, agent, "ริเวอร์ไซด์ พรุ่งนี้");
    expect(answer!.results.length).toBeGreaterThan(0);
    const card = answer!.results[0]!.message!;
    expect(card.text).toContain("สนามกอล์ฟบางกอก ริเวอร์ไซด์");
    expect(card.text).toContain(formatDate(tomorrow(h.clock()), "th"));
    expect(card.reply_markup?.inline_keyboard.flat()[0]?.text).toBe("จองเวลาออกรอบนี้");
    const saturday = await ask(h, agent, "ริเวอร์ไซด์วันเสาร์");
    expect(saturday.answer!.results[0]?.message?.text).toContain(formatDate("2026-11-28", "th"));
  });

  it("a party of 12 (`riverside tomorrow 12 pax`): groups of three tee times with the split and the total; the card opens its first tee time, where 12 players are proposed the same group; in Thai too", async () => {
    h = await startHarness();
    const agent = h.user(7206, "en", "Anan");
    const { id, answer } = await ask(h, agent, "riverside tomorrow 12 pax");
    const results = answer!.results;
    expect(results.length).toBeGreaterThan(0);
    const date = tomorrow(h.clock());
    const slots = h.sandbox.slots(RIVERSIDE, date);
    for (const r of results) {
      expect(r.title).toMatch(/^👥 \d\d:\d\d–\d\d:\d\d · Bangkok Riverside Golf Club$/);
      expect(r.description).toMatch(/3 tee times \(4\+4\+4\) · ฿[\d,]+ in all$/);
      const text = r.message!.text;
      expect(text).toContain("12 players over 3 tee times (4+4+4)");
      // The total is what the three tee times cost, four players each.
      const times = /📅 .* · (\d\d:\d\d), (\d\d:\d\d), (\d\d:\d\d)/.exec(text)!.slice(1);
      const flights = times.map((t) =>
        slots.find((s) => s.status === "OPEN" && formatTime(s.startMs, "Asia/Bangkok", "en") === t)!,
      );
      const total = flights.reduce((sum, s) => sum + s.price * 4, 0);
      expect(text).toContain(`💰 ${formatBaht(total, "en")} in all`);
      expect(text).toContain("choose 12 players to book these tee times");
    }
    // Posted into a chat: the card's button is the offer of the group's first tee time.
    const card = agent.chooseInlineResult(id, results[0]!.id, AGENT_CUSTOMER_CHAT);
    await h.settle();
    expect(card.text).toContain("12 players over 3 tee times");
    expect(card.reply_markup?.inline_keyboard.flat()[0]?.text).toBe("Book these tee times");
    const offer = await h.app.offers.get(results[0]!.id);
    expect(offer?.agent_id).toBe(7206);
    const cardTimes = /📅 .* · (\d\d:\d\d), (\d\d:\d\d), (\d\d:\d\d)/.exec(card.text!)!.slice(1);
    expect(formatTime(offer!.starts_at, "Asia/Bangkok", "en")).toBe(cardTimes[0]);
    // The customer taps it and picks 12 players: the same three tee times are proposed.
    const customer = h.user(100_206, "en", "Nok", "stranger");
    customer.openLink(bookButton(card));
    await h.settle();
    tapData(customer, /:p:12$/);
    await h.settle();
    const proposal = panel(customer).text;
    expect(proposal).toContain("12 players over 3 tee times");
    for (const [i, t] of cardTimes.entries()) expect(proposal).toContain(`${i + 1}. 🕒 ${t} · 4 players`);

    const thai = h.user(7207, "th", "อนันต์");
    const th = await ask(h, thai, "ริเวอร์ไซด์ พรุ่งนี้ 12 คน");
    expect(th.answer!.results.length).toBeGreaterThan(0);
    expect(th.answer!.results[0]!.message!.text).toContain("ผู้เล่น 12 คน ใน 3 ทีไทม์ (4+4+4)");
    expectTelegramRules(h);
  });
});
