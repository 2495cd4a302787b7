/**
 * A trip in the playground (issue 51's Done-when), driven only through the page's HTTP API as the browser
 * drives it, on what `npm start` runs with no configuration (embedded partner sandbox, local Bot API server,
 * SQLite): the Agent sets their PromptPay ID and builds, in the /trips conversation, a trip of four rounds at
 * three courses for eight players — two rounds inside the partner's 35-day sales window (tee times from the
 * buttons, two flights each), two beyond it (a time and a price) — and sends it; the Customer opens the link,
 * reads the quote in Korean, accepts, and pays the deposit with the side panel's good slip; the slip-check
 * stand-in confirms it. The rounds inside the window are booked once each (the sandbox's reservations and confirm calls), and
 * the itinerary (PNG), its calendar (.ics) and the vouchers reach the Customer. The clock then moves day by
 * day and the leader's trips job, running by itself on that clock, tells the balance's reminder (3 days
 * before its day, from 09:00 in Bangkok) and books the later rounds as their days open (once; the Customer
 * told in Korean). The balance is paid the same way (the itinerary and calendar sent as they stand), and 20
 * days before the first round the Admin cancels from /trips: the quote says the ladder's 50 %, the Customer is
 * told that amount in Korean, /payments lists it to return, and every reservation is refunded once at the
 * partner. A second trip, whose lead is the Stranger and whose balance was never paid, cancelled 20 days
 * before returns only its deposit (50 % capped at what was paid). Last, the invariant checker compares the
 * playground's SQLite ledger with the embedded sandbox's records.
 *
 * The trip's slips are decided by the slip-check stand-in the playground runs (`slipDecided`: no tap).
 */
import ICAL from "ical.js";
import { parse } from "promptparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLAYGROUND_ADMIN_ID as ADMIN,
  PLAYGROUND_AGENT_ID as AGENT,
  PLAYGROUND_CUSTOMER_ID as CUSTOMER,
  PLAYGROUND_STRANGER_ID as STRANGER,
} from "../../../src/local/playground/index.js";
import { bangkok } from "../../helpers/clock.js";
import { checkInvariants } from "../../helpers/invariants.js";
import { qrInPng } from "../../helpers/slips.js";
import {
  type Json,
  type PanelReservation,
  type PlaygroundApp,
  lastWithButton,
  sandboxState,
  say,
  startPlaygroundApp,
  tapData,
} from "./helpers.js";

/** Rounds inside the sales window on the world's first day (2026-11-25: the last day on sale is 2026-12-30). */
const INSIDE = ["2026-12-29", "2026-12-30"] as const;
/** Rounds beyond it: on sale from 2026-11-27 and 2026-11-28 (35 days before each). */
const LATER = ["2027-01-01", "2027-01-02"] as const;
/** On a machine the rest of the suite loads, a voucher's drawing takes seconds: waits are generous. */
const WAIT = { timeout: 60_000, interval: 200 };

/** A reservation as the side panel shows it, with the fields these tests read. */
type Reservation = PanelReservation & { courseId: string; persons: number; history: { status: string }[] };

let p: PlaygroundApp;

beforeAll(async () => {
  // `npm start`'s configuration, but for the per-user rate limit: this test types faster than anyone does. The
  // trips' leader job looks every 250 ms instead of every 10 min, so moving the clock is all it takes for a
  // day's work to happen by itself.
  p = await startPlaygroundApp({ USER_RATE_BURST: "200" }, { tripJobsIntervalMs: 250 });
}, 60_000);

afterAll(async () => {
  await p?.stop();
});

/** The bot's messages in a chat, as the page has them. */
async function botMessages(userId: number): Promise<Json[]> {
  const { json } = await p.get(`/playground/chat?userId=${userId}`);
  return (json.messages as Json[]).filter((m) => m.from?.is_bot);
}

/** The texts and captions the bot sent `userId`, newest last. */
async function said(userId: number): Promise<string[]> {
  return (await botMessages(userId)).map((m) => (m.text ?? m.caption ?? "") as string);
}

/** How many of the bot's messages to `userId` contain `text`. */
async function count(userId: number, text: string): Promise<number> {
  return (await said(userId)).filter((t) => t.includes(text)).length;
}

/** A file the bot sent, downloaded from the playground as the page does. */
async function download(file: Json): Promise<Buffer> {
  const res = await fetch(new URL(file.href as string, p.url));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The amount (satang) of the PromptPay QR in the newest photo to `userId` whose caption has `caption`. */
async function qrAmount(caption: string, userId = CUSTOMER): Promise<number> {
  const photo = (await botMessages(userId)).findLast((m) => m.photo && (m.caption as string)?.includes(caption));
  expect(photo, caption).toBeDefined();
  const payload = qrInPng(await download(photo.file));
  expect(payload, "a QR in the photo").toBeDefined();
  return Math.round(Number(parse(payload!)!.getTagValue("54")) * 100);
}

async function reservations(): Promise<Reservation[]> {
  return (await sandboxState(p)).reservations as Reservation[];
}

/** The partner's confirm calls so far (`POST …/confirm`), as the sandbox counts them. */
async function confirms(): Promise<number> {
  const { json } = await p.get("/playground/state");
  const byRoute = json.state.requests.byRoute as Record<string, number>;
  return Object.entries(byRoute)
    .filter(([route]) => /^POST \S*\/confirm$/.test(route))
    .reduce((n, [, k]) => n + k, 0);
}

/** Each reservation went PAID once (never confirmed twice). */
function paidOnce(list: readonly Reservation[]): void {
  for (const r of list)
    expect(
      r.history.filter((h) => h.status === "PAID"),
      r.code,
    ).toHaveLength(1);
}

/**
 * The person deciding a trip's slip: the Agent taps Paid — confirm on the slip's card. When the slip-check
 * service decides trip slips, this is where the test waits for its decision instead.
 */
let decided = 0;
async function slipDecided(kind: "deposit" | "balance"): Promise<void> {
  // The playground's slip-check stand-in knows the good slip's transfer: the instalment is approved with no tap,
  // and the Agent's card says so (it carries no Paid button to tap).
  decided += 1;
  await expect.poll(() => count(AGENT, "Confirmed by the slip check"), WAIT).toBe(decided);
  const what = kind === "deposit" ? "rounds booked" : "the trip is paid in full";
  expect((await said(AGENT)).filter((t) => t.includes("Confirmed by the slip check")).at(-1)).toContain(what);
}

/** `userId` pays the newest PromptPay QR in their chat with the side panel's good slip. */
async function payBySlip(userId = CUSTOMER): Promise<void> {
  const before = await count(AGENT, "Trip slip");
  const res = await p.post("/playground/slip", { userId, kind: "good" });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await p.settle();
  await expect.poll(() => count(AGENT, "Trip slip"), WAIT).toBe(before + 1);
}

/** Moves the world to `instant` and waits until `done` (the leader's job runs by itself on the moved clock). */
async function dayComes(instant: number, done: () => Promise<boolean>): Promise<void> {
  p.clock.set(instant);
  await expect.poll(done, WAIT).toBe(true);
  await p.settle();
}

describe(
  "playground: a trip of four rounds for eight, from the agent's conversation to its cancellation",
  { timeout: 240_000 },
  () => {
    let tripId = "";
    let deposit = 0;
    let balance = 0;
    let partnerBalance = 0;
    /** The second trip: one round beyond the window, its lead the Stranger; cancelled with only its deposit paid. */
    let second = { id: "", deposit: 0 };
    /** The first trip's eight reservations (ids), once all booked. */
    let firstTrip: string[] = [];

    it("the Agent builds the trip in /trips: two rounds from the tee sheet, two beyond the window, and sends it", async () => {
      partnerBalance = (await sandboxState(p)).balance;
      // With no PROMPTPAY_ID, the agent's own PromptPay ID is what the customer's QR pays.
      await say(p, AGENT, "/promptpay 0812345678");
      await say(p, AGENT, "/trips");
      await tapData(p, AGENT, /^tn:new$/);
      await say(p, AGENT, "Kim Minjun");
      await tapData(p, AGENT, /^tn:lang:2$/); // 한국어
      await say(p, AGENT, "minjun@example.com");
      await say(p, AGENT, "+82 10-1234-5678");
      await say(p, AGENT, Array.from({ length: 8 }, (_, i) => `Player ${i + 1}, ${8 + i}`).join("\n"));
      // Inside the window: the day, then a pair of tee times within 20 minutes for the eight (two flights).
      for (const [course, day] of [
        [0, INSIDE[0]],
        [1, INSIDE[1]],
      ] as const) {
        await tapData(p, AGENT, new RegExp(`^tn:c:${course}$`));
        await say(p, AGENT, day);
        const offer = await lastWithButton(p, AGENT, /^tn:s:0$/);
        expect(offer.message.text).toContain("Choose the tee time (for 8 players");
        await tapData(p, AGENT, /^tn:s:0$/);
        await tapData(p, AGENT, /^tn:m:0$/); // Add a round
      }
      // Beyond it: a time and a selling price per player (above any of the sandbox's green fees).
      for (const [course, day, time] of [
        [2, LATER[0], "07:30"],
        [0, LATER[1], "08:00"],
      ] as const) {
        await tapData(p, AGENT, new RegExp(`^tn:c:${course}$`));
        await say(p, AGENT, day);
        expect((await said(AGENT)).at(-1)).toContain("beyond the partner's sales window");
        await say(p, AGENT, time);
        await say(p, AGENT, "6,000");
        // The agent's limit for the partner's price: the selling price (the default button).
        await tapData(p, AGENT, /^tn:lim:0$/);
        await tapData(p, AGENT, day === LATER[0] ? /^tn:m:0$/ : /^tn:m:1$/);
      }
      await say(p, AGENT, "hotel; Hotel, 4 nights; 64000");
      await say(p, AGENT, "30");
      await tapData(p, AGENT, /^tn:bd:0$/); // the balance 30 days before the first round

      const draft = await lastWithButton(p, AGENT, /^tp:share:/);
      expect(draft.message.text).toContain("Trip for Kim Minjun");
      expect(draft.message.text).toContain("Player 8 · handicap 15");
      tripId = draft.data.slice("tp:share:".length);
      await tapData(p, AGENT, /^tp:share:/);
    });

    it("the Customer opens the link, reads the quote in Korean, accepts and pays the deposit: the rounds inside the window booked once", async () => {
      const link = (await said(AGENT)).find((t) => t.includes("?start="));
      const token = /\?start=([A-Za-z0-9_-]+)/.exec(link ?? "")?.[1];
      expect(token, link).toBeDefined();
      await say(p, CUSTOMER, `/start ${token}`);
      const quote = await lastWithButton(p, CUSTOMER, /^tp:accept:/);
      expect(quote.message.text).toContain("골프 여행");
      expect(quote.message.text).toContain("계약금");
      expect(quote.message.text).toContain("골퍼 8명");
      expect(quote.message.text).toContain("15일 전 이상: 여행 금액의 50% 환불");
      expect(quote.message.text).not.toMatch(/net|원가/i);
      await tapData(p, CUSTOMER, /^tp:accept:/);
      expect(await count(CUSTOMER, "여행이 확정되었습니다")).toBe(1);
      deposit = await qrAmount("골프 여행 계약금");
      expect(deposit).toBeGreaterThan(0);
      expect(await reservations()).toHaveLength(0);

      await payBySlip();
      await slipDecided("deposit");
      // The bank verified the transfer (the customer, in Korean); the agent's card needs no tap.
      expect(await count(CUSTOMER, "은행에서 확인되었습니다")).toBe(1);
      expect(
        await count(AGENT, "no tap needed: 4 rounds booked, 4 waiting for their dates to open, 0 not booked."),
      ).toBe(1);
      expect(await count(CUSTOMER, "계약금")).toBeGreaterThan(0);
      expect((await said(CUSTOMER)).some((t) => t.includes("계약금") && t.includes("받았습니다"))).toBe(true);
      // Two days, two flights each: four reservations of four players, each confirmed once.
      const booked = await reservations();
      expect(booked.map((r) => [r.status, r.persons])).toEqual(Array.from({ length: 4 }, () => ["PAID", 4]));
      expect(new Set(booked.map((r) => r.slotTime)).size).toBe(4);
      expect(new Set(booked.map((r) => r.courseId)).size).toBe(2);
      paidOnce(booked);
      expect(await confirms()).toBe(4);
      balance = await qrAmount("잔금");
      expect(balance).toBeGreaterThan(deposit);
    });

    it("the Customer gets the itinerary's picture, its calendar and a voucher per booked flight", async () => {
      await expect.poll(() => count(CUSTOMER, "전자 바우처"), WAIT).toBe(4);
      const messages = await botMessages(CUSTOMER);
      const itinerary = messages.find((m) => (m.caption as string | undefined)?.includes("여행 일정"));
      expect(itinerary, "the itinerary's picture").toBeDefined();
      expect((await download(itinerary.file)).subarray(1, 4).toString("latin1")).toBe("PNG");
      const calendar = messages.find((m) => (m.document?.file_name as string | undefined)?.endsWith(".ics"));
      expect(calendar, "the .ics").toBeDefined();
      const events = new ICAL.Component(ICAL.parse((await download(calendar.file)).toString("utf8")) as unknown[])
        .getAllSubcomponents("vevent")
        .map((c) => c.getFirstPropertyValue("status"));
      expect(events).toEqual([...Array(4).fill("CONFIRMED"), ...Array(4).fill("TENTATIVE")]);
    });

    it("a second trip, one round beyond the window for four, is accepted by the Stranger and its deposit paid", async () => {
      await say(p, AGENT, "/trips");
      await tapData(p, AGENT, /^tn:new$/);
      await say(p, AGENT, "Sato Yuki");
      await tapData(p, AGENT, /^tn:lang:2$/);
      await say(p, AGENT, "yuki@example.com");
      await say(p, AGENT, "+81 90-1234-5678");
      await say(p, AGENT, "Sato Yuki, 12\nIto Ren, 20\nKato Mei\nAbe Sora, 30");
      await tapData(p, AGENT, /^tn:c:1$/);
      await say(p, AGENT, "2027-01-05"); // on sale from 2026-12-01; its balance due on 2026-12-06
      await say(p, AGENT, "07:00");
      await say(p, AGENT, "6,000");
      await tapData(p, AGENT, /^tn:lim:0$/);
      await tapData(p, AGENT, /^tn:m:1$/);
      await say(p, AGENT, "none");
      await say(p, AGENT, "30");
      await tapData(p, AGENT, /^tn:bd:0$/); // the balance 30 days before the first round
      second.id = (await lastWithButton(p, AGENT, /^tp:share:/)).data.slice("tp:share:".length);
      await tapData(p, AGENT, /^tp:share:/);
      const link = (await said(AGENT)).findLast((t) => t.includes("?start="));
      await say(p, STRANGER, `/start ${/\?start=([A-Za-z0-9_-]+)/.exec(link ?? "")?.[1]}`);
      await tapData(p, STRANGER, new RegExp(`^tp:accept:${second.id}$`));
      second = { ...second, deposit: await qrAmount("골프 여행 계약금", STRANGER) };
      expect(second.deposit).toBe(Math.floor((2_400_000 * 30 + 50) / 100));
      await payBySlip(STRANGER);
      await slipDecided("deposit");
      expect(
        await count(AGENT, "no tap needed: 0 rounds booked, 1 waiting for their dates to open, 0 not booked."),
      ).toBe(1);
      expect(await reservations()).toHaveLength(4);
    });

    it("day by day: the balance's reminder from 09:00 three days before its day; the later rounds booked as their days open", async () => {
      // The balance is due 30 days before the first round (2026-11-29): told on 2026-11-26 from 09:00, not before.
      p.clock.set(bangkok("2026-11-26T08:30"));
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // several of the job's passes
      await p.settle();
      expect(await count(CUSTOMER, "🔔")).toBe(0);
      await dayComes(bangkok("2026-11-26T09:00"), async () => (await count(CUSTOMER, "🔔")) === 1);
      const reminder = (await said(CUSTOMER)).find((t) => t.startsWith("🔔"))!;
      expect(reminder).toContain("여행 잔금");
      expect(reminder).toContain(`฿${(balance / 100).toLocaleString("en-US")}`);
      // Nothing of the later rounds yet: their days are not on sale.
      expect(await reservations()).toHaveLength(4);

      // 2027-01-01 goes on sale on 2026-11-27: its two flights are booked, near 07:30, and the Customer told.
      await dayComes(bangkok("2026-11-27T09:00"), async () => (await count(CUSTOMER, "라운드가 예약되었습니다")) === 2);
      expect(await reservations()).toHaveLength(6);
      // 2027-01-02 on 2026-11-28.
      await dayComes(bangkok("2026-11-28T09:00"), async () => (await count(CUSTOMER, "라운드가 예약되었습니다")) === 4);
      await expect.poll(() => count(CUSTOMER, "전자 바우처"), WAIT).toBe(8);
      const all = await reservations();
      expect(all.map((r) => r.status)).toEqual(Array(8).fill("PAID"));
      // Each later flight at a tee time within the hour of its quoted time (07:30, 07:40; 08:00, 08:10).
      const quoted = [`${LATER[0]}T07:30`, `${LATER[0]}T07:40`, `${LATER[1]}T08:00`, `${LATER[1]}T08:10`].map(bangkok);
      const later = all
        .map((r) => r.slotTime)
        .sort((a, b) => a - b)
        .slice(4);
      later.forEach((at, i) => expect(Math.abs(at - quoted[i]!)).toBeLessThanOrEqual(60 * 60_000));
      expect(new Set(all.map((r) => r.courseId)).size).toBe(3);
      paidOnce(all);
      expect(await confirms()).toBe(8);
      expect(await count(AGENT, "went on sale and is booked")).toBe(4);
      firstTrip = all.map((r) => r.id);
      // The reminder was told once, whatever the passes since.
      expect(await count(CUSTOMER, "🔔")).toBe(1);
    });

    it("the balance is paid by slip and confirmed: the trip paid in full, its itinerary and calendar as they stand", async () => {
      const itineraries = () => count(CUSTOMER, "여행 일정");
      const calendars = async (): Promise<Json[]> =>
        (await botMessages(CUSTOMER)).filter((m) => (m.document?.file_name as string | undefined)?.endsWith(".ics"));
      const [pictures, files] = [await itineraries(), (await calendars()).length];
      await payBySlip();
      await slipDecided("balance");
      expect(await count(CUSTOMER, "여행 금액이 모두 결제되었습니다")).toBe(1);
      await expect.poll(itineraries, WAIT).toBe(pictures + 1);
      await expect.poll(async () => (await calendars()).length, WAIT).toBe(files + 1);
      const ics = (await download((await calendars()).at(-1)!.file)).toString("utf8");
      const statuses = new ICAL.Component(ICAL.parse(ics) as unknown[])
        .getAllSubcomponents("vevent")
        .map((c) => c.getFirstPropertyValue("status"));
      expect(statuses).toEqual(Array(8).fill("CONFIRMED"));
      expect(await count(AGENT, "⏰")).toBe(0); // paid before its day: no overdue notice
    });

    it("20 days before the first round the Admin cancels: the ladder's 50 % quoted, recorded to return, every round refunded once", async () => {
      const total = deposit + balance;
      const refund = Math.floor((total * 50 + 50) / 100); // half the trip: less than was paid (all of it)
      const baht = (satang: number) => `฿${(satang / 100).toLocaleString("en-US", { minimumFractionDigits: 0 })}`;
      p.clock.set(bangkok("2026-12-09T10:00"));
      await say(p, ADMIN, "/trips");
      await tapData(p, ADMIN, new RegExp(`^tp:open:${tripId}$`));
      await tapData(p, ADMIN, new RegExp(`^tp:cq:${tripId}$`));
      const quote = await lastWithButton(p, ADMIN, /^tp:cx:/);
      expect(quote.message.text).toContain("20 days before the first round");
      expect(quote.message.text).toContain("50 %");
      expect(quote.message.text).toContain(baht(refund));
      expect(quote.data).toBe(`tp:cx:${tripId}:${refund}`);
      await tapData(p, ADMIN, /^tp:cx:/);

      expect(await count(ADMIN, `cancelled: ${baht(refund)} is recorded to return`)).toBe(1);
      expect(await count(ADMIN, "8 booked rounds refunded")).toBe(1);
      await expect.poll(() => count(CUSTOMER, "취소되었습니다"), WAIT).toBe(1);
      expect((await said(CUSTOMER)).find((t) => t.includes("취소되었습니다"))).toContain(baht(refund));
      await say(p, ADMIN, "/payments");
      const owed = (await said(ADMIN)).at(-1)!;
      expect(owed).toContain(`Kim Minjun · ${baht(refund)} · trip cancelled`);
      // At the partner: the eight reservations refunded, each once.
      const all = (await reservations()).filter((r) => firstTrip.includes(r.id));
      expect(all.map((r) => r.status)).toEqual(Array(8).fill("REFUND"));
      for (const r of all)
        expect(
          r.history.filter((h) => h.status === "REFUND"),
          r.code,
        ).toHaveLength(1);
      // 20 days before, the course refunds the agency in full: the partner's balance is what it was before the trip.
      expect(all.map((r) => r.refundedAmount)).toEqual(all.map((r) => r.amount));
      // The second trip's round went on sale on 2026-12-01 and was booked by the time this day came.
      const others = (await reservations()).filter((r) => !firstTrip.includes(r.id));
      expect(others.map((r) => [r.status, r.persons])).toEqual([["PAID", 4]]);
      expect((await sandboxState(p)).balance).toBe(partnerBalance - others[0]!.amount);
    });

    it("a trip with only its deposit paid, cancelled 20 days before: the ladder's 50 % capped at the deposit", async () => {
      const baht = (satang: number) => `฿${(satang / 100).toLocaleString("en-US")}`;
      // Its balance, due 2026-12-06, was never paid: the agent was told the day after.
      expect(await count(AGENT, "⏰ Trip of Sato Yuki")).toBe(1);
      p.clock.set(bangkok("2026-12-16T10:00")); // 20 days before 2027-01-05
      await say(p, ADMIN, "/trips");
      await tapData(p, ADMIN, new RegExp(`^tp:open:${second.id}$`));
      await tapData(p, ADMIN, new RegExp(`^tp:cq:${second.id}$`));
      const quote = await lastWithButton(p, ADMIN, /^tp:cx:/);
      expect(quote.message.text).toContain("20 days before the first round");
      expect(quote.message.text).toContain("50 %");
      // Half of ฿24,000 is more than the ฿7,200 paid: the deposit is what returns.
      expect(quote.data).toBe(`tp:cx:${second.id}:${second.deposit}`);
      await tapData(p, ADMIN, /^tp:cx:/);
      expect(await count(ADMIN, `Trip of Sato Yuki cancelled: ${baht(second.deposit)} is recorded to return`)).toBe(1);
      await expect.poll(() => count(STRANGER, "취소되었습니다"), WAIT).toBe(1);
      await say(p, ADMIN, "/payments");
      expect((await said(ADMIN)).at(-1)).toContain(`Sato Yuki · ${baht(second.deposit)} · trip cancelled`);
      expect((await reservations()).filter((r) => !firstTrip.includes(r.id)).map((r) => r.status)).toEqual(["REFUND"]);
      expect((await sandboxState(p)).balance).toBe(partnerBalance);
    });

    it("the ledger agrees with the partner sandbox: fairway's invariants hold on the playground's database", async () => {
      await p.settle();
      const sandbox = p.app.embeddedSandbox;
      expect(sandbox, "the embedded sandbox").toBeDefined();
      const report = await checkInvariants({
        sandbox: sandbox!,
        db: p.app.storage.db,
        now: p.clock,
        balanceBase: partnerBalance,
        adminIds: p.app.config.adminIds,
      });
      // Eight flights of the first trip, one of the second: each a booking with its reservation, all refunded.
      expect([report.bookings, report.reservations, report.foreign.length]).toEqual([9, 9, 0]);
    });
  },
);
