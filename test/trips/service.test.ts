/**
 * A trip at the service, on SQLite and PostgreSQL, against the partner sandbox over HTTP with the real
 * booking service: the agent quotes it, the lead customer accepts (the schedule frozen in Bangkok), a
 * person approves the deposit — twice at once, one wins — and the rounds inside the sales window are each
 * reserved and confirmed once while the one beyond it waits for sale; a cancellation 20 days before the
 * first round quotes the ladder's 50 %, refuses a stale quote, and, confirmed by an admin, records that
 * amount to return (one row, no per-booking refund rows) and refunds the partner reservations.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLinks } from "../../src/access/links.js";
import { createBookingService, type BookingService } from "../../src/bookings/index.js";
import { createLogger } from "../../src/logger.js";
import { createPartnerClient } from "../../src/partner/index.js";
import { createSandbox, type Sandbox } from "../../src/local/sandbox/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { createTripService, type TripService } from "../../src/trips/service.js";
import type { TripInput } from "../../src/trips/store.js";
import { databaseFactories } from "../helpers/databases.js";
import { checkInvariants } from "../helpers/invariants.js";
import { hungRequestTimeouts } from "../helpers/partner-timeouts.js";
import { tripInputFor } from "../helpers/trips.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const INITIAL_BALANCE = 10_000_000;
const ADMIN = 8001;
const AGENT = 8002;
const LEAD = { chatId: 8003, userId: 8003 };
const STRANGER = { chatId: 8004, userId: 8004 };
/** Two rounds inside the sales window (33 and 34 days ahead), one beyond it (48 days). */
const DAYS = ["2026-12-26", "2026-12-27", "2027-01-10"] as const;

describe.each(databaseFactories)("trips on $name", ({ make }) => {
  let t = NOW;
  let sandbox: Sandbox;
  let storage: Storage;
  let bookings: BookingService;
  let trips: TripService;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    t = NOW;
    const clock = () => t;
    const timeouts = hungRequestTimeouts();
    sandbox = createSandbox({ clock, initialBalance: INITIAL_BALANCE, onHang: timeouts.expire });
    await sandbox.listen(0);
    closers.push(() => sandbox.close());
    const db = make();
    closers.push(() => db.cleanup());
    storage = await createStorage(db.config);
    closers.unshift(() => storage.close());
    const logger = createLogger({ level: "warn", destination: { write: () => undefined } });
    const partner = createPartnerClient({
      baseURL: sandbox.url,
      apiKey: sandbox.apiKey,
      timeoutMs: 8_000,
      startTimeout: timeouts.start,
      retryDelayMs: 5,
    });
    // As production: only an admin refunds.
    const writePolicy = (req: { kind: string; actorId: number }) =>
      Promise.resolve(req.kind === "refund" && req.actorId !== ADMIN ? ("admins-only" as const) : undefined);
    bookings = createBookingService({ db: storage.db, partner, logger, holdMinutes: 15, now: clock, writePolicy });
    trips = createTripService({
      db: storage.db,
      bookings,
      now: clock,
      newId: randomUUID,
      isAdmin: (id) => id === ADMIN,
      links: createLinks(storage.db, clock),
    });
  });

  afterEach(async () => {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
  });

  const invariants = () => checkInvariants({ sandbox, db: storage.db, now: () => t, balanceBase: INITIAL_BALANCE });

  const tripInput = () =>
    tripInputFor(sandbox, {
      agentId: AGENT,
      days: DAYS.slice(0, 2),
      beyond: [{ day: DAYS[2], sellingAmount: 1_000_000 }],
      leadPhone: true,
      lines: [
        { kind: "hotel", description: "Hotel, 4 nights, 2 rooms", sellingAmount: 3_200_050 },
        { kind: "transfer", description: "Airport and course transfers", sellingAmount: 450_000 },
      ],
      balanceDaysBefore: 30,
    });

  it("books the rounds inside the sales window once after the deposit, and returns the ladder's 50 % 20 days before", async () => {
    const input = tripInput();
    const created = await trips.create(input);
    const total = input.rounds.reduce((s, r) => s + r.sellingAmount, 0) + 3_200_050 + 450_000;
    expect(created.total).toBe(total);
    expect(created.trip.state).toBe("DRAFT");
    expect(created.rounds.map((r) => r.day)).toEqual([...DAYS]);

    // Only its agent sends it; the customer cannot accept a draft.
    expect(await trips.send(created.trip.id, STRANGER.userId)).toBe(false);
    expect((await trips.accept(created.trip.id, LEAD)).kind).toBe("not-open");
    expect(await trips.send(created.trip.id, AGENT)).toBe(true);
    expect(await trips.send(created.trip.id, AGENT)).toBe(false);

    // Accepted at 23:30 UTC: 06:30 on 2026-11-24 in Bangkok, the deposit's day.
    t = Date.UTC(2026, 10, 23, 23, 30);
    const accepted = await trips.accept(created.trip.id, LEAD);
    expect(accepted.kind).toBe("accepted");
    const deposit = Math.floor((total * 25 + 50) / 100);
    expect(accepted.kind === "accepted" && accepted.view.instalments).toMatchObject([
      { kind: "deposit", amount: deposit, due: "2026-11-24", state: "due" },
      { kind: "balance", amount: total - deposit, due: "2026-11-26", state: "due" },
    ]);
    expect((await trips.accept(created.trip.id, STRANGER)).kind).toBe("not-theirs");
    expect(sandbox.reservations()).toHaveLength(0);

    // Two people approve the deposit at once: one approval, each round inside the window booked once.
    const [a, b] = await Promise.all([
      trips.approve(created.trip.id, "deposit", AGENT),
      trips.approve(created.trip.id, "deposit", ADMIN),
    ]);
    expect([a.kind, b.kind].sort()).toEqual(["already", "approved"]);
    const view = (await trips.get(created.trip.id))!;
    expect(view.trip.state).toBe("DEPOSIT_PAID");
    expect(view.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "WAITING_FOR_SALE"]);
    const paid = sandbox.reservations().filter((r) => r.status === "PAID");
    expect(paid.map((r) => r.slotId).sort()).toEqual([input.rounds[0]!.slotId, input.rounds[1]!.slotId].sort());
    expect(sandbox.reservations()).toHaveLength(2);
    for (const r of view.rounds.slice(0, 2)) expect((await bookings.get(r.booking_id!))?.state).toBe("PAID");
    // Booking again finds nothing to do.
    expect(await trips.bookRounds(created.trip.id)).toEqual([]);
    expect(sandbox.reservations()).toHaveLength(2);
    await invariants();

    expect((await trips.approve(created.trip.id, "balance", AGENT)).kind).toBe("approved");
    expect((await trips.get(created.trip.id))!.trip.state).toBe("PAID");

    // 2026-12-06 in Bangkok: 20 days before the first round.
    t = Date.UTC(2026, 11, 6, 5, 0);
    const quote = await trips.cancelQuote(created.trip.id);
    expect(quote).toEqual({
      daysBefore: 20,
      percent: 50,
      entitled: Math.floor((total * 50 + 50) / 100),
      refund: Math.floor((total * 50 + 50) / 100),
      kept: total - Math.floor((total * 50 + 50) / 100),
    });
    // A quote shown yesterday (75 %) is not what is recorded.
    const stale = await trips.cancel(created.trip.id, { actorId: ADMIN, expectedRefund: quote.refund + 1 });
    expect(stale.kind).toBe("quote-changed");
    expect((await trips.get(created.trip.id))!.trip.state).toBe("PAID");

    const cancelled = await trips.cancel(created.trip.id, { actorId: ADMIN, expectedRefund: quote.refund });
    expect(cancelled.kind).toBe("cancelled");
    if (cancelled.kind !== "cancelled") return;
    expect(cancelled.refunds.map((r) => r.outcome)).toEqual(["refunded", "refunded"]);
    expect(cancelled.view.trip.state).toBe("CANCELLED");
    expect(cancelled.view.rounds.map((r) => r.state)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"]);
    expect(sandbox.reservations().map((r) => r.status)).toEqual(["REFUND", "REFUND"]);
    const owed = await storage.db.selectFrom("money_owed").selectAll().execute();
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({
      id: `t-${created.trip.id}`,
      reason: "trip",
      state: "to-return",
      paid_via: "fairway",
    });
    expect(Number(owed[0]!.amount)).toBe(quote.refund);
    expect(Number(owed[0]!.user_id)).toBe(LEAD.userId);
    expect((await trips.cancel(created.trip.id, { actorId: ADMIN, expectedRefund: quote.refund })).kind).toBe(
      "not-open",
    );
    await invariants();
  });

  it("cancels a trip whose deposit alone was paid: the ladder's share, never more than was paid; only an admin cancels", async () => {
    const created = await trips.create(tripInput());
    await trips.send(created.trip.id, AGENT);
    await trips.accept(created.trip.id, LEAD);
    await trips.approve(created.trip.id, "deposit", AGENT);
    const deposit = (await trips.get(created.trip.id))!.instalments[0]!.amount;
    t = Date.UTC(2026, 11, 6, 5, 0);
    const quote = await trips.cancelQuote(created.trip.id);
    expect(quote).toMatchObject({ percent: 50, refund: deposit, kept: 0 });
    // An agent cannot cancel (the reservations' refunds are an admin's): nothing changes.
    expect(await trips.cancel(created.trip.id, { actorId: AGENT, expectedRefund: quote.refund })).toEqual({
      kind: "refused",
    });
    expect((await trips.get(created.trip.id))!.trip.state).toBe("DEPOSIT_PAID");
    // A round being booked (here: the waiting one, as its day's booking would): cancel once it settles.
    const waiting = (await trips.get(created.trip.id))!.rounds[2]!;
    expect(await trips.store.moveRound(storage.db, waiting.id, ["WAITING_FOR_SALE"], "BOOKING")).toBe(true);
    expect(await trips.cancel(created.trip.id, { actorId: ADMIN, expectedRefund: quote.refund })).toEqual({
      kind: "busy",
    });
    expect((await trips.get(created.trip.id))!.trip.state).toBe("DEPOSIT_PAID");
    await storage.db
      .updateTable("trip_rounds")
      .set({ state: "WAITING_FOR_SALE" })
      .where("id", "=", waiting.id)
      .execute();
    const out = await trips.cancel(created.trip.id, { actorId: ADMIN, expectedRefund: quote.refund });
    expect(out.kind === "cancelled" && out.refunds.map((r) => r.outcome)).toEqual(["refunded", "refunded"]);
    const balance = (await trips.get(created.trip.id))!.instalments.find((i) => i.kind === "balance");
    expect(balance?.state).toBe("cancelled");
    const owed = await storage.db.selectFrom("money_owed").select(["id", "amount"]).execute();
    expect(owed.map((o) => [o.id, Number(o.amount)])).toEqual([[`t-${created.trip.id}`, deposit]]);
    await invariants();
  });

  /** The trip accepted and its deposit approved: its two rounds inside the window booked, the third waiting. */
  async function depositPaid(input: TripInput): Promise<string> {
    const created = await trips.create(input);
    await trips.send(created.trip.id, AGENT);
    await trips.accept(created.trip.id, LEAD);
    await trips.approve(created.trip.id, "deposit", AGENT);
    expect((await trips.get(created.trip.id))!.rounds[2]!.state).toBe("WAITING_FOR_SALE");
    return created.trip.id;
  }
  const partnerOf = () =>
    createPartnerClient({ baseURL: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 8_000, retryDelayMs: 5 });
  const minuteOf = (ms: number) => {
    const hhmm = new Date(ms + 7 * 3_600_000).toISOString().slice(11, 16);
    return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  };

  it("books a round beyond the sales window on the day its date goes on sale, once, near its time within its price", async () => {
    const input = tripInput();
    // Priced for the weekend's green fee (3,500 baht a player in the sandbox) with the agency's margin.
    input.rounds[2] = { ...input.rounds[2]!, sellingAmount: 1_800_000 };
    const id = await depositPaid(input);
    const partner = partnerOf();
    // 2026-12-05 in Bangkok: 2027-01-10 is 36 days ahead, not on sale yet; nothing is read or booked.
    t = Date.UTC(2026, 11, 5, 16, 59);
    expect(await trips.bookOpenedRounds(partner)).toEqual([]);
    expect(sandbox.reservations()).toHaveLength(2);

    // 00:01 on 2026-12-06 in Bangkok (17:01 UTC the day before): its day is on sale.
    t = Date.UTC(2026, 11, 5, 17, 1);
    const balance = sandbox.balance();
    const [a, b] = await Promise.all([trips.bookOpenedRounds(partner), trips.bookOpenedRounds(partner)]);
    const opened = [...a, ...b];
    expect(opened).toHaveLength(1);
    const { outcome, round } = opened[0]!;
    expect(outcome.kind).toBe("booked");
    if (outcome.kind !== "booked") return;
    expect(round.state).toBe("BOOKED");
    expect(round.slot_id).toBe(outcome.teeTime.id);
    expect(round.net_amount).toBe(outcome.teeTime.price * 4);
    expect(round.net_amount).toBeLessThanOrEqual(round.selling_amount);
    // The open tee time for four at its course that day nearest 07:30 within the price: none nearer was passed over.
    const away = (ms: number) => Math.abs(minuteOf(ms) - (7 * 60 + 30));
    expect(away(outcome.teeTime.startsAt)).toBeLessThanOrEqual(60);
    const passedOver = sandbox
      .slots(round.course_id, "2027-01-10")
      .filter((s) => s.minPerson <= 4 && s.maxPerson >= 4 && s.price * 4 <= round.selling_amount)
      .filter((s) => s.id !== outcome.teeTime.id && away(s.startMs) < away(outcome.teeTime.startsAt));
    expect(passedOver).toEqual([]);
    // One reservation, confirmed once, the partner's credit down by exactly its net.
    const made = sandbox.reservations().filter((r) => r.slotId === outcome.teeTime.id);
    expect(made.map((r) => r.status)).toEqual(["PAID"]);
    expect(sandbox.balance()).toBe(balance - round.net_amount!);
    expect((await bookings.get(round.booking_id!))?.state).toBe("PAID");
    // The next pass finds nothing to do.
    expect(await trips.bookOpenedRounds(partner)).toEqual([]);
    expect(sandbox.reservations()).toHaveLength(3);
    expect((await trips.get(id))!.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "BOOKED"]);
    await invariants();
  });

  it("leaves a round whose day opened without a tee time within the agent's price FAILED, once, naming the nearest", async () => {
    const input = tripInput();
    input.rounds[2] = { ...input.rounds[2]!, maxNetAmount: 100 };
    await depositPaid(input);
    t = Date.UTC(2026, 11, 5, 17, 1);
    const partner = partnerOf();
    const opened = await trips.bookOpenedRounds(partner);
    expect(opened).toHaveLength(1);
    const { outcome, round } = opened[0]!;
    expect(outcome).toMatchObject({ kind: "none", reason: "over-price" });
    expect(outcome.kind === "none" && outcome.nearest.length).toBeGreaterThan(0);
    expect(round).toMatchObject({ state: "FAILED", booking_id: null, last_error: "over-price near 07:30" });
    // Told once: the next pass does not find it again; nothing was reserved for it.
    expect(await trips.bookOpenedRounds(partner)).toEqual([]);
    expect(sandbox.reservations()).toHaveLength(2);
    await invariants();
  });

  it("settles a round left BOOKING by a crash from its booking: paid is booked, no booking is failed, fresh is left", async () => {
    const id = await depositPaid(tripInput());
    const [paid, , waiting] = (await trips.get(id))!.rounds;
    // As a crash leaves them: the first round's confirm went through, the third's booking was never recorded.
    await storage.db.updateTable("trip_rounds").set({ state: "BOOKING" }).where("id", "=", paid!.id).execute();
    await storage.db
      .updateTable("trip_rounds")
      .set({ state: "BOOKING", booking_id: "never-recorded" })
      .where("id", "=", waiting!.id)
      .execute();
    // Within 15 minutes it may still be on its way: nothing is touched.
    expect(await trips.settleStuckRounds()).toEqual([]);
    t += 16 * 60_000;
    const settled = await trips.settleStuckRounds();
    expect(settled.sort((a, b) => a.roundId.localeCompare(b.roundId))).toEqual([
      { roundId: paid!.id, to: "BOOKED" },
      { roundId: waiting!.id, to: "FAILED" },
    ]);
    expect((await trips.get(id))!.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "FAILED"]);
    expect(await trips.settleStuckRounds()).toEqual([]);
    expect(sandbox.reservations()).toHaveLength(2);
  });

  it("reminds of each instalment's stages once: the deposit overdue to the agent, the balance soon, today, then overdue", async () => {
    const created = await trips.create(tripInput());
    await trips.send(created.trip.id, AGENT);
    // Accepted on 2026-11-24 in Bangkok: the deposit due that day, the balance on 2026-11-26.
    t = Date.UTC(2026, 10, 23, 23, 30);
    await trips.accept(created.trip.id, LEAD);
    const stages = async () => (await trips.dueReminders()).map((r) => [r.kind, r.stage, r.due]);
    // The balance is not reminded while the deposit is what the trip waits for.
    t = Date.UTC(2026, 10, 24, 5, 0);
    expect(await stages()).toEqual([]);
    // 2026-11-25 in Bangkok: the deposit is a day late; told once, whoever looks.
    t = Date.UTC(2026, 10, 25, 2, 0);
    const [a, b] = await Promise.all([trips.dueReminders(), trips.dueReminders()]);
    expect([...a, ...b].map((r) => [r.kind, r.stage, r.amount])).toEqual([
      ["deposit", 3, Math.floor((created.total * 25 + 50) / 100)],
    ]);
    expect(await stages()).toEqual([]);
    // Paid late: the balance, due tomorrow, is now "soon"; on its day "today"; the day after, overdue.
    await trips.approve(created.trip.id, "deposit", AGENT);
    expect(await stages()).toEqual([["balance", 1, "2026-11-26"]]);
    expect(await stages()).toEqual([]);
    // 08:00 in Bangkok on the balance's day: its stage waits for 09:00.
    t = Date.UTC(2026, 10, 26, 1, 0);
    expect(await stages()).toEqual([]);
    t = Date.UTC(2026, 10, 26, 2, 0);
    expect(await stages()).toEqual([["balance", 2, "2026-11-26"]]);
    t = Date.UTC(2026, 10, 27, 3, 0);
    expect(await stages()).toEqual([["balance", 3, "2026-11-26"]]);
    expect(await stages()).toEqual([]);
    // Paid: nothing more, ever.
    await trips.approve(created.trip.id, "balance", AGENT);
    t = Date.UTC(2026, 10, 30, 3, 0);
    expect(await stages()).toEqual([]);
  });

  it("refuses a trip with a broken roster, round or ladder before anything is stored", async () => {
    const bad = [
      { ...tripInput(), players: [] },
      { ...tripInput(), rounds: [{ ...tripInput().rounds[0]!, day: "2026-02-30" }] },
      { ...tripInput(), rounds: [{ ...tripInput().rounds[0]!, sellingAmount: 10.5 }] },
      { ...tripInput(), ladder: [{ daysBefore: 30, percent: 130 }] },
    ];
    for (const input of bad) await expect(trips.create(input)).rejects.toThrow();
    expect(await trips.listForAgent(AGENT)).toEqual([]);
  });
});
