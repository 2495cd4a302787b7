import { describe, expect, it } from "vitest";
import type { SearchCriteria } from "../../src/search/criteria.js";
import type { SearchHit } from "../../src/search/search.js";
import { createWatchStore, dedupeKey, targetKey } from "../../src/watches/store.js";
import { databaseFactories } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";

const AT = Date.parse("2026-11-25T10:00:00+07:00");
const SATURDAY: SearchCriteria = {
  dates: ["2026-11-28"],
  window: { from: 420, to: 480 },
  players: 4,
  area: { kind: "area", id: "pattaya" },
};

function hit(slotId: string): SearchHit {
  return {
    course: { id: "c1", name: "One", nameTH: "หนึ่ง", place: "Pattaya", timeZone: "Asia/Bangkok", lat: null, lon: null },
    date: "2026-11-28",
    slotId,
    startsAt: AT + 3 * 24 * 3_600_000,
    price: 250_000,
    priceType: "WEEKEND",
    minPerson: 1,
    maxPerson: 4,
  };
}

describe("the same search gives the same key", () => {
  it("whatever the order of its keys or dates", () => {
    const shuffled: SearchCriteria = {
      players: 4,
      area: { kind: "area", id: "pattaya" },
      window: { from: 420, to: 480 },
      dates: ["2026-11-28"],
    };
    expect(dedupeKey(shuffled, undefined)).toBe(dedupeKey(SATURDAY, undefined));
    expect(dedupeKey({ ...SATURDAY, players: 2 }, undefined)).not.toBe(dedupeKey(SATURDAY, undefined));
    expect(dedupeKey(SATURDAY, [{ id: "c1", name: "One", nameTH: "" }])).not.toBe(dedupeKey(SATURDAY, undefined));
  });
});

describe.each(databaseFactories)("watches on $name", ({ make }) => {
  const t = storageEach(make);
  const store = () => createWatchStore(t.storage.db, () => AT);
  const base = {
    userId: 7,
    chatId: 7,
    criteria: SATURDAY,
    open: { [targetKey("c1", "2026-11-28")]: ["s1"] },
    endsAt: AT + 1e9,
    limit: 2,
  };

  it("saves a watch once per search, up to the limit; a stopped one makes room", async () => {
    const s = store();
    const first = await s.create(base);
    expect(first.kind).toBe("created");
    if (first.kind !== "created") return;
    expect(first.watch.id).toMatch(/^[a-z0-9]{10}$/);
    expect((await s.create(base)).kind).toBe("exists");
    expect((await s.create({ ...base, criteria: { ...SATURDAY, players: 2 } })).kind).toBe("created");
    expect(await s.create({ ...base, criteria: { ...SATURDAY, players: 3 } })).toEqual({ kind: "limit", active: 2 });
    expect(await s.stop(first.watch.id, 8)).toBe(false); // not theirs
    expect(await s.stop(first.watch.id, 7)).toBe(true);
    expect(await s.stop(first.watch.id, 7)).toBe(false);
    expect((await s.create({ ...base, criteria: { ...SATURDAY, players: 3 } })).kind).toBe("created");
    const mine = await s.forUser(7, AT - 1);
    expect(mine.map((w) => w.state).sort()).toEqual(["active", "active", "stopped"]);
    expect(await s.countActive()).toBe(2);
    const again = await s.get(first.watch.id);
    expect(again).toMatchObject({ criteria: SATURDAY, open: base.open, state: "stopped", endedAt: AT });
  });

  it("an alert is claimed once per watch and tee time, and counted", async () => {
    const s = store();
    const created = await s.create(base);
    if (created.kind !== "created") throw new Error(created.kind);
    const id = created.watch.id;
    const claims = await Promise.all([s.claimAlert(id, hit("s2")), s.claimAlert(id, hit("s2"))]);
    expect(claims.filter((c) => c !== undefined)).toHaveLength(1);
    expect(await s.claimAlert(id, hit("s2"))).toBeUndefined();
    expect(await s.claimAlert(id, hit("s3"))).toMatch(/^[a-z0-9]{10}$/);
    expect((await s.get(id))?.alerts).toBe(2);
    const alert = await s.alert(claims.find((c) => c !== undefined)!);
    expect(alert).toMatchObject({ watchId: id, hit: hit("s2") });
    expect(await s.alertsBetween(AT, AT + 1)).toBe(2);
    expect(await s.alertsBetween(AT + 1, AT + 2)).toBe(0);
  });

  it("watches end when their end comes, and never later than a known last tee time", async () => {
    const s = store();
    const a = await s.create({ ...base, endsAt: AT + 100 });
    const b = await s.create({ ...base, criteria: { ...SATURDAY, players: 2 }, endsAt: AT + 1_000 });
    if (a.kind !== "created" || b.kind !== "created") throw new Error("not created");
    await s.endBy(b.watch.id, AT + 2_000); // later: ignored
    await s.endBy(b.watch.id, AT + 500);
    expect(await s.expire(AT + 99)).toBe(0);
    expect(await s.expire(AT + 100)).toBe(1);
    expect(await s.expire(AT + 500)).toBe(1);
    expect(await s.active()).toEqual([]);
    expect((await s.get(b.watch.id))?.state).toBe("ended");
  });

  it("keeps each target's schedule, and forgets targets", async () => {
    const s = store();
    const row = {
      course_id: "c1",
      date: "2026-11-28",
      checked_at: null,
      next_check_at: AT,
      failures: 0,
      last_start: null,
    };
    await s.saveTarget(row);
    await s.saveTarget({ ...row, checked_at: AT, next_check_at: AT + 180_000, last_start: AT + 5 });
    expect(await s.targets()).toEqual([{ ...row, checked_at: AT, next_check_at: AT + 180_000, last_start: AT + 5 }]);
    await s.dropTargets([{ courseId: "c1", date: "2026-11-28" }]);
    expect(await s.targets()).toEqual([]);
  });

  it("a target is claimed for a read by one checker at a time, and is due again at its next check", async () => {
    const a = store();
    const b = createWatchStore(t.storage.db, () => AT);
    // Two checkers see the same new target due at once: one reads it.
    const first = await Promise.all([
      a.claimTarget("c1", "2026-11-28", AT, AT + 60_000),
      b.claimTarget("c1", "2026-11-28", AT, AT + 60_000),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    // The reader saves its schedule; before the next check nobody may claim it, then exactly one may.
    await a.saveTarget({
      course_id: "c1",
      date: "2026-11-28",
      checked_at: AT,
      next_check_at: AT + 180_000,
      failures: 2,
      last_start: AT + 5,
    });
    expect(await b.claimTarget("c1", "2026-11-28", AT + 179_999, AT + 240_000)).toBe(false);
    const due = await Promise.all([
      a.claimTarget("c1", "2026-11-28", AT + 180_000, AT + 240_000),
      b.claimTarget("c1", "2026-11-28", AT + 180_000, AT + 240_000),
    ]);
    expect(due.filter(Boolean)).toHaveLength(1);
    // A claim moves only the next check: what the last read found is kept.
    expect(await a.targets()).toEqual([
      {
        course_id: "c1",
        date: "2026-11-28",
        checked_at: AT,
        next_check_at: AT + 240_000,
        failures: 2,
        last_start: AT + 5,
      },
    ]);
  });
});
