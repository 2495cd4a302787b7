import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, GolferCopiesTable } from "../storage/schema.js";

export type GolferCopy = Selectable<GolferCopiesTable>;

/** Start parameters of golfer's copies: `gc_` and 22 characters (128 random bits), far under Telegram's 64. */
export const COPY_TOKEN_PATTERN = /^gc_[A-Za-z0-9_-]{22}$/;

export type ClaimRefusal = "unknown" | "used" | "expired" | "own";
export type Claim = { ok: true; copy: GolferCopy; firstClaim: boolean } | { ok: false; reason: ClaimRefusal };

/**
 * The golfer's copy: a single-use link an agent sends to the golfer of a paid booking. Whoever opens
 * it first (before the tee-off) sees the booking, read-only, in /mybookings, and gets its reminders.
 */
export function createGolferCopies(db: Kysely<Database>, now: () => number) {
  return {
    /** A new link for `bookingId`, valid until `expiresAt` (the tee-off). */
    async create(bookingId: string, createdBy: number, expiresAt: number): Promise<GolferCopy> {
      const row: GolferCopy = {
        token: `gc_${randomBytes(16).toString("base64url")}`,
        booking_id: bookingId,
        created_by: createdBy,
        created_at: now(),
        expires_at: expiresAt,
        claimed_by: null,
        claimed_at: null,
      };
      await db.insertInto("golfer_copies").values(row).execute();
      return row;
    },

    /**
     * Attaches the booking to `userId` through `token`, once: the claim is a conditional update, so two
     * people opening the link together never both get in. The one who claimed it may open it again.
     * `bookerId` is refused (the agent testing their own link does not use it up).
     */
    async claim(
      token: string,
      userId: number,
      bookerId: (bookingId: string) => Promise<number | undefined>,
    ): Promise<Claim> {
      if (!COPY_TOKEN_PATTERN.test(token)) return { ok: false, reason: "unknown" };
      const copy = await db.selectFrom("golfer_copies").selectAll().where("token", "=", token).executeTakeFirst();
      if (!copy) return { ok: false, reason: "unknown" };
      if (copy.expires_at <= now()) return { ok: false, reason: "expired" };
      if (copy.claimed_by === userId) return { ok: true, copy, firstClaim: false };
      if (copy.claimed_by !== null) return { ok: false, reason: "used" };
      if ((await bookerId(copy.booking_id)) === userId) return { ok: false, reason: "own" };
      const at = now();
      const won = await db
        .updateTable("golfer_copies")
        .set({ claimed_by: userId, claimed_at: at })
        .where("token", "=", token)
        .where("claimed_by", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return { ok: false, reason: "used" };
      await db
        .insertInto("booking_viewers")
        .values({ booking_id: copy.booking_id, user_id: userId, added_at: at })
        .onConflict((oc) => oc.columns(["booking_id", "user_id"]).doNothing())
        .execute();
      return { ok: true, copy: { ...copy, claimed_by: userId, claimed_at: at }, firstClaim: true };
    },
  };
}

export type GolferCopies = ReturnType<typeof createGolferCopies>;

/** The users a booking is attached to besides its booker (golfers who claimed a copy): reminders go to them too. */
export async function viewersOf(db: Kysely<Database>, bookingId: string): Promise<number[]> {
  const rows = await db
    .selectFrom("booking_viewers")
    .select("user_id")
    .where("booking_id", "=", bookingId)
    .orderBy("added_at")
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** The bookings attached to `userId` through a claimed copy, newest tee-off first. */
export async function viewedBookingIds(db: Kysely<Database>, userId: number, limit = 10): Promise<string[]> {
  const rows = await db
    .selectFrom("booking_viewers")
    .innerJoin("bookings", "bookings.id", "booking_viewers.booking_id")
    .select("booking_viewers.booking_id")
    .where("booking_viewers.user_id", "=", userId)
    .orderBy("bookings.slot_starts_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.booking_id);
}

/** Whether `bookingId` is attached to `userId` through a claimed copy. */
export async function isViewer(db: Kysely<Database>, bookingId: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("booking_viewers")
    .select("user_id")
    .where("booking_id", "=", bookingId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}
