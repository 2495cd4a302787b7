/**
 * The legal moves of the money path's state machines — a booking, a group, a customer's payment, a move,
 * money owed to a customer — as one table each. Every state change in the ledger is a compare-and-set
 * through the repository (`repository.ts`, `payments.ts`, `move-store.ts`, `owed.ts`), whose move type is
 * built from these tables: a move not in the table does not compile, and the repository checks it again
 * at run time (`IllegalMoveError`), so data that reached a state some other way cannot be moved on
 * illegally either.
 *
 * A reader audits the money guarantees here: a booking reaches RESERVING once (from INTENT, nothing goes
 * back to it), CONFIRMING only from HELD and REFUNDING only from PAID; a customer's payment reaches
 * `approved` only from a state waiting for the agent's word; money owed is returned once.
 */
import type { BookingState, GroupState, MoveState, OwedState, PaymentState } from "../storage/schema.js";
import { IllegalMoveError } from "./errors.js";

/**
 * A booking's moves. The ones marked "the partner's word" are a refresh applying what the partner
 * says of the reservation (PAID, CANCEL, REFUND): the ledger follows the partner, whose own machine
 * (PENDING → PAID → REFUND, PENDING → CANCEL) arbitrates any race, so money spent is never hidden.
 */
export const BOOKING_MOVES = {
  // Recorded before any partner call: reserved once, or dropped with no partner call.
  INTENT: ["RESERVING", "RELEASED"],
  // The reserve in flight: its answer, a refusal, a lost answer, or (a crashed reserve whose answer the
  // audit log kept) the release of the hold nobody saw.
  RESERVING: ["HELD", "RESERVE_FAILED", "RESERVE_UNKNOWN", "RELEASING"],
  // A confirm or a release starts; the partner's word.
  HELD: ["CONFIRMING", "RELEASING", "PAID", "RELEASED", "REFUNDED"],
  // Paid; refused or not applied (held again); the reservation gone; an unanswered confirm on a hold
  // that is over (its release); the partner's word.
  CONFIRMING: ["PAID", "HELD", "RELEASED", "RELEASING", "REFUNDED"],
  // Released; sent again after a stale or over hold; the partner's word (a confirm landed first).
  RELEASING: ["RELEASING", "RELEASED", "PAID", "REFUNDED"],
  // A refund starts; the partner's word.
  PAID: ["REFUNDING", "RELEASED", "REFUNDED"],
  // Refunded; refused or not applied (paid again); the partner's word.
  REFUNDING: ["REFUNDED", "PAID", "RELEASED"],
  // Only the partner's word: a reservation fairway took for released that the partner has paid.
  RELEASED: ["PAID", "REFUNDED"],
  RESERVE_FAILED: [],
  RESERVE_UNKNOWN: [],
  REFUNDED: [],
} as const satisfies Record<BookingState, readonly BookingState[]>;

/**
 * A group's moves: an operation under way (HOLDING, CONFIRMING) settles PAID, PARTIAL or RELEASED once no
 * flight has a write in flight; a held group is claimed (HOLDING) to release it, or confirmed once.
 */
export const GROUP_MOVES = {
  INTENT: ["HOLDING"],
  HOLDING: ["HELD", "PAID", "PARTIAL", "RELEASED"],
  HELD: ["CONFIRMING", "HOLDING"],
  CONFIRMING: ["HELD", "PAID", "PARTIAL", "RELEASED"],
  PAID: [],
  PARTIAL: [],
  RELEASED: [],
} as const satisfies Record<GroupState, readonly GroupState[]>;

/**
 * A customer's payment's moves. Waiting for the agent's word (`pending` before the QR was shown,
 * `awaiting` after, `submitted` with a slip, `rejected` "not received"): a slip (again), a decision, the
 * hold's end, the customer's cancel. Approved money whose holds ended with nothing booked is to be
 * returned, then marked returned. A rejection is never approved by a second look at the same tap: it
 * takes a new slip (`submitted`) or a decider's approval.
 */
export const PAYMENT_MOVES = {
  pending: ["awaiting", "submitted", "rejected", "approved", "expired", "cancelled"],
  awaiting: ["submitted", "rejected", "approved", "expired", "cancelled"],
  submitted: ["submitted", "rejected", "approved", "expired"],
  rejected: ["submitted", "approved", "expired", "cancelled"],
  approved: ["to-return"],
  "to-return": ["returned"],
  expired: [],
  cancelled: [],
  returned: [],
} as const satisfies Record<PaymentState, readonly PaymentState[]>;

/**
 * A move of a paid booking to another tee time, a saga on the partner recorded before each call: the new
 * tee time is held first (HOLDING → HELD), then, once approved, the old booking refunded (REFUNDING), then
 * the new hold confirmed (CONFIRMING → DONE). Nothing refunded yet, it is abandoned (the new hold
 * released); the refund refused, it is unwound (the old booking stands, the new hold released); refunded
 * but the new hold never confirmed, it is stranded (the people concerned are told, never silence).
 */
export const MOVE_MOVES = {
  HOLDING: ["HELD", "ABANDONED"],
  HELD: ["REFUNDING", "ABANDONED"],
  REFUNDING: ["CONFIRMING", "UNWOUND"],
  CONFIRMING: ["DONE", "STRANDED"],
  DONE: [],
  ABANDONED: [],
  UNWOUND: [],
  STRANDED: [],
} as const satisfies Record<MoveState, readonly MoveState[]>;

/**
 * Money owed to a customer (`owed.ts`: a move stranded, a cheaper move's difference, a refund's share):
 * recorded `to-return` by the step that made it owed, then marked returned by a decider, once.
 */
export const OWED_MOVES = {
  "to-return": ["returned"],
  returned: [],
} as const satisfies Record<OwedState, readonly OwedState[]>;

type Table = Readonly<Record<string, readonly string[]>>;

/** The states from which `To` is a legal move in `M`. */
type SourcesOf<M extends Table, To extends string> = {
  [S in keyof M & string]: To extends M[S][number] ? S : never;
}[keyof M & string];

/** The states every one of `From` may move to in `M` (a move from several states must be legal from each). */
export type LegalTo<M extends Table, From extends keyof M & string> = {
  [To in M[keyof M][number]]: [From] extends [SourcesOf<M, To>] ? To : never;
}[M[keyof M][number]];

export type BookingTargets<From extends BookingState> = LegalTo<typeof BOOKING_MOVES, From>;
export type GroupTargets<From extends GroupState> = LegalTo<typeof GROUP_MOVES, From>;
export type PaymentTargets<From extends PaymentState> = LegalTo<typeof PAYMENT_MOVES, From>;
export type MoveTargets<From extends MoveState> = LegalTo<typeof MOVE_MOVES, From>;
export type OwedTargets<From extends OwedState> = LegalTo<typeof OWED_MOVES, From>;

export type Machine = "booking" | "group" | "payment" | "move" | "owed";
const TABLES: Record<Machine, Table> = {
  booking: BOOKING_MOVES,
  group: GROUP_MOVES,
  payment: PAYMENT_MOVES,
  move: MOVE_MOVES,
  owed: OWED_MOVES,
};

/** Whether `from → to` is in the machine's table. */
export function isLegalMove(machine: Machine, from: string, to: string): boolean {
  return TABLES[machine][from]?.includes(to) ?? false;
}

/** Throws `IllegalMoveError` unless `to` is legal from every state of `from` (the repository's run-time check). */
export function assertLegalMoves(machine: Machine, from: readonly string[], to: string): void {
  for (const state of from) if (!isLegalMove(machine, state, to)) throw new IllegalMoveError(machine, state, to);
}
