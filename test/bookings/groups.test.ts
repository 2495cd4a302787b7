/**
 * Groups at the ledger: a real booking service and hold reaper on SQLite and PostgreSQL, a
 * real partner client, the partner sandbox over HTTP. Hold all or none, one balance read for the total,
 * confirm as one (a failure midway releases the rest and says which flights are paid), the reaper
 * settling a group whose operation a crash interrupted, and a group refunded once.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createBookingService,
  createHoldReaper,
  flightId,
  type BookingService,
  type GroupReaperEvent,
  type GroupView,
  type HoldReaper,
  type ReaperEvent,
} from "../../src/bookings/index.js";
import type { Sandbox, SlotView } from "../../src/local/sandbox/index.js";
import type { Storage } from "../../src/storage/index.js";
import { databaseFactories } from "../helpers/databases.js";
import { startPartnerWorld } from "../helpers/partner-world.js";
import { checkInvariants } from "../helpers/invariants.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const HOLD_MINUTES = 15;
const STALE_MS = 60_000;
const INITIAL_BALANCE = 10_000_000;

const RESERVE = /\/order\/reserve$/;
const CONFIRM = /\/order\/[0-9a-f]{24}\/confirm$/;
const CANCEL = /\/order\/[0-9a-f]{24}\/cancel$/;
const BALANCE = /\/balance$/;

describe.each(databaseFactories)("groups at the ledger on $name", ({ make }) => {
  let t = NOW;
  let sandbox: Sandbox;
  let storage: Storage;
  let service: BookingService;
  let reaper: HoldReaper;
  let events: ReaperEvent[];
  let groupEvents: GroupReaperEvent[];
  let beforeRequest: ((url: string, method: string) => void) | undefined;
  /** Every request waits for it before it is sent: a test orders two callers' partner calls. */
  let holdRequest: ((url: string, method: string) => Promise<void>) | undefined;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    t = NOW;
    const clock = () => t;
    // Every request passes `beforeRequest` first: a test arms a sandbox fault for exactly the nth call.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      beforeRequest?.(url, init?.method ?? "GET");
      await holdRequest?.(url, init?.method ?? "GET");
      return globalThis.fetch(input, init);
    };
    // Production's partner limit (startPartnerWorld): a request the test holds open does not time out.
    const world = await startPartnerWorld({ make, clock, initialBalance: INITIAL_BALANCE, fetch });
    closers.push(world.close);
    ({ sandbox, storage } = world);
    const logger = world.logger;
    const partner = world.partner;
    service = createBookingService({ db: storage.db, partner, logger, holdMinutes: HOLD_MINUTES, now: clock });
    events = [];
    groupEvents = [];
    reaper = createHoldReaper({
      service,
      logger,
      intervalMs: 10_000,
      staleAfterMs: STALE_MS,
      now: clock,
      onEvent: (e) => void events.push(e),
      onGroupEvent: (e) => void groupEvents.push(e),
    });
  });

  afterEach(async () => {
    beforeRequest = undefined;
    holdRequest = undefined;
    await reaper.stop();
    for (const close of closers.splice(0)) await close().catch(() => undefined);
  });

  /** `n` consecutive open tee times of one course tomorrow that each take four players. */
  function teeTimes(n: number): SlotView[] {
    for (const course of sandbox.courses()) {
      const open = sandbox
        .slots(course.id, "2026-11-24")
        .filter((s) => s.status === "OPEN" && s.minPerson <= 3 && s.maxPerson >= 4 && s.persons === 0);
      for (let i = 0; i + n <= open.length; i += 1) {
        const run = open.slice(i, i + n);
        if (run.every((s, j) => j === 0 || s.startMs - run[j - 1]!.startMs <= 20 * 60_000)) return run;
      }
    }
    throw new Error(`no ${n} consecutive open tee times`);
  }

  /** A recorded group of `split.length` flights (players per flight). */
  async function groupIntent(split: number[] = [4, 4, 4]): Promise<GroupView> {
    const slots = teeTimes(split.length);
    return service.createGroupIntent({
      id: randomUUID(),
      chatId: 1001,
      userId: 2002,
      locale: "en",
      courseId: slots[0]!.course.id,
      courseName: slots[0]!.course.name,
      timeZone: "Asia/Bangkok",
      customerName: "Somchai Jaidee",
      customerEmail: "somchai@example.com",
      customerMobile: "+66812345678",
      flights: slots.map((s, i) => ({
        slotId: s.id,
        slotStartsAt: s.startMs,
        persons: split[i]!,
        expectedAmount: s.price * split[i]!,
        ...(i === 0 ? { additionGolfers: ["Niran", "Kanya"] } : {}),
      })),
    });
  }

  async function heldGroup(split?: number[]): Promise<GroupView> {
    const intent = await groupIntent(split);
    const out = await service.reserveGroup(intent.group.id);
    expect(out.kind).toBe("held");
    return out.view;
  }

  const states = (view: GroupView) => view.flights.map((f) => f.state);
  const partnerStatuses = () => sandbox.reservations().map((r) => r.status);
  const invariants = () => checkInvariants({ sandbox, db: storage.db, now: () => t, balanceBase: INITIAL_BALANCE });

  it("records the group and its flights in one go, idempotently, before any partner call", async () => {
    const view = await groupIntent([4, 3, 3]);
    expect(view.group).toMatchObject({ state: "INTENT", persons: 10, flights: 3 });
    expect(view.flights.map((f) => [f.id, f.flight, f.persons, f.state])).toEqual([
      [flightId(view.group.id, 1), 1, 4, "INTENT"],
      [flightId(view.group.id, 2), 2, 3, "INTENT"],
      [flightId(view.group.id, 3), 3, 3, "INTENT"],
    ]);
    expect(view.group.expected_amount).toBe(view.flights.reduce((s, f) => s + f.expected_amount, 0));
    const again = await service.createGroupIntent(groupIntentInputOf(view));
    expect(again.flights).toHaveLength(3);
    expect(sandbox.requests).toHaveLength(0);
  });

  /** The input that made `view` (to record it again). */
  function groupIntentInputOf(view: GroupView) {
    return {
      id: view.group.id,
      chatId: view.group.chat_id,
      userId: view.group.user_id,
      locale: "en",
      courseId: view.group.course_id,
      courseName: view.group.course_name,
      timeZone: view.group.time_zone,
      customerName: view.group.customer_name,
      customerEmail: view.group.customer_email,
      customerMobile: view.group.customer_mobile,
      flights: view.flights.map((f) => ({
        slotId: f.slot_id,
        slotStartsAt: f.slot_starts_at,
        persons: f.persons,
        expectedAmount: f.expected_amount,
      })),
    };
  }

  it("holds every flight (one reserve each, the players' names as additionGolfer), the holds ending together; confirms with one balance read", async () => {
    const intent = await groupIntent([4, 3, 3]);
    t += 1_000;
    const held = await service.reserveGroup(intent.group.id);
    expect(held.kind).toBe("held");
    expect(held.view.group.state).toBe("HELD");
    expect(states(held.view)).toEqual(["HELD", "HELD", "HELD"]);
    expect(new Set(held.view.flights.map((f) => f.hold_expires_at)).size).toBe(1);
    expect(sandbox.count("POST", RESERVE)).toBe(3);
    expect(sandbox.reservations()[0]!.additionGolfer).toEqual(["Niran", "Kanya"]);
    expect(sandbox.reservations()[1]!.additionGolfer).toBeUndefined();
    // Holding again changes nothing.
    expect((await service.reserveGroup(intent.group.id)).kind).toBe("held");
    expect(sandbox.count("POST", RESERVE)).toBe(3);

    const total = held.view.flights.reduce((s, f) => s + f.amount!, 0);
    const paid = await service.confirmGroup(intent.group.id);
    expect(paid.kind).toBe("paid");
    expect(paid.view.group.state).toBe("PAID");
    expect(states(paid.view)).toEqual(["PAID", "PAID", "PAID"]);
    expect(sandbox.count("GET", BALANCE)).toBe(1);
    expect(sandbox.count("POST", CONFIRM)).toBe(3);
    expect(sandbox.balance()).toBe(INITIAL_BALANCE - total);
    expect(paid.kind === "paid" && paid.balanceAfter).toBe(INITIAL_BALANCE - total);
    // Confirming again pays nothing more.
    expect((await service.confirmGroup(intent.group.id)).kind).toBe("paid");
    expect(sandbox.count("POST", CONFIRM)).toBe(3);
    await invariants();
  });

  describe("hold all, or none", () => {
    for (const [nth, which] of [
      [1, "first"],
      [2, "second"],
      [3, "last"],
    ] as const) {
      it(`the partner refuses the ${which} reserve: the holds already made are released at once, no other reserve is sent`, async () => {
        const intent = await groupIntent();
        const out = await withReserveFailing(nth, () => service.reserveGroup(intent.group.id));
        const reserves = sandbox.count("POST", RESERVE);
        expect(out.kind).toBe("failed");
        if (out.kind !== "failed") return;
        expect(out.stop.flight).toBe(nth);
        expect(out.stop.kind).toBe("failed");
        expect(reserves).toBe(nth);
        expect(out.view.group.state).toBe("RELEASED");
        expect(states(out.view)).toEqual(
          [1, 2, 3].map((n) => (n < nth ? "RELEASED" : n === nth ? "RESERVE_FAILED" : "RELEASED")),
        );
        expect(out.view.flights.filter((f) => f.release_reason === "group-incomplete")).toHaveLength(2);
        expect(partnerStatuses()).toEqual(Array(nth - 1).fill("CANCEL"));
        expect(sandbox.count("DELETE", CANCEL)).toBe(nth - 1);
        expect(sandbox.balance()).toBe(INITIAL_BALANCE);
        await invariants();
      });
    }

    it("the second reserve's answer is lost: never sent again; the first hold is released; the lost one is the documented orphan", async () => {
      const intent = await groupIntent();
      const out = await withReserveFailing(2, () => service.reserveGroup(intent.group.id), "apply-then-hang");
      expect(out.kind).toBe("failed");
      if (out.kind !== "failed") return;
      expect(out.stop).toMatchObject({ flight: 2, kind: "unknown" });
      expect(states(out.view)).toEqual(["RELEASED", "RESERVE_UNKNOWN", "RELEASED"]);
      expect(sandbox.count("POST", RESERVE)).toBe(2);
      const report = await invariants();
      expect(report.orphans).toHaveLength(1);
    });
  });

  /** Arms a sandbox fault on the `nth` request (from now) matching `method` and `path`. */
  function failNth(nth: number, method: string, path: RegExp, rule: Parameters<Sandbox["faults"]["add"]>[0]): void {
    let seen = 0;
    beforeRequest = (url, m) => {
      if (m.toUpperCase() !== method || !path.test(new URL(url).pathname)) return;
      seen += 1;
      if (seen === nth) sandbox.faults.add(rule);
    };
  }

  /** Runs `act` with the `nth` reserve (counted from now) failing as `kind` (a 409 by default). */
  async function withReserveFailing<T>(
    nth: number,
    act: () => Promise<T>,
    kind: "status" | "apply-then-hang" = "status",
  ): Promise<T> {
    failNth(nth, "POST", RESERVE, {
      method: "POST",
      path: RESERVE,
      kind,
      ...(kind === "status" ? { status: 409 } : {}),
    });
    try {
      return await act();
    } finally {
      beforeRequest = undefined;
      sandbox.faults.clear();
    }
  }

  describe("confirm as one", () => {
    it("the balance does not cover the total: nothing is confirmed, the holds stand", async () => {
      const view = await heldGroup();
      const total = view.flights.reduce((s, f) => s + f.amount!, 0);
      sandbox.setBalance(total - 1);
      const out = await service.confirmGroup(view.group.id);
      expect(out).toMatchObject({ kind: "insufficient", balance: total - 1, total });
      expect(out.view.group.state).toBe("HELD");
      expect(states(out.view)).toEqual(["HELD", "HELD", "HELD"]);
      expect(sandbox.count("POST", CONFIRM)).toBe(0);
      sandbox.setBalance(INITIAL_BALANCE);
      expect((await service.confirmGroup(view.group.id)).kind).toBe("paid");
      await checkInvariants({ sandbox, db: storage.db, now: () => t, balanceBase: INITIAL_BALANCE });
    });

    it("the second confirm fails: the first stays paid, the rest are released, the outcome says which", async () => {
      const view = await heldGroup();
      failNth(2, "POST", CONFIRM, { method: "POST", path: CONFIRM, kind: "status", status: 422 });
      const out = await service.confirmGroup(view.group.id);
      expect(out.kind).toBe("partial");
      if (out.kind !== "partial") return;
      expect(out.stop).toMatchObject({ flight: 2, kind: "failed" });
      expect(out.view.group.state).toBe("PARTIAL");
      expect(states(out.view)).toEqual(["PAID", "RELEASED", "RELEASED"]);
      expect(partnerStatuses()).toEqual(["PAID", "CANCEL", "CANCEL"]);
      expect(sandbox.balance()).toBe(INITIAL_BALANCE - out.view.flights[0]!.amount!);
      // Nothing more happens on a second tap.
      expect((await service.confirmGroup(view.group.id)).kind).toBe("partial");
      expect(sandbox.count("POST", CONFIRM)).toBe(2);
      await invariants();
    });

    it("the first confirm is refused with nothing paid: the group is held again, as a single booking's hold stands", async () => {
      const view = await heldGroup();
      sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422 });
      const out = await service.confirmGroup(view.group.id);
      expect(out.kind).toBe("failed");
      expect(out.view.group.state).toBe("HELD");
      expect(states(out.view)).toEqual(["HELD", "HELD", "HELD"]);
      expect((await service.confirmGroup(view.group.id)).kind).toBe("paid");
      await invariants();
    });

    it("holds too close to their end to confirm every flight: released, nothing paid", async () => {
      const view = await heldGroup();
      t = view.flights[0]!.hold_expires_at! - 20_000;
      const out = await service.confirmGroup(view.group.id);
      expect(out.kind).toBe("expired");
      expect(out.view.group.state).toBe("RELEASED");
      expect(partnerStatuses()).toEqual(["CANCEL", "CANCEL", "CANCEL"]);
      expect(sandbox.count("POST", CONFIRM)).toBe(0);
      await invariants();
    });

    it("two confirms at once (two instances): each flight is confirmed once", async () => {
      const view = await heldGroup();
      const [a, b] = await Promise.all([service.confirmGroup(view.group.id), service.confirmGroup(view.group.id)]);
      expect([a.kind, b.kind].sort()).toEqual(["busy", "paid"].sort());
      expect(sandbox.count("POST", CONFIRM)).toBe(3);
      await invariants();
    });
  });

  describe("the reaper", () => {
    it("a held group's time is up: every flight released together, one group event", async () => {
      const view = await heldGroup();
      t = view.flights[0]!.hold_expires_at! - 1_000;
      await reaper.tick();
      const after = (await service.getGroup(view.group.id))!;
      expect(after.group.state).toBe("RELEASED");
      expect(states(after)).toEqual(["RELEASED", "RELEASED", "RELEASED"]);
      expect(groupEvents.map((e) => e.kind)).toEqual(["expired"]);
      expect(events).toHaveLength(3);
      await invariants();
    });

    it("a crash between the second and third confirm: the third hold is released, the group reads PARTIAL, told once", async () => {
      const view = await heldGroup();
      // What a process that died after paying two flights leaves: the group CONFIRMING, two paid, one held.
      await storage.db.updateTable("booking_groups").set({ state: "CONFIRMING", updated_at: t }).execute();
      await service.confirm(view.flights[0]!.id);
      await service.confirm(view.flights[1]!.id);
      t += 30_000;
      await reaper.tick();
      expect((await service.getGroup(view.group.id))!.group.state).toBe("CONFIRMING");
      t += STALE_MS;
      await reaper.tick();
      const after = (await service.getGroup(view.group.id))!;
      expect(after.group.state).toBe("PARTIAL");
      expect(states(after)).toEqual(["PAID", "PAID", "RELEASED"]);
      expect(groupEvents.map((e) => e.kind)).toEqual(["partial"]);
      await reaper.tick();
      expect(groupEvents).toHaveLength(1);
      expect(sandbox.count("POST", CONFIRM)).toBe(2);
      // The flow's Confirm after the restart pays nothing more.
      expect((await service.confirmGroup(view.group.id)).kind).toBe("partial");
      expect(sandbox.count("POST", CONFIRM)).toBe(2);
      await invariants();
    });

    it("a cut before the group's first reserve: dropped once stale with no partner call, its payment ended, nobody told; a later reserve holds nothing", async () => {
      const recorded = await groupIntent([4, 4]);
      const intent = await service.createGroupIntent(groupIntentInputOf(recorded), {
        prepay: { payee: "0812345678" },
      });
      const calls = sandbox.requests.length;
      // Its reserve may still be on its way: left alone until it is stale.
      await reaper.tick();
      expect((await service.getGroup(intent.group.id))!.group.state).toBe("INTENT");
      t += STALE_MS;
      await reaper.tick();
      const after = (await service.getGroup(intent.group.id))!;
      expect(after.group.state).toBe("RELEASED");
      expect(after.flights.map((f) => [f.state, f.release_reason])).toEqual([
        ["RELEASED", "orphan"],
        ["RELEASED", "orphan"],
      ]);
      expect((await service.payment(intent.group.id))?.state).toBe("expired");
      // The conversation's replay of the step that was cut: the group is spent, and says so.
      const replay = await service.reserveGroup(intent.group.id);
      expect(replay).toMatchObject({ kind: "failed", stop: { kind: "released" } });
      expect(sandbox.requests.length).toBe(calls);
      expect(groupEvents).toEqual([]);
      await invariants();
    });

    it("a crash while holding: the holds made are released within a minute, the flights never tried are dropped", async () => {
      const intent = await groupIntent();
      await storage.db.updateTable("booking_groups").set({ state: "HOLDING", updated_at: t }).execute();
      await service.reserve(intent.flights[0]!.id);
      t += STALE_MS;
      await reaper.tick();
      const after = (await service.getGroup(intent.group.id))!;
      expect(after.group.state).toBe("RELEASED");
      expect(states(after)).toEqual(["RELEASED", "RELEASED", "RELEASED"]);
      expect(partnerStatuses()).toEqual(["CANCEL"]);
      expect(groupEvents.map((e) => e.kind)).toEqual(["released"]);
      await invariants();
    });
  });

  it("a customer's group paid first, approved by two at once: one confirm per flight, and only the approval that confirmed reports it", async () => {
    const intent = await service.createGroupIntent(groupIntentInputOf(await groupIntent([4, 4])), {
      prepay: { payee: "0812345678" },
    });
    expect((await service.reserveGroup(intent.group.id)).kind).toBe("held");
    expect((await service.submitSlip(intent.group.id, { fileId: "slip-1" })).kind).toBe("submitted");
    // The agent's approval reads the balance; the admin's tap comes meanwhile, sees the group still held,
    // and its own balance read is answered only once the agent's confirm has paid every flight.
    let balanceReads = 0;
    let agentRead!: () => void;
    const agentReading = new Promise<void>((resolve) => (agentRead = resolve));
    let adminRead!: () => void;
    const adminReading = new Promise<void>((resolve) => (adminRead = resolve));
    let agentDone!: () => void;
    const agentFinished = new Promise<void>((resolve) => (agentDone = resolve));
    holdRequest = async (url) => {
      if (!url.endsWith("/balance")) return;
      balanceReads += 1;
      if (balanceReads === 1) {
        agentRead();
        await adminReading;
      } else if (balanceReads === 2) {
        adminRead();
        await agentFinished;
      }
    };
    const agent = service.decidePayment(intent.group.id, { approve: true, actorId: 7001 }).finally(() => agentDone());
    await agentReading;
    const admin = service.decidePayment(intent.group.id, { approve: true, actorId: 7002 });
    const [a, b] = await Promise.all([agent, admin]);
    expect(balanceReads).toBe(2);
    expect(a).toMatchObject({ kind: "group-approved", confirm: { kind: "paid" } });
    // Not a second "paid" (which would send the customer a second receipt): the decision was made.
    expect(b.kind).toBe("decided");
    expect(sandbox.requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path))).toHaveLength(2);
    expect(states((await service.getGroup(intent.group.id))!)).toEqual(["PAID", "PAID"]);
    await invariants();
  });

  it("an admin refunds a group: each paid flight refunded once", async () => {
    const view = await heldGroup([4, 4]);
    await service.confirmGroup(view.group.id);
    const out = await service.refundGroup(view.group.id, { actor: "user:1" });
    expect(out.failed).toEqual([]);
    expect(states(out.view)).toEqual(["REFUNDED", "REFUNDED"]);
    expect(out.refunded).toBe(sandbox.reservations().reduce((s, r) => s + (r.refundedAmount ?? 0), 0));
    expect(out.refunded).toBeGreaterThan(0);
    const again = await service.refundGroup(view.group.id, { actor: "user:1" });
    expect(again.refunded).toBe(out.refunded);
    expect(sandbox.count("POST", /\/refund$/)).toBe(2);
    await invariants();
  });

  it("a released group: Cancel releases every flight", async () => {
    const view = await heldGroup();
    const out = await service.releaseGroup(view.group.id, { reason: "user-cancel" });
    expect(out.kind).toBe("released");
    expect(states(out.view)).toEqual(["RELEASED", "RELEASED", "RELEASED"]);
    expect((await service.confirmGroup(view.group.id)).kind).toBe("not-held");
    expect(sandbox.count("POST", CONFIRM)).toBe(0);
    await invariants();
  });
  it("a person's release of one flight is refused, whoever asks; its hold's end and the group's release still release it", async () => {
    const view = await heldGroup([4, 4]);
    const [first] = view.flights;
    for (const reason of ["user-cancel", "user-restart"] as const) {
      const out = await service.release(first!.id, { reason, actor: "user:1" });
      expect(out.kind, reason).toBe("group-flight");
      expect(out.booking.state).toBe("HELD");
    }
    expect(sandbox.count("DELETE", CANCEL)).toBe(0);
    expect(partnerStatuses()).toEqual(["PENDING", "PENDING"]);
    expect((await service.release(first!.id, { reason: "expired" })).kind).toBe("released");
    const out = await service.releaseGroup(view.group.id, { reason: "user-cancel" });
    expect(states(out.view)).toEqual(["RELEASED", "RELEASED"]);
    expect(partnerStatuses()).toEqual(["CANCEL", "CANCEL"]);
    await invariants();
  });
});
