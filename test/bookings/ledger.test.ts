/**
 * Money-safety of the bookings ledger, at the service level: a real booking service and hold reaper
 * on SQLite (a file) and PostgreSQL, a real partner client, and the partner sandbox over real HTTP.
 * Every test checks both sides: the ledger (state, fields, history) and the sandbox's own record
 * (reservations, balance, request counts).
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createBookingService,
  createHoldReaper,
  RELEASE_MARGIN_MS,
  type BookingIntentInput,
  type BookingRecord,
  type BookingService,
  type HoldReaper,
  type ReaperEvent,
} from "../../src/bookings/index.js";
import { createAuditLog, type AuditLog } from "../../src/bookings/audit.js";
import { createBookingRepository, type BookingRepository } from "../../src/bookings/repository.js";
import { createLogger } from "../../src/logger.js";
import { createPartnerClient, type PartnerClient } from "../../src/partner/index.js";
import { createSandbox, type ReservationRecord, type Sandbox, type SlotView } from "../../src/local/sandbox/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { intentAt } from "../helpers/booking-row.js";
import { hungRequestTimeouts } from "../helpers/partner-timeouts.js";
import { databaseFactories, type TestDatabase } from "../helpers/databases.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const HOLD_MINUTES = 15;
const HOLD_MS = HOLD_MINUTES * 60_000;
const STALE_MS = 60_000;
const INTERVAL_MS = 10_000;
/** Production's partner limit: a loaded machine does not turn a slow answer into a timeout; a hang times out at once. */
const TIMEOUT_MS = 8_000;
const INITIAL_BALANCE = 10_000_000;
const PERSONS = 2;

const RESERVE = /\/order\/reserve$/;
const CONFIRM = /\/order\/[0-9a-f]{24}\/confirm$/;
const CANCEL = /\/order\/[0-9a-f]{24}\/cancel$/;
const ORDER = /\/order\/[0-9a-f]{24}$/;
const BALANCE = /\/balance$/;

type LogLine = Record<string, unknown> & { level: number; msg: string };

interface World {
  db: TestDatabase;
  sandbox: Sandbox;
  storage: Storage;
  service: BookingService;
  reaper: HoldReaper;
  events: ReaperEvent[];
  logs: LogLine[];
  now(): number;
  advance(ms: number): void;
  setNow(ms: number): void;
  /** A partner client for the sandbox (optionally with a wrapped fetch). */
  partner(fetch?: typeof globalThis.fetch): PartnerClient;
  /** The ledger and audit log written directly: what a process that died mid-write left behind. */
  ledgerTables(): { repo: BookingRepository; audit: AuditLog };
  /** Another service on the same database (a second process), with its own partner client. */
  serviceWith(partner: PartnerClient): BookingService;
  /** An OPEN slot no other intent of this test uses. */
  freshSlot(persons?: number): SlotView;
  /** Records an intent for a fresh slot (or `slot`); with `prepay`, its customer pays first. */
  intent(
    overrides?: Partial<BookingIntentInput>,
    slot?: SlotView,
    opts?: { prepay?: { payee: string } },
  ): Promise<BookingRecord>;
  /** An intent reserved into a HELD booking. */
  held(): Promise<BookingRecord>;
  /** Drops the service, reaper and connection, and starts new ones on the same database. */
  restart(): Promise<void>;
}

const warnings = (logs: LogLine[], msg: RegExp) => logs.filter((l) => l.level === 40 && msg.test(l.msg));

async function until(cond: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(databaseFactories)("bookings ledger on $name", ({ make }) => {
  let w: World;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    let t = NOW;
    const clock = () => t;
    const timeouts = hungRequestTimeouts();
    const sandbox = createSandbox({ clock, initialBalance: INITIAL_BALANCE, onHang: timeouts.expire });
    closers.push(() => sandbox.close());
    await sandbox.listen(0);
    const db = make();
    closers.push(() => db.cleanup());
    const logs: LogLine[] = [];
    const logger = createLogger({
      level: "debug",
      destination: { write: (s: string) => void logs.push(JSON.parse(s) as LogLine) },
    });
    const events: ReaperEvent[] = [];
    const used = new Set<string>();

    const partner = (fetch?: typeof globalThis.fetch) =>
      createPartnerClient({
        baseURL: sandbox.url,
        apiKey: sandbox.apiKey,
        timeoutMs: TIMEOUT_MS,
        startTimeout: timeouts.start,
        retryDelayMs: 5,
        ...(fetch ? { fetch } : {}),
      });

    const open = async () => {
      const storage = await createStorage(db.config);
      closers.unshift(() => storage.close());
      const service = createBookingService({
        db: storage.db,
        partner: partner(),
        logger,
        holdMinutes: HOLD_MINUTES,
        now: clock,
      });
      const reaper = createHoldReaper({
        service,
        logger,
        intervalMs: INTERVAL_MS,
        staleAfterMs: STALE_MS,
        now: clock,
        onEvent: (e) => void events.push(e),
      });
      return { storage, service, reaper };
    };

    const first = await open();
    w = {
      db,
      sandbox,
      ...first,
      events,
      logs,
      now: clock,
      advance: (ms) => void (t += ms),
      setNow: (ms) => void (t = ms),
      partner,
      ledgerTables: () => ({
        repo: createBookingRepository(w.storage.db, clock),
        audit: createAuditLog(w.storage.db, clock),
      }),
      serviceWith: (p) =>
        createBookingService({ db: w.storage.db, partner: p, logger, holdMinutes: HOLD_MINUTES, now: clock }),
      freshSlot(persons = PERSONS) {
        for (let day = 24; day <= 30; day++) {
          for (const course of sandbox.courses()) {
            const slot = sandbox
              .slots(course.id, `2026-11-${day}`)
              .find((s) => s.status === "OPEN" && s.minPerson <= persons && persons <= s.maxPerson && !used.has(s.id));
            if (slot) {
              used.add(slot.id);
              return slot;
            }
          }
        }
        throw new Error("no open slot left");
      },
      async intent(overrides = {}, slot = w.freshSlot(overrides.persons ?? PERSONS), opts = {}) {
        const persons = overrides.persons ?? PERSONS;
        return w.service.createIntent(
          intentAt(slot, { id: randomUUID(), userId: 2002, persons }, { chatId: 1001, ...overrides }),
          opts,
        );
      },
      async held() {
        const intent = await w.intent();
        const out = await w.service.reserve(intent.id);
        expect(out.kind).toBe("held");
        expect(out.booking.state).toBe("HELD");
        return out.booking;
      },
      async restart() {
        await w.reaper.stop();
        await w.storage.close();
        const next = await open();
        w.storage = next.storage;
        w.service = next.service;
        w.reaper = next.reaper;
      },
    };
  });

  afterEach(async () => {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
  });

  const ledger = async (id: string): Promise<BookingRecord> => {
    const row = await w.service.get(id);
    if (!row) throw new Error(`no booking ${id}`);
    return row;
  };
  const partnerRecord = (booking: BookingRecord): ReservationRecord => {
    const r = w.sandbox.reservations().find((x) => x.id === booking.reservation_id);
    if (!r) throw new Error(`no sandbox reservation for ${booking.id}`);
    return r;
  };
  const history = async (id: string) =>
    (await w.service.history(id)).map((e) => `${e.from_state ?? "-"}>${e.to_state}`);
  const slotStatus = (b: BookingRecord) => {
    const date = new Date(b.slot_starts_at + 7 * 3_600_000).toISOString().slice(0, 10);
    return w.sandbox.slots(b.course_id, date).find((s) => s.id === b.slot_id)?.status;
  };
  const writes = () => w.sandbox.requests.filter((e) => e.method !== "GET").length;

  describe("happy path", () => {
    it("intent → reserve (PENDING, HELD with id, code, amount, expiry) → confirm (PAID, balance debited once)", async () => {
      const intent = await w.intent();
      expect(intent).toMatchObject({ state: "INTENT", reservation_id: null, amount: null, hold_expires_at: null });
      expect(w.sandbox.requests).toHaveLength(0);

      const reserved = await w.service.reserve(intent.id);
      expect(reserved.kind).toBe("held");
      const [record] = w.sandbox.reservations();
      expect(w.sandbox.reservations()).toHaveLength(1);
      expect(record).toMatchObject({
        status: "PENDING",
        slotId: intent.slot_id,
        persons: PERSONS,
        customerName: "Somchai Jaidee",
      });
      expect(record!.amount).toBe(intent.expected_amount);
      expect(await ledger(intent.id)).toMatchObject({
        state: "HELD",
        reservation_id: record!.id,
        reservation_code: record!.code,
        tx_no: record!.txNo,
        amount: record!.amount,
        partner_status: "PENDING",
        hold_expires_at: NOW + HOLD_MS,
      });
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE);

      w.advance(60_000);
      const confirmed = await w.service.confirm(intent.id);
      expect(confirmed.kind).toBe("paid");
      const paid = partnerRecord(confirmed.booking);
      expect(paid.status).toBe("PAID");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - record!.amount);
      expect(await ledger(intent.id)).toMatchObject({
        state: "PAID",
        partner_status: "PAID",
        invoice_id: paid.invoiceId,
        paid_at: paid.paidAt,
        amount: record!.amount,
      });
      expect(paid.invoiceId).toMatch(/^INV-/);
      expect(w.sandbox.count("POST", RESERVE)).toBe(1);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(await history(intent.id)).toEqual([
        "->INTENT",
        "INTENT>RESERVING",
        "RESERVING>HELD",
        "HELD>CONFIRMING",
        "CONFIRMING>PAID",
      ]);
    });
  });

  describe("exactly one reserve per booking", () => {
    it.each([2, 3, 5])(
      "reserve called %i times in a row: one POST /order/reserve, the same reservation each time",
      async (n) => {
        const intent = await w.intent();
        const outs = [];
        for (let i = 0; i < n; i++) outs.push(await w.service.reserve(intent.id));
        expect(outs.map((o) => o.kind)).toEqual(Array.from({ length: n }, () => "held"));
        const ids = new Set(outs.map((o) => o.booking.reservation_id));
        expect(ids.size).toBe(1);
        expect(w.sandbox.count("POST", RESERVE)).toBe(1);
        expect(w.sandbox.reservations()).toHaveLength(1);
        expect(w.sandbox.reservations()[0]!.id).toBe([...ids][0]);
        expect((await history(intent.id)).filter((h) => h.endsWith(">RESERVING"))).toHaveLength(1);
      },
    );

    it.each([2, 3, 5])(
      "reserve called %i times at once: one POST /order/reserve; the others see the same hold or busy",
      async (n) => {
        const intent = await w.intent();
        const outs = await Promise.all(Array.from({ length: n }, () => w.service.reserve(intent.id)));
        expect(w.sandbox.count("POST", RESERVE)).toBe(1);
        expect(w.sandbox.reservations()).toHaveLength(1);
        const reservationId = w.sandbox.reservations()[0]!.id;
        for (const o of outs) expect(["held", "busy"]).toContain(o.kind);
        const held = outs.filter((o) => o.kind === "held");
        expect(held.length).toBeGreaterThanOrEqual(1);
        for (const o of held) expect(o.booking.reservation_id).toBe(reservationId);
        expect(await ledger(intent.id)).toMatchObject({ state: "HELD", reservation_id: reservationId });
        expect((await history(intent.id)).filter((h) => h.endsWith(">RESERVING"))).toHaveLength(1);
        // Busy callers asking again get the hold, without another partner call.
        expect((await w.service.reserve(intent.id)).kind).toBe("held");
        expect(w.sandbox.count("POST", RESERVE)).toBe(1);
      },
    );

    it("createIntent twice with the same id changes nothing, before and after the reserve", async () => {
      const first = await w.intent();
      const again = await w.service.createIntent({
        id: first.id,
        chatId: 9,
        userId: 9,
        locale: "th",
        courseId: "other",
        courseName: "Other",
        timeZone: "UTC",
        slotId: "other-slot",
        slotStartsAt: 1,
        persons: 4,
        customerName: "Someone Else",
        customerEmail: "else@example.com",
        customerMobile: "+66800000000",
        expectedAmount: 1,
      });
      expect(again).toEqual(first);
      await w.service.reserve(first.id);
      const heldRow = await ledger(first.id);
      expect(await w.service.createIntent({ ...fromRecord(first), persons: 3 })).toEqual(heldRow);
      expect(await ledger(first.id)).toEqual(heldRow);
      expect(await history(first.id)).toEqual(["->INTENT", "INTENT>RESERVING", "RESERVING>HELD"]);
      expect(w.sandbox.count("POST", RESERVE)).toBe(1);
      expect(w.sandbox.reservations()[0]!.persons).toBe(PERSONS);
    });
  });

  describe("at most one confirm", () => {
    it("three confirms at once: one POST confirm, one debit; a later confirm is paid without a partner call", async () => {
      const booking = await w.held();
      const outs = await Promise.all([1, 2, 3].map(() => w.service.confirm(booking.id)));
      for (const o of outs) expect(["paid", "busy"]).toContain(o.kind);
      expect(outs.some((o) => o.kind === "paid")).toBe(true);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
      expect(partnerRecord(booking).status).toBe("PAID");
      expect((await ledger(booking.id)).state).toBe("PAID");
      expect((await history(booking.id)).filter((h) => h.endsWith(">CONFIRMING"))).toHaveLength(1);

      const before = w.sandbox.requests.length;
      const later = await w.service.confirm(booking.id);
      expect(later.kind).toBe("paid");
      expect(later.booking.reservation_id).toBe(booking.reservation_id);
      expect(w.sandbox.requests.length).toBe(before);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
    });

    it("an intent a cut left before its reserve is dropped by the reaper once stale, with no partner call: its customer's payment ends, and a later reserve holds nothing", async () => {
      const intent = await w.intent({}, undefined, { prepay: { payee: "0812345678" } });
      const calls = w.sandbox.requests.length;
      // Its reserve may still be on its way: left alone until it is stale.
      await w.reaper.tick();
      expect((await ledger(intent.id)).state).toBe("INTENT");
      w.advance(STALE_MS + INTERVAL_MS);
      await w.reaper.tick();
      expect(await ledger(intent.id)).toMatchObject({ state: "RELEASED", release_reason: "orphan" });
      expect((await w.service.payment(intent.id))?.state).toBe("expired");
      // The conversation's replay of the step that failed: nothing held, nothing charged.
      expect((await w.service.reserve(intent.id)).kind).toBe("unknown");
      expect(w.sandbox.requests.length).toBe(calls);
      expect(w.events).toEqual([]);
    });

    it("a booking its customer pays first, approved on two instances at once: one confirm, and only the approval that made it reports it", async () => {
      const intent = await w.intent({}, undefined, { prepay: { payee: "0812345678" } });
      expect((await w.service.reserve(intent.id)).kind).toBe("held");
      expect((await w.service.submitSlip(intent.id, { fileId: "slip-1" })).kind).toBe("submitted");
      // The agent's approval (one instance) reads the balance; the admin's (another instance) comes
      // meanwhile, finds the booking still held, and its balance read is answered once the agent's
      // confirm has paid.
      const signal = () => {
        let done!: () => void;
        const promise = new Promise<void>((resolve) => (done = resolve));
        return { promise, done };
      };
      const [agentReading, adminReading, agentFinished] = [signal(), signal(), signal()];
      const onBalance =
        (before: () => void, wait: Promise<void>): typeof globalThis.fetch =>
        async (input, init) => {
          if (String(input instanceof Request ? input.url : input).endsWith("/balance")) {
            before();
            await wait;
          }
          return fetch(input, init);
        };
      const agentSide = w.serviceWith(w.partner(onBalance(agentReading.done, adminReading.promise)));
      const adminSide = w.serviceWith(w.partner(onBalance(adminReading.done, agentFinished.promise)));
      const agent = agentSide
        .decidePayment(intent.id, { approve: true, actorId: 7001 })
        .finally(() => agentFinished.done());
      await agentReading.promise;
      const admin = adminSide.decidePayment(intent.id, { approve: true, actorId: 7002 });
      const [a, b] = await Promise.all([agent, admin]);
      expect(a).toMatchObject({ kind: "approved", confirm: { kind: "paid" } });
      // Not a second "paid" (the customer's second receipt): the decision was made elsewhere.
      expect(b.kind).toBe("decided");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect((await ledger(intent.id)).state).toBe("PAID");
    });

    it("a reconcile (e.g. /mybookings) that read PENDING before a confirm landed does not overwrite the PAID row", async () => {
      const booking = await w.held();
      // A second process whose GET /order answer arrives late.
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const slowReads: typeof globalThis.fetch = async (input, init) => {
        const res = await fetch(input, init);
        if (
          (init?.method ?? "GET") === "GET" &&
          ORDER.test(new URL(String(input instanceof Request ? input.url : input)).pathname)
        )
          await gate;
        return res;
      };
      const other = w.serviceWith(w.partner(slowReads));
      const reading = other.refresh(booking.id);
      await until(() => w.sandbox.requests.some((e) => e.method === "GET" && ORDER.test(e.path) && e.status === 200));
      expect((await w.service.confirm(booking.id)).kind).toBe("paid");
      open();
      const seen = await reading;
      expect(seen.state).toBe("PAID");
      const row = await ledger(booking.id);
      expect(row).toMatchObject({
        state: "PAID",
        partner_status: "PAID",
        invoice_id: partnerRecord(booking).invoiceId,
      });
      expect(partnerRecord(booking).status).toBe("PAID");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
    });
  });

  describe("refresh", () => {
    it("with maxAgeMs, a booking any instance read from the partner within it comes from the ledger; without, the partner is read", async () => {
      const booking = await w.held();
      const other = w.serviceWith(w.partner());
      const reads = () => w.sandbox.count("GET", ORDER);
      const before = reads();
      expect((await w.service.refresh(booking.id, { maxAgeMs: 60_000 })).state).toBe("HELD");
      expect(reads(), "never read: read now").toBe(before + 1);
      expect((await ledger(booking.id)).refreshed_at).toBe(w.now());
      w.advance(59_999);
      expect((await other.refresh(booking.id, { maxAgeMs: 60_000 })).state).toBe("HELD");
      expect(reads(), "read by the other instance within the minute").toBe(before + 1);
      // Released at the partner meanwhile: the reaper's and the service's own reads (no maxAgeMs) see it.
      await w.partner().release(booking.reservation_id!);
      expect((await other.refresh(booking.id)).state).toBe("RELEASED");
      expect(reads()).toBe(before + 2);
    });
  });

  describe("ambiguous confirm", () => {
    it.each(["apply-then-reset", "apply-then-hang"] as const)(
      "%s: paid (read back), one confirm POST, one debit",
      async (kind) => {
        const booking = await w.held();
        w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind });
        const out = await w.service.confirm(booking.id);
        expect(out.kind).toBe("paid");
        expect(out.booking.state).toBe("PAID");
        expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
        expect(w.sandbox.count("GET", ORDER)).toBeGreaterThanOrEqual(1);
        expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
        expect(partnerRecord(booking).status).toBe("PAID");
        const events = await w.service.history(booking.id);
        expect(JSON.parse(events.at(-1)!.detail!)).toEqual({ reconciled: true });
      },
    );

    it("503 without apply: failed, back to HELD; a retry pays (two POSTs, one debit)", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 503 });
      const out = await w.service.confirm(booking.id);
      expect(out.kind).toBe("failed");
      if (out.kind !== "failed") return;
      expect(out.error).toMatchObject({ name: "PartnerUnavailableError", status: 503, outcome: "not-applied" });
      expect(await ledger(booking.id)).toMatchObject({ state: "HELD", reservation_id: booking.reservation_id });
      expect(partnerRecord(booking).status).toBe("PENDING");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE);

      const retry = await w.service.confirm(booking.id);
      expect(retry.kind).toBe("paid");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(2);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
      expect(partnerRecord(booking).status).toBe("PAID");
      expect((await ledger(booking.id)).state).toBe("PAID");
    });

    it("answer and read-back both lost after the partner applied it: unknown, CONFIRMING; the reaper settles PAID later, no second POST", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-hang" });
      w.sandbox.faults.add({ method: "GET", path: ORDER, kind: "status", status: 503, times: Infinity });
      const out = await w.service.confirm(booking.id);
      expect(out.kind).toBe("unknown");
      expect(await ledger(booking.id)).toMatchObject({ state: "CONFIRMING" });
      expect(partnerRecord(booking).status).toBe("PAID");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
      expect(warnings(w.logs, /confirm outcome unknown/)).toHaveLength(1);

      // Not stale yet: the reaper leaves a write in flight alone.
      w.advance(STALE_MS - 1_000);
      expect(await w.reaper.tick()).toBe(0);
      expect((await ledger(booking.id)).state).toBe("CONFIRMING");

      w.sandbox.faults.clear();
      w.advance(2_000);
      expect(await w.reaper.tick()).toBe(1);
      expect(w.events.map((e) => e.kind)).toEqual(["paid"]);
      expect(w.events[0]!.booking.id).toBe(booking.id);
      expect(await ledger(booking.id)).toMatchObject({ state: "PAID", partner_status: "PAID" });
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
      // And a user's confirm after that is paid without touching the partner.
      const before = w.sandbox.requests.length;
      expect((await w.service.confirm(booking.id)).kind).toBe("paid");
      expect(w.sandbox.requests.length).toBe(before);
    });

    it("unknown after the partner applied it: the user's next confirm reads it back (paid) instead of confirming again", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-reset" });
      w.sandbox.faults.add({ method: "GET", path: ORDER, kind: "status", status: 503, times: 3 });
      expect((await w.service.confirm(booking.id)).kind).toBe("unknown");
      expect((await ledger(booking.id)).state).toBe("CONFIRMING");
      const again = await w.service.confirm(booking.id);
      expect(again.kind).toBe("paid");
      expect((await ledger(booking.id)).state).toBe("PAID");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
    });

    it("answer and read-back both lost, nothing applied: stays CONFIRMING (no second POST while in doubt); the stale reaper returns it to HELD; then it pays once", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "hang" });
      w.sandbox.faults.add({ method: "GET", path: ORDER, kind: "status", status: 503, times: 3 });
      expect((await w.service.confirm(booking.id)).kind).toBe("unknown");
      expect((await ledger(booking.id)).state).toBe("CONFIRMING");
      expect(partnerRecord(booking).status).toBe("PENDING");

      const soon = await w.service.confirm(booking.id);
      expect(soon.kind).toBe("busy");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);

      w.advance(STALE_MS + 1);
      await w.reaper.tick();
      expect((await ledger(booking.id)).state).toBe("HELD");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(0);

      expect((await w.service.confirm(booking.id)).kind).toBe("paid");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(2);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
      expect(partnerRecord(booking).status).toBe("PAID");
    });
  });

  describe("insufficient credit", () => {
    it("the pre-check refuses without a confirm POST and keeps the hold; with the balance restored it pays", async () => {
      const booking = await w.held();
      const amount = booking.amount!;
      w.sandbox.setBalance(amount - 1);
      const out = await w.service.confirm(booking.id);
      expect(out.kind).toBe("insufficient");
      if (out.kind === "insufficient") expect(out.balance).toBe(amount - 1);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
      expect(w.sandbox.count("GET", BALANCE)).toBe(1);
      expect((await ledger(booking.id)).state).toBe("HELD");
      expect(partnerRecord(booking).status).toBe("PENDING");
      expect(w.sandbox.balance()).toBe(amount - 1);

      w.sandbox.setBalance(amount);
      expect((await w.service.confirm(booking.id)).kind).toBe("paid");
      expect(w.sandbox.balance()).toBe(0);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect((await ledger(booking.id)).state).toBe("PAID");
    });

    it("the pre-check passes but the partner answers 402: insufficient, still HELD, nothing debited", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 402 });
      const out = await w.service.confirm(booking.id);
      expect(out.kind).toBe("insufficient");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      const row = await ledger(booking.id);
      expect(row.state).toBe("HELD");
      expect(JSON.parse(row.last_error!)).toMatchObject({ name: "PartnerInsufficientCreditError", status: 402 });
      expect(partnerRecord(booking).status).toBe("PENDING");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE);
      expect((await w.service.confirm(booking.id)).kind).toBe("paid");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
    });
  });

  describe("reserve failures", () => {
    it("the slot is taken: the second intent fails with partner-error-slot-unavailable (RESERVE_FAILED)", async () => {
      const slot = w.freshSlot();
      const a = await w.intent({}, slot);
      const b = await w.intent({}, slot);
      expect((await w.service.reserve(a.id)).kind).toBe("held");
      const out = await w.service.reserve(b.id);
      expect(out.kind).toBe("failed");
      if (out.kind === "failed") expect(out.error.userMessageKey).toBe("partner-error-slot-unavailable");
      expect(await ledger(b.id)).toMatchObject({ state: "RESERVE_FAILED", reservation_id: null });
      expect(w.sandbox.count("POST", RESERVE)).toBe(2);
      expect(w.sandbox.reservations()).toHaveLength(1);
      expect(w.sandbox.reservations()[0]!.id).toBe((await ledger(a.id)).reservation_id);
      // A failed booking is final: asking again makes no partner call.
      expect((await w.service.reserve(b.id)).kind).toBe("failed");
      expect(w.sandbox.count("POST", RESERVE)).toBe(2);
    });

    it("persons out of range: failed with partner-error-persons-out-of-range, no reservation", async () => {
      const slot = w.freshSlot();
      const intent = await w.intent({ persons: slot.maxPerson + 1 }, slot);
      const out = await w.service.reserve(intent.id);
      expect(out.kind).toBe("failed");
      if (out.kind === "failed") expect(out.error.userMessageKey).toBe("partner-error-persons-out-of-range");
      expect((await ledger(intent.id)).state).toBe("RESERVE_FAILED");
      expect(w.sandbox.reservations()).toHaveLength(0);
      expect(w.sandbox.count("POST", RESERVE)).toBe(1);
    });

    it("connection refused (never sent): failed, RESERVE_FAILED, nothing at the partner", async () => {
      const intent = await w.intent();
      const dead = createSandbox();
      const url = await dead.listen(0);
      await dead.close();
      const offline = w.serviceWith(createPartnerClient({ baseURL: url, apiKey: "k", timeoutMs: TIMEOUT_MS }));
      const out = await offline.reserve(intent.id);
      expect(out.kind).toBe("failed");
      if (out.kind === "failed")
        expect(out.error).toMatchObject({ name: "PartnerUnavailableError", outcome: "not-applied" });
      expect((await ledger(intent.id)).state).toBe("RESERVE_FAILED");
      expect(w.sandbox.requests).toHaveLength(0);
      expect(w.sandbox.reservations()).toHaveLength(0);
    });

    it("a 503 answer: the client cannot tell it was not applied, so RESERVE_UNKNOWN (conservative), no retry", async () => {
      const intent = await w.intent();
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "status", status: 503 });
      const out = await w.service.reserve(intent.id);
      expect(out.kind).toBe("unknown");
      expect((await ledger(intent.id)).state).toBe("RESERVE_UNKNOWN");
      expect(w.sandbox.count("POST", RESERVE)).toBe(1);
      expect(w.sandbox.reservations()).toHaveLength(0);
      expect(warnings(w.logs, /reserve answer lost/)).toHaveLength(1);
    });

    it("apply-then-reset: unknown (RESERVE_UNKNOWN), one POST, and a warn line naming the slot for an operator", async () => {
      const intent = await w.intent();
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "apply-then-reset" });
      const out = await w.service.reserve(intent.id);
      expect(out.kind).toBe("unknown");
      expect(await ledger(intent.id)).toMatchObject({ state: "RESERVE_UNKNOWN", reservation_id: null });
      expect(w.sandbox.count("POST", RESERVE)).toBe(1);
      // The orphan hold exists at the partner; fairway cannot see its id.
      expect(w.sandbox.reservations()).toHaveLength(1);
      expect(w.sandbox.reservations()[0]).toMatchObject({ status: "PENDING", slotId: intent.slot_id });
      const [line] = warnings(w.logs, /reserve answer lost/);
      expect(line).toMatchObject({
        bookingId: intent.id,
        slotId: intent.slot_id,
        startsAt: intent.slot_starts_at,
        persons: PERSONS,
      });
      // Final: no second reserve, and the reaper leaves it alone.
      expect((await w.service.reserve(intent.id)).kind).toBe("unknown");
      w.advance(STALE_MS * 2);
      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("POST", RESERVE)).toBe(1);
    });
  });

  describe("release", () => {
    it("a user release cancels at the partner and marks RELEASED; a second release makes no call", async () => {
      const booking = await w.held();
      const out = await w.service.release(booking.id, { reason: "user-cancel" });
      expect(out.kind).toBe("released");
      expect(await ledger(booking.id)).toMatchObject({
        state: "RELEASED",
        release_reason: "user-cancel",
        partner_status: "CANCEL",
      });
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect(slotStatus(booking)).toBe("OPEN");
      const again = await w.service.release(booking.id, { reason: "user-cancel" });
      expect(again.kind).toBe("released");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE);
    });

    it("a second tap while the first release is still in flight sends no second DELETE", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "DELETE", path: CANCEL, kind: "hang" });
      const first = w.service.release(booking.id, { reason: "user-cancel" });
      await until(() => w.sandbox.count("DELETE", CANCEL) === 1);
      const [second, firstOut] = await Promise.all([w.service.release(booking.id, { reason: "user-cancel" }), first]);
      expect(second.kind).toBe("pending");
      expect(firstOut.kind).toBe("pending");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
      expect((await ledger(booking.id)).state).toBe("RELEASING");
      expect(partnerRecord(booking).status).toBe("PENDING");

      w.advance(STALE_MS + 1);
      expect(await w.reaper.tick()).toBe(1);
      expect(w.events.map((e) => e.kind)).toEqual(["released"]);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(2);
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect((await ledger(booking.id)).state).toBe("RELEASED");
    });

    it("a PAID booking is not released: not-held, no DELETE", async () => {
      const booking = await w.held();
      expect((await w.service.confirm(booking.id)).kind).toBe("paid");
      const out = await w.service.release(booking.id, { reason: "user-cancel" });
      expect(out.kind).toBe("not-held");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(0);
      expect((await ledger(booking.id)).state).toBe("PAID");
      expect(partnerRecord(booking).status).toBe("PAID");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - booking.amount!);
    });

    it("a 503 leaves it RELEASING; the reaper, once stale, finishes it with one more DELETE", async () => {
      const booking = await w.held();
      w.sandbox.faults.add({ method: "DELETE", path: CANCEL, kind: "status", status: 503 });
      const out = await w.service.release(booking.id, { reason: "user-cancel" });
      expect(out.kind).toBe("pending");
      expect((await ledger(booking.id)).state).toBe("RELEASING");
      expect(partnerRecord(booking).status).toBe("PENDING");
      expect(slotStatus(booking)).toBe("BOOKED");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);

      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);

      w.advance(STALE_MS + 1);
      expect(await w.reaper.tick()).toBe(1);
      expect(w.events.map((e) => e.kind)).toEqual(["released"]);
      expect(await ledger(booking.id)).toMatchObject({ state: "RELEASED", release_reason: "user-cancel" });
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(2);
      // Nothing left to do.
      w.advance(STALE_MS + 1);
      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(2);
    });
  });

  describe("the hold reaper", () => {
    it("releases a hold whose time is up (event expired); a confirm afterwards is expired, with no confirm POST", async () => {
      const booking = await w.held();
      w.setNow(booking.hold_expires_at! - INTERVAL_MS - RELEASE_MARGIN_MS - 1);
      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(0);

      w.setNow(booking.hold_expires_at! - INTERVAL_MS - RELEASE_MARGIN_MS);
      expect(await w.reaper.tick()).toBe(1);
      expect(w.events.map((e) => [e.kind, e.booking.id])).toEqual([["expired", booking.id]]);
      expect(await ledger(booking.id)).toMatchObject({ state: "RELEASED", release_reason: "expired" });
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);

      const out = await w.service.confirm(booking.id);
      expect(out.kind).toBe("expired");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE);
      expect(await w.reaper.tick()).toBe(0);
    });

    it("a confirm after expiry but before the reaper ran releases the hold instead of paying", async () => {
      const booking = await w.held();
      w.setNow(NOW + HOLD_MS);
      const out = await w.service.confirm(booking.id);
      expect(out.kind).toBe("expired");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect((await ledger(booking.id)).state).toBe("RELEASED");
      expect(w.sandbox.balance()).toBe(INITIAL_BALANCE);
    });

    it("a reaper started after a restart does the same: its only state is the ledger", async () => {
      const booking = await w.held();
      await w.restart();
      w.setNow(NOW + HOLD_MS);
      expect(await w.reaper.tick()).toBe(1);
      expect(w.events.map((e) => [e.kind, e.booking.id])).toEqual([["expired", booking.id]]);
      expect(await ledger(booking.id)).toMatchObject({ state: "RELEASED", release_reason: "expired" });
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
      expect((await w.service.confirm(booking.id)).kind).toBe("expired");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
    });

    it.each([
      ["inside the reaper's early window", -1],
      ["at the expiry instant", 0],
    ] as const)(
      "confirm racing the reaper %s: never both a confirm and a release for one reservation",
      async (_label, offset) => {
        for (let round = 0; round < 4; round++) {
          const booking = await w.held();
          w.setNow(booking.hold_expires_at! + offset);
          const confirm = () => w.service.confirm(booking.id);
          const tick = () => w.reaper.tick();
          const a =
            round % 2 === 0 ? (await Promise.all([confirm(), tick()]))[0] : (await Promise.all([tick(), confirm()]))[1];
          const rid = booking.reservation_id!;
          const confirms = w.sandbox.requests.filter(
            (e) => e.method === "POST" && e.path.endsWith(`${rid}/confirm`),
          ).length;
          const deletes = w.sandbox.requests.filter(
            (e) => e.method === "DELETE" && e.path.endsWith(`${rid}/cancel`),
          ).length;
          expect(confirms + deletes).toBe(1);
          const row = await ledger(booking.id);
          const record = partnerRecord(booking);
          if (confirms === 1) {
            expect(record.status).toBe("PAID");
            expect(row.state).toBe("PAID");
            expect(a.kind).toBe("paid");
          } else {
            expect(record.status).toBe("CANCEL");
            expect(row.state).toBe("RELEASED");
            expect(["expired", "busy"]).toContain(a.kind);
          }
          // Settle anything still in flight, then check the money.
          await w.reaper.tick();
          w.setNow(NOW);
        }
        const paid = w.sandbox.reservations().filter((r) => r.status === "PAID");
        expect(w.sandbox.balance()).toBe(INITIAL_BALANCE - paid.reduce((sum, r) => sum + r.amount, 0));
        expect(w.sandbox.reservations().every((r) => r.status === "PAID" || r.status === "CANCEL")).toBe(true);
      },
    );
  });

  describe("a confirm in flight at the hold's end (write window 10 s)", () => {
    const WINDOW_MS = 10_000;

    it("a confirm does not start when the hold ends within the write window: expired, one DELETE, no POST", async () => {
      const booking = await w.held();
      w.setNow(booking.hold_expires_at! - WINDOW_MS);
      expect((await w.service.confirm(booking.id)).kind).toBe("expired");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
      expect(partnerRecord(booking).status).toBe("CANCEL");
    });

    it("the reaper's early window opening while the confirm is on the wire: no DELETE, the hold is paid once", async () => {
      const booking = await w.held();
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let onWire: () => void = () => undefined;
      const sent = new Promise<void>((resolve) => (onWire = resolve));
      const held: typeof globalThis.fetch = async (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith("/confirm")) {
          onWire();
          await gate;
        }
        return globalThis.fetch(input, init);
      };
      const slow = w.serviceWith(w.partner(held));
      w.setNow(booking.hold_expires_at! - WINDOW_MS - 1);
      const confirming = slow.confirm(booking.id);
      await sent;
      expect((await ledger(booking.id)).state).toBe("CONFIRMING");
      w.setNow(booking.hold_expires_at! - 2);
      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(0);
      open();
      expect((await confirming).kind).toBe("paid");
      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(0);
      expect(partnerRecord(booking).status).toBe("PAID");
    });

    it("a crash with the confirm unsent: the reaper waits out the write window, then releases before the hold's end", async () => {
      const booking = await w.held();
      const started = booking.hold_expires_at! - WINDOW_MS - 500;
      w.setNow(started);
      // What a confirm records before its POST; then the process dies.
      expect(
        await w
          .ledgerTables()
          .repo.transition(booking.id, { from: ["HELD"], to: "CONFIRMING", set: { last_error: null } }),
      ).toBe(true);
      await w.restart();
      w.setNow(started + WINDOW_MS - 1);
      expect(await w.reaper.tick()).toBe(0);
      expect(w.sandbox.count("GET", ORDER)).toBe(0);
      w.setNow(started + WINDOW_MS);
      expect(await w.reaper.tick()).toBe(1);
      expect(w.events.map((e) => [e.kind, e.booking.id])).toEqual([["expired", booking.id]]);
      expect(w.now()).toBeLessThan(booking.hold_expires_at!);
      expect(partnerRecord(booking).status).toBe("CANCEL");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
      expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
    });
  });

  it("a crash after the reserve's answer was audited but before the ledger recorded it: the stale reaper releases that hold", async () => {
    const intent = await w.intent();
    expect(await w.ledgerTables().repo.transition(intent.id, { from: ["INTENT"], to: "RESERVING" })).toBe(true);
    // What the dead process got done: the partner placed the hold and the answer reached the audit log.
    const r = await w.partner().reserve({
      slotId: intent.slot_id,
      persons: intent.persons,
      customerName: intent.customer_name,
      customerEmail: intent.customer_email,
      customerMobile: intent.customer_mobile,
    });
    await w.ledgerTables().audit.record({
      actor: "user:1",
      action: "reserve",
      bookingId: intent.id,
      reservationId: r.id,
      outcome: "ok",
    });
    await w.restart();

    expect(await w.reaper.tick()).toBe(0);
    w.advance(STALE_MS + 1);
    expect(await w.reaper.tick()).toBe(1);
    expect(w.events.map((e) => [e.kind, e.booking.id])).toEqual([["reserve-released", intent.id]]);
    expect(await ledger(intent.id)).toMatchObject({
      state: "RELEASED",
      release_reason: "orphan",
      reservation_id: r.id,
    });
    expect(w.sandbox.reservations().map((x) => [x.id, x.status])).toEqual([[r.id, "CANCEL"]]);
    expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
    expect(await w.reaper.tick()).toBe(0);
    expect(w.sandbox.count("DELETE", CANCEL)).toBe(1);
  });

  it("a stale RESERVING row (a crash mid-reserve) becomes RESERVE_UNKNOWN with a warning and no partner write", async () => {
    const intent = await w.intent();
    expect(await w.ledgerTables().repo.transition(intent.id, { from: ["INTENT"], to: "RESERVING" })).toBe(true);
    await w.restart();

    expect(await w.reaper.tick()).toBe(0);
    expect((await ledger(intent.id)).state).toBe("RESERVING");

    w.advance(STALE_MS + 1);
    expect(await w.reaper.tick()).toBe(1);
    expect(w.events.map((e) => [e.kind, e.booking.id])).toEqual([["reserve-unknown", intent.id]]);
    expect(await ledger(intent.id)).toMatchObject({
      state: "RESERVE_UNKNOWN",
      last_error: "stale",
      reservation_id: null,
    });
    const [line] = warnings(w.logs, /never recorded its answer/);
    expect(line).toMatchObject({ bookingId: intent.id, slotId: intent.slot_id });
    expect(writes()).toBe(0);
    expect(w.sandbox.reservations()).toHaveLength(0);
    // Final: a later reserve or tick does nothing.
    expect((await w.service.reserve(intent.id)).kind).toBe("unknown");
    expect(await w.reaper.tick()).toBe(0);
    expect(writes()).toBe(0);
  });
});

function fromRecord(b: BookingRecord): BookingIntentInput {
  return {
    id: b.id,
    chatId: b.chat_id,
    userId: b.user_id,
    locale: b.locale,
    courseId: b.course_id,
    courseName: b.course_name,
    timeZone: b.time_zone,
    slotId: b.slot_id,
    slotStartsAt: b.slot_starts_at,
    persons: b.persons,
    customerName: b.customer_name,
    customerEmail: b.customer_email,
    customerMobile: b.customer_mobile,
    expectedAmount: b.expected_amount,
  };
}
