/**
 * What a booking's or a group's hold attempt means for the flow, the part both share: the tee time's
 * caddie terms as the ledger keeps them, the step after a hold that held or found another call
 * holding it, and what the hold's summary is rendered with.
 */
import type { HoldRefusal } from "../../../access/index.js";
import { localeOf } from "../../i18n.js";
import type { SlotView } from "./entry.js";
import { randomId, type FlowRun } from "./flow-run.js";
import type { SummaryEnv } from "./summary.js";

/** What a hold's summary (a booking's or a group's) is rendered with: a customer's view, or staff's. */
export function summaryEnvOf(run: FlowRun): SummaryEnv {
  return {
    t: (k, a) => run.ctx.t(k, a),
    locale: localeOf(run.ctx),
    nonce: run.nonce,
    now: run.now,
    audience: run.agentId !== null ? "customer" : "staff",
    prepay: run.payment?.kind === "prepay",
  };
}

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

/**
 * The service refused the hold (its rule, not the partner): nothing was held or charged. A course the
 * customer may not book sends them back to the courses; too many holds waits for one to end (Try
 * again); a way in that has ended closes the flow with whom to contact.
 */
export async function refusedHold(run: FlowRun, reason: HoldRefusal): Promise<"back" | "ended"> {
  const { d, ctx } = run;
  const key = `hold-refused-${reason}`;
  if (reason === "course") {
    d.notice = { key };
    d.course = undefined;
    d.group = undefined;
    d.step = "course";
    return "back";
  }
  if (reason === "too-many-holds") {
    d.notice = { key, args: { max: run.deps.config.customerMaxHolds } };
    run.retry = "reserve";
    d.step = "stuck";
    return "back";
  }
  await run.panel.close(ctx, ctx.t(key));
  return "ended";
}
