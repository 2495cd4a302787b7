/**
 * Money owed to customers is a row in the ledger, at the service: a real booking service and hold reaper
 * on SQLite and PostgreSQL, a real partner client, the partner sandbox over HTTP. A move stranded owes
 * the customer's payment of the old booking, a cheaper move done its difference, a refund (an admin's, or
 * the partner's word) the customer's share — each one row, recorded by the step that made it owed however
 * often that step runs, listed to return until a decider marks it returned, once.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createBookingService,
  createHoldReaper,
  type BookingRecord,
  type BookingService,
  type HoldReaper,
} from "../../src/bookings/index.js";
import type { MoveTarget } from "../../src/bookings/service.js";
import type { Sandbox, SlotView } from "../../src/local/sandbox/index.js";
import type { Storage } from "../../src/storage/index.js";
import { intentAt } from "../helpers/booking-row.js";
import { databaseFactories } from "../helpers/databases.js";
import { startPartnerWorld } from "../helpers/partner-world.js";
import { checkInvariants } from "../helpers/invariants.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const HOLD_MINUTES = 15;
const STALE_MS = 60_000;
const INITIAL_BALANCE = 10_000_000;
const ADMIN = 7001;
const AGENT = 7002;
/** A customer of AGENT's, who pays first. */
const CUSTOMER = 7003;
const PAYEE = { payee: "0812345678" };
const CONFIRM = /\/order\/[0-9a-f]{24}\/confirm$/;

describe.each(databaseFactories)("money owed to customers on $name", ({ make }) => {
  let t = NOW;
  let sandbox: Sandbox;
  let storage: Storage;
  let service: BookingService;
  let reaper: HoldReaper;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    t = NOW;
    const clock = () => t;
    const world = await startPartnerWorld({ make, clock, initialBalance: INITIAL_BALANCE });
    closers.push(world.close);
    ({ sandbox, storage } = world);
    const logger = world.logger;
    const partner = world.partner;
    // As production: only an admin refunds or approves a move; money marked returned by staff for theirs.
    const writePolicy = (req: { kind: string; actorId: number; agentId: number | null }) =>
      Promise.resolve(
        (req.kind === "refund" || req.kind === "move") && req.actorId !== ADMIN
          ? ("admins-only" as const)
          : req.kind === "mark-returned" && req.actorId !== ADMIN && req.actorId !== req.agentId
            ? ("not-theirs" as const)
            : undefined,
      );
    service = createBookingService({
      db: storage.db,
      partner,
      logger,
      holdMinutes: HOLD_MINUTES,
      now: clock,
      writePolicy,
    });
    reaper = createHoldReaper({ service, logger, intervalMs: 10_000, staleAfterMs: STALE_MS, now: clock });
  });

  afterEach(async () => {
    sandbox.faults.clear();
    await reaper.stop();
    for (const close of closers.splice(0)) await close().catch(() => undefined);
  });

  const invariants = () => checkInvariants({ sandbox, db: storage.db, now: () => t, balanceBase: INITIAL_BALANCE });

  /** Open tee times tomorrow on one course that take two and three players. */
  function openSlots(n: number): SlotView[] {
    for (const course of sandbox.courses()) {
      const open = sandbox
        .slots(course.id, "2026-11-24")
        .filter((s) => s.status === "OPEN" && s.minPerson <= 2 && s.maxPerson >= 3 && s.persons === 0);
      if (open.length >= n) return open.slice(0, n);
    }
    throw new Error(`no ${n} open tee times`);
  }

  /** A booking CUSTOMER paid through fairway (a pay-first payment the agent approved), for `persons`. */
  async function paidThroughFairway(slot: SlotView, persons = 2): Promise<BookingRecord> {
    const id = randomUUID();
    await service.createIntent(intentAt(slot, { id, userId: CUSTOMER, agentId: AGENT, persons }), { prepay: PAYEE });
    expect((await service.reserve(id)).kind).toBe("held");
    await service.showPayment(id);
    expect((await service.submitSlip(id, { fileId: "slip", ref: `REF${id}` })).kind).toBe("submitted");
    const decided = await service.decidePayment(id, { approve: true, actorId: AGENT });
    expect(decided.kind === "approved" && decided.confirm.kind).toBe("paid");
    return (await service.get(id))!;
  }

  const target = (slot: SlotView, persons = 2): MoveTarget => ({
    slotId: slot.id,
    slotStartsAt: slot.startMs,
    persons,
    expectedAmount: slot.price * persons,
  });

  async function heldMove(old: BookingRecord, to: MoveTarget): Promise<string> {
    const id = randomUUID();
    const out = await service.startMove({
      id,
      newBookingId: randomUUID(),
      oldBookingId: old.id,
      requestedBy: AGENT,
      to,
    });
    expect(out.kind).toBe("held");
    return id;
  }

  it("a stranded move owes the customer's payment of the old booking: one row to return, by the agent, at its selling amount, marked returned once", async () => {
    const [a, b] = openSlots(2);
    const old = await paidThroughFairway(a!);
    const id = await heldMove(old, target(b!));
    sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, times: Infinity });
    expect((await service.approveMove(id, { actor: `user:${ADMIN}` })).kind).toBe("retrying");
    t += HOLD_MINUTES * 60_000;
    await reaper.tick();
    await reaper.tick();
    await reaper.tick();
    expect((await service.getMove(id)).move.state).toBe("STRANDED");
    const owed = await service.owedToReturn();
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({
      reason: "stranded",
      booking_id: old.id,
      move_id: id,
      state: "to-return",
      paid_via: "fairway",
      agent_id: AGENT,
      user_id: CUSTOMER,
    });
    expect(Number(owed[0]!.amount)).toBe(old.selling_amount ?? old.amount);
    expect(await service.owedToReturn({ agentId: AGENT })).toHaveLength(1);
    expect(await service.owedToReturn({ agentId: ADMIN })).toHaveLength(0);
    sandbox.faults.clear();
    await invariants();

    // Another agent may not mark it; its agent does, once.
    await expect(service.markReturned(owed[0]!.id, 7099)).rejects.toThrow(/refused/);
    const marks = await Promise.all([
      service.markReturned(owed[0]!.id, AGENT),
      service.markReturned(owed[0]!.id, ADMIN),
    ]);
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await service.owedToReturn()).toEqual([]);
    expect((await service.owed(owed[0]!.id))?.state).toBe("returned");
    await invariants();
  });

  it("a move to a cheaper tee time owes the difference (old selling − new selling); one that sells for as much or more owes nothing", async () => {
    const [a, b, c, d] = openSlots(4);
    const old = await paidThroughFairway(a!, 3);
    const cheaper = await heldMove(old, target(b!, 2));
    const done = await service.approveMove(cheaper, { actor: `user:${ADMIN}` });
    expect(done.kind).toBe("done");
    const owed = await service.owedToReturn();
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ reason: "difference", booking_id: old.id, move_id: cheaper, paid_via: "fairway" });
    expect(Number(owed[0]!.amount)).toBe((old.selling_amount ?? 0) - (done.new.selling_amount ?? 0));
    expect(Number(owed[0]!.amount)).toBeGreaterThan(0);
    // A replayed approval records nothing more; a move to a tee time selling for as much owes nothing.
    expect((await service.approveMove(cheaper, { actor: `user:${ADMIN}` })).kind).toBe("decided");
    const other = await paidThroughFairway(c!, 2);
    const same = await heldMove(other, { ...target(d!, 2), expectedAmount: c!.price * 2 });
    const moved = await service.approveMove(same, { actor: `user:${ADMIN}` });
    expect(moved.kind).toBe("done");
    const less = (other.selling_amount ?? 0) - (moved.new.selling_amount ?? 0);
    expect(await service.owedToReturn()).toHaveLength(less > 0 ? 2 : 1);
    await invariants();
  });

  it("an admin's refund of a booking the customer paid owes their share of the credit; a second refund records nothing more", async () => {
    const [a, b] = openSlots(2);
    const paid = await paidThroughFairway(a!);
    const out = await service.refund(paid.id, { actor: `user:${ADMIN}` });
    expect(out.kind).toBe("refunded");
    if (out.kind !== "refunded") return;
    expect((await service.refund(paid.id, { actor: `user:${ADMIN}` })).kind).toBe("not-paid");
    const owed = await service.owedToReturn();
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({
      id: `r-${paid.id}`,
      reason: "refund",
      booking_id: paid.id,
      paid_via: "fairway",
      agent_id: AGENT,
    });
    const selling = paid.selling_amount ?? paid.amount!;
    expect(Number(owed[0]!.amount)).toBe(Math.min(selling, Math.round((selling * out.refundedAmount!) / paid.amount!)));

    // A booking the agent sold outside fairway (no payment of the customer's recorded): probably owed, by its agent.
    const id = randomUUID();
    await service.createIntent(intentAt(b!, { id, userId: AGENT, agentId: AGENT }));
    await service.reserve(id);
    expect((await service.confirm(id)).kind).toBe("paid");
    expect((await service.refund(id, { actor: `user:${ADMIN}` })).kind).toBe("refunded");
    expect(await service.owedOf(id)).toMatchObject([{ reason: "refund", paid_via: "outside", agent_id: AGENT }]);
    await invariants();
  });
});
