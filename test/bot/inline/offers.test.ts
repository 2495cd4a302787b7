import { afterEach, describe, expect, it } from "vitest";
import { createBookingQueries } from "../../../src/bookings/queries.js";
import { createOffers, OFFER_TOKEN_PATTERN, type OfferedTeeTime } from "../../../src/bot/inline/offers.js";
import { createStorage, type Storage } from "../../../src/storage/index.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";

const START = 1_790_000_000_000;
const teeTime = (slotId: string, startsAt = START + 86_400_000): OfferedTeeTime => ({
  courseId: "c1",
  courseName: "Riverside",
  courseNameTH: "ริเวอร์ไซด์",
  timeZone: "Asia/Bangkok",
  slotId,
  startsAt,
  price: 250_000,
  minPersons: 1,
  maxPersons: 4,
});

describe.each(databaseFactories)("inline offers store on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  let storage: Storage | undefined;
  let now = START;

  async function offers() {
    db = make();
    storage = await createStorage(db.config, { now: () => now });
    return createOffers({ db: storage.db, ledger: createBookingQueries(storage.db), now: () => now });
  }

  afterEach(async () => {
    await storage?.close();
    await db?.cleanup();
    storage = undefined;
    db = undefined;
    now = START;
  });

  it("one token per agent and tee time, reused by every later page; racing pages agree", async () => {
    const o = await offers();
    const [a, b] = await Promise.all([
      o.ensure(1, [teeTime("s1"), teeTime("s2")]),
      o.ensure(1, [teeTime("s2"), teeTime("s3")]),
    ]);
    expect(a.get("s2")?.token).toBe(b.get("s2")?.token);
    const again = await o.ensure(1, [teeTime("s1"), teeTime("s2"), teeTime("s3")]);
    expect([...again.values()].map((x) => x.token).sort()).toEqual(
      [a.get("s1")!.token, a.get("s2")!.token, b.get("s3")!.token].sort(),
    );
    const other = await o.ensure(2, [teeTime("s1")]);
    expect(other.get("s1")?.token).not.toBe(a.get("s1")?.token);
    for (const offer of again.values()) {
      expect(offer.token).toMatch(OFFER_TOKEN_PATTERN);
      expect(`https://t.me/${"b".repeat(32)}?start=${offer.token}`.length).toBeLessThanOrEqual(64);
    }
  });

  it("counts each opener once, refuses unknown, expired and used-up offers, and records a booking once", async () => {
    const o = await offers();
    const offer = (await o.ensure(1, [teeTime("s1")])).get("s1")!;
    expect(await o.open("oAAAAAAAAAAA", 10)).toEqual({ ok: false, reason: "unknown" });
    expect(await o.open("not-a-token", 10)).toEqual({ ok: false, reason: "unknown" });
    expect(await o.open(offer.token, 10)).toMatchObject({ ok: true, firstOpen: true });
    expect(await o.open(offer.token, 10)).toMatchObject({ ok: true, firstOpen: false });
    expect((await o.get(offer.token))?.uses).toBe(1);
    for (let user = 11; user < 30; user += 1) expect((await o.open(offer.token, user)).ok).toBe(true);
    expect(await o.open(offer.token, 99)).toEqual({ ok: false, reason: "used-up" });
    expect((await o.open(offer.token, 10)).ok).toBe(true);

    const booking = { id: "b1", user_id: 10, agent_id: 1, slot_id: "s1" };
    expect((await o.markBooked(booking))?.token).toBe(offer.token);
    expect(await o.markBooked(booking)).toBeUndefined();
    expect(await o.markBooked({ ...booking, id: "b2", agent_id: 2 })).toBeUndefined();
    const [listed] = await o.listFor(1);
    expect(listed).toMatchObject({ token: offer.token, opens: 20, booked: 1 });

    now = offer.expires_at;
    expect(await o.open(offer.token, 50)).toEqual({ ok: false, reason: "expired" });
    now = offer.expires_at + 1;
    expect(await o.prune(offer.expires_at + 1)).toBe(1);
    expect(await o.get(offer.token)).toBeUndefined();
    expect(await o.listFor(1)).toEqual([]);
  });
});
