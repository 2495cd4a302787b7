import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countPendingRequests, createCancelRequests, createGolferCopies, viewersOf } from "../../src/bookings/index.js";
import { STALE_DECISION_MS } from "../../src/bookings/cancel-requests.js";
import { createBookingRepository } from "../../src/bookings/repository.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { databaseFactories, type TestDatabase } from "../helpers/databases.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");
const TEE_OFF = NOW + 24 * 3600_000;
const BOOKER = 42;

/** Two storages on one database: what two fairway instances share. */
describe.each(databaseFactories)("after the booking, on $name (two instances)", ({ make }) => {
  let db: TestDatabase;
  let a: Storage;
  let b: Storage;
  let t = NOW;
  const now = () => t;

  beforeEach(async () => {
    t = NOW;
    db = make();
    a = await createStorage(db.config);
    b = await createStorage(db.config);
    const repo = createBookingRepository(a.db, now);
    await repo.createIntent({
      id: "bk-1",
      chatId: BOOKER,
      userId: BOOKER,
      locale: "en",
      courseId: "c1",
      courseName: "Course",
      timeZone: "Asia/Bangkok",
      slotId: "s1",
      slotStartsAt: TEE_OFF,
      persons: 2,
      customerName: "Somchai",
      customerEmail: "s@example.com",
      customerMobile: "+66812345678",
      expectedAmount: 500_000,
    });
    // Paid by the legal road (the repository refuses a move not in the table).
    expect(await repo.transition("bk-1", { from: ["INTENT"], to: "RESERVING" })).toBe(true);
    expect(await repo.transition("bk-1", { from: ["RESERVING"], to: "HELD" })).toBe(true);
    expect(await repo.transition("bk-1", { from: ["HELD"], to: "CONFIRMING" })).toBe(true);
    expect(await repo.transition("bk-1", { from: ["CONFIRMING"], to: "PAID" })).toBe(true);
  });

  afterEach(async () => {
    await a.close();
    await b.close();
    await db.cleanup();
  });

  it("a request is decided once however many taps race on two instances; one open request per booking", async () => {
    const ra = createCancelRequests(a.db, now);
    const rb = createCancelRequests(b.db, now);
    const { request, created } = await ra.open("bk-1", BOOKER, "rain");
    expect(created).toBe(true);
    expect((await rb.open("bk-1", 7, null)).created).toBe(false);
    expect(await countPendingRequests(b)).toBe(1);

    const wins = await Promise.all([1, 2, 3, 4, 5, 6].map((admin) => (admin % 2 ? ra : rb).claim(request.id, admin)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await countPendingRequests(a)).toBe(0);
    await ra.finish(request.id, "approved", 400_000);
    const stored = await rb.get(request.id);
    expect(stored?.state).toBe("approved");
    expect(Number(stored?.refunded_amount)).toBe(400_000);
    // Finished: neither a reopen nor another claim moves it.
    await rb.reopen(request.id);
    expect(await rb.claim(request.id, 9)).toBe(false);
    expect((await ra.get(request.id))?.state).toBe("approved");
  });

  it("people asking at the same instant on two instances open one request; each is told it is open", async () => {
    const ra = createCancelRequests(a.db, now);
    const rb = createCancelRequests(b.db, now);
    const opened = await Promise.all(
      [BOOKER, 7, 8, 9, 10, 11, 12, 13].map((who, i) => (i % 2 ? ra : rb).open("bk-1", who, null)),
    );
    expect(opened.filter((o) => o.created)).toHaveLength(1);
    expect(new Set(opened.map((o) => o.request.id)).size).toBe(1);
    expect(await countPendingRequests(a)).toBe(1);
    // Once decided, the booking may be asked about again (a declined request is no longer open).
    const { id } = opened[0]!.request;
    expect(await ra.claim(id, 1)).toBe(true);
    await ra.finish(id, "declined");
    expect((await rb.open("bk-1", BOOKER, "again")).created).toBe(true);
  });

  it("a decision interrupted (its process died) can be taken up after a while, once", async () => {
    const ra = createCancelRequests(a.db, now);
    const rb = createCancelRequests(b.db, now);
    const { request } = await ra.open("bk-1", BOOKER, null);
    expect(await ra.claim(request.id, 1)).toBe(true);
    t += STALE_DECISION_MS - 1;
    expect(await rb.claim(request.id, 2)).toBe(false);
    t += 2;
    const wins = await Promise.all([rb.claim(request.id, 2), ra.claim(request.id, 3)]);
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("a golfer's copy is claimed by one person however they race; a used, forged, expired or own link attaches no one", async () => {
    const ca = createGolferCopies(a.db, now);
    const cb = createGolferCopies(b.db, now);
    const booker = () => Promise.resolve(BOOKER);
    const issue = async () => {
      const out = await ca.issue("bk-1", { createdBy: BOOKER, expiresAt: TEE_OFF, limit: 2 });
      if (out.kind === "all-used") throw new Error("no link left");
      return out.copy;
    };
    const copy = await issue();
    expect(copy.token).toMatch(/^gc_[A-Za-z0-9_-]{22}$/);
    expect(await ca.claim(copy.token, BOOKER, booker)).toEqual({ ok: false, reason: "own" });

    const claims = await Promise.all(
      [101, 102, 103, 104].map((user) => (user % 2 ? ca : cb).claim(copy.token, user, booker)),
    );
    const winners = claims.filter((c) => c.ok);
    expect(winners).toHaveLength(1);
    expect(claims.filter((c) => !c.ok && c.reason === "used")).toHaveLength(3);
    const winner = winners[0]!.ok ? Number(winners[0]!.copy.claimed_by) : 0;
    expect(await viewersOf(b.db, "bk-1")).toEqual([winner]);
    expect(await cb.claim(copy.token, winner, booker)).toMatchObject({ ok: true, firstClaim: false });

    expect(await cb.claim("gc_AAAAAAAAAAAAAAAAAAAAAA", 105, booker)).toEqual({ ok: false, reason: "unknown" });
    expect(await cb.claim("not-a-token", 105, booker)).toEqual({ ok: false, reason: "unknown" });
    const late = await issue();
    t = TEE_OFF;
    expect(await cb.claim(late.token, 106, booker)).toEqual({ ok: false, reason: "expired" });
    expect(await viewersOf(a.db, "bk-1")).toEqual([winner]);
  });
  it("golfer's copy links: taps racing on two instances share one unopened link, and never make more than the bound", async () => {
    const ca = createGolferCopies(a.db, now);
    const cb = createGolferCopies(b.db, now);
    const booker = () => Promise.resolve(BOOKER);
    const opts = { createdBy: BOOKER, expiresAt: TEE_OFF, limit: 3 };
    const tokens = new Set<string>();
    for (const golfer of [201, 202, 203]) {
      const taps = await Promise.all([ca, cb, ca, cb, ca, cb].map((c) => c.issue("bk-1", opts)));
      // However the taps interleave, they give one link, which stays the same until someone opens it.
      const given = new Set(taps.map((t) => (t.kind === "all-used" ? "none" : t.copy.token)));
      expect(given.size, JSON.stringify(taps)).toBe(1);
      expect(taps.filter((t) => t.kind === "new")).toHaveLength(1);
      const [token] = [...given];
      tokens.add(token!);
      expect(await cb.claim(token!, golfer, booker)).toMatchObject({ ok: true });
    }
    expect(tokens.size).toBe(3);
    const over = await Promise.all([ca, cb, ca, cb].map((c) => c.issue("bk-1", opts)));
    expect(over).toEqual(Array(4).fill({ kind: "all-used", limit: 3 }));
    const rows = await a.db.selectFrom("golfer_copies").select(["slot"]).where("booking_id", "=", "bk-1").execute();
    expect(rows.map((r) => Number(r.slot)).sort()).toEqual([1, 2, 3]);
  });
});
