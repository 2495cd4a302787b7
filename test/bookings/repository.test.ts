/**
 * The ledger's history is never behind its rows: a booking's row and its history entry are written
 * in one transaction, on SQLite (a file) and PostgreSQL. The history table is taken away for a moment
 * (renamed) to make the history write fail after the row's write would have succeeded.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { BookingIntentInput } from "../../src/bookings/record.js";
import { createBookingRepository, type BookingRepository } from "../../src/bookings/repository.js";
import { alterTable, databaseFactories } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";

/** Monday 2026-11-23, 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);

function intent(id: string): BookingIntentInput {
  return {
    id,
    chatId: 501,
    userId: 501,
    locale: "en",
    courseId: "c1",
    courseName: "Bangkok Riverside Golf Club",
    timeZone: "Asia/Bangkok",
    slotId: "s1",
    slotStartsAt: NOW + 86_400_000,
    persons: 2,
    customerName: "Somchai Jaidee",
    customerEmail: "somchai@example.com",
    customerMobile: "+66812345678",
    expectedAmount: 5_000,
  };
}

describe.each(databaseFactories)("the ledger's rows and history on $name", ({ make }) => {
  const t = storageEach(make);
  let repo: BookingRepository;
  const run = (text: string) => sql.raw(text).execute(t.storage.db);
  const historyAway = () =>
    alterTable(t.db, (table) => `alter table ${table("booking_events")} rename to "booking_events_away"`, run);
  const historyBack = () =>
    alterTable(t.db, (table) => `alter table ${table("booking_events_away")} rename to "booking_events"`, run);

  beforeEach(() => {
    repo = createBookingRepository(t.storage.db, () => NOW);
  });

  it("a state change whose history entry cannot be written does not happen", async () => {
    const id = randomUUID();
    await repo.createIntent(intent(id));
    await historyAway();
    try {
      await expect(repo.transition(id, { from: ["INTENT"], to: "RESERVING" })).rejects.toThrow();
    } finally {
      await historyBack();
    }
    expect((await repo.get(id))?.state, "the row is where its history says").toBe("INTENT");
    expect((await repo.history(id)).map((e) => e.to_state)).toEqual(["INTENT"]);

    expect(await repo.transition(id, { from: ["INTENT"], to: "RESERVING" })).toBe(true);
    expect((await repo.get(id))?.state).toBe("RESERVING");
    expect((await repo.history(id)).map((e) => [e.from_state, e.to_state])).toEqual([
      [null, "INTENT"],
      ["INTENT", "RESERVING"],
    ]);
  });

  it("an intent whose history entry cannot be written is not recorded", async () => {
    const id = randomUUID();
    await historyAway();
    try {
      await expect(repo.createIntent(intent(id))).rejects.toThrow();
    } finally {
      await historyBack();
    }
    expect(await repo.get(id)).toBeUndefined();

    await repo.createIntent(intent(id));
    expect((await repo.history(id)).map((e) => e.to_state)).toEqual(["INTENT"]);
  });

  it("a lost compare-and-set writes no history", async () => {
    const id = randomUUID();
    await repo.createIntent(intent(id));
    const [a, b] = await Promise.all([
      repo.transition(id, { from: ["INTENT"], to: "RESERVING" }),
      repo.transition(id, { from: ["INTENT"], to: "RESERVING" }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((await repo.history(id)).map((e) => e.to_state)).toEqual(["INTENT", "RESERVING"]);
  });
});
