/**
 * Which paid bookings the course-changes poll reads first when its budget cannot read them all: the most
 * overdue for its band (time since its last read over the band's interval), the sooner tee time on a tie; a
 * booking not yet due is not listed. On SQLite and PostgreSQL (the order is computed in SQL).
 */
import { afterEach, describe, expect, it } from "vitest";
import { recheckBands } from "../../src/bookings/course-changes.js";
import { createBookingQueries } from "../../src/bookings/queries.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { bookingRow } from "../helpers/booking-row.js";
import { databaseFactories } from "../helpers/databases.js";

const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(databaseFactories)("the course-changes poll's order on $name", ({ make }) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
  });

  it("reads the most overdue for its band first, the sooner tee time on a tie, and nothing not yet due", async () => {
    const db = make();
    closers.push(() => db.cleanup());
    const storage: Storage = await createStorage(db.config);
    closers.unshift(() => storage.close());
    // [id, tee time from now, last read ago]: over the band's interval 1.2, 3, 1.5, not due, 2 and 2.
    const rows: [string, number, number][] = [
      ["in-3h", 3 * HOUR, 6 * MINUTE],
      ["in-20d", 20 * DAY, 3 * DAY],
      ["in-30h", 30 * HOUR, 1.5 * HOUR],
      ["in-2h", 2 * HOUR, 2 * MINUTE],
      ["in-5d", 5 * DAY, 12 * HOUR],
      ["in-10d", 10 * DAY, 2 * DAY],
    ];
    await storage.db
      .insertInto("bookings")
      .values(
        rows.map(([id, ahead, ago]) =>
          bookingRow(id, "PAID", NOW + ahead, NOW - 20 * DAY, {
            reservation_id: `r-${id}`,
            paid_at: NOW - 20 * DAY,
            refreshed_at: NOW - ago,
          }),
        ),
      )
      .execute();
    const due = await createBookingQueries(storage.db).paidDueForRecheck(NOW, recheckBands(5 * MINUTE), 10);
    expect(due.map((b) => b.id)).toEqual(["in-20d", "in-5d", "in-10d", "in-30h", "in-3h"]);
  });
});
