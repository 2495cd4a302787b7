import type { Vouchers } from "../vouchers/vouchers.js";
import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context, SessionFlavor } from "grammy";
import type { Access, Who } from "../access/index.js";
import type { BookingService, CancelRequests, GolferCopies } from "../bookings/index.js";
import type { BookingQueries } from "../bookings/queries.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerClient } from "../partner/index.js";
import type { PartnerCatalog } from "../partner/catalog.js";
import type { TeeTimeSearch } from "../search/search.js";
import type { Storage } from "../storage/index.js";
import type { TripService } from "../trips/service.js";
import type { PaymentSettings } from "../payments/settings.js";
import type { SlipCheck } from "../payments/slip-check/index.js";
import type { SlipReader } from "../payments/slip-reader.js";
import type { PriceRules } from "../pricing/rules.js";
import type { Receipts } from "../receipts/receipts.js";
import type { Offers } from "./inline/offers.js";
import type { Notifications } from "./notifications.js";
import type { SessionData } from "./session.js";

export type { Locale } from "./format/locale.js";

/** What every handler can reach. */
import type { CourseChange } from "../bookings/course-changes.js";

export interface BotDeps {
  config: Config;
  partner: PartnerClient;
  /** Cached courses and tee times (what the booking flow shows). */
  catalog: PartnerCatalog;
  /** Tee times across courses (/find, plain words), through the catalog. */
  search: TeeTimeSearch;
  storage: Storage;
  bookings: BookingService;
  /** Trips (src/trips/): read and moved only through this service, which holds their access rule. */
  trips: TripService;
  /** The ledger's read model (bookings/queries.ts): what handlers ask of the ledger outside the booking service. */
  ledger: BookingQueries;
  /** Cancellation requests (bookings/cancel-requests.ts). */
  cancelRequests: CancelRequests;
  /** The golfer's copies of paid bookings (bookings/golfer-copies.ts). */
  golferCopies: GolferCopies;
  access: Access;
  /** Agents' inline offers (one per agent and tee time). */
  offers: Offers;
  logger: Logger;
  now: () => number;
  notifications: Notifications;
  /** The agency's price rules: what customers pay (pricing/). */
  prices: PriceRules;
  /** Whom customers pay and whether they pay first (payments/). */
  payments: PaymentSettings;
  /** Reads a payment slip's QR off the event loop (payments/slip-reader.ts). */
  slips: SlipReader;
  /** The slip-verification service (payments/slip-check/); absent, a person checks every slip. */
  slipCheck?: SlipCheck;
  /** Counts what the slip check decided (the runtime's metrics); absent, nothing is counted. */
  slipMetrics?: {
    slipChecked(outcome: "booked" | "refused" | "person", reason: string): void;
    slipConfirmed(seconds: number): void;
  };
  /** Receipts and tax invoices (receipts/): who may ask, the documents issued, their PDFs. */
  receipts: Receipts;
  /** E-vouchers (vouchers/): the PNG sent with a receipt and by "Send to golfer". Absent: none is sent. */
  vouchers?: Vouchers;
  /** What the course changed, told once per change (features/course-changes/notices.ts: `createCourseNotices`). */
  courseNotices: {
    /** Tells a change once (true when this call told it); `alternatives: false` names no other tee time. */
    tell(change: CourseChange, options?: { alternatives?: boolean }): Promise<boolean>;
    /** Tells the course's ends nobody told; how many it told. */
    tellUntold(limit?: number): Promise<number>;
  };
}

interface DepsFlavor {
  deps: BotDeps;
  /** The sender's role, read fresh for every update (see middlewares/roles.ts). */
  who: Who;
}

/** The context outside conversations. */
export type BotContext = ConversationFlavor<Context & SessionFlavor<SessionData> & I18nFlavor & DepsFlavor>;

/** The context inside conversations: i18n only (sessions are read through `conversation.external`). */
export type FlowContext = Context & I18nFlavor;
