/**
 * The database side of reminders and the digest: what is due, and the claims that make each send
 * happen once across restarts and instances (an insert that only one caller can win).
 */
import type { Kysely } from "kysely";
import type { BookingQueries } from "../../../bookings/queries.js";
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import type { Database } from "../../../storage/schema.js";

/** True when this insert created the row (another instance or an earlier run did not). */
function won(result: { numInsertedOrUpdatedRows?: bigint }): boolean {
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export interface AfterBookingStoreOptions {
  db: Kysely<Database>;
  /** The ledger's read model: the paid bookings due a reminder, refunds and releases of a day. */
  ledger: BookingQueries;
  now: () => number;
}

export function createAfterBookingStore(options: AfterBookingStoreOptions) {
  const { db, ledger, now } = options;
  return {
    /**
     * Paid bookings with a reminder due at `at` and not claimed yet: for one of `offsets` (minutes),
     * its moment (tee-off minus the offset) has come, had not come when the booking was paid, and no
     * row in `reminders_sent` claims it. Soonest tee-off first, at most `limit` (the rest come in the
     * next pass), each with the offsets already claimed. Only what is due is read: a busy day's
     * reminded bookings never crowd out one that is due (a plain window with a limit did).
     */
    async paidWithDueReminders(
      at: number,
      offsets: readonly number[],
      limit = 500,
    ): Promise<{ booking: BookingRecord; claimed: Set<number> }[]> {
      if (offsets.length === 0) return [];
      const bookings = await ledger.paidWithDueReminders(at, offsets, limit);
      if (bookings.length === 0) return [];
      const rows = await db
        .selectFrom("reminders_sent")
        .select(["booking_id", "offset_minutes"])
        .where(
          "booking_id",
          "in",
          bookings.map((b) => b.id),
        )
        .execute();
      return bookings.map((booking) => ({
        booking,
        claimed: new Set(rows.filter((r) => r.booking_id === booking.id).map((r) => Number(r.offset_minutes))),
      }));
    },

    /** Claims the reminder of `bookingId` at `offsetMinutes`; true for the one caller that won. */
    async claimReminder(
      bookingId: string,
      offsetMinutes: number,
      outcome: "claimed" | "skipped" | "grouped",
    ): Promise<boolean> {
      const result = await db
        .insertInto("reminders_sent")
        .values({ booking_id: bookingId, offset_minutes: offsetMinutes, claimed_at: now(), outcome })
        .onConflict((oc) => oc.columns(["booking_id", "offset_minutes"]).doNothing())
        .executeTakeFirst();
      return won(result);
    },

    /** The offsets already claimed for `bookingId` (a group's are claimed on its first flight's row). */
    async claimedOffsets(bookingId: string): Promise<Set<number>> {
      const rows = await db
        .selectFrom("reminders_sent")
        .select("offset_minutes")
        .where("booking_id", "=", bookingId)
        .execute();
      return new Set(rows.map((r) => Number(r.offset_minutes)));
    },

    /** A group and its flights in order, for its one reminder; undefined if unknown. */
    group: (groupId: string): Promise<GroupView | undefined> => ledger.group(groupId),

    /** Records how a claimed reminder's send went (sent, failed). */
    async reminderOutcome(bookingId: string, offsetMinutes: number, outcome: "sent" | "failed"): Promise<void> {
      await db
        .updateTable("reminders_sent")
        .set({ outcome })
        .where("booking_id", "=", bookingId)
        .where("offset_minutes", "=", offsetMinutes)
        .execute();
    },

    /** Whether the digest of the Bangkok date `day` has been claimed (a cheap read before the claim). */
    async digestClaimed(day: string): Promise<boolean> {
      return (
        (await db.selectFrom("digests_sent").select("day").where("day", "=", day).executeTakeFirst()) !== undefined
      );
    },

    /** Claims the digest of the Bangkok date `day`; true for the one caller that won. */
    async claimDigest(day: string): Promise<boolean> {
      const result = await db
        .insertInto("digests_sent")
        .values({ day, claimed_at: now() })
        .onConflict((oc) => oc.column("day").doNothing())
        .executeTakeFirst();
      return won(result);
    },

    /** Whether an admin wants the daily digest (default yes). */
    async digestEnabled(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("digest_settings")
        .select("enabled")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row === undefined || Number(row.enabled) === 1;
    },

    /** /digest on|off. */
    async setDigestEnabled(userId: number, enabled: boolean): Promise<void> {
      const values = { user_id: userId, enabled: enabled ? 1 : 0, updated_at: now() };
      await db
        .insertInto("digest_settings")
        .values(values)
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet({ enabled: values.enabled, updated_at: values.updated_at }),
        )
        .execute();
    },

    /** How many holds were released in [from, to) (expired, cancelled or orphaned). */
    releasedBetween: (from: number, to: number): Promise<number> => ledger.releasedBetween(from, to),

    /** Bookings refunded (the partner answered) in [from, to), whenever they were paid. */
    refundedBetween: (from: number, to: number): Promise<BookingRecord[]> => ledger.refundedBetween(from, to),
    courseEndedBetween: (from: number, to: number): Promise<BookingRecord[]> => ledger.courseEndedBetween(from, to),
  };
}

export type AfterBookingStore = ReturnType<typeof createAfterBookingStore>;
