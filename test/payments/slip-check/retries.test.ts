/**
 * The slip check's retries kept in the database (migration 026), on SQLite and PostgreSQL: a retry
 * outlives the process that scheduled it, and of two instances claiming the same due retry at once,
 * exactly one asks.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createSlipCheckRetries } from "../../../src/payments/slip-check/index.js";
import { createStorage, type Storage } from "../../../src/storage/index.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";

const T0 = Date.parse("2026-11-25T10:00:00+07:00");
const QR = "004100060000010103014022000111222233344ABCDE0510425102TH9104ABCD";

describe.each(databaseFactories)("slip check retries on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  const opened: Storage[] = [];
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await db?.cleanup();
    db = undefined;
  });
  const open = async () => {
    const storage = await createStorage(db!.config);
    opened.push(storage);
    return storage;
  };

  it("a retry scheduled by one process is due for the next, and claimed by exactly one of two at once", async () => {
    db = make();
    const first = await open();
    await createSlipCheckRetries(first.db).schedule({
      bookingId: "b-1",
      qrText: QR,
      transRef: "0142026LATER",
      dueAt: T0 + 180_000,
      arrivedAt: T0,
    });
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const [a, b] = [createSlipCheckRetries((await open()).db), createSlipCheckRetries((await open()).db)];
    expect(await a.due(T0 + 179_999)).toEqual([]);
    const [due] = await a.due(T0 + 180_000);
    expect(due).toEqual({
      bookingId: "b-1",
      qrText: QR,
      transRef: "0142026LATER",
      dueAt: T0 + 180_000,
      attempts: 0,
      arrivedAt: T0,
    });
    const [dueB] = await b.due(T0 + 180_000);
    const won = await Promise.all([a.claim(due!, T0 + 300_000), b.claim(dueB!, T0 + 300_000)]);
    expect(won.filter(Boolean)).toHaveLength(1);
    // Claimed: not due again until the claim lapses, its attempt counted.
    expect(await a.due(T0 + 299_999)).toEqual([]);
    expect(await b.of("b-1")).toMatchObject({ dueAt: T0 + 300_000, attempts: 1 });
    await a.reschedule("b-1", T0 + 400_000);
    expect((await b.due(T0 + 400_000)).map((r) => r.bookingId)).toEqual(["b-1"]);
    await b.forget("b-1");
    expect(await a.of("b-1")).toBeUndefined();
  });
});
