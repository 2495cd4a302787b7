/**
 * The money path's parts: the ledger's read model (built once, for every part that asks the ledger), who
 * may hold and write (access), what a customer pays (price rules), whom and how they pay (payment
 * settings, the slip reader), the booking service that alone writes the ledger, and the hold reaper that
 * ends what the service started.
 */
import { agentsMoveAlone, createAccess, holdRefusal, writeRefusal, type Access } from "../access/index.js";
import {
  createBookingService,
  createCancelRequests,
  createGolferCopies,
  createHoldReaper,
  type BookingService,
  type CancelRequests,
  type GolferCopies,
  type GroupReaperEvent,
  type HoldReaper,
  type MoveEvent,
  type PaymentEnding,
  type ReaperEvent,
} from "../bookings/index.js";
import { createBookingQueries, type BookingQueries } from "../bookings/queries.js";
import { paymentEnded, paymentOnGroupEvent, paymentOnReaperEvent } from "../bot/features/payments/expiry.js";
import type { Notifications } from "../bot/notifications.js";
import { tellMoveEvent } from "../bot/features/moves/notices.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerCatalog, PartnerClient } from "../partner/index.js";
import { createPaymentSettings, type PaymentSettings } from "../payments/settings.js";
import { createSlipReader, type SlipReader } from "../payments/slip-reader.js";
import { createSlipCheck, type SlipCheck } from "../payments/slip-check/index.js";
import { createPriceRules, type PriceRules } from "../pricing/rules.js";
import type { Storage } from "../storage/index.js";
import type { Vouchers } from "../vouchers/vouchers.js";
import { randomUUID } from "node:crypto";
import { createTripService, type TripService } from "../trips/service.js";

/** What the rest of fairway reads of the ledger and the tables beside it, outside the booking service. */
export interface LedgerReads {
  /** The ledger's read model (bookings/queries.ts): lists, reports, reminders, gauges. */
  ledger: BookingQueries;
  /** Cancellation requests, opened by a booker and decided once by an admin. */
  cancelRequests: CancelRequests;
  /** The golfer's copies: single-use links to a paid booking. */
  golferCopies: GolferCopies;
}

/** The ledger's read model, the cancellation requests and the golfer's copies: built once, passed to every part. */
export function createLedgerReads(storage: Pick<Storage, "db">, now: () => number): LedgerReads {
  return {
    ledger: createBookingQueries(storage.db),
    cancelRequests: createCancelRequests(storage.db, now),
    golferCopies: createGolferCopies(storage.db, now),
  };
}

export interface BookingPartsOptions {
  config: Config;
  storage: Storage;
  partner: PartnerClient;
  logger: Logger;
  now: () => number;
}

/** What `createBookingParts` builds. */
export interface BookingParts {
  access: Access;
  prices: PriceRules;
  payments: PaymentSettings;
  /** Its worker thread starts with the first slip; close it after the bot has stopped taking updates. */
  slips: SlipReader;
  /** The slip-verification service (SLIP_CHECK_*); absent, a person checks every slip. */
  slipCheck?: SlipCheck;
  bookings: BookingService;
  /** Trips (src/trips/): several rounds for one party, booked through the booking service. */
  trips: TripService;
}

/** Builds the booking service and the rules it asks (who may hold or write, prices, payments). */
export function createBookingParts(options: BookingPartsOptions): BookingParts {
  const { config, storage, partner, logger, now } = options;
  const access = createAccess({ db: storage.db, adminIds: config.adminIds, agentIds: config.agentIds, now });
  const prices = createPriceRules({
    db: storage.db,
    now,
    envMarkup: config.pricing.markup,
    envRounding: config.pricing.rounding,
  });
  const payments = createPaymentSettings({ db: storage.db, config: config.payments, now });
  const slips = createSlipReader({ logger: logger.child({ module: "slips" }) });
  const checkConfig = config.payments.slipCheck;
  const slipCheck = checkConfig
    ? createSlipCheck({ ...checkConfig, now, logger: logger.child({ module: "slip-check" }) })
    : undefined;
  const bookings = createBookingService({
    db: storage.db,
    partner,
    logger: logger.child({ module: "bookings" }),
    holdMinutes: config.holdMinutes,
    // A partner write is over (answered, timed out or crashed) a second after the client's timeout.
    writeWindowMs: config.partner.timeoutMs + 1_000,
    now,
    prices,
    paymentWindowMinutes: config.payments.windowMinutes,
    slipsPerPayment: config.payments.slipsPerPayment,
    holdPolicy: async (req) => holdRefusal(await access.whoIs(req.userId), req, config.customerMaxHolds),
    writePolicy: async (req) =>
      writeRefusal(
        await access.whoIs(req.actorId),
        req,
        req.kind === "move" ? { agentsMoveAlone: await agentsMoveAlone(storage.kv) } : {},
      ),
  });
  const trips = createTripService({
    db: storage.db,
    bookings,
    now,
    newId: randomUUID,
    isAdmin: access.isAdmin,
    links: access.links,
  });
  return { access, prices, payments, slips, ...(slipCheck ? { slipCheck } : {}), bookings, trips };
}

/** Whether a reaper event is a move's new hold ending (told by the move's event instead). */
async function isMovesNewHold(bookings: BookingService, event: ReaperEvent): Promise<boolean> {
  if (event.kind !== "expired" && event.kind !== "released") return false;
  return (await bookings.movesOf(event.booking.id)).some((m) => m.new_booking_id === event.booking.id);
}

export interface ReaperOptions {
  bookings: BookingService;
  access: Access;
  /** Where the reaper's events are told (the booker, the agent, the admins). */
  notifications: Notifications;
  /** What a move's new receipt is drawn from: the course's address, the e-vouchers (none: no voucher). */
  catalog: PartnerCatalog;
  vouchers?: Vouchers;
  /** The bot's username (a voucher's contact when AGENCY_CONTACT is not set); read when needed. */
  botUsername: () => string;
  logger: Logger;
  now: () => number;
  /** How often it looks, ms. */
  intervalMs: number;
  /** Told after every pass (metrics: `hooks.reaper.onRun`). */
  onRun?: (changed: number, failed: boolean) => void;
}

/**
 * The hold reaper (run on the leader). The reaper ends the pay-first payments of the holds it ends; the
 * bot words them (bot/features/payments/expiry.ts): a customer whose slip arrived but was not approved in
 * time is told so by the payments' own notice instead of the reaper's.
 */
export function createReaper(options: ReaperOptions): HoldReaper {
  const { bookings, access, notifications } = options;
  const people = { notifications, access };
  return createHoldReaper({
    service: bookings,
    logger: options.logger.child({ module: "reaper" }),
    now: options.now,
    intervalMs: options.intervalMs,
    ...(options.onRun ? { onRun: options.onRun } : {}),
    onEvent: async (event: ReaperEvent) => {
      // A move's new hold ended: the move's own event (just after, in the same pass) tells its end and
      // what becomes of a difference its customer paid, once.
      if (await isMovesNewHold(bookings, event)) return;
      if (!(await paymentOnReaperEvent(people, event))) await notifications.reaperEvent(event);
    },
    onGroupEvent: async (event: GroupReaperEvent) => {
      if (!(await paymentOnGroupEvent(people, event))) await notifications.groupEvent(event);
    },
    onPaymentEvent: async (ending: PaymentEnding) => {
      await paymentEnded(people, ending);
    },
    onMoveEvent: (event: MoveEvent) =>
      tellMoveEvent(
        { ...people, bookings, catalog: options.catalog, ...(options.vouchers ? { vouchers: options.vouchers } : {}) },
        event,
        options.botUsername(),
      ),
  });
}
