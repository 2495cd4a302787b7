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

/** The open move that owns a booking, and which of its bookings this is. */
export interface Owner {
  moveId: string;
  side: "old" | "new";
}

/** Why a write is refused: the booking's open move, which side of it the booking is, and the write. */
export interface OwnerRefusal extends Owner {
  write: BookingWrite;
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
 * Whether `write` by a path other than the move may go ahead on `bookingId` now (`WHILE_A_MOVE_IS_OPEN`):
 * undefined when it may, or the refusal (the open move, and which side of it the booking is).
 */
export async function ownerRefusal(
  db: Kysely<Database>,
  bookingId: string,
  write: BookingWrite,
): Promise<OwnerRefusal | undefined> {
  const owner = await ownerOf(db, bookingId);
  if (!owner) return undefined;
  const rule: OwnerRule = WHILE_A_MOVE_IS_OPEN[owner.side][write];
  return rule === "refused" || rule === "move-only" ? { ...owner, write } : undefined;
}
