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
import { createSandbox, type Sandbox, type SlotView } from "../../src/local/sandbox/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { DEFAULT_LADDER } from "../../src/trips/money.js";
import { createTripService, type TripService } from "../../src/trips/service.js";
import type { TripInput } from "../../src/trips/store.js";
import { databaseFactories } from "../helpers/databases.js";
import { checkInvariants } from "../helpers/invariants.js";
import { hungRequestTimeouts } from "../helpers/partner-timeouts.js";

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

  /** An open tee time for four on `date` at the `n`-th course that has one. */
  function slotOn(date: string, n: number): SlotView {
    const found = sandbox
      .courses()
      .map((c) =>
        sandbox
          .slots(c.id, date)
          .find((s) => s.status === "OPEN" && s.persons === 0 && s.minPerson <= 4 && s.maxPerson >= 4),
      )
      .filter((s): s is SlotView => s !== undefined);
    if (!found[n]) throw new Error(`no open tee time for four on ${date}`);
    return found[n];
  }

  function tripInput(): TripInput {
    const inside = [slotOn(DAYS[0], 0), slotOn(DAYS[1], 1)];
    const hhmm = (s: SlotView) =>
      `${String(Math.floor(s.minute / 60)).padStart(2, "0")}:${String(s.minute % 60).padStart(2, "0")}`;
    return {
      agentId: AGENT,
      leadName: "Kim Minjun",
      leadEmail: "minjun@example.com",
      leadMobile: "+821012345678",
      locale: "ko",
      players: ["Kim Minjun", "Lee Seo", "Park Jiho", "Choi Yuna"].map((name, i) => ({
        name,
        handicap: 10 + i,
        locale: "ko" as const,
        phone: i === 0 ? "+821012345678" : null,
      })),
      rounds: [
        ...inside.map((s) => ({
          courseId: s.course.id,
          courseName: s.course.name,
          timeZone: "Asia/Bangkok",
          day: DAYS[inside.indexOf(s)]!,
          teeTime: hhmm(s),
          slotId: s.id,
          startsAt: s.startMs,
          players: 4,
          sellingAmount: s.price * 4 + 200_000,
          netAmount: s.price * 4,
        })),
        {
          courseId: inside[0]!.course.id,
          courseName: inside[0]!.course.name,
          timeZone: "Asia/Bangkok",
          day: DAYS[2],
          teeTime: "07:30",
          slotId: null,
          startsAt: null,
          players: 4,
          sellingAmount: 1_000_000,
          netAmount: null,
        },
      ],
      lines: [
        { kind: "hotel", description: "Hotel, 4 nights, 2 rooms", sellingAmount: 3_200_050 },
        { kind: "transfer", description: "Airport and course transfers", sellingAmount: 450_000 },
      ],
      deposit: { kind: "percent", percent: 25 },
      balanceDaysBefore: 30,
      ladder: [...DEFAULT_LADDER],
    };
  }

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
