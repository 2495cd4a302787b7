/** The bank references of a trip's money (issue 51), pure: what a customer's transfer and its slip carry. */
import type { TripInstalment } from "./store.js";

/** The bank reference of a trip's instalment: `T`, the trip's first 8 hex digits, `D` (deposit) or `B`. */
export function instalmentReference(tripId: string, kind: TripInstalment["kind"]): string {
  return `T${tripId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase()}${kind === "deposit" ? "D" : "B"}`;
}
