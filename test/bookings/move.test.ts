/**
 * A paid booking moved to another tee time, at the ledger: a real booking service and hold reaper on
 * SQLite and PostgreSQL, a real partner client, the partner sandbox over HTTP. The saga holds the new
 * tee time first, refunds the old booking only after the approval, then confirms the new hold — and
 * never leaves two paid tee times, nor none without saying so, whatever fails or crashes in between.
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
import type { MoveEvent, MoveTarget } from "../../src/bookings/service.js";
import { createMoveStore } from "../../src/bookings/move-store.js";
import { createBookingRepository } from "../../src/bookings/repository.js";
import type { PartnerClient } from "../../src/partner/index.js";
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
/** A customer of AGENT's (through a link), who pays first. */
const CUSTOMER = 7003;
const PAYEE = { payee: "0812345678" };

const RESERVE = /\/order\/reserve$/;
const CONFIRM = /\/order\/[0-9a-f]{24}\/confirm$/;
const REFUND = /\/order\/[0-9a-f]{24}\/refund$/;

describe.each(databaseFactories)("moving a paid booking on $name", ({ make }) => {
  let t = NOW;
  let sandbox: Sandbox;
  let storage: Storage;
  let service: BookingService;
  let reaper: HoldReaper;
  let moveEvents: MoveEvent[];
  let partner: PartnerClient;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    t = NOW;
    const clock = () => t;
    const world = await startPartnerWorld({ make, clock, initialBalance: INITIAL_BALANCE });
    closers.push(world.close);
    ({ sandbox, storage } = world);
    const logger = world.logger;
    partner = world.partner;
    // The access rule as production has it by default: only an admin refunds or approves a move (which spends a refund).
    const writePolicy = (req: { kind: string; actorId: number }) =>
      Promise.resolve(
        (req.kind === "refund" || req.kind === "move") && req.actorId !== ADMIN ? ("admins-only" as const) : undefined,
      );
    service = createBookingService({
      db: storage.db,
      partner,
      logger,
      holdMinutes: HOLD_MINUTES,
      now: clock,
      writePolicy,
    });
    moveEvents = [];
    reaper = createHoldReaper({
      service,
      logger,
      intervalMs: 10_000,
      staleAfterMs: STALE_MS,
      now: clock,
      onMoveEvent: (e) => void moveEvents.push(e),
    });
  });

  afterEach(async () => {
    sandbox.faults.clear();
    await reaper.stop();
    for (const close of closers.splice(0)) await close().catch(() => undefined);
  });

  const invariants = () => checkInvariants({ sandbox, db: storage.db, now: () => t, balanceBase: INITIAL_BALANCE });

  /** Open tee times tomorrow on one course that take two players. */
  function openSlots(n: number): SlotView[] {
    for (const course of sandbox.courses()) {
      const open = sandbox
        .slots(course.id, "2026-11-24")
        .filter((s) => s.status === "OPEN" && s.minPerson <= 2 && s.maxPerson >= 2 && s.persons === 0);
      if (open.length >= n) return open.slice(0, n);
    }
    throw new Error(`no ${n} open tee times`);
  }

  /** A booking paid for a customer of AGENT's, on `slot`. */
  async function paidBooking(slot: SlotView): Promise<BookingRecord> {
    const id = randomUUID();
    await service.createIntent(intentAt(slot, { id, userId: AGENT, agentId: AGENT }));
    expect((await service.reserve(id)).kind).toBe("held");
    expect((await service.confirm(id)).kind).toBe("paid");
    return (await service.get(id))!;
  }

  const target = (slot: SlotView): MoveTarget => ({
    slotId: slot.id,
    slotStartsAt: slot.startMs,
    persons: 2,
    expectedAmount: slot.price * 2,
  });

  async function heldMove(old: BookingRecord, slot: SlotView, requestedBy = AGENT) {
    const id = randomUUID();
    const out = await service.startMove({
      id,
      newBookingId: randomUUID(),
      oldBookingId: old.id,
      requestedBy,
      to: target(slot),
    });
    expect(out.kind).toBe("held");
    return id;
  }

  it("an agent's move, an admin's approval: new held first, then the old refunded, then the new paid — the balance moves by exactly the new amount less the refund", async () => {
    const [a, b] = openSlots(2);
    const old = await paidBooking(a!);
    const before = sandbox.balance();
    const id = await heldMove(old, b!);
    // Held, not yet approved: nothing refunded, nothing paid.
    expect(sandbox.count("POST", REFUND)).toBe(0);
    expect(sandbox.balance()).toBe(before);
    // The agent cannot approve their own move (it spends a refund): refused before any partner call.
    await expect(service.approveMove(id, { actor: `user:${AGENT}` })).rejects.toThrow(/refused/);
    expect(sandbox.count("POST", REFUND)).toBe(0);

    const out = await service.approveMove(id, { actor: `user:${ADMIN}` });
    expect(out.kind).toBe("done");
    expect(out.old.state).toBe("REFUNDED");
    expect(out.new.state).toBe("PAID");
    expect(out.move.state).toBe("DONE");
    const oldAtPartner = sandbox.reservations().find((r) => r.id === old.reservation_id)!;
    const newAtPartner = sandbox.reservations().find((r) => r.id === out.new.reservation_id)!;
    expect(oldAtPartner.status).toBe("REFUND");
    expect(newAtPartner.status).toBe("PAID");
    expect(out.kind === "done" && out.refundedAmount).toBe(oldAtPartner.refundedAmount);
    expect(sandbox.balance()).toBe(before - newAtPartner.amount + (oldAtPartner.refundedAmount ?? 0));
    // The new booking is the old one's customer's, booker's and agent's.
    expect(out.new).toMatchObject({ user_id: AGENT, agent_id: AGENT, customer_name: "Somchai Jaidee" });
    expect(sandbox.count("POST", RESERVE)).toBe(2);
    expect(sandbox.count("POST", CONFIRM)).toBe(2);
    expect(sandbox.count("POST", REFUND)).toBe(1);
    // The audit log has the move's steps, each with who took it, beside the refund and the confirms.
    const order = ["held", "refunding", "confirming", "done"];
    const steps = (await service.auditLog(50, old.id))
      .filter((e) => e.action === "move")
      .sort((x, y) => x.at - y.at || order.indexOf(x.outcome) - order.indexOf(y.outcome))
      .map((e) => `${e.actor} ${e.outcome}`);
    expect(steps).toEqual([
      `user:${AGENT} held`,
      `user:${ADMIN} refunding`,
      `user:${ADMIN} confirming`,
      `user:${ADMIN} done`,
    ]);
    await invariants();
  });

  it("two admins approve at once: one refund, one confirm, one move", async () => {
    const [a, b] = openSlots(2);
    const old = await paidBooking(a!);
    const id = await heldMove(old, b!);
    const outs = await Promise.all([
      service.approveMove(id, { actor: `user:${ADMIN}` }),
      service.approveMove(id, { actor: `user:${ADMIN}` }),
    ]);
    expect(outs.map((o) => o.kind).sort()).toEqual(["decided", "done"]);
    expect(sandbox.count("POST", REFUND)).toBe(1);
    expect(sandbox.count("POST", CONFIRM)).toBe(2);
    await invariants();
  });

  it("the refund fails: the old booking stays paid, the new hold is released, and it says so", async () => {
    const [a, b] = openSlots(2);
    const old = await paidBooking(a!);
    const id = await heldMove(old, b!);
    sandbox.faults.add({ method: "POST", path: REFUND, kind: "status", status: 422 });
    const out = await service.approveMove(id, { actor: `user:${ADMIN}` });
    expect(out.kind).toBe("unwound");
    expect(out.old.state).toBe("PAID");
    expect(out.new.state).toBe("RELEASED");
    expect(out.move.state).toBe("UNWOUND");
    expect(sandbox.reservations().find((r) => r.id === out.new.reservation_id)?.status).toBe("CANCEL");
    expect(sandbox.count("POST", CONFIRM)).toBe(1);
    await invariants();
  });

  it("the confirm fails after the refund: retried while the new hold lives; when it ends, the move is stranded and told once", async () => {
    const [a, b] = openSlots(2);
    const old = await paidBooking(a!);
    const id = await heldMove(old, b!);
    sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, times: Infinity });
    const out = await service.approveMove(id, { actor: `user:${ADMIN}` });
    expect(out.kind).toBe("retrying");
    expect(out.old.state).toBe("REFUNDED");
    expect(out.new.state).toBe("HELD");
    // The reaper tries again after its interval: still refused.
    t += STALE_MS + 1;
    await reaper.tick();
    expect(sandbox.count("POST", CONFIRM)).toBe(3);
    expect((await service.getMove(id)).move.state).toBe("CONFIRMING");
    // Then the partner accepts: the next try books it.
    sandbox.faults.clear();
    t += STALE_MS + 1;
    await reaper.tick();
    expect((await service.getMove(id)).move.state).toBe("DONE");
    expect(moveEvents.map((e) => e.kind)).toEqual(["done"]);
    await invariants();

    // Another move whose confirm never goes through: the new hold ends, the move is stranded.
    const [c, d] = openSlots(2);
    const second = await paidBooking(c!);
    const id2 = await heldMove(second, d!);
    sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, times: Infinity });
    expect((await service.approveMove(id2, { actor: `user:${ADMIN}` })).kind).toBe("retrying");
    t += HOLD_MINUTES * 60_000;
    await reaper.tick();
    await reaper.tick();
    const stranded = await service.getMove(id2);
    expect(stranded.move.state).toBe("STRANDED");
    expect(stranded.old.state).toBe("REFUNDED");
    expect(stranded.new.state).toBe("RELEASED");
    expect(moveEvents.filter((e) => e.kind === "stranded")).toHaveLength(1);
    await reaper.tick();
    expect(
      moveEvents.filter((e) => e.kind === "stranded"),
      "told once",
    ).toHaveLength(1);
    sandbox.faults.clear();
    await invariants();
  });

  it("declined, or its new hold ends before the approval: abandoned, the new hold released, nothing refunded", async () => {
    const [a, b, c] = openSlots(3);
    const old = await paidBooking(a!);
    const id = await heldMove(old, b!);
    // A second move of the same booking while one is open is refused.
    const again = await service.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: old.id,
      requestedBy: AGENT,
      to: target(c!),
    });
    expect(again).toMatchObject({ kind: "refused", reason: "open-move" });
    const declined = await service.abandonMove(id, { actor: `user:${ADMIN}` });
    expect(declined.kind).toBe("abandoned");
    expect(declined.new.state).toBe("RELEASED");
    expect((await service.get(old.id))?.state).toBe("PAID");

    const id2 = await heldMove(old, c!);
    t += HOLD_MINUTES * 60_000;
    await reaper.tick();
    await reaper.tick();
    expect((await service.getMove(id2)).move.state).toBe("ABANDONED");
    expect(moveEvents.map((e) => e.kind)).toContain("abandoned");
    // An approval after the end refunds nothing.
    expect((await service.approveMove(id2, { actor: `user:${ADMIN}` })).kind).toBe("decided");
    expect(sandbox.count("POST", REFUND)).toBe(0);
    await invariants();
  });

  /** Open tee times tomorrow on one course: one for two players, then `n` more that take three. */
  function dearerSlots(n: number): SlotView[] {
    for (const course of sandbox.courses()) {
      const open = sandbox
        .slots(course.id, "2026-11-24")
        .filter((s) => s.status === "OPEN" && s.persons === 0 && s.minPerson <= 2);
      const first = open.find((s) => s.maxPerson >= 2);
      const three = open.filter((s) => s !== first && s.minPerson <= 3 && s.maxPerson >= 3);
      if (first && three.length >= n) return [first, ...three.slice(0, n)];
    }
    throw new Error(`no ${n} open tee times for three`);
  }

  /** A customer's paid booking (AGENT's customer) on `slot`, and their move of it to `to` for three players. */
  async function customersDearerMove(slot: SlotView, to: SlotView) {
    const id = randomUUID();
    await service.createIntent(intentAt(slot, { id, userId: CUSTOMER, agentId: AGENT }));
    expect((await service.reserve(id)).kind).toBe("held");
    expect((await service.confirm(id, { actor: `user:${AGENT}` })).kind).toBe("paid");
    const old = (await service.get(id))!;
    const out = await service.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: old.id,
      requestedBy: CUSTOMER,
      to: { ...target(to), persons: 3, expectedAmount: to.price * 3 },
      pay: PAYEE,
    });
    expect(out.kind).toBe("held");
    if (out.kind !== "held") throw new Error("not held");
    return out;
  }

  /** The customer's slip for the move's difference, and the agent's approval of it. */
  async function paysDifference(newBookingId: string) {
    await service.showPayment(newBookingId);
    expect((await service.submitSlip(newBookingId, { fileId: "slip", ref: `REF${newBookingId}` })).kind).toBe(
      "submitted",
    );
    const decided = await service.decidePayment(newBookingId, { approve: true, actorId: AGENT });
    expect(decided.kind).toBe("move-approved");
  }

  it("a customer's dearer move: the approval is refused while the difference is unpaid (no partner call); paid and approved, the admin's approval refunds the old and pays the new, the balance exact", async () => {
    const [a, b] = dearerSlots(1);
    const held = await customersDearerMove(a!, b!);
    // The difference at the customer's prices (no markup here: the selling price is the net).
    expect(held.payment).toMatchObject({ kind: "move", state: "pending", payee: "0812345678" });
    expect(held.payment!.amount).toBe(b!.price * 3 - a!.price * 2);
    expect(held.payment!.amount).toBeGreaterThan(0);
    const before = sandbox.balance();
    const writes = sandbox.requests.length;

    const refused = await service.approveMove(held.move.id, { actor: `user:${ADMIN}` });
    expect(refused.kind).toBe("unpaid");
    expect(refused.move.state).toBe("HELD");
    // A slip with the agent is not a payment either.
    await service.showPayment(held.new.id);
    await service.submitSlip(held.new.id, { fileId: "slip", ref: "REF-1" });
    expect((await service.approveMove(held.move.id, { actor: `user:${ADMIN}` })).kind).toBe("unpaid");
    expect(sandbox.requests.length, "no partner call").toBe(writes);

    // The agent approves the slip: nothing is written at the partner; the move waits for the admin.
    expect((await service.decidePayment(held.new.id, { approve: true, actorId: AGENT })).kind).toBe("move-approved");
    expect(sandbox.requests.length).toBe(writes);
    expect((await service.getMove(held.move.id)).move.state).toBe("HELD");

    const out = await service.approveMove(held.move.id, { actor: `user:${ADMIN}` });
    expect(out.kind).toBe("done");
    const oldAtPartner = sandbox.reservations().find((r) => r.id === out.old.reservation_id)!;
    const newAtPartner = sandbox.reservations().find((r) => r.id === out.new.reservation_id)!;
    expect(oldAtPartner.status).toBe("REFUND");
    expect(newAtPartner.status).toBe("PAID");
    expect(sandbox.balance()).toBe(before - newAtPartner.amount + (oldAtPartner.refundedAmount ?? 0));
    expect(sandbox.count("POST", REFUND)).toBe(1);
    expect(out.payment?.state).toBe("approved");
    await invariants();
  });

  it("a move's difference paid with a slip image already used for another move, its QR not read: flagged by its file and by its pixels; the slip past the limit is not read", async () => {
    const [a, b, c, d] = dearerSlots(3);
    const first = await customersDearerMove(a!, b!);
    await service.showPayment(first.new.id);
    const paid = await service.submitSlip(first.new.id, {
      fileId: "slip-first",
      fileUniqueId: "AgADfirst",
      read: () => Promise.resolve({ qr: "read", ref: "0142026FIRSTMOVE", pixels: "p".repeat(64) }),
    });
    expect(paid).toMatchObject({ kind: "submitted" });
    expect(paid.kind === "submitted" && paid.reusedOf).toBeUndefined();

    const second = await customersDearerMove(c!, d!);
    await service.showPayment(second.new.id);
    // The same file forwarded, its QR not read this time (a busy reader, say).
    const forwarded = await service.submitSlip(second.new.id, {
      fileId: "slip-forwarded",
      fileUniqueId: "AgADfirst",
      read: () => Promise.resolve({ qr: "unread" }),
    });
    expect(forwarded).toMatchObject({ kind: "submitted", reusedOf: first.new.id, reusedBy: "file" });
    // The same picture in another file, no QR in it read.
    const resaved = await service.submitSlip(second.new.id, {
      fileId: "slip-resaved",
      fileUniqueId: "AgADresaved",
      read: () => Promise.resolve({ qr: "no-qr", pixels: "p".repeat(64) }),
    });
    expect(resaved).toMatchObject({ kind: "submitted", reusedOf: first.new.id, reusedBy: "pixels" });
    expect(await service.payment(second.new.id)).toMatchObject({
      slip_qr: "no-qr",
      slip_ref: null,
      slip_reused_of: first.new.id,
      slip_count: 2,
    });
    // The third is the last the payment takes (3 by default); the fourth is neither read nor recorded.
    await service.submitSlip(second.new.id, { fileId: "slip-3", read: () => Promise.resolve({ qr: "unread" }) });
    let reads = 0;
    const refused = await service.submitSlip(second.new.id, {
      fileId: "slip-4",
      read: () => (reads++, Promise.resolve({ qr: "unread" })),
    });
    expect(refused).toMatchObject({ kind: "refused", limit: 3 });
    expect(reads).toBe(0);
    expect((await service.payment(second.new.id))?.slip_file_id).toBe("slip-3");
  });

  it("a customer's difference and how the move ends without the new tee time: unpaid when the hold ends (expired); approved, then the hold ends, the admin declines, or the refund is refused (money to return)", async () => {
    const [a, b, c, d, e] = dearerSlots(4);
    // The hold ends before the customer paid: the payment expires with the move, nothing to return.
    const unpaidMove = await customersDearerMove(a!, b!);
    await service.showPayment(unpaidMove.new.id);
    t += HOLD_MINUTES * 60_000;
    await reaper.tick();
    await reaper.tick();
    const lapsed = await service.getMove(unpaidMove.move.id);
    expect(lapsed.move.state).toBe("ABANDONED");
    expect(lapsed.payment?.state).toBe("expired");
    expect(moveEvents.find((e) => e.move.id === unpaidMove.move.id)?.kind).toBe("abandoned");

    // Approved, then the hold ends before the admin's approval: abandoned, the difference to return.
    const { old: second } = unpaidMove;
    const late = await service.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: second.id,
      requestedBy: CUSTOMER,
      to: { ...target(c!), persons: 3, expectedAmount: c!.price * 3 },
      pay: PAYEE,
    });
    expect(late.kind).toBe("held");
    if (late.kind !== "held") return;
    await paysDifference(late.new.id);
    t += HOLD_MINUTES * 60_000;
    await reaper.tick();
    await reaper.tick();
    const ended = await service.getMove(late.move.id);
    expect(ended.move.state).toBe("ABANDONED");
    expect(ended.payment?.state).toBe("to-return");
    expect((await service.approveMove(late.move.id, { actor: `user:${ADMIN}` })).kind).toBe("decided");

    // Approved, then the admin declines: the same.
    const declinedMove = await service.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: second.id,
      requestedBy: CUSTOMER,
      to: { ...target(d!), persons: 3, expectedAmount: d!.price * 3 },
      pay: PAYEE,
    });
    if (declinedMove.kind !== "held") throw new Error("not held");
    await paysDifference(declinedMove.new.id);
    const declined = await service.abandonMove(declinedMove.move.id, { actor: `user:${ADMIN}` });
    expect(declined.kind).toBe("abandoned");
    expect(declined.payment?.state).toBe("to-return");

    // Approved, then the partner refuses the refund: unwound, the difference to return.
    const refusedMove = await service.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: second.id,
      requestedBy: CUSTOMER,
      to: { ...target(e!), persons: 3, expectedAmount: e!.price * 3 },
      pay: PAYEE,
    });
    if (refusedMove.kind !== "held") throw new Error("not held");
    await paysDifference(refusedMove.new.id);
    sandbox.faults.add({ method: "POST", path: REFUND, kind: "status", status: 422 });
    const unwound = await service.approveMove(refusedMove.move.id, { actor: `user:${ADMIN}` });
    expect(unwound.kind).toBe("unwound");
    expect(unwound.old.state).toBe("PAID");
    expect(unwound.payment?.state).toBe("to-return");
    // Nothing is left for the reaper's sweep to tell twice.
    expect(await service.paymentsEndedUnsettled()).toEqual([]);
    await invariants();
  });

  it("a customer's difference approved, the old refunded, the new never confirmed before its hold ends: stranded, the difference to return", async () => {
    const [a, b] = dearerSlots(1);
    const held = await customersDearerMove(a!, b!);
    await paysDifference(held.new.id);
    sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, times: Infinity });
    expect((await service.approveMove(held.move.id, { actor: `user:${ADMIN}` })).kind).toBe("retrying");
    t += HOLD_MINUTES * 60_000;
    await reaper.tick();
    await reaper.tick();
    const stranded = await service.getMove(held.move.id);
    expect(stranded.move.state).toBe("STRANDED");
    expect(stranded.old.state).toBe("REFUNDED");
    expect(stranded.payment?.state).toBe("to-return");
    expect(moveEvents.filter((e) => e.kind === "stranded")).toHaveLength(1);
    sandbox.faults.clear();
    await invariants();
  });

  it("a crash after the refund, before the confirm: the reaper reads the refund back and books the new tee time, once", async () => {
    const [a, b] = openSlots(2);
    const old = await paidBooking(a!);
    const id = await heldMove(old, b!);
    // What a process killed mid-refund leaves: the move and the old booking claimed for the refund,
    // the refund applied at the partner, its answer never recorded.
    expect(await createMoveStore(storage.db, () => t).transition(id, ["HELD"], "REFUNDING")).toBe(true);
    expect(
      await createBookingRepository(storage.db, () => t).transition(old.id, {
        from: ["PAID"],
        to: "REFUNDING",
        detail: { actor: `user:${ADMIN}`, moveId: id },
      }),
    ).toBe(true);
    await partner.refund(old.reservation_id!);
    const left = await service.getMove(id);
    expect(left.move.state).toBe("REFUNDING");
    expect(left.old.state).toBe("REFUNDING");
    t += STALE_MS + 1;
    await reaper.tick();
    await reaper.tick();
    const after = await service.getMove(id);
    expect(after.move.state).toBe("DONE");
    expect(after.old.state).toBe("REFUNDED");
    expect(after.new.state).toBe("PAID");
    expect(sandbox.count("POST", REFUND)).toBe(1);
    expect(moveEvents.map((e) => e.kind)).toEqual(["done"]);
    await invariants();
  });

  it("a crash mid-approval, and the old booking refunded by another path meanwhile: the reaper never takes that refund for the move's — the move unwinds, the new tee time is released, one refund, no confirm", async () => {
    const [a, b] = openSlots(2);
    const old = await paidBooking(a!);
    const id = await heldMove(old, b!);
    // The approval's process died between its own step and its claim of the old booking...
    expect(await createMoveStore(storage.db, () => t).transition(id, ["HELD"], "REFUNDING")).toBe(true);
    // ...and the old booking left PAID another way (an instance that did not see the move yet).
    expect(
      await createBookingRepository(storage.db, () => t).transition(old.id, {
        from: ["PAID"],
        to: "REFUNDING",
        detail: { actor: `user:${ADMIN}` },
      }),
    ).toBe(true);
    await partner.refund(old.reservation_id!);
    t += STALE_MS + 1;
    await reaper.tick();
    await reaper.tick();
    const after = await service.getMove(id);
    expect(after.move.state).toBe("UNWOUND");
    expect(after.new.state).toBe("RELEASED");
    expect(sandbox.count("POST", REFUND)).toBe(1);
    expect(sandbox.count("POST", CONFIRM)).toBe(1);
    expect(moveEvents.map((e) => e.kind)).toEqual(["unwound"]);
    await invariants();
  });

  it("a group's refund while one of its tee times' moves waits refunds nothing, saying which tee time a move owns; declined, the group refunds whole", async () => {
    const [a, b, c] = openSlots(3);
    const group = await service.createGroupIntent({
      id: randomUUID(),
      chatId: AGENT,
      userId: AGENT,
      agentId: AGENT,
      locale: "en",
      courseId: a!.course.id,
      courseName: a!.course.name,
      timeZone: "Asia/Bangkok",
      customerName: "Somchai Group",
      customerEmail: "somchai@example.com",
      customerMobile: "+66812345678",
      flights: [a!, b!].map((s) => ({
        slotId: s.id,
        slotStartsAt: s.startMs,
        persons: 2,
        expectedAmount: s.price * 2,
      })),
    });
    expect((await service.reserveGroup(group.group.id)).kind).toBe("held");
    expect((await service.confirmGroup(group.group.id)).kind).toBe("paid");
    const first = (await service.getGroup(group.group.id))!.flights[0]!;
    const moveId = await heldMove(first, c!);
    const out = await service.refundGroup(group.group.id, { actor: `user:${ADMIN}` });
    expect(out.failed).toEqual([{ flight: 1, kind: "owned" }]);
    expect(sandbox.count("POST", REFUND)).toBe(0);
    expect((await service.abandonMove(moveId, { actor: `user:${ADMIN}` })).kind).toBe("abandoned");
    const whole = await service.refundGroup(group.group.id, { actor: `user:${ADMIN}` });
    expect(whole.failed).toEqual([]);
    expect(sandbox.count("POST", REFUND)).toBe(2);
    await invariants();
  });
});
