import type { Update } from "grammy/types";

/** How fairway disposed of one update, as `fairway_updates_total{outcome}` counts it. */
export type UpdateOutcome = "ok" | "error" | "duplicate" | "rejected" | "limited";

const marks = new WeakMap<Update, UpdateOutcome>();

/**
 * Notes that an update ended without reaching a feature: `"duplicate"` (already handled) or
 * `"rejected"` (a stranger stopped at the access gate) or `"limited"` (dropped by the per-user limit). The metrics middleware reads it back; with no
 * metrics installed it costs one WeakMap entry, collected with the update.
 */
export function markUpdateOutcome(ctx: { update: Update }, outcome: "duplicate" | "rejected" | "limited"): void {
  marks.set(ctx.update, outcome);
}

/** The mark set by `markUpdateOutcome`, if any. */
export function markedUpdateOutcome(update: Update): UpdateOutcome | undefined {
  return marks.get(update);
}
