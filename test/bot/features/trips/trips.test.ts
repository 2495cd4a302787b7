/**
 * Trips at the bot (issue 51), on SQLite and PostgreSQL, against the sandbox over HTTP: an agent lists and
 * opens their trip in /trips and sends it to the lead customer; the customer opens the trip's link, reads
 * the quote in Korean (selling prices, the schedule and the ladder, never the net) and accepts it, gets the
 * deposit's PromptPay QR and sends a slip; the agent and an admin both tap Paid, and the rounds inside the
 * sales window are booked once while the one beyond it waits; the customer gets the itinerary, its calendar
 * and the vouchers; on the day the last round's day goes on sale the trips' job books it, tells the agent and
 * the customer and moves the calendar's event, and the balance overdue is told to the agent. Another
 * agent, a stranger and another customer cannot open the trip, and the trip's customer can do nothing else.
 */
import ICAL from "ical.js";
import { parse } from "promptparse";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage, SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { worldClock } from "../../../helpers/clock.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { createLink, expectTelegramRules, forgeTap, panel, stepsOf, tapData } from "../../../helpers/flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { THAI } from "../../../helpers/languages.js";
import { qrOf, slipPhoto } from "../../../helpers/slips.js";
import { newKoreanTrip, openSlotOn, shareAndAccept, startAtWorldStart, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7300;
const AGENT = 7301;
const OTHER_AGENT = 7302;
const LEAD = 100_301;
/** Two rounds inside the sales window (25 and 27 days after the world's start), one beyond it (51 days). */
const DAYS = ["2026-12-20", "2026-12-22", "2027-01-15"] as const;

/** A Korean party's trip: two rounds on open tee times inside the sales window, one beyond it, a hotel. */
const tripInput = (h: Harness) =>
  tripInputFor(h.sandbox, {
    agentId: AGENT,
    days: DAYS.slice(0, 2),
    // Priced above any green fee of the sandbox's for four, so its day's booking is within the price.
    beyond: [{ day: DAYS[2], sellingAmount: 2_000_000 }],
  });

/** The trip link the agent's "Send to customer" gave. */
function sharedToken(agent: SimulatedUser): string {
  const message = agent.messages().find((m) => m.text?.includes("?start="));
  const match = /https:\/\/t\.me\/fairway_test_bot\?start=([A-Za-z0-9_-]+)/.exec(message?.text ?? "");
  expect(match, message?.text).not.toBeNull();
  return match![1]!;
}

describe.each(databaseFactories)("trips at the bot on $name", ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("an agent sends the trip, the lead customer accepts it in Korean, the deposit books the rounds inside the window once", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: `${AGENT},${OTHER_AGENT}`,
      PROMPTPAY_ID: "0812345678",
    });
    const agent = h.user(AGENT, "en", "Anan");
    const input = tripInput(h);
    const created = await h.app.trips.create(input);
    const id = created.trip.id;

    agent.send("/trips");
    await h.settle();
    expect(panel(agent).text).toContain("Kim Minjun");
    expect(panel(agent).text).toContain("Draft");
    tapData(agent, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    const staff = panel(agent).text;
    expect(staff).toContain("Rounds");
    expect(staff).toContain("Lee Seo · handicap 11");
    expect(staff).toContain(`(net ฿${(input.rounds[0]!.netAmount! / 100).toLocaleString("en-US")}`);
    expect(staff).toContain("Hotel, 4 nights");
    tapData(agent, new RegExp(`^tp:share:${id}$`));
    await h.settle();
    const token = sharedToken(agent);
    expect((await h.app.trips.get(id))?.trip.state).toBe("QUOTED");

    // Another agent sees none of it, even with forged data.
    const other = h.user(OTHER_AGENT, "th", "Other");
    other.send("/trips");
    await h.settle();
    expect(panel(other).text).not.toContain("Kim Minjun");
    expect(panel(other).text).toContain("ยังไม่มีทริป");
    forgeTap(other, `tp:open:${id}`);
    await h.settle();
    expect(other.messages().some((m) => m.text?.includes("Kim Minjun"))).toBe(false);

    // The lead customer opens the link: the quote in Korean, selling prices only.
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    lead.send(`/start ${token}`);
    await h.settle();
    const quote = panel(lead);
    expect(quote.text).toContain("골프 여행");
    expect(quote.text).toContain("계약금");
    expect(quote.text).toContain("30일 전 이상: 여행 금액의 75% 환불");
    for (const r of input.rounds.filter((x) => x.netAmount !== null)) {
      const net = (r.netAmount! / 100).toLocaleString("en-US");
      expect(quote.text).not.toContain(`฿${net} `);
    }
    expect(quote.text).not.toMatch(/net|원가/i);
    expect(quote.data).toEqual([`tp:accept:${id}`]);

    // Nothing else is theirs: a booking is refused, with the trip-only answer.
    lead.send("/book");
    await h.settle();
    expect(lead.lastMessage()?.text).toContain("한 여행 전용");

    tapData(lead, new RegExp(`^tp:accept:${id}$`));
    await h.settle();
    expect(lead.messages().some((m) => m.text?.includes("여행이 확정되었습니다"))).toBe(true);
    const accepted = (await h.app.trips.get(id))!;
    expect(accepted.trip.state).toBe("ACCEPTED");
    expect(Number(accepted.trip.customer_user_id)).toBe(LEAD);
    expect(accepted.instalments.map((i) => i.kind)).toEqual(["deposit", "balance"]);
    expect(agent.messages().some((m) => m.text?.startsWith("✅ Kim Minjun accepted their trip."))).toBe(true);
    const deposit = accepted.instalments[0]!.amount;
    expect(deposit).toBe(Math.floor((accepted.total * 25 + 50) / 100));
    // The deposit's PromptPay QR, for exactly the deposit, read back by a decoder fairway did not write.
    const qrMessage = lead.messages().find((m) => m.file && m.caption?.includes("골프 여행 계약금"));
    expect(qrMessage, "the deposit's QR").toBeDefined();
    const qr = parse(qrOf(qrMessage!))!;
    expect(qr.getTagValue("54")).toBe((deposit / 100).toFixed(2));
    expect(qr.getTagValue("29", "01")).toBe("0066812345678");

    // A second customer cannot use the trip's link; a stranger cannot open the trip.
    const second = h.user(100_302, "en", "Second", "stranger");
    second.send(`/start ${token}`);
    await h.settle();
    expect(second.lastMessage()?.text).toContain("already been used");
    forgeTap(second, `tp:open:${id}`);
    await h.settle();
    expect(second.messages().some((m) => m.text?.includes("Kim Minjun"))).toBe(false);
    // An ordinary customer of the same agent cannot open it either.
    const ordinaryToken = await createLink(h, agent);
    const ordinary = h.user(100_303, "en", "Ordinary", "stranger");
    ordinary.send(`/start ${ordinaryToken}`);
    await h.settle();
    ordinary.send("/cancel");
    await h.settle();
    forgeTap(ordinary, `tp:open:${id}`);
    await h.settle();
    ordinary.send("/trips");
    await h.settle();
    expect(ordinary.messages().some((m) => m.text?.includes("Kim Minjun"))).toBe(false);
    expect(ordinary.lastMessage()?.text).toContain("cannot be opened");

    // The slip goes to the trip's agent and the admins; another agent cannot decide it.
    const admin = h.user(ADMIN, "en", "Admin");
    lead.sendPhoto(await slipPhoto("SLIPTRIP0001"));
    await h.settle();
    expect(lead.lastMessage()?.text).toContain("영수증");
    expect((await h.app.trips.get(id))!.instalments[0]!.state).toBe("submitted");
    const card = agent.lastMessage()!;
    expect(card.caption).toContain("Trip slip · Kim Minjun · deposit");
    expect(admin.lastMessage()?.caption).toContain("Trip slip");
    forgeTap(other, `tp:dok:${id}`);
    await h.settle();
    expect((await h.app.trips.get(id))!.instalments[0]!.state).toBe("submitted");
    expect(h.sandbox.reservations()).toHaveLength(0);
    // Not received: the customer is asked again, and their next slip reaches the deciders again.
    tapData(agent, new RegExp(`^tp:dno:${id}$`));
    await h.settle();
    expect((await h.app.trips.get(id))!.instalments[0]!.state).toBe("rejected");
    expect(lead.lastMessage()?.text).toContain("입금을 찾지 못했습니다");
    expect(h.sandbox.reservations()).toHaveLength(0);
    lead.sendPhoto(await slipPhoto("SLIPTRIP0002"));
    await h.settle();
    expect((await h.app.trips.get(id))!.instalments[0]!.state).toBe("submitted");
    // The agent and an admin tap Paid: one approval, each round inside the window booked once.
    tapData(agent, new RegExp(`^tp:dok:${id}$`));
    tapData(admin, new RegExp(`^tp:dok:${id}$`));
    await h.settle();
    expect(lead.messages().some((m) => m.text?.includes("계약금") && m.text.includes("받았습니다"))).toBe(true);
    const view = (await h.app.trips.get(id))!;
    expect(view.trip.state).toBe("DEPOSIT_PAID");
    expect(view.instalments[0]).toMatchObject({ state: "approved" });
    const decided = [agent, admin].flatMap((u) => u.messages()).filter((m) => m.text?.startsWith("✅ Approved"));
    expect(decided).toHaveLength(1);
    expect(decided[0]!.text).toContain("2 rounds booked, 1 waiting");
    const already = [agent, admin]
      .flatMap((u) => u.messages())
      .filter((m) => m.text === "This payment was already decided.");
    expect(already).toHaveLength(1);
    // Then the balance's QR, for exactly the balance.
    const balanceQr = lead.messages().find((m) => m.file && m.caption?.includes("잔금"));
    expect(parse(qrOf(balanceQr!))!.getTagValue("54")).toBe(((view.total - deposit) / 100).toFixed(2));
    expect(view.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "WAITING_FOR_SALE"]);
    expect(h.sandbox.reservations().filter((r) => r.status === "PAID")).toHaveLength(2);
    expect(h.sandbox.reservations()).toHaveLength(2);

    // The lead customer's papers: the itinerary's picture, its calendar (read by ical.js) and the two vouchers.
    const photos = () => lead.messages().filter((m) => m.file && m.caption);
    // Drawn by the outbox's worker: on a loaded machine a drawing takes seconds.
    await expect
      .poll(() => photos().filter((m) => m.caption!.includes("전자 바우처")).length, { timeout: 30_000 })
      .toBe(2);
    expect(photos().some((m) => m.caption!.includes("여행 일정"))).toBe(true);
    const calendars = () => lead.messages().filter((m) => m.document?.file_name?.endsWith(".ics"));
    const events = (m: ChatMessage) =>
      new ICAL.Component(ICAL.parse(h.telegram.file(m.document!.file_id)!.data!.toString("utf8")) as unknown[])
        .getAllSubcomponents("vevent")
        .map((c) => new ICAL.Event(c));
    expect(calendars()).toHaveLength(1);
    const planned = events(calendars()[0]!);
    expect(planned.map((e) => e.component.getFirstPropertyValue("status"))).toEqual([
      "CONFIRMED",
      "CONFIRMED",
      "TENTATIVE",
    ]);
    expect(planned[2]!.startDate.toJSDate().getTime()).toBe(Date.parse(`${DAYS[2]}T07:30:00+07:00`));

    // 09:00 on the day the third round's day goes on sale (35 days before it): the trips' job books it near
    // 07:30 within its price, tells the agent and the customer, and sends the calendar again, the round's
    // event moved to its tee time. The balance, due 14 days before the first round, is overdue: the agent hears.
    h.clock.set(Date.parse("2026-12-11T09:00:00+07:00"));
    await h.app.tripJobs.tick();
    await h.settle();
    const opened = (await h.app.trips.get(id))!;
    expect(opened.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "BOOKED"]);
    expect(h.sandbox.reservations().filter((r) => r.status === "PAID")).toHaveLength(3);
    const third = opened.rounds[2]!;
    expect(Math.abs(third.starts_at! - Date.parse(`${DAYS[2]}T07:30:00+07:00`))).toBeLessThanOrEqual(3_600_000);
    expect(agent.messages().filter((m) => m.text?.includes("went on sale and is booked"))).toHaveLength(1);
    expect(agent.messages().filter((m) => m.text?.startsWith("⏰ Trip of Kim Minjun"))).toHaveLength(1);
    expect(lead.messages().some((m) => m.text?.includes("라운드가 예약되었습니다"))).toBe(true);
    await expect
      .poll(() => photos().filter((m) => m.caption!.includes("전자 바우처")).length, { timeout: 30_000 })
      .toBe(3);
    expect(calendars()).toHaveLength(2);
    const moved = events(calendars()[1]!)[2]!;
    expect(moved.uid).toBe(planned[2]!.uid);
    expect(moved.sequence).toBeGreaterThan(planned[2]!.sequence ?? 0);
    expect(moved.startDate.toJSDate().getTime()).toBe(third.starts_at);
    // The next pass finds nothing to do and tells nobody again.
    await h.app.tripJobs.tick();
    await h.settle();
    expect(agent.messages().filter((m) => m.text?.includes("went on sale"))).toHaveLength(1);
    expect(h.sandbox.reservations()).toHaveLength(3);
    // /report: the deposit received in the period, the balance overdue today.
    admin.send("/report 2026-11-25 2026-12-11");
    await h.settle();
    const baht = (satang: number) => formatBaht(satang, "en");
    expect(
      admin
        .messages()
        .map((m) => m.text ?? "")
        .join("\n"),
    ).toContain(
      `🗺 Trips: deposits received ${baht(deposit)}, balances received ฿0; still due ฿0, overdue ${baht(view.total - deposit)} (1 instalment)`,
    );
    expectTelegramRules(h);
  });

  it("an agent builds a trip in a conversation: validated answers, a tee time from the partner's availability, a round beyond the window", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},${OTHER_AGENT}` });
    const agent = h.user(AGENT, "en", "Anan");
    const slot = openSlotOn(h.sandbox, DAYS[0], 0);
    const courseIndex = h.sandbox.courses().findIndex((c) => c.id === slot.course.id);
    expect(courseIndex).toBeLessThan(8);
    const { say, tap } = stepsOf(h, agent);
    await say("/trips");
    expect(panel(agent).text).toContain("You have no trips yet.");
    await tap(/^tn:new$/);
    await say("Kim Minjun");
    await tap(/^tn:lang:2$/);
    await say("not-an-email");
    expect(agent.lastMessage()?.text).toContain("That is not an e-mail address");
    await say("minjun@example.com");
    await say("+82 10-1234-5678");
    await say("Kim Minjun, 10\nLee Seo, 99");
    expect(agent.lastMessage()?.text).toContain("Line 2 does not read");
    await say("Kim Minjun, 10\nLee Seo, 11\nPark Jiho\nChoi Yuna, 13");
    await tap(new RegExp(`^tn:c:${courseIndex}$`));
    await say("2026-11-01");
    expect(agent.lastMessage()?.text).toContain("A day after today");
    await say(DAYS[0]);
    expect(panel(agent).text).toContain("Choose the tee time (for 4 players");
    await tap(/^tn:s:0$/);
    await tap(/^tn:m:0$/);
    await tap(new RegExp(`^tn:c:${courseIndex}$`));
    await say(DAYS[2]);
    expect(agent.lastMessage()?.text).toContain("beyond the partner's sales window");
    await say("7:30");
    expect(agent.lastMessage()?.text).toContain("HH:MM");
    await say("07:30");
    await say("2,500");
    // The agent's limit: the selling price (the default button).
    await tap(/^tn:lim:0$/);
    await tap(/^tn:m:1$/);
    await say("hotel; Hotel, 4 nights; 32000");
    // The deposit as an amount: more than the trip is asked again; then the balance's lead, in days.
    await say("฿999,999");
    expect(agent.lastMessage()?.text).toContain("at most");
    await say("฿20,000");
    await say("400");
    expect(agent.lastMessage()?.text).toContain("180");
    await say("21");

    const [record] = await h.app.trips.listForAgent(AGENT);
    expect(record).toBeDefined();
    const view = (await h.app.trips.get(record!.id))!;
    expect(view.trip).toMatchObject({
      lead_name: "Kim Minjun",
      locale: "ko",
      lead_mobile: "+821012345678",
      state: "DRAFT",
    });
    expect(view.players.map((p) => [p.name, p.handicap])).toEqual([
      ["Kim Minjun", 10],
      ["Lee Seo", 11],
      ["Park Jiho", null],
      ["Choi Yuna", 13],
    ]);
    expect(view.rounds).toMatchObject([
      {
        day: DAYS[0],
        course_id: slot.course.id,
        players: 4,
        slot_id: expect.any(String),
        net_amount: expect.any(Number),
      },
      {
        day: DAYS[2],
        tee_time: "07:30",
        slot_id: null,
        net_amount: null,
        selling_amount: 1_000_000,
        max_net_amount: 1_000_000,
      },
    ]);
    expect(view.rounds[0]!.selling_amount).toBeGreaterThanOrEqual(view.rounds[0]!.net_amount!);
    expect(view.lines).toMatchObject([{ kind: "hotel", description: "Hotel, 4 nights", selling_amount: 3_200_000 }]);
    expect(view.deposit).toEqual({ kind: "amount", satang: 2_000_000 });
    expect(view.trip.balance_days_before).toBe(21);
    expect(panel(agent).text).toContain("Trip for Kim Minjun");
    expect(panel(agent).data).toContain(`tp:share:${record!.id}`);
    expectTelegramRules(h);
  });

  it("the conversation's today and sales window are fairway's clock's, not the wall clock's", async () => {
    // Years after any wall clock this suite runs on: a day before fairway's today is refused as past, and
    // today + 36 (beyond the window by fairway's clock) is asked as a time and a price.
    const today = Date.parse("2031-03-10T10:00:00+07:00");
    h = await startHarness({
      db: make(),
      clock: worldClock(today, { stopped: true }),
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) },
    });
    const agent = h.user(AGENT, "en", "Anan");
    const steps = stepsOf(h, agent);
    const { say } = steps;
    await newKoreanTrip(steps);
    await say("Kim Minjun, 10");
    tapData(agent, /^tn:c:0$/);
    await h.settle();
    await say("2031-03-09");
    expect(agent.lastMessage()?.text).toContain("A day after today");
    await say("2031-04-15");
    expect(agent.lastMessage()?.text).toContain("beyond the partner's sales window");
    expectTelegramRules(h);
  });

  it("a lead customer whose Telegram speaks Thai reads the slip's acknowledgment in the trip's language (Korean)", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
    });
    const agent = h.user(AGENT, "en", "Anan");
    h.user(ADMIN, "en", "Admin"); // a decider the slip's card goes to
    const lead = h.user(LEAD, "th", "Minjun", "stranger");
    const created = await h.app.trips.create(tripInput(h));
    await shareAndAccept(h, agent, lead, created.trip.id);
    lead.sendPhoto(await slipPhoto("SLIPTRIPTH01"));
    await h.settle();
    const ack = lead.lastMessage()?.text ?? "";
    expect(ack).toContain("담당 에이전트에게 전달되었으며");
    expect(ack).not.toMatch(THAI);
    expectTelegramRules(h);
  });

  it("the balance confirmed, the lead customer gets the itinerary as it stands and its calendar again", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
    });
    const agent = h.user(AGENT, "en", "Anan");
    h.user(ADMIN, "en", "Admin");
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    const id = (await h.app.trips.create(tripInput(h))).trip.id;
    await shareAndAccept(h, agent, lead, id);
    // The deposit approved by the service (no papers sent that way): what follows is the balance's alone.
    expect((await h.app.trips.approve(id, "deposit", AGENT)).kind).toBe("approved");
    const itineraries = () => lead.messages().filter((m) => m.caption?.includes("여행 일정"));
    const calendars = () => lead.messages().filter((m) => m.document?.file_name?.endsWith(".ics"));
    expect([itineraries().length, calendars().length]).toEqual([0, 0]);
    lead.sendPhoto(await slipPhoto("SLIPTRIPBAL1"));
    await h.settle();
    tapData(agent, new RegExp(`^tp:bok:${id}$`));
    await h.settle();
    expect(lead.messages().some((m) => m.text?.includes("모두 결제되었습니다"))).toBe(true);
    await expect.poll(() => itineraries().length, { timeout: 30_000 }).toBe(1);
    expect(calendars()).toHaveLength(1);
    expectTelegramRules(h);
  });

  it("a party of eight plays each round as two flights: consecutive tee times inside the window, quoted ten minutes apart beyond it", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const agent = h.user(AGENT, "en", "Anan");
    const slot = openSlotOn(h.sandbox, DAYS[0], 0);
    const courseIndex = h.sandbox.courses().findIndex((c) => c.id === slot.course.id);
    const { say, tap } = stepsOf(h, agent);
    await newKoreanTrip({ say, tap });
    await say(Array.from({ length: 8 }, (_, i) => `Player ${i + 1}, ${10 + i}`).join("\n"));
    await tap(new RegExp(`^tn:c:${courseIndex}$`));
    await say(DAYS[0]);
    // Each choice is two tee times within 20 minutes of each other, four players each.
    const offered = panel(agent);
    expect(offered.text).toContain("Choose the tee time (for 8 players");
    expect(offered.labels[0]).toMatch(/^\d\d:\d\d \(4\) \+ \d\d:\d\d \(4\) · ฿/);
    await tap(/^tn:s:0$/);
    await tap(/^tn:m:0$/);
    await tap(new RegExp(`^tn:c:${courseIndex}$`));
    await say(DAYS[2]);
    await say("07:30");
    await say("2,500");
    // The agent's limit: the selling price (the default button).
    await tap(/^tn:lim:0$/);
    await tap(/^tn:m:1$/);
    await say("none");
    await say("25");
    // The balance's lead: the default (30 days before the first round).
    await tap(/^tn:bd:0$/);

    const [record] = await h.app.trips.listForAgent(AGENT);
    const view = (await h.app.trips.get(record!.id))!;
    expect(view.players).toHaveLength(8);
    expect(view.rounds.map((r) => [r.day, r.players, r.slot_id === null])).toEqual([
      [DAYS[0], 4, false],
      [DAYS[0], 4, false],
      [DAYS[2], 4, true],
      [DAYS[2], 4, true],
    ]);
    const [a, b] = view.rounds;
    expect(a!.slot_id).not.toBe(b!.slot_id);
    expect(b!.starts_at! - a!.starts_at!).toBeGreaterThan(0);
    expect(b!.starts_at! - a!.starts_at!).toBeLessThanOrEqual(20 * 60_000);
    expect(view.rounds.slice(2).map((r) => [r.tee_time, r.selling_amount])).toEqual([
      ["07:30", 1_000_000],
      ["07:40", 1_000_000],
    ]);
    expectTelegramRules(h);
  });

  it("an admin cancels a trip 20 days before its first round at the ladder's 50 %, the amount shown; an agent cannot", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const admin = h.user(ADMIN, "en", "Admin");
    const agent = h.user(AGENT, "en", "Anan");
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    const created = await h.app.trips.create(tripInput(h));
    const id = created.trip.id;
    // Sent, opened through its link and accepted, as the first test does; the deposit approved.
    await shareAndAccept(h, agent, lead, id);
    expect((await h.app.trips.approve(id, "deposit", AGENT)).kind).toBe("approved");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID", "PAID"]);
    const deposit = (await h.app.trips.get(id))!.instalments[0]!.amount;

    // 2026-11-30 in Bangkok: 20 days before the first round (2026-12-20).
    h.clock.set(Date.parse("2026-11-30T10:00:00+07:00"));
    // The agent has no Cancel button, and a forged confirmation cancels nothing.
    agent.send("/trips");
    await h.settle();
    tapData(agent, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    expect(panel(agent).data).not.toContain(`tp:cq:${id}`);
    forgeTap(agent, `tp:cx:${id}:${deposit}`);
    await h.settle();
    expect((await h.app.trips.get(id))!.trip.state).toBe("DEPOSIT_PAID");

    admin.send("/trips");
    await h.settle();
    tapData(admin, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    tapData(admin, new RegExp(`^tp:cq:${id}$`));
    await h.settle();
    const quote = await h.app.trips.cancelQuote(id);
    // Half the trip is more than the deposit paid: the deposit is what returns.
    expect(quote).toMatchObject({ daysBefore: 20, percent: 50, refund: deposit });
    expect(panel(admin).text).toContain("20 days before the first round");
    expect(panel(admin).text).toContain("50 %");
    // A confirmation carrying another amount than today's is not recorded: today's quote is shown again.
    forgeTap(admin, `tp:cx:${id}:${deposit + 100}`);
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("has changed since it was shown");
    expect((await h.app.trips.get(id))!.trip.state).toBe("DEPOSIT_PAID");
    tapData(admin, new RegExp(`^tp:cx:${id}:${deposit}$`));
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("cancelled");
    // The partner's refunds and the customer's refund side by side: what the partner credited back (its answers,
    // recorded on the rounds' bookings) beside what the customer is owed.
    const roundBookings = await h.app.storage.db
      .selectFrom("bookings")
      .select("refunded_amount")
      .where("state", "=", "REFUNDED")
      .execute();
    expect(roundBookings).toHaveLength(2);
    const credited = roundBookings.reduce((sum, b) => sum + Number(b.refunded_amount), 0);
    expect(credited).toBeGreaterThan(0);
    expect(admin.lastMessage()?.text).toContain(
      `Side by side: the partner credited ${formatBaht(credited, "en")} back to the agency's credit for the rounds; ` +
        `the customer is owed ${formatBaht(deposit, "en")}.`,
    );
    const after = (await h.app.trips.get(id))!;
    expect(after.trip.state).toBe("CANCELLED");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["REFUND", "REFUND"]);
    const owed = await h.app.storage.db.selectFrom("money_owed").selectAll().execute();
    expect(owed.map((o) => [o.id, Number(o.amount), o.state])).toEqual([[`t-${id}`, deposit, "to-return"]]);
    expect(lead.messages().some((m) => m.text?.includes("취소되었습니다"))).toBe(true);
    // /payments lists it to return, under the lead customer's name.
    admin.send("/payments");
    await h.settle();
    expect(admin.lastMessage()?.text).toMatch(/ · Kim Minjun · ฿[\d,]+ · trip cancelled/);
    // Its button is gone; the same confirmation replayed changes nothing.
    forgeTap(admin, `tp:cx:${id}:${deposit}`);
    await h.settle();
    expect(await h.app.storage.db.selectFrom("money_owed").selectAll().execute()).toHaveLength(1);
    expectTelegramRules(h);
  });
});
