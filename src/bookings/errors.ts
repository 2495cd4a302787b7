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
