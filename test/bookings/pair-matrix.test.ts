/**
 * Every pair of money actions on one booking, in both orders and (on PostgreSQL, two service instances
 * with their own connections) at the same instant: a real booking service and hold reaper, the access
 * rule as production has it (`writeRefusal`), the partner sandbox over HTTP, SQLite on disk and
 * PostgreSQL. Each pair starts from one of two states of a customer's paid booking — with no move, or
 * with a dearer move held and its difference waiting to be paid — runs its two actions, lets every hold
 * end (the reaper), and hands the ledger to the invariant checker, which fails a run in which a customer
 * is owed money and also holds what they paid for, a reservation is refunded twice, a move takes a refund
 * it did not make, or a confirm follows another path's refund of the same money.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeRefusal, type Who } from "../../src/access/index.js";
import { isAccessRefused } from "../../src/access/index.js";
import {
  createBookingService,
  createCancelRequests,
  createHoldReaper,
  isBookingOwned,
  type BookingRecord,
  type BookingService,
  type HoldReaper,
} from "../../src/bookings/index.js";
import { createLogger } from "../../src/logger.js";
import { createPartnerClient } from "../../src/partner/index.js";
import { createSandbox, type Sandbox, type SlotView } from "../../src/local/sandbox/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { addDaysToDateKey } from "../../src/time/date-key.js";
import { courseToday } from "../../src/bot/format/dates.js";
import { intentAt } from "../helpers/booking-row.js";
import { databaseFactories, type TestDatabase } from "../helpers/databases.js";
import { checkInvariants } from "../helpers/invariants.js";
import { hungRequestTimeouts } from "../helpers/partner-timeouts.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const HOLD_MINUTES = 15;
const STALE_MS = 60_000;
const INITIAL_BALANCE = 10_000_000_000;
const ADMIN = 8801;
const AGENT = 8802;
/** AGENT's customer (through a link), who pays a dearer move's difference first. */
const CUSTOMER = 8803;
const PAYEE = { payee: "0812345678" };

/** Who each user is, as `access.whoIs` answers in production. */
const WHO: Record<number, Who> = {
  [ADMIN]: { role: "admin" },
  [AGENT]: { role: "agent" },
  [CUSTOMER]: { role: "customer", agentId: AGENT, courseId: null, standing: "ok" },
};

const ACTIONS = [
  "move-request",
  "move-approve",
  "move-abandon",
  "refund",
  "cancel-approve",
  "release",
  "expiry",
  "slip",
  "pay-approve",
  "pay-reject",
  "confirm-new",
  "second-move",
] as const;
type Action = (typeof ACTIONS)[number];

/**
 * Where a pair starts: a paid booking alone; with the agent's move held (nothing to pay: it waits for the
 * admin); or with the customer's dearer move held, its difference unpaid.
 */
const BASES = ["paid", "agent-move-held", "customer-move-held"] as const;
type Base = (typeof BASES)[number];

interface World {
  sandbox: Sandbox;
  storages: Storage[];
  services: BookingService[];
  reaper: HoldReaper;
  used: Set<SlotView["id"]>;
}

/** One pair's booking, and the move on it once one is held. */
interface Case {
  old: BookingRecord;
  moveId?: string;
  newId?: string;
  /** Further tee times the actions move to. */
  spare: SlotView[];
}

describe.each(databaseFactories)("every pair of money actions on one booking, on $name", ({ name, make }) => {
  let t = NOW;
  let w: World;
  const dbs: TestDatabase[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const clock = () => t;
    const timeouts = hungRequestTimeouts();
    const sandbox = createSandbox({ clock, initialBalance: INITIAL_BALANCE, onHang: timeouts.expire });
    await sandbox.listen(0);
    closers.push(() => sandbox.close());
    const db = make();
    dbs.push(db);
    const logger = createLogger({ level: "silent" });
    // Two instances on PostgreSQL (each its own pool), one on SQLite (two processes on one file are not supported).
    const storages = [await createStorage(db.config)];
    if (name === "postgres") storages.push(await createStorage(db.config));
    for (const s of storages) closers.unshift(() => s.close());
    const services = storages.map((s) =>
      createBookingService({
        db: s.db,
        partner: createPartnerClient({
          baseURL: sandbox.url,
          apiKey: sandbox.apiKey,
          timeoutMs: 8_000,
          startTimeout: timeouts.start,
          retryDelayMs: 5,
        }),
        logger,
        holdMinutes: HOLD_MINUTES,
        now: clock,
        holdPolicy: () => Promise.resolve(undefined),
        writePolicy: (req) => Promise.resolve(writeRefusal(WHO[req.actorId] ?? { role: "stranger" }, req)),
      }),
    );
    const reaper = createHoldReaper({
      service: services[0]!,
      logger,
      intervalMs: 10_000,
      staleAfterMs: STALE_MS,
      now: clock,
    });
    closers.unshift(() => reaper.stop());
    w = { sandbox, storages, services, reaper, used: new Set() };
  }, 60_000);

  afterAll(async () => {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
    for (const db of dbs) await db.cleanup();
  });

  /** `n` open tee times on one course, two days or more after the clock's day, none used before. */
  function freshSlots(n: number): SlotView[] {
    for (let day = 2; day < 30; day++) {
      const date = addDaysToDateKey(courseToday(t, "Asia/Bangkok"), day);
      for (const course of w.sandbox.courses()) {
        const open = w.sandbox
          .slots(course.id, date)
          .filter(
            (s) => s.status === "OPEN" && s.persons === 0 && s.minPerson <= 2 && s.maxPerson >= 3 && !w.used.has(s.id),
          );
        if (open.length >= n) {
          const picked = open.slice(0, n);
          for (const s of picked) w.used.add(s.id);
          return picked;
        }
      }
    }
    throw new Error(`no ${n} fresh tee times`);
  }

  const service = (i = 0) => w.services[i % w.services.length]!;

  /** The customer's move of `c.old` to a dearer tee time (three players), their difference first. */
  async function requestMove(c: Case, s: BookingService, by: number) {
    const to = c.spare.shift();
    if (!to) return;
    const out = await s.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: c.old.id,
      requestedBy: by,
      to: { slotId: to.id, slotStartsAt: to.startMs, persons: 3, expectedAmount: to.price * 3 },
      ...(by === CUSTOMER ? { pay: PAYEE } : {}),
    });
    if (out.kind === "held" && c.moveId === undefined) {
      c.moveId = out.move.id;
      c.newId = out.new.id;
      await s.showPayment(out.new.id);
    }
  }

  /** Runs one action as the person (or job) who does it; the refusals the rule gives are its answer. */
  async function act(c: Case, action: Action, s: BookingService): Promise<void> {
    try {
      switch (action) {
        case "move-request":
          return await requestMove(c, s, CUSTOMER);
        case "second-move":
          return await requestMove(c, s, AGENT);
        case "move-approve":
          if (c.moveId) await s.approveMove(c.moveId, { actor: `user:${ADMIN}` });
          return;
        case "move-abandon":
          if (c.moveId) await s.abandonMove(c.moveId, { actor: `user:${CUSTOMER}` });
          return;
        case "refund":
          await s.refund(c.old.id, { actor: `user:${ADMIN}` });
          return;
        case "cancel-approve": {
          // The customer asks to cancel and an admin approves: the request's approval is the admin's refund.
          const requests = createCancelRequests(w.storages[w.services.indexOf(s)]!.db, () => t);
          const { request } = await requests.open(c.old.id, CUSTOMER, null);
          const out = await s.refund(c.old.id, { actor: `user:${ADMIN}` });
          if (out.kind === "refunded") await requests.finish(request.id, "approved", out.refundedAmount);
          return;
        }
        case "release": {
          // The customer's next booking releases the chat's earlier hold; and their Cancel on the new tee time.
          const active = await s.activeForChat(CUSTOMER);
          if (active?.state === "HELD")
            await s.cancelHold(active.group_id ?? active.id, { reason: "user-cancel", paymentStates: ["pending"] });
          if (c.newId) await s.release(c.newId, { reason: "user-cancel", actor: `user:${CUSTOMER}` });
          return;
        }
        case "expiry":
          t += (HOLD_MINUTES + 1) * 60_000;
          await w.reaper.tick();
          return;
        case "slip":
          if (c.newId && (await s.payment(c.newId)))
            await s.submitSlip(c.newId, { fileId: `slip-${c.newId}`, ref: `REF-${randomUUID()}` });
          return;
        case "pay-approve":
          if (c.newId && (await s.payment(c.newId))) await s.decidePayment(c.newId, { approve: true, actorId: AGENT });
          return;
        case "pay-reject":
          if (c.newId && (await s.payment(c.newId))) await s.decidePayment(c.newId, { approve: false, actorId: AGENT });
          return;
        case "confirm-new":
          if (c.newId) await s.confirm(c.newId, { actor: `user:${AGENT}` });
          return;
      }
    } catch (error) {
      if (isAccessRefused(error) || isBookingOwned(error)) return;
      throw error;
    }
  }

  async function startCase(base: Base): Promise<Case> {
    const [a, ...spare] = freshSlots(4);
    const id = randomUUID();
    const s = service();
    await s.createIntent(intentAt(a!, { id, userId: CUSTOMER, agentId: AGENT }));
    expect((await s.reserve(id)).kind).toBe("held");
    expect((await s.confirm(id, { actor: `user:${AGENT}` })).kind).toBe("paid");
    const c: Case = { old: (await s.get(id))!, spare };
    if (base !== "paid") {
      await requestMove(c, s, base === "agent-move-held" ? AGENT : CUSTOMER);
      expect(c.moveId, "the base's move is held").toBeDefined();
    }
    return c;
  }

  /** Every hold ends and every write settles (the reaper, past the holds and the stale window); then the checker. */
  async function settleAndCheck(c: Case, label: string) {
    t += (HOLD_MINUTES + 2) * 60_000 + STALE_MS;
    for (let i = 0; i < 3; i++) await w.reaper.tick();
    const report = await checkInvariants({
      sandbox: w.sandbox,
      db: w.storages[0]!.db,
      now: () => t,
      balanceBase: INITIAL_BALANCE,
      adminIds: [ADMIN],
    }).catch((error: unknown) => {
      throw new Error(`${label}: ${(error as Error).message}`);
    });
    expect(report.violations, label).toEqual([]);
    // The pair's own figures: the old reservation refunded at most once; both tee times never paid at once.
    const old = (await service().get(c.old.id))!;
    const refunds = w.sandbox.count("POST", new RegExp(`/order/${old.reservation_id}/refund$`));
    expect(refunds, `${label}: refunds of the old reservation`).toBeLessThanOrEqual(1);
    if (c.newId) {
      const fresh = (await service().get(c.newId))!;
      expect(old.state === "PAID" && fresh.state === "PAID", `${label}: both tee times paid`).toBe(false);
    }
  }

  const pairs = BASES.flatMap((base) => ACTIONS.flatMap((first) => ACTIONS.map((second) => ({ base, first, second }))));

  it(`${pairs.length} ordered pairs, one after the other`, async () => {
    for (const { base, first, second } of pairs) {
      const c = await startCase(base);
      await act(c, first, service(0));
      await act(c, second, service(1));
      await settleAndCheck(c, `${base}: ${first} then ${second}`);
    }
  }, 600_000);

  it.runIf(name === "postgres")(
    "every pair at the same instant, on two instances",
    async () => {
      for (const base of BASES)
        for (let i = 0; i < ACTIONS.length; i++)
          for (let j = i; j < ACTIONS.length; j++) {
            const first = ACTIONS[i]!;
            const second = ACTIONS[j]!;
            // The clock's jump is one instant for both: it is not raced with itself.
            if (first === "expiry" && second === "expiry") continue;
            const c = await startCase(base);
            await Promise.all([act(c, first, service(0)), act(c, second, service(1))]);
            await settleAndCheck(c, `${base}: ${first} with ${second}`);
          }
    },
    600_000,
  );
});
