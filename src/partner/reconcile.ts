/**
 * After an ambiguous failure of confirm, release or refund, read the reservation and report what
 * really happened, instead of retrying a write that may already have taken effect.
 */
import { PartnerInvalidResponseError, PartnerUnavailableError } from "./errors.js";
import type { PartnerLogger } from "./logger.js";
import { neverConnected } from "./secrets.js";
import type { Reservation } from "./types.js";

export type WriteKind = "confirm" | "release" | "refund";

/** The reservation status each write leads to. */
export const STATUS_AFTER: Record<WriteKind, string> = {
  confirm: "PAID",
  release: "CANCEL",
  refund: "REFUND",
};

export interface ReconcileInput {
  kind: WriteKind;
  id: string;
  write: () => Promise<Reservation>;
  /** The reservation read (with the read retry policy). */
  read: () => Promise<Reservation>;
  logger?: PartnerLogger | undefined;
}

/**
 * Runs the write once. On `PartnerUnavailableError` (timeout, lost connection, 5xx) — or a 2xx whose
 * body could not be read — reads the reservation:
 * - it has the status the write leads to: returns it with `reconciled: true`;
 * - it has another status: throws `PartnerUnavailableError` with `outcome: "not-applied"` and the
 *   fresh `reservation` (a 2xx that could not be read is rethrown as it was instead);
 * - the read fails too: throws `PartnerUnavailableError` with `outcome: "unknown"` (or `"not-applied"`
 *   when the write's connection was never made).
 * Every other error (4xx: not found, conflict, insufficient credit, …) is definite and passes through.
 */
export async function reconcileWrite(input: ReconcileInput): Promise<Reservation> {
  try {
    return await input.write();
  } catch (error) {
    const ambiguous = error instanceof PartnerUnavailableError;
    if (!ambiguous && !(error instanceof PartnerInvalidResponseError)) throw error;
    const expected = STATUS_AFTER[input.kind];
    const base = { kind: input.kind, id: input.id, endpoint: error.endpoint, status: error.status };
    let fresh: Reservation;
    try {
      fresh = await input.read();
    } catch (readError) {
      if (!ambiguous) throw error;
      const outcome = neverConnected(error.networkCode) ? "not-applied" : "unknown";
      input.logger?.warn({ ...base, outcome, readError: (readError as Error).name }, "partner write unreconciled");
      throw error.withOutcome(outcome);
    }
    if (fresh.status.toUpperCase() === expected) {
      input.logger?.warn({ ...base, outcome: "applied", reservationStatus: fresh.status }, "partner write reconciled");
      return { ...fresh, reconciled: true };
    }
    input.logger?.warn(
      { ...base, outcome: "not-applied", reservationStatus: fresh.status },
      "partner write reconciled",
    );
    if (!ambiguous) throw error;
    throw error.withOutcome("not-applied", fresh);
  }
}
