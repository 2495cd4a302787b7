import { Composer, type Context, type Middleware } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Access } from "./access/index.js";
import { countPendingRequests, type BookingService, type HoldReaper } from "./bookings/index.js";
import type { TripService } from "./trips/service.js";
import type { BotApiServer } from "./local/bot-api-server/index.js";
import { createAfterBooking, type AfterBooking } from "./bot/features/after-booking/jobs.js";
import { createSlipRetries, type SlipRetries } from "./bot/features/payments/slip-retries.js";
import { createTripJobs, type TripJobs } from "./bot/features/trips/jobs.js";
import { createHoldWarnings, type HoldWarnings } from "./bot/features/payments/hold-warnings.js";
import { createBot, type FairwayBot } from "./bot/index.js";
import { createOffers, type Offers } from "./bot/inline/offers.js";
import type { Outbox } from "./bot/outbox.js";
import type { Config } from "./config/index.js";
import type { Logger } from "./logger.js";
import { createTeeTimeSearch } from "./search/search.js";
import type { WatchChecker } from "./watches/checker.js";
import type { PartnerClient, PartnerTimeoutStarter } from "./partner/index.js";
import type { Playground } from "./local/playground/index.js";
import type { Sandbox } from "./local/sandbox/index.js";
import type { SlipCheckStandIn } from "./local/slip-check/index.js";
import type { Fleet } from "./runtime/fleet.js";
import type { Leadership } from "./runtime/lease.js";
import { createMetrics, createMetricsHooks, type HttpServer, type Metrics } from "./runtime/index.js";
import { createOperatorServer } from "./runtime/operator-server.js";
import { createPublicServer } from "./runtime/public-server.js";
import type { Webhook } from "./runtime/webhook.js";
import { createStorage, type Storage } from "./storage/index.js";
import { createBookingParts, createLedgerReads, createReaper } from "./app/bookings.js";
import { createInstances } from "./app/instances.js";
import { createLeaderJobs } from "./app/leader-jobs.js";
import { connectPartner } from "./app/partner.js";
import { playgroundConfig, startLocalStandIns, type LocalStandIns } from "./app/local-stand-ins.js";
import { createCourseChangesPart } from "./app/course-changes.js";
import type { CourseChangesPoll } from "./bookings/course-changes.js";
import { createReceiving } from "./app/receiving.js";
import { createTeeSheetPart } from "./app/tee-sheet.js";
import { createVouchersPart } from "./app/vouchers.js";
import { createWatchesPart } from "./app/watches.js";
import { createReceipts } from "./receipts/receipts.js";

/** What `createApp` takes. */
export interface AppOptions {
  config: Config;
  logger: Logger;
  /**
   * fairway's one clock: the bot, the ledger, the reaper and, with no PARTNER_API_URL or BOT_TOKEN, the
   * embedded sandbox and the local Bot API server. Default Date.now; tests give every part the same one.
   */
  now?: () => number;
  /** Skip getMe (tests that know the bot). */
  botInfo?: UserFromGetMe;
  /** Reaper interval, ms (default 10 s). */
  reaperIntervalMs?: number;
  /** Overrides the stored-conversation version (tests). */
  flowVersion?: number;
  /** How often reminders and the digest are looked for, ms (default 30 s). */
  afterBookingIntervalMs?: number;
  /** How often the trips' job looks (default 10 min: tests call `app.tripJobs.tick()`). */
  tripJobsIntervalMs?: number;
  /** How often the slip check's retries are looked for (default 15 s: tests call `app.slipRetries.tick()`). */
  slipRetryIntervalMs?: number;
  /** How often pay-first holds about to lapse unpaid are looked for, ms (default 30 s: tests call `app.holdWarnings.tick()`). */
  holdWarningIntervalMs?: number;
  /** How often the watch checker looks for (course, date) targets due, ms (default 5 s). */
  watchIntervalMs?: number;
  /** How often the course-changes poll looks for paid bookings due a read, ms (the poll's default when absent). */
  courseChangesTickMs?: number;
  /** Middleware run first for every update (tests count updates in flight). */
  first?: Middleware<Context>;
  /** Starts each partner attempt's timeout (tests end a hung request's wait when the sandbox hangs it). */
  partnerTimeouts?: PartnerTimeoutStarter;
}

/** What `createApp` gives: every part of a running fairway, and its start and stop. */
export interface App {
  config: Config;
  storage: Storage;
  partner: PartnerClient;
  bookings: BookingService;
  /** Trips: an agent's rounds for one party, quoted, accepted, paid by deposit and balance. */
  trips: TripService;
  access: Access;
  /** Agents' inline offers (one per agent and tee time). */
  offers: Offers;
  reaper: HoldReaper;
  /** Reminders before tee-off and the admins' daily digest (run on the leader). */
  afterBooking: AfterBooking;
  /** The slip check's retries (run on the leader when a slip check is configured). */
  slipRetries: SlipRetries;
  /** The trips' leader job (openings, reminders). */
  tripJobs: TripJobs;
  /** The warning before a pay-first hold lapses unpaid (run on the leader). */
  holdWarnings: HoldWarnings;
  /** The watch checker (run on the leader): tee times that open, alerted to the agents watching. */
  watches: WatchChecker;
  /** The course-changes poll (run on the leader): what the course ended or moved, told (tests call `pass`). */
  courseChanges: CourseChangesPoll;
  bot: FairwayBot["bot"];
  /** Background sends (notifications), queued by any instance, drained by the leader. */
  outbox: Outbox;
  /** Bot API sends waiting for the outgoing budget now (their chat's second, or the bot's). */
  sendsWaiting(): number;
  /** Whether the leader's start-up sync of the command menus is still running (it starts with polling). */
  syncingMenus(): boolean;
  /** Partner base URL in use (the embedded sandbox's when no PARTNER_API_URL). */
  partnerUrl: string;
  /** The embedded partner sandbox, when no PARTNER_API_URL (tests compare the ledger with its records). */
  embeddedSandbox?: Sandbox;
  /** The local Bot API server, when no BOT_TOKEN was given. */
  localTelegram?: BotApiServer;
  /** The browser playground, mounted on the local Bot API server's port (no BOT_TOKEN only). */
  playground?: Playground;
  /** The local slip-check stand-in the slip check asks (no BOT_TOKEN and no SLIP_CHECK_PROVIDER only). */
  slipCheckStandIn?: SlipCheckStandIn;
  /** Runs the once-only jobs (polling, the reaper, sweeps) on one instance at a time. */
  leadership: Leadership;
  /** This bot's live instances, who share its limits (alone on SQLite). */
  fleet: Fleet;
  /** Webhook mode (WEBHOOK_URL): the endpoint to mount on PORT. */
  webhook?: Webhook;
  metrics: Metrics;
  /** The public HTTP server on PORT (/healthz, the webhook, the Mini App), with a BOT_TOKEN. */
  http?: HttpServer;
  /** Its URL once listening. */
  httpUrl(): string | undefined;
  /** The operator's HTTP server on OPERATOR_HOST:OPERATOR_PORT (/healthz, /readyz, /metrics), with a BOT_TOKEN. */
  operator?: HttpServer;
  /** Its URL once listening. */
  operatorUrl(): string | undefined;
  /** Whether updates reach this instance: the webhook is registered, or it polls. */
  isReceiving(): boolean;
  /** Registers the webhook (webhook mode), then takes part in the leader election. */
  start(): Promise<void>;
  /** Drains the webhook or stops polling (≤ 10 s for updates in flight), stops the jobs, releases the lease, closes everything. */
  stop(): Promise<void>;
}

/** Wires fairway together from a configuration: storage, partner (or sandbox), bot, reaper. */
export async function createApp(options: AppOptions): Promise<App> {
  const { logger } = options;
  const config = playgroundConfig(options.config, logger);
  const now = options.now ?? Date.now;
  const closers: (() => Promise<void>)[] = [];

  const storage = await createStorage(config.database, { logger, now });
  closers.push(() => storage.close());

  const { ledger, cancelRequests, golferCopies } = createLedgerReads(storage, now);
  const metrics = createMetrics({ ledger, logger: logger.child({ module: "metrics" }), now });
  const hooks = createMetricsHooks(metrics, now);
  const {
    partner,
    partnerUrl,
    sandbox: embeddedSandbox,
    close: closePartner,
  } = await connectPartner({
    config,
    hooks: hooks.partner,
    ...(options.partnerTimeouts ? { startTimeout: options.partnerTimeouts } : {}),
    logger,
    now,
  });
  closers.push(closePartner);

  // No BOT_TOKEN: the local Bot API server and the playground stand in for Telegram.
  let token = config.botToken;
  let apiRoot = config.telegramApiRoot;
  let standIns: LocalStandIns | undefined;
  if (!token) {
    standIns = await startLocalStandIns({ config, storage, partnerUrl, now, logger });
    closers.push(standIns.close);
    token = standIns.token;
    apiRoot = standIns.apiRoot;
    // No SLIP_CHECK_PROVIDER: the slip check asks the local stand-in (the playground's slip buttons feed it).
    if (standIns.slipCheck) config.payments = { ...config.payments, slipCheck: standIns.slipCheck.config };
    // The tee sheet Mini App is served on the playground's port, unless MINI_APP_URL says otherwise.
    config.miniAppUrl ??= new URL(apiRoot).origin;
  }

  const { access, prices, payments, slips, slipCheck, bookings, trips } = createBookingParts({
    config,
    storage,
    partner,
    logger,
    now,
  });
  // Closed after the bot has stopped taking updates.
  closers.push(() => slips.close());
  const offers = createOffers({ db: storage.db, ledger, now });
  let active = () => true;
  const { instance, fleet, bucketStore, catalog } = createInstances({
    config,
    storage,
    token,
    partner,
    active: () => active(),
    logger,
    now,
  });
  const search = createTeeTimeSearch({ catalog, groupGapMinutes: config.groupMaxGapMinutes });
  // Without a BOT_TOKEN the check page is the playground's, like the Mini App.
  config.voucherUrl ??= config.miniAppUrl;
  const vouchersPart = createVouchersPart({
    config,
    storage,
    bookings,
    catalog,
    fleet,
    ...(bucketStore ? { bucketStore } : {}),
    logger,
    now,
  });
  closers.push(vouchersPart.close);
  const { vouchers } = vouchersPart;
  const fairwayBot = createBot(
    {
      config,
      partner,
      catalog,
      search,
      storage,
      bookings,
      trips,
      ledger,
      cancelRequests,
      golferCopies,
      access,
      offers,
      logger,
      now,
      prices,
      payments,
      slips,
      ...(slipCheck ? { slipCheck } : {}),
      slipMetrics: metrics,
      receipts: createReceipts({
        db: storage.db,
        seller: config.seller,
        bookings,
        moves: bookings,
        access,
        trips,
        now,
      }),
      vouchers,
    },
    {
      token,
      ...(apiRoot ? { apiRoot } : {}),
      ...(options.botInfo ? { botInfo: options.botInfo } : {}),
      ...(options.flowVersion !== undefined ? { flowVersion: options.flowVersion } : {}),
      first: options.first ? new Composer<Context>(hooks.bot.first, options.first) : hooks.bot.first,
      apiObserver: hooks.bot.apiObserver,
      limitHooks: hooks.limits,
      fleet,
      ...(bucketStore ? { bucketStore } : {}),
    },
  );
  const { bot, i18n, notifications, outbox, budget } = fairwayBot;
  // Run after the bot has stopped taking updates, before the database closes: states kept through an outage get a last try.
  closers.push(() => fairwayBot.conversationStates.close());
  metrics.trackOutboxDepth(() => outbox.depth());
  metrics.trackLimits({ rate: () => budget.rate(), members: () => fleet.members() });
  const teeSheetRoutes = createTeeSheetPart({
    config,
    search,
    catalog,
    access,
    prices,
    offers,
    kv: storage.kv,
    bot: fairwayBot,
    fleet,
    ...(bucketStore ? { bucketStore } : {}),
    logger,
    now,
  });
  if (teeSheetRoutes) standIns?.playground.mountRoutes(teeSheetRoutes);
  standIns?.playground.mountPrefixRoutes(vouchersPart.prefixRoutes);

  // The jobs the leader runs.
  const watchesPart = createWatchesPart({
    config,
    storage,
    catalog,
    search,
    access,
    prices,
    notifications,
    i18n,
    metrics,
    logger,
    now,
    ...(options.watchIntervalMs !== undefined ? { intervalMs: options.watchIntervalMs } : {}),
  });
  const watches = watchesPart.checker;
  const reaper = createReaper({
    bookings,
    access,
    notifications,
    catalog,
    vouchers,
    botUsername: () => bot.botInfo.username,
    logger,
    now,
    intervalMs: options.reaperIntervalMs ?? 10_000,
    ...hooks.reaper,
  });
  const afterBooking = createAfterBooking({
    config,
    storage,
    ledger,
    golferCopies,
    access,
    partner,
    catalog,
    notifications,
    i18n,
    logger: logger.child({ module: "after-booking" }),
    countPendingCancelRequests: () => countPendingRequests(storage),
    movesEnded: (from, to) => bookings.movesEndedBetween(from, to),
    tripFigures: (from, to, today) => trips.figuresBetween(from, to, today),
    watchFigures: async (from, to) => ({
      active: await watchesPart.store.countActive(),
      alerted: await watchesPart.store.alertsBetween(from, to),
    }),
    now,
    ...(options.afterBookingIntervalMs !== undefined ? { intervalMs: options.afterBookingIntervalMs } : {}),
  });

  const { courseNotices } = fairwayBot.deps;
  const courseChanges = createCourseChangesPart({
    config,
    ledger,
    bookings,
    fleet,
    ...(bucketStore ? { bucketStore } : {}),
    // The booker, the customer and the admins told once per change, in the pass that found it.
    onChange: async (change) => {
      await courseNotices.tell(change);
    },
    sweep: () => courseNotices.tellUntold(),
    logger,
    now,
    ...(options.courseChangesTickMs !== undefined ? { tickMs: options.courseChangesTickMs } : {}),
  });

  // The slip check's retries ("the bank has not said yet"), when a slip check is configured.
  const slipRetries = createSlipRetries({
    env: () => ({ deps: fairwayBot.deps, me: bot.botInfo }),
    ...(options.slipRetryIntervalMs !== undefined ? { intervalMs: options.slipRetryIntervalMs } : {}),
  });

  // Trips: rounds booked as their day goes on sale, and the instalments' reminders.
  const tripJobs = createTripJobs({
    env: () => ({ deps: fairwayBot.deps, me: bot.botInfo }),
    trips,
    ...(options.tripJobsIntervalMs !== undefined ? { intervalMs: options.tripJobsIntervalMs } : {}),
  });

  // The customer who has not paid is warned before the hold lapses (PAYMENT_WARNING_MINUTES).
  const holdWarnings = createHoldWarnings({
    env: () => ({ deps: fairwayBot.deps }),
    ...(options.holdWarningIntervalMs !== undefined ? { intervalMs: options.holdWarningIntervalMs } : {}),
  });

  const receiving = createReceiving({ bot, config, logger });
  const { polling, webhook } = receiving;
  const leader = createLeaderJobs({
    storage,
    instance,
    jobs: [
      reaper,
      afterBooking,
      watches,
      courseChanges,
      ...(slipCheck ? [slipRetries] : []),
      holdWarnings,
      tripJobs,
      outbox,
    ],
    ...(polling ? { polling } : {}),
    offers,
    bot,
    access,
    logger,
    now,
  });
  const { leadership } = leader;
  active = () => receiving.isReceiving() || leadership.isLeader();

  // With a real bot token only (the playground has its own page): PORT for Telegram, users and load
  // balancers; the operator's port, apart, for readiness and metrics.
  const http = config.botToken
    ? createPublicServer({
        config,
        ...(webhook ? { webhook } : {}),
        ...(teeSheetRoutes ? { routes: teeSheetRoutes } : {}),
        prefixRoutes: vouchersPart.prefixRoutes,
        logger,
      })
    : undefined;
  const operator = config.botToken
    ? createOperatorServer({
        config,
        storage,
        partner,
        metrics,
        lastPartnerOkAt: hooks.lastPartnerOkAt,
        receiving: receiving.isReceiving,
        logger,
        now,
      })
    : undefined;
  let httpAddress: { url: string; port: number } | undefined;
  let operatorAddress: { url: string; port: number } | undefined;

  /**
   * Health turns 503 so a balancer stops sending; then the webhook refuses new updates (Telegram
   * redelivers them elsewhere), and those running finish.
   */
  const stopOnce = async (): Promise<void> => {
    http?.setDraining();
    operator?.setDraining();
    if (webhook && !(await webhook.drain(10_000)))
      logger.warn({ running: webhook.inFlight() }, "updates still running after 10 s; stopping anyway");
    // Polling: stop fetching, finish the updates in progress; then the reaper; then give the lease up.
    await leadership.stop();
    await fleet.stop();
    await leader.menusSettled();
    await http?.close();
    await operator?.close();
    for (const close of closers.reverse()) await close();
  };
  let stopping: Promise<void> | undefined;

  return {
    config,
    storage,
    partner,
    bookings,
    trips,
    access,
    offers,
    reaper,
    afterBooking,
    slipRetries,
    tripJobs,
    holdWarnings,
    watches,
    courseChanges,
    bot,
    outbox,
    sendsWaiting: () => budget.pending(),
    syncingMenus: leader.syncingMenus,
    partnerUrl,
    ...(embeddedSandbox ? { embeddedSandbox } : {}),
    leadership,
    fleet,
    ...(webhook ? { webhook } : {}),
    ...(standIns ? { localTelegram: standIns.localTelegram, playground: standIns.playground } : {}),
    ...(standIns?.slipCheck ? { slipCheckStandIn: standIns.slipCheck.standIn } : {}),
    metrics,
    ...(http ? { http } : {}),
    ...(operator ? { operator } : {}),
    isReceiving: receiving.isReceiving,
    async start() {
      await bot.init();
      // Listening first: a webhook delivery right after setWebhook finds the endpoint up.
      if (operator) operatorAddress = await operator.listen();
      if (http) httpAddress = await http.listen();
      await receiving.register();
      await fleet.start();
      await leadership.start();
      logger.info(
        { bot: bot.botInfo.username, mode: config.webhook ? "webhook" : "polling", leader: leadership.isLeader() },
        "fairway is running",
      );
    },
    httpUrl: () => httpAddress?.url,
    operatorUrl: () => operatorAddress?.url,
    stop() {
      // Once: a second call (a second SIGTERM, a test's clean-up after its own) waits for the first.
      stopping ??= stopOnce();
      return stopping;
    },
  };
}
