/**
 * Ownership between machines: which path may write a booking while another holds it. A move that is
 * not over (`OPEN_MOVE_STATES`) owns both its bookings — the old one (PAID until the move's own refund)
 * and the new one (the move's hold) — until it ends by its own moves: its approval, its refusal, its
 * new hold's end or an explicit abandon. Every write another path may start on either booking, and what
 * happens to it, is one row below; the service reads this table (`ownerRefusal`) before the write's
 * first compare-and-set, so a reader audits the rule here, as the machines' moves in `moves.ts`.
 *
 * - `refused`: nothing is written and no partner call is made; the caller is told why (the move of this
 *   booking is open: abandon it first). An admin who wants the refund anyway abandons the move (its card's
 *   Decline), then refunds: two steps, each in the ledger.
 * - `move-only`: the write is the move's own step (its refund, its new hold's confirm or release); any
 *   other caller is refused as above.
 * - `ends-move`: the write goes ahead and ends the move by the move's own table (the new hold's end:
 *   the reaper's `settleMove` abandons it, nothing refunded).
 *
 * The partner's word (a refresh applying PAID, CANCEL or REFUND) is never refused: the ledger follows
 * the partner. The safety net under the rule is the move's refund itself: it goes on only if the move
 * took the old booking from PAID to REFUNDING (`refundForMove`), so a write that slipped past this check
 * in a race (another instance, the same instant) unwinds the move instead of being taken for its own.
 */
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema.js";
import { OPEN_MOVE_STATES } from "./move-store.js";

/** A write on an existing booking that a path other than its move may start. */
export type BookingWrite =
  /** An admin's refund (`/refund`, `/order`'s Refund), or an admin's approval of a cancellation request. */
  | "refund"
  /** A booker's, agent's or golfer's request to cancel (the admins' card follows). */
  | "cancel-request"
  /** A person's release of a hold (Cancel, the next booking releasing the chat's earlier hold, /release). */
  | "release"
  /** A partner confirm of a held booking. */
  | "confirm"
  /** A second move of the same booking. */
  | "move"
  /** An agent's request to be paid for the booking. */
  | "payment-request"
  /** The hold's end (the reaper's expiry). */
  | "expiry";

export type OwnerRule = "refused" | "move-only" | "ends-move" | "allowed";

/** What an open move allows others on each of its bookings. */
export const WHILE_A_MOVE_IS_OPEN = {
  /** The booking being moved away from: PAID, and refunded only by the move after its approval. */
  old: {
    refund: "move-only",
    "cancel-request": "refused",
    release: "refused",
    confirm: "refused",
    move: "refused",
    "payment-request": "refused",
    expiry: "allowed",
  },
  /** The move's new hold: confirmed by the move after the old booking's refund, or released when it ends. */
  new: {
    refund: "refused",
    "cancel-request": "refused",
    release: "move-only",
    confirm: "move-only",
    move: "refused",
    "payment-request": "refused",
    expiry: "ends-move",
  },
} as const satisfies Record<"old" | "new", Record<BookingWrite, OwnerRule>>;

/**
 * What a cancellation request an admin has not decided yet allows: its approval is the admins' refund
 * (the refund's own rule above applies), and the booking is not moved meanwhile — the admin decides the
 * request first (`MoveRefusal` "cancel-requested").
 */
export const WHILE_A_CANCELLATION_IS_ASKED = {
  refund: "allowed",
  move: "refused",
} as const satisfies Partial<Record<BookingWrite, OwnerRule>>;

/**
 * What a live trip allows others on its rounds' bookings (`src/trips/`): the trip owns them. Its customer
 * paid the trip (its instalments), not the booking, so a refund, a move or a payment request of one round
 * would return, rebook or charge money the trip's ledger does not see. The trip's own writes go ahead: its
 * booking of the round (the confirm), and its cancellation's refunds, made once the trip is CANCELLED (no
 * longer live). `course-only`: only the course's end of the round goes ahead (an admin's `/closeday`), which
 * the trip then follows (`TripService.courseEnded`).
 */
export const WHILE_A_TRIP_OWNS = {
  refund: "course-only",
  "cancel-request": "refused",
  release: "allowed",
  confirm: "allowed",
  move: "refused",
  "payment-request": "refused",
  expiry: "allowed",
} as const satisfies Record<BookingWrite, "refused" | "allowed" | "course-only">;

/** The open move that owns a booking, and which of its bookings this is. */
export interface Owner {
  moveId: string;
  side: "old" | "new";
}

/** A live trip that owns a booking: the booking is one of its rounds. */
export interface TripOwner {
  tripId: string;
  side: "trip";
}

/** Why a write is refused: the booking's open move (which side of it the booking is) or its trip, and the write. */
export type OwnerRefusal = (Owner | TripOwner) & { write: BookingWrite };

/** The live trip (not cancelled) whose round `bookingId` was made for, if any. */
export async function tripOwnerOf(db: Kysely<Database>, bookingId: string): Promise<TripOwner | undefined> {
  const row = await db
    .selectFrom("trip_rounds")
    .innerJoin("trips", "trips.id", "trip_rounds.trip_id")
    .select("trips.id")
    .where("trip_rounds.booking_id", "=", bookingId)
    .where("trips.state", "!=", "CANCELLED")
    .executeTakeFirst();
  return row ? { tripId: row.id, side: "trip" } : undefined;
}

/** The open move owning `bookingId`, if any. */
export async function ownerOf(db: Kysely<Database>, bookingId: string): Promise<Owner | undefined> {
  const row = await db
    .selectFrom("booking_moves")
    .select(["id", "old_booking_id"])
    .where((eb) => eb.or([eb("old_booking_id", "=", bookingId), eb("new_booking_id", "=", bookingId)]))
    .where("state", "in", OPEN_MOVE_STATES)
    .executeTakeFirst();
  return row ? { moveId: row.id, side: row.old_booking_id === bookingId ? "old" : "new" } : undefined;
}

/**
 * Whether `write` by a path other than the move may go ahead on `bookingId` now (`WHILE_A_MOVE_IS_OPEN`, then
 * `WHILE_A_TRIP_OWNS`): undefined when it may, or the refusal (the open move and which side of it the booking
 * is, or the trip). `byCourse`: the write is the course's end of the booking (a closed day).
 */
export async function ownerRefusal(
  db: Kysely<Database>,
  bookingId: string,
  write: BookingWrite,
  opts: { byCourse?: boolean } = {},
): Promise<OwnerRefusal | undefined> {
  const owner = await ownerOf(db, bookingId);
  if (owner) {
    const rule: OwnerRule = WHILE_A_MOVE_IS_OPEN[owner.side][write];
    return rule === "refused" || rule === "move-only" ? { ...owner, write } : undefined;
  }
  // A write every trip allows (a confirm, a release, an expiry) asks nothing more of the database.
  const rule = WHILE_A_TRIP_OWNS[write];
  if (rule === "allowed" || (rule === "course-only" && opts.byCourse)) return undefined;
  const trip = await tripOwnerOf(db, bookingId);
  return trip ? { ...trip, write } : undefined;
}
