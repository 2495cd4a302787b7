/**
 * A group's machine: one party, several tee times (flights), each its own booking and partner reservation
 * (`GROUP_MOVES` in `moves.ts` is every legal move of the group's row). Every money guarantee is the single
 * booking's (each flight reserves, confirms, releases and refunds at most once, through `booking.ts`); the
 * group adds hold-all-or-none, one balance read for the total, confirm-as-one, and a row the reaper settles
 * after a crash.
 */
import { userActor, type Actor } from "./audit.js";
import type { BookingMachine, ReleaseOptions, ReleaseReason } from "./booking.js";
import type { MoneyCore } from "./core.js";
import {
  groupConfirmOutcomeOf,
  paidFlights,
  type GroupConfirmOutcome,
  type GroupHoldOutcome,
  type GroupRefundOutcome,
  type GroupReleaseOutcome,
  type GroupStop,
} from "./outcomes.js";
import { groupHoldEnd, SETTLED_GROUP_STATES, WRITES_IN_FLIGHT, type BookingRecord, type GroupView } from "./record.js";
import { ownerRefusal } from "./ownership.js";
import { errorJSON } from "./write-failure.js";

/** Satang the partner credited back for a group's refunded flights (where known). */
const refundedOf = (view: GroupView) =>
  view.flights.reduce((sum, f) => sum + (f.state === "REFUNDED" ? (f.refunded_amount ?? 0) : 0), 0);

export function createGroupMachine(core: MoneyCore, booking: BookingMachine) {
  const { partner, logger, now, repo, payments, loadGroup, mayWrite, writeWindowMs } = core;
  const { reserve, confirm, refund } = booking;

  const stopJSON = (stop: GroupStop) => JSON.stringify(stop);

  /**
   * Releases every flight of the group still held (or only recorded), at once; a flight whose release
   * is unanswered stays RELEASING for the reaper. Flights paid, or with a write in flight, are left.
   */
  async function releaseHeldFlights(view: GroupView, reason: ReleaseReason, actor?: Actor): Promise<void> {
    await Promise.all(
      view.flights
        .filter((f) => f.state === "HELD" || f.state === "INTENT")
        .map((f) => booking.releaseFlight(f.id, { reason, ...(actor ? { actor } : {}) })),
    );
  }

  /**
   * Settles a group whose operation is over: PAID (every flight), PARTIAL (some) or RELEASED (none),
   * once no flight has a write in flight. True if this call settled it.
   */
  async function settleIfQuiet(id: string, from: readonly ("HOLDING" | "CONFIRMING")[]): Promise<boolean> {
    const { flights } = await loadGroup(id);
    if (flights.some((f) => WRITES_IN_FLIGHT.includes(f.state) || f.state === "INTENT")) return false;
    const paid = flights.filter((f) => ["PAID", "REFUNDING", "REFUNDED"].includes(f.state)).length;
    const to = paid === flights.length ? "PAID" : paid > 0 ? "PARTIAL" : "RELEASED";
    return repo.transitionGroup(id, { from, to });
  }

  /**
   * Holds every flight of a recorded group, in order, or none: the first flight that cannot be held
   * (refused, or its answer lost: that reserve is never sent again) stops the group, and every hold
   * already made is released at once. The flights' holds then end together, at the earliest one's end.
   */
  async function reserveGroup(id: string, opts: { actor?: Actor } = {}): Promise<GroupHoldOutcome> {
    if (!(await repo.transitionGroup(id, { from: ["INTENT"], to: "HOLDING" }))) {
      const view = await loadGroup(id);
      if (view.group.state === "HELD") return { kind: "held", view };
      // Released meanwhile (the reaper dropped it, never held, after a cut before this reserve): nothing is
      // held, and asking again would find the same; the flow offers a new group.
      if (view.group.state === "RELEASED") return { kind: "failed", view, stop: { flight: 1, kind: "released" } };
      return { kind: "busy", view };
    }
    let stop: GroupStop | undefined;
    for (const flight of await repo.flightsOf(id)) {
      const out = await reserve(flight.id, opts);
      await repo.touchGroup(id, ["HOLDING"]);
      if (out.kind === "held") continue;
      stop = {
        flight: flight.flight ?? 0,
        kind: out.kind,
        ...(out.kind === "failed" ? { error: out.error } : {}),
        ...(out.kind === "refused" ? { refusal: out.reason } : {}),
      };
      break;
    }
    if (!stop) {
      const flights = await repo.flightsOf(id);
      const ends = groupHoldEnd(flights);
      await Promise.all(flights.map((f) => repo.patch(f.id, { hold_expires_at: ends }, ["HELD"])));
      // A group paid first is paid in one transfer: the flights' selling amounts together.
      const held = await repo.flightsOf(id);
      await payments.setAmount(
        id,
        held.reduce((sum, f) => sum + (f.selling_amount ?? f.amount ?? f.expected_amount), 0),
      );
      if (await repo.transitionGroup(id, { from: ["HOLDING"], to: "HELD" }))
        return { kind: "held", view: await loadGroup(id) };
      return { kind: "busy", view: await loadGroup(id) };
    }
    logger.warn({ groupId: id, stop }, "a flight of a group could not be held; releasing the group's other holds");
    await repo.patchGroup(id, { last_error: stopJSON(stop) });
    await releaseHeldFlights(await loadGroup(id), "group-incomplete", opts.actor);
    await settleIfQuiet(id, ["HOLDING"]);
    return { kind: "failed", view: await loadGroup(id), stop };
  }

  /**
   * Pays for a held group: one balance read must cover the total, then the flights are confirmed one
   * by one (each at most once). If one stops midway, the flights not yet confirmed are released and
   * the paid ones stay paid; the outcome's view says exactly which. A first confirm refused with
   * nothing paid leaves every hold standing, as a single booking's does.
   */
  async function confirmGroup(
    id: string,
    opts: { actor?: Actor; ownOutcomeOnly?: boolean } = {},
  ): Promise<GroupConfirmOutcome> {
    // `ownOutcomeOnly`: a confirm another call started (or finished) answers "busy", not its outcome.
    const settledElsewhere = (view: GroupView): GroupConfirmOutcome =>
      opts.ownOutcomeOnly ? { kind: "busy", view } : groupConfirmOutcomeOf(view);
    let view = await loadGroup(id);
    if (view.group.state !== "HELD") return settledElsewhere(view);
    const actor = opts.actor ?? userActor(view.group.user_id);
    await mayWrite("confirm", actor, view.group);
    // Every confirm may take a write window: the holds must outlast them all, or none is started.
    const ends = groupHoldEnd(view.flights);
    if (ends <= now() + writeWindowMs * view.flights.length) {
      await releaseGroup(id, { reason: "expired", actor });
      return { kind: "expired", view: await loadGroup(id) };
    }
    const total = view.flights.reduce((sum, f) => sum + (f.amount ?? f.expected_amount), 0);
    let balance: number | null = null;
    try {
      balance = (await partner.getBalance()).balance;
    } catch (error) {
      logger.warn(
        { groupId: id, error: errorJSON(error) },
        "balance check before a group's confirm failed; the partner will judge",
      );
    }
    if (balance !== null && balance < total) return { kind: "insufficient", view, balance, total };
    if (!(await repo.transitionGroup(id, { from: ["HELD"], to: "CONFIRMING", set: { last_error: null } })))
      return settledElsewhere(await loadGroup(id));

    let credit = balance;
    let stop: GroupStop | undefined;
    let stoppedOn: BookingRecord | undefined;
    for (const flight of view.flights) {
      const out = await confirm(flight.id, { actor, balance: credit });
      await repo.touchGroup(id, ["CONFIRMING"]);
      if (out.kind === "paid") {
        if (credit !== null) credit -= out.booking.amount ?? flight.expected_amount;
        continue;
      }
      stop = { flight: flight.flight ?? 0, kind: out.kind, ...(out.kind === "failed" ? { error: out.error } : {}) };
      stoppedOn = out.booking;
      break;
    }
    if (!stop) {
      await repo.transitionGroup(id, { from: ["CONFIRMING"], to: "PAID" });
      view = await loadGroup(id);
      return credit !== null ? { kind: "paid", view, balanceAfter: credit } : { kind: "paid", view };
    }
    await repo.patchGroup(id, { last_error: stopJSON(stop) });
    view = await loadGroup(id);
    const nonePaid = paidFlights(view).length === 0;
    // Refused before anything was paid, the hold standing: the group is held again, as it was.
    if (nonePaid && stoppedOn?.state === "HELD" && (stop.kind === "failed" || stop.kind === "insufficient")) {
      if (await repo.transitionGroup(id, { from: ["CONFIRMING"], to: "HELD" })) {
        view = await loadGroup(id);
        return stop.kind === "insufficient"
          ? { kind: "insufficient", view, balance: null, total }
          : { kind: "failed", view, stop };
      }
    }
    logger.warn({ groupId: id, stop }, "a group's confirm stopped midway; releasing the flights not confirmed");
    await releaseHeldFlights(view, "group-incomplete", actor);
    const settled = await settleIfQuiet(id, ["CONFIRMING"]);
    view = await loadGroup(id);
    if (!settled) return { kind: "unknown", view, stop };
    if (nonePaid && stop.kind === "expired") return { kind: "expired", view };
    return { kind: "partial", view, stop };
  }

  /**
   * Releases every held flight of a group not being confirmed (Cancel, Change, expiry). The group is
   * claimed as an operation under way (HOLDING) and settled RELEASED once no release is in flight, so a
   * crash midway, or a release left unanswered, leaves it to the reaper, which finishes the releases
   * and tells the booker once.
   */
  async function releaseGroup(id: string, opts: ReleaseOptions): Promise<GroupReleaseOutcome> {
    const before = await loadGroup(id);
    const claimed = await repo.transitionGroup(id, { from: ["INTENT", "HELD"], to: "HOLDING" });
    if (!claimed) {
      const settled = SETTLED_GROUP_STATES.includes(before.group.state);
      return { kind: settled && before.group.state === "RELEASED" ? "released" : "not-held", view: before };
    }
    await releaseHeldFlights(before, opts.reason, opts.actor);
    await settleIfQuiet(id, ["HOLDING"]);
    const view = await loadGroup(id);
    const pending = view.flights.some((f) => f.state === "RELEASING");
    return { kind: pending ? "pending" : "released", view };
  }

  /** Refunds every paid flight of a group, each at most once (an admin's decision). */
  async function refundGroup(id: string, opts: { actor: Actor }): Promise<GroupRefundOutcome> {
    const before = await loadGroup(id);
    await mayWrite("refund", opts.actor, before.group);
    // A flight an open move owns refuses the group's refund as a whole: nothing is refunded (decline the move first).
    const owned: GroupRefundOutcome["failed"] = [];
    for (const flight of before.flights)
      if (flight.state === "PAID" && (await ownerRefusal(core.options.db, flight.id, "refund")))
        owned.push({ flight: flight.flight ?? 0, kind: "owned" });
    if (owned.length > 0) return { view: before, refunded: refundedOf(before), failed: owned };
    const failed: GroupRefundOutcome["failed"] = [];
    for (const flight of before.flights) {
      if (flight.state !== "PAID" && flight.state !== "REFUNDING") continue;
      const out = await refund(flight.id, opts);
      if (out.kind !== "refunded") failed.push({ flight: flight.flight ?? 0, kind: out.kind });
    }
    const view = await loadGroup(id);
    return { view, refunded: refundedOf(view), failed };
  }

  /**
   * The reaper's call on a group `groupsDue` named: an operation not heard from since `staleBefore`
   * (its process died), a group recorded and never held by then, or a held group with a flight no longer
   * held has its remaining holds released and, once no flight has a write in flight, is settled. The view
   * when this call settled it.
   */
  async function settleGroup(id: string, opts: { staleBefore: number; actor?: Actor }): Promise<GroupView | undefined> {
    const { group, flights } = await loadGroup(id);
    const { state } = group;
    const stale = group.updated_at <= opts.staleBefore;
    if (state === "INTENT") {
      // Recorded, never held (a cut between the rows and the first reserve): its flights are dropped with no
      // partner call, as a single booking's intent is; a reserve that comes later finds the group released.
      if (!stale || !(await repo.transitionGroup(id, { from: ["INTENT"], to: "HOLDING" }))) return undefined;
      await releaseHeldFlights({ group, flights }, "orphan", opts.actor);
      return (await settleIfQuiet(id, ["HOLDING"])) ? loadGroup(id) : undefined;
    }
    if (state !== "HELD" && state !== "HOLDING" && state !== "CONFIRMING") return undefined;
    if (state === "HELD") {
      if (flights.every((f) => f.state === "HELD")) return undefined;
      if (!(await repo.transitionGroup(id, { from: ["HELD"], to: "HOLDING" }))) return undefined;
      const expired = flights.some((f) => f.release_reason === "expired");
      await releaseHeldFlights({ group, flights }, expired ? "expired" : "group-incomplete", opts.actor);
      return (await settleIfQuiet(id, ["HOLDING"])) ? loadGroup(id) : undefined;
    }
    if (!stale) return undefined;
    logger.warn({ groupId: id, state }, "a group's operation was interrupted; releasing its holds");
    await releaseHeldFlights({ group, flights }, "group-incomplete", opts.actor);
    return (await settleIfQuiet(id, [state])) ? loadGroup(id) : undefined;
  }

  return { reserveGroup, confirmGroup, releaseGroup, refundGroup, settleGroup };
}

export type GroupMachine = ReturnType<typeof createGroupMachine>;
