/**
 * What a booking's or a group's hold attempt means for the flow, the part both share: the tee time's
 * caddie terms as the ledger keeps them, and the step after a hold that held or found another call
 * holding it.
 */
import type { SlotView } from "./draft.js";
import { randomId, type FlowRun } from "./flow-run.js";

/** The partner's caddie terms of a tee time, only those it gave. */
export function caddyInfoOf(slot: SlotView): { freeCaddy?: boolean; caddyPrice?: number } {
  return {
    ...(slot.freeCaddy !== undefined ? { freeCaddy: slot.freeCaddy } : {}),
    ...(slot.caddyPrice !== undefined ? { caddyPrice: slot.caddyPrice } : {}),
  };
}

/**
 * After a hold attempt that held (`onHeld` keeps what was held; the summary is next, and the next
 * attempt's id is made now) or found another call holding it right now (stuck: Retry).
 */
export async function heldOrBusy<O extends { kind: "held" | "busy" }>(
  run: FlowRun,
  outcome: O,
  onHeld: (held: Extract<O, { kind: "held" }>) => void,
): Promise<"held" | "stuck"> {
  const { d } = run;
  if (outcome.kind === "busy") {
    d.notice = { key: "hold-busy" };
    run.retry = "reserve";
    d.step = "stuck";
    return "stuck";
  }
  onHeld(outcome as Extract<O, { kind: "held" }>);
  d.nextBookingId = await randomId(run);
  d.step = "held";
  return "held";
}
