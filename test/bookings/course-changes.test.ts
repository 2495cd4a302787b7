/**
 * The course-changes poll against the partner sandbox over HTTP, on SQLite and PostgreSQL: paid bookings
 * are read again on a schedule that tightens as their tee time nears (counted in the sandbox's request
 * log), a reservation the course ended or moved is found in the pass after it happened and only once,
 * and the shared read budget stops a pass when it is spent. Time is the test's clock, never the wall's.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeRefusal } from "../../src/access/index.js";
import { createBookingService, type BookingService } from "../../src/bookings/index.js";
import { createBookingQueries } from "../../src/bookings/queries.js";
import {
  createCourseChangesPoll,
  recheckIntervalMs,
  type CourseChange,
  type ReadBudget,
} from "../../src/bookings/course-changes.js";
import { createLogger } from "../../src/logger.js";
import { createPartnerClient } from "../../src/partner/index.js";
import { createSandbox, type Sandbox, type SlotView } from "../../src/local/sandbox/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { intentAt } from "../helpers/booking-row.js";
import { databaseFactories, type TestDatabase } from "../helpers/databases.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SHORTEST = 5 * MINUTE;
const AGENT = 8802;
const ADMIN = 8801;
const ORDER_READ = /^\/api\/v1\/ext\/order\/[0-9a-f]+$/;

describe("the course-changes schedule", () => {
  it("tightens as the tee time nears: daily, every 6 h within a week, hourly within 2 days, the shortest within a day", () => {
    expect(recheckIntervalMs(NOW + 10 * DAY, NOW, SHORTEST)).toBe(DAY);
    expect(recheckIntervalMs(NOW + 5 * DAY, NOW, SHORTEST)).toBe(6 * HOUR);
    expect(recheckIntervalMs(NOW + 36 * HOUR, NOW, SHORTEST)).toBe(HOUR);
    expect(recheckIntervalMs(NOW + 3 * HOUR, NOW, SHORTEST)).toBe(SHORTEST);
    // No band is shorter than the shortest interval configured.
    expect(recheckIntervalMs(NOW + 36 * HOUR, NOW, 2 * HOUR)).toBe(2 * HOUR);
  });
});

describe.each(databaseFactories)("the course-changes poll, on $name", ({ make }) => {
  let t = NOW;
  const clock = () => t;
  let sandbox: Sandbox;
  let db: TestDatabase;
  let storage: Storage;
  let service: BookingService;
  let tokens: number;
  const budget: ReadBudget = {
    take: () => Promise.resolve(tokens-- > 0),
  };
  const found: CourseChange[] = [];

  beforeEach(async () => {
    t = NOW;
    tokens = Number.POSITIVE_INFINITY;
    found.length = 0;
    sandbox = createSandbox({ clock, initialBalance: 1_000_000_000 });
    await sandbox.listen(0);
    db = make();
    storage = await createStorage(db.config);
    service = createBookingService({
      db: storage.db,
      partner: createPartnerClient({ baseURL: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 8_000, retryDelayMs: 5 }),
      logger: createLogger({ level: "silent" }),
      holdMinutes: 15,
      now: clock,
      holdPolicy: () => Promise.resolve(undefined),
      writePolicy: (req) => Promise.resolve(writeRefusal({ role: req.actorId === ADMIN ? "admin" : "agent" }, req)),
    });
  });

  afterEach(async () => {
    await storage.close();
    await db.cleanup();
    await sandbox.close();
  });

  const poll = () =>
    createCourseChangesPoll({
      due: (at, bands, limit) => createBookingQueries(storage.db).paidDueForRecheck(at, bands, limit),
      recheck: (id) => service.recheck(id),
      budget,
      shortestMs: SHORTEST,
      onChange: (change) => {
        found.push(change);
        return Promise.resolve();
      },
      logger: createLogger({ level: "silent" }),
      now: clock,
    });

  /** The first open tee time `daysAway` course-days from today (tomorrow's is within a day of 10:00 today). */
  function slotIn(daysAway: number): SlotView {
    const date = new Date(NOW + 7 * HOUR + daysAway * DAY).toISOString().slice(0, 10);
    const slot = sandbox.openSlot({ date, persons: 2 });
    if (!slot) throw new Error(`no open slot on ${date}`);
    return slot;
  }

  async function paid(slot: SlotView): Promise<string> {
    const id = randomUUID();
    await service.createIntent(intentAt(slot, { id, userId: AGENT }));
    expect((await service.reserve(id)).kind).toBe("held");
    expect((await service.confirm(id, { actor: `user:${AGENT}` })).kind).toBe("paid");
    return id;
  }

  const booking = async (id: string) => {
    const found = await service.get(id);
    if (!found) throw new Error(`no booking ${id}`);
    return found;
  };

  const reads = () => sandbox.count("GET", ORDER_READ);

  it("reads each paid booking when its band says, soonest first; a booking just paid is not read", async () => {
    const near = await paid(slotIn(1));
    const mid = await paid(slotIn(4));
    await paid(slotIn(12));
    const p = poll();

    expect((await p.pass()).read).toBe(0);
    t += SHORTEST;
    const first = await p.pass();
    expect(first.read).toBe(1);
    expect(reads()).toBe(1);
    expect(found).toEqual([]);

    t += 6 * HOUR;
    // The near one (every 5 min) and the one within a week (every 6 h); not the one twelve days away.
    expect((await p.pass()).read).toBe(2);
    expect(reads()).toBe(3);
    t += DAY;
    // A day on: the near one has teed off (no longer upcoming); the other two are due.
    expect((await p.pass()).read).toBe(2);
    expect((await booking(near)).state).toBe("PAID");
    expect((await booking(mid)).state).toBe("PAID");
  });

  it("finds a reservation the course refunded in the next pass, once, with the ledger following it", async () => {
    const near = await paid(slotIn(1));
    const balance = sandbox.balance();
    const reservation = (await booking(near)).reservation_id!;
    sandbox.course.end(reservation, "REFUND");
    expect(sandbox.balance()).toBeGreaterThan(balance);

    const p = poll();
    t += SHORTEST;
    const pass = await p.pass();
    expect(pass.changes).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: "ended", partnerStatus: "REFUND" });
    expect((await booking(near)).state).not.toBe("PAID");

    // The next passes read it no more and find nothing again.
    t += SHORTEST;
    expect(await p.pass()).toMatchObject({ read: 0, changes: [] });
    expect(found).toHaveLength(1);
  });

  it("finds a tee time the course moved, and a whole closed day", async () => {
    const near = await paid(slotIn(1));
    const other = await paid(slotIn(1));
    const moved = await paid(slotIn(3));
    sandbox.course.changeTeeTime((await booking(moved)).reservation_id!, openSlotNear(slotIn(3)));
    const day = new Date((await booking(near)).slot_starts_at + 7 * HOUR).toISOString().slice(0, 10);
    const nearCourse = (await booking(near)).course_id;
    sandbox.course.closeDay(nearCourse, day);

    t += 6 * HOUR;
    const pass = await poll().pass();
    expect(pass.read).toBe(3);
    const kinds = found.map((c) => `${c.kind}:${c.booking.id}`).sort();
    const closed = [];
    for (const id of [near, other]) if ((await booking(id)).course_id === nearCourse) closed.push(`ended:${id}`);
    expect(kinds).toEqual([...closed, `tee-time-changed:${moved}`].sort());
    expect(
      found.filter((c) => c.kind === "ended").every((c) => c.kind === "ended" && c.partnerStatus === "REFUND"),
    ).toBe(true);
  });

  it("stops a pass when the shared read budget is spent; what is left is read in a later pass", async () => {
    await paid(slotIn(1));
    await paid(slotIn(1));
    await paid(slotIn(2));
    const p = poll();
    t += 2 * HOUR;
    tokens = 2;
    const first = await p.pass();
    expect(first).toMatchObject({ read: 2, budgetSpent: true });
    expect(reads()).toBe(2);
    tokens = 5;
    t += MINUTE;
    expect((await p.pass()).read).toBe(1);
  });

  it("reads a group's flights like any paid booking, and finds the one flight the course cancelled", async () => {
    const first = slotIn(1);
    const date = new Date(first.startMs + 7 * HOUR).toISOString().slice(0, 10);
    const slots = sandbox
      .slots(first.course.id, date)
      .filter((s) => s.status === "OPEN" && s.minPerson <= 2 && s.maxPerson >= 2)
      .slice(0, 2);
    expect(slots).toHaveLength(2);
    const group = await service.createGroupIntent({
      id: randomUUID(),
      chatId: AGENT,
      userId: AGENT,
      locale: "en",
      courseId: first.course.id,
      courseName: first.course.name,
      timeZone: "Asia/Bangkok",
      customerName: "Somchai Jaidee",
      customerEmail: "somchai@example.com",
      customerMobile: "+66812345678",
      flights: slots.map((s) => ({ slotId: s.id, slotStartsAt: s.startMs, persons: 2, expectedAmount: s.price * 2 })),
    });
    expect((await service.reserveGroup(group.group.id)).kind).toBe("held");
    expect((await service.confirmGroup(group.group.id)).kind).toBe("paid");
    const [one, two] = group.flights;
    sandbox.course.end((await booking(two!.id)).reservation_id!, "CANCEL");

    t += SHORTEST;
    const pass = await poll().pass();
    expect(pass.read).toBe(2);
    expect(found.map((c) => `${c.kind}:${c.booking.id}`)).toEqual([`ended:${two!.id}`]);
    expect(found[0]).toMatchObject({ partnerStatus: "CANCEL" });
    expect((await booking(one!.id)).state).toBe("PAID");
  });

  it("a paid reservation the course cancelled: released, and what the customer paid recorded to return", async () => {
    const near = await paid(slotIn(1));
    sandbox.course.end((await booking(near)).reservation_id!, "CANCEL");
    t += SHORTEST;
    await poll().pass();
    const after = await booking(near);
    expect(after).toMatchObject({ state: "RELEASED", release_reason: "partner-cancelled" });
    const owed = await service.owedOf(near);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ state: "to-return", amount: after.selling_amount ?? after.amount });
    // Read again (as /order would): still one row.
    await service.refresh(near);
    expect(await service.owedOf(near)).toHaveLength(1);
  });

  it("an end by the course is its own kind: ended_by course, the customer's payment owed; the agency's refund is not", async () => {
    const byCourse = await paid(slotIn(1));
    const byAgency = await paid(slotIn(1));
    sandbox.course.end((await booking(byCourse)).reservation_id!, "REFUND");
    expect((await service.refund(byAgency, { actor: `user:${ADMIN}` })).kind).toBe("refunded");
    t += SHORTEST;
    await poll().pass();
    const ended = await booking(byCourse);
    // A read states no credit: none is recorded, and the customer is owed their whole payment.
    expect(ended).toMatchObject({ state: "REFUNDED", ended_by: "course", refunded_amount: null });
    expect(await service.owedOf(byCourse)).toMatchObject([
      { reason: "refund", state: "to-return", amount: ended.selling_amount ?? ended.amount },
    ]);
    const history = await service.history(byCourse);
    expect(history.at(-1)).toMatchObject({ from_state: "PAID", to_state: "REFUNDED" });
    expect(history.at(-1)?.detail).toContain('"endedBy":"course"');
    expect((await booking(byAgency)).ended_by).toBeNull();
    const cancelled = await paid(slotIn(1));
    sandbox.course.end((await booking(cancelled)).reservation_id!, "CANCEL");
    t += SHORTEST;
    await poll().pass();
    expect(await booking(cancelled)).toMatchObject({ state: "RELEASED", ended_by: "course" });
  });

  it("a tee time the course moved is recorded once: the booking shows the new time, the next pass finds nothing", async () => {
    const slot = slotIn(1);
    const moved = await paid(slot);
    const to = openSlotNear(slot);
    const newStart = sandbox
      .slots(slot.course.id, new Date(slot.startMs + 7 * HOUR).toISOString().slice(0, 10))
      .find((s) => s.id === to)!.startMs;
    sandbox.course.changeTeeTime((await booking(moved)).reservation_id!, to);
    const p = poll();
    t += SHORTEST;
    expect((await p.pass()).changes).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: "tee-time-changed", from: slot.startMs, startsAt: newStart });
    expect(await booking(moved)).toMatchObject({ state: "PAID", slot_id: to, slot_starts_at: newStart });
    t += SHORTEST;
    expect(await p.pass()).toMatchObject({ read: 1, changes: [] });
    expect(found).toHaveLength(1);
  });

  it("leaves a booking an open move owns: not read while the move is open, though the course ended it", async () => {
    const slot = slotIn(1);
    const old = await paid(slot);
    const out = await service.startMove({
      id: randomUUID(),
      newBookingId: randomUUID(),
      oldBookingId: old,
      requestedBy: AGENT,
      to: {
        slotId: openSlotNear(slot),
        slotStartsAt: slot.startMs,
        persons: 2,
        expectedAmount: slot.price * 2,
      },
    });
    expect(out.kind).toBe("held");
    sandbox.course.end((await booking(old)).reservation_id!, "REFUND");
    t += SHORTEST;
    const before = reads();
    const pass = await poll().pass();
    expect(pass.changes).toEqual([]);
    expect(reads()).toBe(before);
    expect((await booking(old)).state).toBe("PAID");
  });

  /** Another open slot on the same course and day as `slot`. */
  function openSlotNear(slot: SlotView): string {
    const date = new Date(slot.startMs + 7 * HOUR).toISOString().slice(0, 10);
    const other = sandbox.slots(slot.course.id, date).find((s) => s.status === "OPEN" && s.id !== slot.id);
    if (!other) throw new Error("no other open slot");
    return other.id;
  }
});
