/** The gauges read from the ledger at scrape time: bookings by state, open and overdue holds. */
import { Gauge, type Registry } from "prom-client";
import type { Logger } from "../logger.js";
import type { BookingState } from "../storage/schema.js";
import type { BookingQueries } from "../bookings/queries.js";
import { withTimeout } from "./timeout.js";

/** Every booking state, so a state with no booking reads 0 instead of vanishing. */
const STATES: Record<BookingState, true> = {
  INTENT: true,
  RESERVING: true,
  HELD: true,
  RESERVE_FAILED: true,
  RESERVE_UNKNOWN: true,
  CONFIRMING: true,
  PAID: true,
  RELEASING: true,
  RELEASED: true,
  REFUNDING: true,
  REFUNDED: true,
};

export interface DatabaseGaugesOptions {
  registry: Registry;
  /** The ledger's read model: its counts by state. */
  ledger: Pick<BookingQueries, "countsByState">;
  logger?: Logger | undefined;
  now: () => number;
  /** A scrape waits this long for the ledger before skipping these gauges. */
  timeoutMs: number;
}

interface Snapshot {
  byState: Map<string, number>;
  overdue: number;
}

/**
 * Registers `fairway_bookings{state}`, `fairway_open_holds` and `fairway_overdue_holds`, computed by
 * one pair of queries per scrape. A failing or slow query logs a warning and leaves the three out of
 * that scrape (no stale or made-up value); the rest of the scrape is unaffected.
 */
export function registerDatabaseGauges(options: DatabaseGaugesOptions): void {
  const { ledger, logger, now, timeoutMs } = options;
  let inFlight: Promise<Snapshot | undefined> | undefined;

  // The three gauges are collected concurrently: they share one snapshot per scrape.
  const snapshot = (): Promise<Snapshot | undefined> => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  async function read(): Promise<Snapshot | undefined> {
    try {
      return await withTimeout(query(), timeoutMs, "the ledger query");
    } catch (error) {
      logger?.warn(
        { err: error instanceof Error ? { message: error.message } : String(error) },
        "metrics: bookings gauges skipped (ledger query failed)",
      );
      return undefined;
    }
  }

  async function query(): Promise<Snapshot> {
    return ledger.countsByState(now());
  }

  new Gauge({
    name: "fairway_bookings",
    help: "Bookings in the ledger by state (read at scrape time).",
    labelNames: ["state"] as const,
    registers: [options.registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      if (!s) return;
      for (const state of Object.keys(STATES)) this.set({ state }, s.byState.get(state) ?? 0);
    },
  });
  new Gauge({
    name: "fairway_open_holds",
    help: "Holds fairway has at the partner, neither confirmed nor released (bookings in HELD).",
    registers: [options.registry],
    async collect() {
      const s = await snapshot();
      if (s) this.set(s.byState.get("HELD") ?? 0);
      else this.remove();
    },
  });
  new Gauge({
    name: "fairway_overdue_holds",
    help: "Holds past their end and not yet released (the reaper is behind when this stays above 0).",
    registers: [options.registry],
    async collect() {
      const s = await snapshot();
      if (s) this.set(s.overdue);
      else this.remove();
    },
  });
}
