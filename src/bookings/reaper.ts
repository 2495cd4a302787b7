import type { Logger } from "../logger.js";
import { isPartnerApiError } from "../partner/errors.js";
import type { ApprovedRetry } from "./outcomes.js";
import type { BookingRecord, GroupView } from "./record.js";
import type { PaymentEnding } from "./customer-payment.js";
import type { MoveEvent } from "./move.js";
import type { BookingService } from "./service.js";

/** What the reaper did to a booking; the bot turns these into messages for the user. */
export type ReaperEvent = {
  kind: "expired" | "paid" | "released" | "reserve-unknown" | "reserve-released" | "refunded";
  booking: BookingRecord;
  /** The booking was paid first by its customer, and its hold's end ended that payment (`settleAfterHolds`). */
  payment?: PaymentEnding;
};

/** A group the reaper settled: its holds ended, its operation was interrupted, or a flight's payment was found. */
export type GroupReaperEvent = {
  /** paid: every flight; partial: some paid, the rest released; expired or released: none paid. */
  kind: "paid" | "partial" | "expired" | "released";
  view: GroupView;
  /** The group's customer paid first, and the holds' end ended that payment. */
  payment?: PaymentEnding;
};

export function groupEventKind(view: GroupView): GroupReaperEvent["kind"] {
  if (view.group.state === "PAID") return "paid";
  if (view.group.state === "PARTIAL") return "partial";
  return view.flights.some((f) => f.release_reason === "expired") ? "expired" : "released";
}

export interface HoldReaperOptions {
  service: BookingService;
  logger: Logger;
  /**
   * How often it looks, ms. Default 10 s. Holds are released up to one interval and `RELEASE_MARGIN_MS`
   * early, never late: the margin covers the pass's own work and the release request's way to the partner.
   */
  intervalMs?: number;
  /** A write in flight longer than this is read back from the partner. Default 60 s. */
  staleAfterMs?: number;
  /**
   * How often an approved payment's failed confirm is tried again while its holds stand, ms. Default
   * 60 s. A definite refusal (a 4xx other than 429) is not retried: a decider's tap still may.
   */
  confirmRetryMs?: number;
  now?: () => number;
  /** Told of every booking the reaper moved to a new state. */
  onEvent?: (event: ReaperEvent) => void | Promise<void>;
  /** Told of every group the reaper settled (its flights' own events come through `onEvent` too). */
  onGroupEvent?: (event: GroupReaperEvent) => void | Promise<void>;
  /**
   * Told of a customer's payment the reaper ended on its own sweep: its holds had ended some other way
   * (a release by a person, a partner's refusal) or a crash came between a hold's end and its payment's.
   */
  onPaymentEvent?: (ending: PaymentEnding) => void | Promise<void>;
  /** Told of a move the reaper resumed or ended (its new hold ended, a crash or a lost answer mid-saga). */
  onMoveEvent?: (event: MoveEvent) => void | Promise<void>;
  /**
   * Told after every pass: how many bookings changed state, and whether the pass or any booking in it
   * failed (metrics). Whatever it throws is ignored.
   */
  onRun?: (changed: number, failed: boolean) => void;
}

/** How much earlier than one interval ahead a hold counts as ending (see `intervalMs`). */
export const RELEASE_MARGIN_MS = 5_000;

/**
 * The hold reaper: releases holds whose time is up, and finishes writes that a crash or a lost answer
 * interrupted (reading the reservation, never repeating a write blindly). It runs at start-up and then
 * every `intervalMs`, so it needs no user message to act, and it survives restarts because its whole
 * state is the ledger.
 */
export function createHoldReaper(options: HoldReaperOptions) {
  const { service, logger } = options;
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const confirmRetryMs = options.confirmRetryMs ?? 60_000;
  /** When each approved payment's confirm was last tried here (Infinity: refused for good). */
  const retried = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let wakeAt = Infinity;
  let running: Promise<number> | undefined;
  /** A pass was asked for while one ran: it runs as soon as that one ends, so a long pass delays no hold by an interval. */
  let again = false;
  let run: (() => void) | undefined;

  /** Runs an extra pass when a write in flight on an ending hold is over, so the hold is not released a tick late. */
  function wakeWhenOver(at: number): void {
    if (!run || at >= wakeAt) return;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeAt = at;
    wakeTimer = setTimeout(
      () => {
        wakeTimer = undefined;
        wakeAt = Infinity;
        run?.();
      },
      Math.max(0, at - now()) + 50,
    );
    wakeTimer.unref();
  }

  /**
   * Ends the pay-first payment of a booking or group (its id) whose holds the reaper just ended. A failure
   * here loses nothing: the payment stays open and the sweep (`paymentsEndedUnsettled`) ends it later.
   */
  async function paymentAfterHolds(id: string): Promise<PaymentEnding | undefined> {
    try {
      return await service.settlePaymentAfterHolds(id);
    } catch (error) {
      logger.warn({ paymentOf: id, err: String(error) }, "reaper could not end a payment; the sweep will");
      return undefined;
    }
  }

  /** A booking event with its payment's end attached (a single booking's: a flight's is its group's). */
  async function withPayment(event: ReaperEvent): Promise<ReaperEvent> {
    if (event.kind !== "expired" && event.kind !== "released") return event;
    if (event.booking.group_id !== null) return event;
    const payment = await paymentAfterHolds(event.booking.id);
    return payment ? { ...event, payment } : event;
  }

  async function withGroupPayment(event: GroupReaperEvent): Promise<GroupReaperEvent> {
    if (event.kind !== "expired" && event.kind !== "released") return event;
    const payment = await paymentAfterHolds(event.view.group.id);
    return payment ? { ...event, payment } : event;
  }

  /** Open moves: resumed from the partner's word, or let go when their new hold ended. */
  async function settleMoves(t: number, onFailure: () => void): Promise<number> {
    let changed = 0;
    const staleBefore = t - staleAfterMs;
    for (const move of await service.movesDue(staleBefore)) {
      try {
        const event = await service.settleMove(move.id, { staleBefore });
        if (!event) continue;
        changed += 1;
        logger.info({ moveId: move.id, from: move.state, to: event.move.state }, "reaper settled a move");
        await options.onMoveEvent?.(event);
      } catch (error) {
        onFailure();
        logger.warn(
          { moveId: move.id, state: move.state, error: isPartnerApiError(error) ? error.toJSON() : String(error) },
          "reaper could not settle a move; will try again",
        );
      }
    }
    return changed;
  }

  /** Payments whose holds ended without the reaper's own event (a person's release, a crash between). */
  async function sweepPayments(onFailure: () => void): Promise<number> {
    let changed = 0;
    for (const id of await service.paymentsEndedUnsettled()) {
      try {
        const ending = await service.settlePaymentAfterHolds(id);
        if (!ending) continue;
        changed += 1;
        logger.info({ paymentOf: id, ending: ending.kind }, "reaper ended a payment whose holds were over");
        await options.onPaymentEvent?.(ending);
      } catch (error) {
        onFailure();
        logger.warn({ paymentOf: id, err: String(error) }, "reaper could not end a payment; will try again");
      }
    }
    return changed;
  }

  async function handle(booking: BookingRecord): Promise<ReaperEvent | undefined> {
    const before = booking.state;
    if (before === "HELD") {
      const out = await service.release(booking.id, { reason: "expired", actor: "system:reaper" });
      return out.kind === "released" ? { kind: "expired", booking: out.booking } : undefined;
    }
    if (before === "RESERVING") {
      if (booking.updated_at > now() - staleAfterMs) return undefined;
      return service.settleStaleReserve(booking.id);
    }
    if (before === "INTENT") {
      // A cut between the intent's row and its reserve: no partner call was made, so it is dropped with
      // none (a reserve that starts after this finds it released). Its customer's pay-first payment, if
      // any, ends in this pass's payment sweep. Nobody saw a hold: there is no event to tell.
      if (booking.updated_at > now() - staleAfterMs) return undefined;
      const out = await service.release(booking.id, { reason: "orphan", actor: "system:reaper" });
      if (out.kind === "released") logger.info({ bookingId: booking.id }, "reaper dropped an intent never reserved");
      return undefined;
    }
    // This system's own confirm or release may still be in flight: a second write would race it.
    const endsAt = service.attemptEndsAt(booking);
    if (endsAt !== undefined) {
      wakeWhenOver(endsAt);
      return undefined;
    }
    // A confirm left unanswered on a hold that is ending: the hold is released on time all the same.
    const fresh = await service.refresh(booking.id, {
      staleBefore: now() - staleAfterMs,
      holdOverAt: now() + intervalMs + RELEASE_MARGIN_MS,
      actor: "system:reaper",
    });
    if (fresh.state === before) return undefined;
    const kinds: Record<string, ReaperEvent["kind"] | undefined> = {
      PAID: "paid",
      RELEASED: fresh.release_reason === "expired" ? "expired" : "released",
      REFUNDED: "refunded",
    };
    const kind = kinds[fresh.state];
    return kind ? { kind, booking: fresh } : undefined;
  }

  /** Retries the confirms of approved payments that are due for it; returns how many were settled. */
  async function retryApproved(t: number, onFailure: () => void): Promise<number> {
    const ids = await service.approvedUnconfirmed();
    for (const id of retried.keys()) if (!ids.includes(id)) retried.delete(id);
    let changed = 0;
    for (const id of ids) {
      const last = retried.get(id);
      if (last === undefined) {
        // First seen: the decider's own confirm failed just now; wait one retry interval from here.
        retried.set(id, t);
        continue;
      }
      if (t - last < confirmRetryMs) continue;
      retried.set(id, t);
      try {
        const retry = await service.retryApprovedConfirm(id);
        if (!retry) continue;
        if (refusedForGood(retry)) retried.set(id, Infinity);
        const settled = await announce(retry);
        logger.info({ paymentOf: id, outcome: retry.outcome.kind }, "approved payment's confirm retried");
        if (settled) changed += 1;
      } catch (error) {
        onFailure();
        logger.warn(
          { paymentOf: id, error: isPartnerApiError(error) ? error.toJSON() : String(error) },
          "approved payment's confirm retry failed; will try again",
        );
      }
    }
    return changed;
  }

  /** Tells the bot what a retry settled (as the reaper's own moves are told); true when it settled anything. */
  async function announce(retry: ApprovedRetry): Promise<boolean> {
    if (retry.kind === "group") {
      const { outcome } = retry;
      if (!["paid", "partial", "expired", "unknown"].includes(outcome.kind)) return false;
      if (outcome.view.group.state === "HELD" || outcome.view.group.state === "CONFIRMING") return false;
      await options.onGroupEvent?.(await withGroupPayment({ kind: groupEventKind(outcome.view), view: outcome.view }));
      return true;
    }
    const { outcome } = retry;
    if (outcome.kind === "paid") await options.onEvent?.({ kind: "paid", booking: outcome.booking });
    else if (outcome.kind === "expired" && outcome.booking.state === "RELEASED")
      await options.onEvent?.(await withPayment({ kind: "expired", booking: outcome.booking }));
    else return false;
    return true;
  }

  /** One pass; returns how many bookings changed state. Never throws. */
  async function tick(): Promise<number> {
    let changed = 0;
    let failed = false;
    try {
      const t = now();
      // Writes in flight for one interval are read back: a final partner state (PAID, CANCEL, REFUND)
      // is applied at once (safe whoever made the write); a revert waits for `staleAfterMs`.
      const due = await service.dueForReaping(
        t + intervalMs + RELEASE_MARGIN_MS,
        t - Math.min(intervalMs, staleAfterMs),
      );
      for (const booking of due) {
        try {
          const event = await handle(booking);
          if (!event) continue;
          changed += 1;
          logger.info(
            { bookingId: booking.id, from: booking.state, to: event.booking.state, event: event.kind },
            "reaper moved a booking",
          );
          await options.onEvent?.(await withPayment(event));
        } catch (error) {
          failed = true;
          logger.warn(
            {
              bookingId: booking.id,
              state: booking.state,
              error: isPartnerApiError(error) ? error.toJSON() : String(error),
            },
            "reaper could not settle a booking; will try again",
          );
        }
      }
      // Approved payments whose confirm failed (no credit, the partner down): tried again while the
      // holds stand, so the customer's money does not wait on someone tapping again.
      changed += await retryApproved(t, () => {
        failed = true;
      });
      // Then the groups: settled once their flights are (a flight released above counts this pass).
      for (const group of await service.groupsDue(t - staleAfterMs)) {
        try {
          const view = await service.settleGroup(group.id, { staleBefore: t - staleAfterMs, actor: "system:reaper" });
          if (!view) continue;
          changed += 1;
          if (group.state === "INTENT") {
            // Never held: nobody saw a hold, so there is nothing to tell (as a single booking's intent).
            logger.info({ groupId: group.id }, "reaper dropped a group's intent never reserved");
            continue;
          }
          const kind = groupEventKind(view);
          logger.info(
            { groupId: group.id, from: group.state, to: view.group.state, event: kind },
            "reaper settled a group",
          );
          await options.onGroupEvent?.(await withGroupPayment({ kind, view }));
        } catch (error) {
          failed = true;
          logger.warn(
            { groupId: group.id, state: group.state, error: isPartnerApiError(error) ? error.toJSON() : String(error) },
            "reaper could not settle a group; will try again",
          );
        }
      }
      // The moves of paid bookings: a held one whose new hold ended, a step a crash interrupted.
      changed += await settleMoves(t, () => {
        failed = true;
      });
      // Last, the payments whose holds ended without an event above (a person's release, a crash between).
      changed += await sweepPayments(() => {
        failed = true;
      });
    } catch (error) {
      failed = true;
      logger.error({ err: error }, "reaper pass failed");
    }
    try {
      options.onRun?.(changed, failed);
    } catch {
      // Observation never stops the reaper.
    }
    return changed;
  }

  return {
    tick,
    /** Runs a pass now and then every interval. */
    start() {
      if (timer) return;
      run = () => {
        if (running) {
          again = true;
          return;
        }
        running = tick().finally(() => {
          running = undefined;
          if (again) {
            again = false;
            run?.();
          }
        });
      };
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a pass in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      timer = wakeTimer = run = undefined;
      wakeAt = Infinity;
      again = false;
      retried.clear();
      await running;
    },
  };
}

export type HoldReaper = ReturnType<typeof createHoldReaper>;

/** A confirm the partner refused outright (a 4xx other than 429): trying again every minute changes nothing. */
function refusedForGood(retry: ApprovedRetry): boolean {
  const status =
    retry.kind === "group"
      ? retry.outcome.kind === "failed"
        ? retry.outcome.stop.error?.status
        : undefined
      : retry.outcome.kind === "failed"
        ? retry.outcome.error.status
        : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}
