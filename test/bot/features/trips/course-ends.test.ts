/**
 * When the course ends a trip's round (issue 51 with issue 50's poll), on SQLite and PostgreSQL against the
 * sandbox over HTTP: the course refunds a booked round's reservation, and after one pass of the course-changes
 * poll the round is out of the trip's price. Before the balance is paid its price comes off the balance (no
 * money to return); after, what the customer paid for it is a row to return. The lead customer hears it in
 * Korean with the trip's line (selling prices only), the agent in English; a second pass changes nothing; and
 * the cancellation ladder is quoted on the trip's new price and on what the customer paid less what is owed.
 * While the trip is live it owns its rounds' bookings: an admin's refund of one, a move and a payment request
 * are refused with no partner call; an admin's closed day (the course's end) goes ahead and the trip follows;
 * the trip's own cancellation refunds the rest. A round whose tee time the course moves follows it, and the lead
 * customer gets the itinerary's calendar again with the round's event moved (its SEQUENCE grown).
 */
import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { parse } from "promptparse";
import { afterEach, describe, expect, it } from "vitest";
import { userActor } from "../../../../src/bookings/index.js";
import type { ChatMessage, SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { percentOf } from "../../../../src/trips/money.js";
import { tripReference } from "../../../../src/trips/service.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { forgeTap, panel } from "../../../helpers/flow.js";
import { qrOf } from "../../../helpers/slips.js";
import { type Harness } from "../../../helpers/harness.js";
import { shareAndAccept, startAtWorldStart, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7310;
const AGENT = 7311;
const LEAD = 100_311;
const HOUR = 60 * 60_000;
/** Two rounds inside the sales window of the world's start (2026-11-25). */
const DAYS = ["2026-12-10", "2026-12-12"] as const;
const ENDED_KO = "골프장에서 티타임을 취소했습니다";
const ENDED_EN = "The course refunded a paid booking";

/** A party of four: one round on each day, a hotel line; 25 % deposit, the balance 7 days before. */
const partyOfFour = (h: Harness) =>
  tripInputFor(h.sandbox, {
    agentId: AGENT,
    days: DAYS,
    handicap: 12,
    markup: 300_000,
    lines: [{ kind: "hotel", description: "Hotel, 3 nights", sellingAmount: 2_400_000 }],
    balanceDaysBefore: 7,
  });

const REFUND = /\/order\/[^/]+\/refund$/;
const refunds = (h: Harness) => h.sandbox.requests.filter((r) => r.method === "POST" && REFUND.test(r.path)).length;

const texts = (user: SimulatedUser, needle: string) =>
  user.messages().filter((m) => (m.text ?? m.caption ?? "").includes(needle));

/** The sandbox's knob (over HTTP, as the playground's side panel calls it): the course ends a reservation. */
async function courseEnds(h: Harness, reservationId: string): Promise<void> {
  const res = await fetch(`${h.sandbox.url}/__sandbox/course/end`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reservationId, status: "REFUND" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The sandbox's knob: the course moves a reservation's tee time. */
async function courseMovesTeeTime(h: Harness, reservationId: string): Promise<void> {
  const res = await fetch(`${h.sandbox.url}/__sandbox/course/tee-time`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reservationId }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** One pass of the course-changes poll, and what it queued sent. */
async function pass(h: Harness): Promise<void> {
  await h.app.courseChanges.pass();
  for (let i = 0; i < 300 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await h.settle();
}

describe.each(databaseFactories)("a trip's round the course ends ($name)", ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("comes off the balance before it is paid, is owed back after, is told once in Korean, and the ladder follows", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
    });
    h.user(ADMIN, "en", "Admin");
    const agent = h.user(AGENT, "en", "Anan");
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    const input = partyOfFour(h);
    const id = (await h.app.trips.create(input)).trip.id;
    await shareAndAccept(h, agent, lead, id);
    expect((await h.app.trips.approve(id, "deposit", AGENT)).kind).toBe("approved");
    const booked = (await h.app.trips.get(id))!;
    expect(booked.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED"]);
    const [first, second] = booked.rounds as [(typeof booked.rounds)[0], (typeof booked.rounds)[0]];
    const deposit = booked.instalments.find((i) => i.kind === "deposit")!.amount;
    const total = booked.total;
    const reservationOf = async (bookingId: string) =>
      (
        await h.app.storage.db
          .selectFrom("bookings")
          .select("reservation_id")
          .where("id", "=", bookingId)
          .executeTakeFirstOrThrow()
      ).reservation_id!;

    // The course cancels the first round before the balance is paid: its price comes off the balance.
    await courseEnds(h, await reservationOf(first.booking_id!));
    h.clock.set(first.starts_at! - 2 * HOUR);
    await pass(h);
    const afterFirst = (await h.app.trips.get(id))!;
    expect(afterFirst.rounds.map((r) => r.state)).toEqual(["COURSE_ENDED", "BOOKED"]);
    expect(afterFirst.total).toBe(total - first.selling_amount);
    const balance = afterFirst.instalments.find((i) => i.kind === "balance")!;
    expect(balance).toMatchObject({ state: "due", amount: total - first.selling_amount - deposit });
    expect(await h.app.storage.db.selectFrom("money_owed").selectAll().execute()).toEqual([]);
    const toldLead = texts(lead, ENDED_KO);
    expect(toldLead).toHaveLength(1);
    expect(toldLead[0]!.text).toContain(tripReference(id));
    expect(toldLead[0]!.text).toContain(formatBaht(first.selling_amount, "ko"));
    expect(toldLead[0]!.text).toContain(`남은 잔금은 이제 ${formatBaht(balance.amount, "ko")}입니다`);
    // Selling prices only: the round's net never reaches the customer.
    expect(toldLead[0]!.text).not.toContain(formatBaht(first.net_amount!, "ko"));
    // The balance's QR again, for its new amount: the one the customer held was the old amount's.
    await expect
      .poll(() => lead.messages().filter((m) => m.file && m.caption?.includes("잔금")).length, { timeout: 30_000 })
      .toBe(1);
    const qr = lead.messages().findLast((m) => m.file && m.caption?.includes("잔금"));
    expect(parse(qrOf(qr!))!.getTagValue("54")).toBe((balance.amount / 100).toFixed(2));
    const toldAgent = texts(agent, ENDED_EN);
    expect(toldAgent).toHaveLength(1);
    expect(toldAgent[0]!.text).toContain(`comes off the trip's price`);

    // Another pass: nothing more is told or recorded.
    await pass(h);
    expect(texts(lead, ENDED_KO)).toHaveLength(1);
    expect((await h.app.trips.get(id))!.instalments.find((i) => i.kind === "balance")!.amount).toBe(balance.amount);

    // The balance (the new one) paid; then the course cancels the second round: what was paid for it is owed.
    expect((await h.app.trips.approve(id, "balance", AGENT)).kind).toBe("approved");
    await courseEnds(h, await reservationOf(second.booking_id!));
    h.clock.set(second.starts_at! - 2 * HOUR);
    await pass(h);
    const afterSecond = (await h.app.trips.get(id))!;
    expect(afterSecond.rounds.map((r) => r.state)).toEqual(["COURSE_ENDED", "COURSE_ENDED"]);
    expect(afterSecond.total).toBe(input.lines[0]!.sellingAmount);
    const owed = await h.app.storage.db.selectFrom("money_owed").selectAll().execute();
    expect(owed.map((o) => [o.id, Number(o.amount), o.reason, o.booking_id])).toEqual([
      [`tr-${second.id}`, second.selling_amount, "trip-round", second.booking_id],
    ]);
    const secondTold = texts(lead, ENDED_KO);
    expect(secondTold).toHaveLength(2);
    expect(secondTold[1]!.text).toContain(`환불받으실 금액은 ${formatBaht(second.selling_amount, "ko")}`);

    // Paid in full less what is owed back is the trip's new price: the ladder is quoted on that.
    const quote = await h.app.trips.cancelQuote(id);
    const entitled = percentOf(afterSecond.total, quote.percent);
    expect(quote.refund).toBe(Math.min(entitled, afterSecond.total));
    expect(quote.refund).toBeLessThan(second.selling_amount + afterSecond.total);
  });

  it("owns its rounds' bookings while live: a lone refund, move or payment request is refused; a closed day goes ahead", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const admin = h.user(ADMIN, "en", "Admin");
    const agent = h.user(AGENT, "en", "Anan");
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    const id = (await h.app.trips.create(partyOfFour(h))).trip.id;
    await shareAndAccept(h, agent, lead, id);
    expect((await h.app.trips.approve(id, "deposit", AGENT)).kind).toBe("approved");
    const [first, second] = (await h.app.trips.get(id))!.rounds;
    const booking = (bookingId: string) =>
      h.app.storage.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
    const one = await booking(first!.booking_id!);

    // An admin's /refund of one round: asked, confirmed, refused by the service — nothing reaches the partner.
    admin.send(`/refund ${one.reservation_code}`);
    await h.settle();
    forgeTap(admin, `ad:rf:${one.id}`);
    await h.settle();
    expect(admin.lastMessage()?.text).toContain(`is a round of trip ${tripReference(id)}`);
    expect(refunds(h)).toBe(0);
    expect((await booking(one.id)).state).toBe("PAID");
    // The agent's move of it, and a payment request for it (the customer would pay twice): refused.
    const move = await h.app.bookings.startMove(
      {
        id: randomUUID(),
        newBookingId: randomUUID(),
        oldBookingId: one.id,
        requestedBy: AGENT,
        to: { slotId: one.slot_id, slotStartsAt: one.slot_starts_at, persons: 4, expectedAmount: one.expected_amount },
      },
      { actor: userActor(AGENT) },
    );
    expect(move).toMatchObject({ kind: "refused", reason: "trip-round" });
    await expect(h.app.bookings.requestPayment(one.id, { payee: "0812345678", actorId: AGENT })).rejects.toThrow(
      /trip .* owns it/,
    );

    // The admin closes the first round's course that day: the course's end goes ahead, and the trip follows.
    const date = first!.day;
    admin.send(`/closeday ${date} ${first!.course_id}`);
    await h.settle();
    const confirm = panel(admin).data.find((d) => d.startsWith("ad:cd:"))!;
    admin.tap({ messageId: admin.lastMessage()!.message_id, data: confirm });
    await h.settle();
    for (let i = 0; i < 300 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await h.settle();
    expect(refunds(h)).toBe(1);
    expect((await h.app.trips.get(id))!.rounds.map((r) => r.state)).toEqual(["COURSE_ENDED", "BOOKED"]);
    expect(texts(lead, ENDED_KO)).toHaveLength(1);

    // The trip's own cancellation refunds the round it still has (the trip is no longer live).
    const quote = await h.app.trips.cancelQuote(id);
    const out = await h.app.trips.cancel(id, { actorId: ADMIN, expectedRefund: quote.refund });
    expect(out.kind).toBe("cancelled");
    expect(refunds(h)).toBe(2);
    expect((await booking(second!.booking_id!)).state).toBe("REFUNDED");
  });

  it("follows a tee time the course moved: the round's time, and the calendar's event moved once", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    h.user(ADMIN, "en", "Admin");
    const agent = h.user(AGENT, "en", "Anan");
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    const id = (await h.app.trips.create(partyOfFour(h))).trip.id;
    await shareAndAccept(h, agent, lead, id);
    expect((await h.app.trips.approve(id, "deposit", AGENT)).kind).toBe("approved");
    const round = (await h.app.trips.get(id))!.rounds[1]!;
    const calendars = () => lead.messages().filter((m) => m.document?.file_name?.endsWith(".ics"));
    const events = (m: ChatMessage) =>
      new ICAL.Component(ICAL.parse(h.telegram.file(m.document!.file_id)!.data!.toString("utf8")) as unknown[])
        .getAllSubcomponents("vevent")
        .map((c) => new ICAL.Event(c));
    const before = calendars().length;
    const { reservation_id } = await h.app.storage.db
      .selectFrom("bookings")
      .select("reservation_id")
      .where("id", "=", round.booking_id!)
      .executeTakeFirstOrThrow();

    await courseMovesTeeTime(h, reservation_id!);
    h.clock.set(round.starts_at! - 3 * HOUR);
    await pass(h);
    const booking = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", round.booking_id!)
      .executeTakeFirstOrThrow();
    expect(Number(booking.slot_starts_at)).not.toBe(round.starts_at);
    const moved = (await h.app.trips.get(id))!.rounds[1]!;
    expect(moved).toMatchObject({ state: "BOOKED", starts_at: Number(booking.slot_starts_at), revision: 1 });
    expect(texts(lead, "골프장에서 티타임을 변경했습니다")).toHaveLength(1);
    await expect.poll(() => calendars().length, { timeout: 30_000 }).toBe(before + 1);
    const event = events(calendars().at(-1)!)[1]!;
    expect(event.startDate.toJSDate().getTime()).toBe(Number(booking.slot_starts_at));
    // Booked (1) and moved once (1): a calendar that has the event takes the new one.
    expect(event.sequence).toBe(2);

    // Another pass: nothing moves again, no calendar more.
    await pass(h);
    expect((await h.app.trips.get(id))!.rounds[1]!.revision).toBe(1);
    expect(calendars()).toHaveLength(before + 1);
  });
});
