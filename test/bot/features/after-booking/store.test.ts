import { describe, expect, it } from "vitest";
import { createBookingQueries } from "../../../../src/bookings/queries.js";
import { createAfterBookingStore } from "../../../../src/bot/features/after-booking/store.js";
import type { BookingState } from "../../../../src/storage/schema.js";
import { bookingRow } from "../../../helpers/booking-row.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { storageEach } from "../../../helpers/storage-each.js";
import { HOUR } from "./helpers.js";

const AT = Date.parse("2026-11-25T10:00:00+07:00");
const OFFSETS = [24 * 60, 2 * 60];

/** A booking paid at `paidAt` (made a minute before), teeing off at `slotStartsAt`. */
function row(id: string, slotStartsAt: number, paidAt: number, state: BookingState = "PAID") {
  return bookingRow(id, state, slotStartsAt, paidAt - 60_000, {
    amount: 300_000,
    reservation_id: `r-${id}`,
    paid_at: paidAt,
    updated_at: paidAt,
  });
}

describe.each(databaseFactories)("reminders due, on $name", ({ make }) => {
  const t = storageEach(make);

  it("a due reminder is found behind 1,200 bookings already reminded today; one paid too late, or not paid, never is", async () => {
    // A busy day: 1,200 paid bookings teeing off within the next 20 hours, their 24-hour reminders sent.
    const busy = Array.from({ length: 1_200 }, (_, i) => row(`busy-${i}`, AT + HOUR + i * 60_000, AT - 3 * 24 * HOUR));
    for (let i = 0; i < busy.length; i += 100) {
      await t.storage.db
        .insertInto("bookings")
        .values(busy.slice(i, i + 100))
        .execute();
      await t.storage.db
        .insertInto("reminders_sent")
        .values(
          busy
            .slice(i, i + 100)
            .map((b) => ({ booking_id: b.id, offset_minutes: 24 * 60, claimed_at: AT - HOUR, outcome: "sent" })),
        )
        .execute();
    }
    await t.storage.db
      .insertInto("bookings")
      .values([
        // Tees off in 23 h 54 min: its 24-hour reminder came 6 minutes ago.
        row("due", AT + 24 * HOUR - 6 * 60_000, AT - 2 * 24 * HOUR),
        // Paid 1 hour before tee-off: neither reminder's moment came after it was paid.
        row("late", AT + 90 * 60_000, AT - 30 * 60_000),
        // Released, not paid.
        row("released", AT + 23 * HOUR, AT - 2 * 24 * HOUR, "RELEASED"),
      ])
      .execute();
    const store = createAfterBookingStore({
      db: t.storage.db,
      ledger: createBookingQueries(t.storage.db),
      now: () => AT,
    });

    const due = await store.paidWithDueReminders(AT, OFFSETS);
    // The busy day's bookings teeing off within 2 hours are due for their 2-hour reminder too.
    const twoHours = busy.filter((b) => b.slot_starts_at <= AT + 2 * HOUR).map((b) => b.id);
    expect(due.map((d) => d.booking.id).sort()).toEqual(["due", ...twoHours].sort());
    expect(due.find((d) => d.booking.id === twoHours[0])?.claimed).toEqual(new Set([24 * 60]));

    // Claimed: no longer due. The limit bounds one pass.
    expect(await store.claimReminder("due", 24 * 60, "claimed")).toBe(true);
    for (const id of twoHours) await store.claimReminder(id, 2 * 60, "claimed");
    expect(await store.paidWithDueReminders(AT, OFFSETS)).toEqual([]);
    const later = AT + 5 * HOUR;
    expect((await store.paidWithDueReminders(later, OFFSETS, 10)).map((d) => d.booking.id)).toHaveLength(10);
  });
});
