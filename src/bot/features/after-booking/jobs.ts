/**
 * The after-booking jobs: reminders before tee-off and the admins' daily digest, run by one timer on
 * the leader (app/leader-jobs.ts starts it with the hold reaper). Their once-only claims live in the database, so a
 * second instance running a pass by mistake, or a restart, never sends anything twice.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Access } from "../../../access/index.js";
import type { Config } from "../../../config/index.js";
import type { Logger } from "../../../logger.js";
import type { PartnerCatalog } from "../../../partner/catalog.js";
import type { PartnerClient } from "../../../partner/index.js";
import type { BookingQueries } from "../../../bookings/queries.js";
import type { Storage } from "../../../storage/index.js";
import type { Notifications } from "../../notifications.js";
import { createDigest, type DigestOptions } from "./digest.js";
import { createReminders } from "./reminders.js";
import type { GolferCopies } from "../../../bookings/index.js";
import { periodicPass } from "../../../runtime/periodic.js";
import { createAfterBookingStore } from "./store.js";

export interface AfterBookingOptions {
  config: Pick<Config, "reminderMinutes" | "digestMinuteOfDay">;
  storage: Pick<Storage, "db">;
  /** The ledger's read model (reminders due, the digest's figures). */
  ledger: BookingQueries;
  /** The golfers attached to a booking through a claimed copy (reminded too). */
  golferCopies: Pick<GolferCopies, "viewersOf">;
  access: Pick<Access, "adminIds" | "agents">;
  partner: Pick<PartnerClient, "getBalance">;
  catalog: Pick<PartnerCatalog, "course">;
  notifications: Pick<Notifications, "deliver" | "localeOf" | "agentChats">;
  i18n: Pick<I18n, "t">;
  logger: Logger;
  now: () => number;
  /** How often it looks, ms. Default 30 s: a reminder goes out at most this late. */
  intervalMs?: number;
  /** See `DigestOptions.countPendingCancelRequests`. */
  countPendingCancelRequests?: DigestOptions["countPendingCancelRequests"];
  /** See `DigestOptions.tripFigures`. */
  tripFigures?: DigestOptions["tripFigures"];
  /** See `DigestOptions.watchFigures`. */
  watchFigures?: DigestOptions["watchFigures"];
  /** See `DigestOptions.movesEnded`. */
  movesEnded?: DigestOptions["movesEnded"];
}

export function createAfterBooking(options: AfterBookingOptions) {
  const { logger } = options;
  const store = createAfterBookingStore({ db: options.storage.db, ledger: options.ledger, now: options.now });
  const reminders = createReminders({
    ...options,
    store,
    offsets: options.config.reminderMinutes,
    viewers: (id) => options.golferCopies.viewersOf(id),
  });
  const digest = createDigest({ ...options, store, minuteOfDay: options.config.digestMinuteOfDay });
  const intervalMs = options.intervalMs ?? 30_000;

  /** One pass of both; never throws. */
  async function tick(): Promise<void> {
    try {
      await reminders.tick();
    } catch (error) {
      logger.error({ err: error }, "reminder pass failed");
    }
    try {
      await digest.tick();
    } catch (error) {
      logger.error({ err: error }, "digest pass failed");
    }
  }

  const passes = periodicPass(tick, intervalMs);

  return {
    store,
    reminders,
    digest,
    /** A fresh pass now, after any pass under way (tests call it after moving the clock). */
    tick: passes.tick,
    /** Runs a pass now and then every interval. */
    start: passes.start,
    /** Stops the timer and waits for a pass in progress. */
    stop: passes.stop,
  };
}

export type AfterBooking = ReturnType<typeof createAfterBooking>;
