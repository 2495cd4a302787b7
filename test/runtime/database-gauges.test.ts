/**
 * `fairway_bookings{state}`, `fairway_open_holds` and `fairway_overdue_holds`, read at scrape time from a
 * real ledger (the project's migrations) on SQLite and PostgreSQL; a failing query skips them only.
 */
import { describe, expect, it } from "vitest";
import type { BookingState } from "../../src/bookings/index.js";
import { createBookingQueries } from "../../src/bookings/queries.js";
import type { Storage } from "../../src/storage/index.js";
import { bookingRow } from "../helpers/booking-row.js";
import { databaseFactories } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";
import { memoryLogger, sample, testMetrics } from "./helpers.js";

const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
let seq = 0;

async function insertBooking(
  storage: Storage,
  state: BookingState,
  holdExpiresAt: number | null = null,
): Promise<void> {
  seq += 1;
  await storage.db
    .insertInto("bookings")
    .values(bookingRow(`b${seq}`, state, NOW + 86_400_000, NOW, { slot_id: `s${seq}`, hold_expires_at: holdExpiresAt }))
    .execute();
}

describe.each(databaseFactories)("bookings gauges on $name", ({ make }) => {
  const t = storageEach(make);

  it("counts bookings by state, open holds and overdue holds at every scrape", async () => {
    const metrics = testMetrics({ ledger: createBookingQueries(t.storage.db), now: () => NOW });
    let text = await metrics.text();
    expect(sample(text, 'fairway_bookings{state="HELD"}')).toBe(0);
    expect(sample(text, 'fairway_bookings{state="REFUNDED"}')).toBe(0);
    expect(sample(text, "fairway_open_holds")).toBe(0);
    expect(sample(text, "fairway_overdue_holds")).toBe(0);

    await insertBooking(t.storage, "HELD", NOW + 60_000);
    await insertBooking(t.storage, "HELD", NOW - 1);
    await insertBooking(t.storage, "PAID");
    await insertBooking(t.storage, "PAID");
    await insertBooking(t.storage, "PAID");
    await insertBooking(t.storage, "RELEASED", NOW - 5_000);
    text = await metrics.text();
    expect(sample(text, 'fairway_bookings{state="HELD"}')).toBe(2);
    expect(sample(text, 'fairway_bookings{state="PAID"}')).toBe(3);
    expect(sample(text, 'fairway_bookings{state="RELEASED"}')).toBe(1);
    expect(sample(text, 'fairway_bookings{state="INTENT"}')).toBe(0);
    expect(sample(text, "fairway_open_holds")).toBe(2);
    expect(sample(text, "fairway_overdue_holds")).toBe(1);
  });

  it("a failing query logs a warning and leaves only these gauges out of the scrape", async () => {
    const log = memoryLogger();
    const metrics = testMetrics({ ledger: createBookingQueries(t.storage.db), logger: log.logger });
    metrics.update("message", "ok", 0.01);
    await t.storage.close();
    const text = await metrics.text();
    expect(sample(text, 'fairway_updates_total{type="message",outcome="ok"}')).toBe(1);
    expect(text).toContain("# TYPE fairway_bookings gauge");
    expect(text).not.toMatch(/^fairway_bookings\{/m);
    expect(text).not.toMatch(/^fairway_open_holds /m);
    expect(text).not.toMatch(/^fairway_overdue_holds /m);
    expect(log.lines().some((l) => l.msg === "metrics: bookings gauges skipped (ledger query failed)")).toBe(true);
  });
});

describe("bookings gauges with a slow ledger", () => {
  it("skips them after queryTimeoutMs instead of holding the scrape", async () => {
    const log = memoryLogger();
    const never = new Promise<never>(() => undefined);
    const slow = { selectFrom: () => ({ select: () => ({ groupBy: () => ({ execute: () => never }) }) }) };
    const metrics = testMetrics({
      ledger: createBookingQueries(slow as never),
      logger: log.logger,
      queryTimeoutMs: 50,
    });
    const started = Date.now();
    const text = await metrics.text();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(text).not.toMatch(/^fairway_open_holds /m);
    expect(JSON.stringify(log.lines())).toContain("took longer than 50 ms");
  });
});
