import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, GolferCopiesTable } from "../storage/schema.js";

export type GolferCopy = Selectable<GolferCopiesTable>;

/** Start parameters of golfer's copies: `gc_` and 22 characters (128 random bits), far under Telegram's 64. */
export const COPY_TOKEN_PATTERN = /^gc_[A-Za-z0-9_-]{22}$/;

export interface IssueOptions {
  /** Who asks (the booker). */
  createdBy: number;
  /** Until when a new link may be opened (the tee-off). */
  expiresAt: number;
  /** How many links the booking may have in all, opened or not (see `copyLimit`). */
  limit: number;
}

/** What "Send to golfer" gives: a new link, the one made before and not yet opened, or none left. */
export type Issue =
  { kind: "new"; copy: GolferCopy } | { kind: "again"; copy: GolferCopy } | { kind: "all-used"; limit: number };

/**
 * How many golfer's copies a booking may have: one per player. The booker who may send them is the
 * agent or admin who sold the booking (a customer's own booking offers none), never one of the party,
 * so every player may want their own; a link opened by the wrong person uses one up, as a ticket would.
 */
export function copyLimit(booking: { persons: number }): number {
  return Math.max(1, booking.persons);
}

export type ClaimRefusal = "unknown" | "used" | "expired" | "own";
export type Claim = { ok: true; copy: GolferCopy; firstClaim: boolean } | { ok: false; reason: ClaimRefusal };

/**
 * The golfer's copy: a single-use link an agent sends to the golfer of a paid booking. Whoever opens
 * it first (before the tee-off) sees the booking, read-only, in /mybookings, and gets its reminders.
 */
export function createGolferCopies(db: Kysely<Database>, now: () => number) {
  /** The booking's links nobody has opened that are still valid at `at` (the latest first). */
  const unopened = (bookingId: string, at: number) =>
    db
      .selectFrom("golfer_copies as unopened")
      .where("unopened.booking_id", "=", bookingId)
      .where("unopened.claimed_by", "is", null)
      .where("unopened.expires_at", ">", at);

  return {
    /**
     * The link to send for `bookingId`: the one already made and not yet opened, if any (a double tap,
     * another instance's tap), else a new one valid until `expiresAt` (the tee-off), while fewer than
     * `limit` links exist for the booking; "all-used" once `limit` have been made and opened. One
     * statement makes a link only if none is unopened and fewer than `limit` exist, into the next slot
     * (their count + 1); the (booking, slot) pair is unique, so of two instances minting at once, one
     * conflicts and then finds the other's link: never a second unopened link, never more than `limit`.
     */
    async issue(bookingId: string, opts: IssueOptions): Promise<Issue> {
      // No link made: another call's is unopened (given again), or all are made; or that other link
      // was opened in between, and the next round tries again.
      for (let round = 0; round < 3; round++) {
        const row = {
          token: `gc_${randomBytes(16).toString("base64url")}`,
          booking_id: bookingId,
          created_by: opts.createdBy,
          created_at: now(),
          expires_at: opts.expiresAt,
        };
        const made = await db
          .insertInto("golfer_copies")
          .columns(["token", "booking_id", "created_by", "created_at", "expires_at", "slot"])
          .expression(
            db
              .selectFrom("golfer_copies")
              .select((eb) => [
                sql<string>`cast(${row.token} as varchar(64))`.as("token"),
                sql<string>`cast(${row.booking_id} as varchar(64))`.as("booking_id"),
                sql<number>`cast(${row.created_by} as bigint)`.as("created_by"),
                sql<number>`cast(${row.created_at} as bigint)`.as("created_at"),
                sql<number>`cast(${row.expires_at} as bigint)`.as("expires_at"),
                sql<number>`${eb.fn.countAll()} + 1`.as("slot"),
              ])
              .where("booking_id", "=", bookingId)
              .where((eb) => eb.not(eb.exists(unopened(bookingId, row.created_at).select("unopened.token"))))
              .having((eb) => eb.fn.countAll(), "<", opts.limit),
          )
          .onConflict((oc) => oc.columns(["booking_id", "slot"]).doNothing())
          .returning("slot")
          .executeTakeFirst();
        if (made) return { kind: "new", copy: { ...row, claimed_by: null, claimed_at: null, slot: Number(made.slot) } };
        const open = await unopened(bookingId, now())
          .selectAll("unopened")
          .orderBy("unopened.slot", "desc")
          .executeTakeFirst();
        if (open) return { kind: "again", copy: open };
        const count = await db
          .selectFrom("golfer_copies")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("booking_id", "=", bookingId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= opts.limit) return { kind: "all-used", limit: opts.limit };
      }
      throw new Error(`golfer's copy of ${bookingId}: no link made, none unopened and the bound not reached`);
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

    /** The users a booking is attached to besides its booker (see `viewersOf`). */
    viewersOf: (bookingId: string) => viewersOf(db, bookingId),
    /** The bookings attached to `userId` through a claimed copy (see `viewedBookingIds`). */
    viewedBookingIds: (userId: number, limit?: number) => viewedBookingIds(db, userId, limit),
    /** Whether `bookingId` is attached to `userId` through a claimed copy. */
    isViewer: (bookingId: string, userId: number) => isViewer(db, bookingId, userId),
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
