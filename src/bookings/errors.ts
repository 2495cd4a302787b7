/**
 * The money module's own errors. A partner's refusal is a `PartnerApiError` (partner/errors.ts) and a
 * refused user an `AccessRefusedError` (access/errors.ts); these are fairway's own mistakes, which no
 * user input can cause: the write is refused before the ledger changes.
 */

/** A state change not in the machine's table of legal moves (`moves.ts`). */
export class IllegalMoveError extends Error {
  override readonly name = "IllegalMoveError";
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`illegal ${machine} move ${from} → ${to}`);
  }
}

/**
 * A write another path asked for on a booking an open move owns (`ownership.ts`): refused before the
 * ledger changes; the bot answers it with "a move of this booking is open — abandon it first".
 */
export class BookingOwnedError extends Error {
  override readonly name = "BookingOwnedError";
  constructor(
    readonly bookingId: string,
    /** What owns it: `move <id>` or `trip <id>`. */
    readonly owner: string,
    readonly write: string,
  ) {
    super(`${write} of booking ${bookingId} refused: ${owner} owns it`);
  }
}

export function isBookingOwned(error: unknown): error is BookingOwnedError {
  return error instanceof BookingOwnedError;
}
