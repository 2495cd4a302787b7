import { BotError, Composer, type Context, type Middleware } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { createAccess, holdRefusal, writeRefusal, type Access } from "./access/index.js";
import {
  countPendingRequests,
  createBookingService,
  createHoldReaper,
  type BookingService,
  type HoldReaper,
} from "./bookings/index.js";
import type { BotApiServer } from "./local/bot-api-server/index.js";
import { createAfterBooking, type AfterBooking } from "./bot/features/after-booking/jobs.js";
import { createMenuMemo, MENU_MEMO_PREFIX, syncCommands } from "./bot/commands.js";
import type { BotContext } from "./bot/context.js";
import { createBot, type FairwayBot } from "./bot/index.js";
import { createOffers, type Offers } from "./bot/inline/offers.js";
import type { Outbox } from "./bot/outbox.js";
import type { Config } from "./config/index.js";
import type { Logger } from "./logger.js";
import { createTeeTimeSearch } from "./search/search.js";
import { createPaymentSettings } from "./payments/settings.js";
import { createSlipReader } from "./payments/slip-reader.js";
import { createPriceRules, sellerOf } from "./pricing/rules.js";
import { paymentEnded, paymentOnGroupEvent, paymentOnReaperEvent } from "./bot/features/payments/expiry.js";
import { createWatchAlerts } from "./bot/features/watches/alert.js";
import { createWatchChecker, type WatchChecker } from "./watches/checker.js";
import { createWatchStore } from "./watches/store.js";
import {
  createPartnerCatalog,
  createPartnerClient,
  type PartnerClient,
  type PartnerTimeoutStarter,
} from "./partner/index.js";
import { openPartnerEndpoint } from "./partner-endpoint.js";
import type { Playground } from "./local/playground/index.js";
import { PLAYGROUND_ADMIN_ID, PLAYGROUND_AGENT_ID } from "./local/playground/identities.js";
import { botIdOf, createFleet, soloFleet, type Fleet } from "./runtime/fleet.js";
import { createLease, createLeadership, type Leadership } from "./runtime/lease.js";
import { createBucketStore, sweepBuckets } from "./runtime/shared-buckets.js";
import { createSharedReads } from "./runtime/shared-reads.js";
import { createMetrics, createMetricsHooks, type HttpServer, type Metrics } from "./runtime/index.js";
import { instanceId, OFFER_RETENTION_MS, sweep } from "./runtime/housekeeping.js";
import { createOperatorServer } from "./runtime/operator-server.js";
import { createPublicServer } from "./runtime/public-server.js";
import { handOverUpdate } from "./bot/features/tee-sheet.js";
import { createTeeSheet } from "./mini-app/sheet.js";
import { createMiniAppLimit } from "./mini-app/limit.js";
import { createTeeSheetRoutes } from "./mini-app/server.js";
import { createPolling } from "./runtime/polling.js";
import { createWebhook, type Webhook } from "./runtime/webhook.js";
import { createStorage, type Storage } from "./storage/index.js";

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
  /** How often the watch checker looks for (course, date) targets due, ms (default 5 s). */
  watchIntervalMs?: number;
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
  access: Access;
  /** Agents' inline offers (one per agent and tee time). */
  offers: Offers;
  reaper: HoldReaper;
  /** Reminders before tee-off and the admins' daily digest (run on the leader). */
  afterBooking: AfterBooking;
  /** The watch checker (run on the leader): tee times that open, alerted to the agents watching. */
  watches: WatchChecker;
  bot: FairwayBot["bot"];
  /** Background sends (notifications), queued by any instance, drained by the leader. */
  outbox: Outbox;
  /** Bot API sends waiting for the outgoing budget now (their chat's second, or the bot's). */
  sendsWaiting(): number;
  /** Whether the leader's start-up sync of the command menus is still running (it starts with polling). */
  syncingMenus(): boolean;
  /** Partner base URL in use (the embedded sandbox's when no PARTNER_API_URL). */
  partnerUrl: string;
  /** The local Bot API server, when no BOT_TOKEN was given. */
  localTelegram?: BotApiServer;
  /** The browser playground, mounted on the local Bot API server's port (no BOT_TOKEN only). */
  playground?: Playground;
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
  // Playground (no BOT_TOKEN): its fixed admin and agent identities get their roles on top of
  // ADMIN_IDS/AGENT_IDS, so the browser page works with no setup. Never with a real token.
  // With a real partner the page's visitors get no staff roles unless PLAYGROUND_STAFF=1 says so.
  const staffPlayground =
    !options.config.botToken && (options.config.partner.kind === "sandbox" || options.config.playgroundStaff);
  if (!options.config.botToken && !staffPlayground) {
    logger.warn(
      "playground with a real PARTNER_API_URL: its page's admin and agent get no staff roles (PLAYGROUND_STAFF=1 gives them)",
    );
  }
  // A copy: the playground's Mini App origin is set below, once its port is known.
  const config: Config = !staffPlayground
    ? { ...options.config }
    : {
        ...options.config,
        adminIds: [...new Set([...options.config.adminIds, PLAYGROUND_ADMIN_ID])],
        agentIds: [...new Set([...options.config.agentIds, PLAYGROUND_AGENT_ID])],
      };
  const now = options.now ?? Date.now;
  const closers: (() => Promise<void>)[] = [];

  const storage = await createStorage(config.database, { logger, now });
  closers.push(() => storage.close());

  const endpoint = await openPartnerEndpoint(config.partner, now);
  closers.push(() => endpoint.close());
  const partnerUrl = endpoint.baseURL;
  if (config.sandboxDemo)
    logger.warn(
      { url: partnerUrl },
      "ALLOW_SANDBOX_WITH_REAL_BOT=1: a real bot on the embedded partner sandbox, a demo; every message it sends says so",
    );
  else if (endpoint.embedded)
    logger.info({ url: partnerUrl }, "no PARTNER_API_URL: using the embedded partner sandbox");
  const metrics = createMetrics({ db: storage.db, logger: logger.child({ module: "metrics" }), now });
  const hooks = createMetricsHooks(metrics, now);
  const partner = createPartnerClient({
    ...hooks.partner,
    baseURL: partnerUrl,
    apiKey: endpoint.apiKey,
    timeoutMs: config.partner.timeoutMs,
    moneyUnit: config.partner.moneyUnit,
    logger: logger.child({ module: "partner" }),
    ...(options.partnerTimeouts ? { startTimeout: options.partnerTimeouts } : {}),
  });

  let token = config.botToken;
  let apiRoot = config.telegramApiRoot;
  let localTelegram: BotApiServer | undefined;
  let playground: Playground | undefined;
  if (!token) {
    // Loaded only here: production (a BOT_TOKEN) never loads the local server nor the playground.
    const [{ createBotApiServer }, { createPlayground }] = await Promise.all([
      import("./local/bot-api-server/index.js"),
      import("./local/playground/index.js"),
    ]);
    // Loopback names only: a page rebound to 127.0.0.1 (DNS rebinding) must not drive the playground.
    localTelegram = createBotApiServer({ clock: now, allowedHosts: ["127.0.0.1", "localhost", "[::1]"] });
    apiRoot = await localTelegram.listen(config.playgroundPort);
    token = localTelegram.token;
    // A fresh local server numbers updates from 1 again and has no command menus: forget the ids a
    // previous run handled and the menus it set (commands.ts remembers them so a restart skips them).
    await storage.db.deleteFrom("processed_updates").where("bot_id", "=", localTelegram.botInfo.id).execute();
    await storage.db.deleteFrom("kv").where("key", "like", `${MENU_MEMO_PREFIX}%`).execute();
    closers.push(() => localTelegram?.close() ?? Promise.resolve());
    // The browser playground shares the local Bot API server's port (its page is at "/").
    playground = createPlayground({ telegram: localTelegram, partnerUrl, now });
    // The tee sheet Mini App is served on the playground's port, unless MINI_APP_URL says otherwise.
    config.miniAppUrl ??= new URL(apiRoot).origin;
    closers.push(() => Promise.resolve(playground?.close()));
    logger.info({ apiRoot, playground: playground.url }, "no BOT_TOKEN: fairway talks to its local Bot API server");
  }

  const access = createAccess({ db: storage.db, adminIds: config.adminIds, agentIds: config.agentIds, now });
  const offers = createOffers(storage.db, now);
  const reaperIntervalMs = options.reaperIntervalMs ?? 10_000;
  const prices = createPriceRules({
    db: storage.db,
    now,
    envMarkup: config.pricing.markup,
    envRounding: config.pricing.rounding,
  });
  const payments = createPaymentSettings({ db: storage.db, config: config.payments, now });
  // Its worker thread starts with the first slip; closed after the bot has stopped taking updates.
  const slips = createSlipReader({ logger: logger.child({ module: "slips" }) });
  closers.push(() => slips.close());
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
    holdPolicy: async (req) => holdRefusal(await access.whoIs(req.userId), req, config.customerMaxHolds),
    writePolicy: async (req) => writeRefusal(await access.whoIs(req.actorId), req),
  });
  // The bot's instances (PostgreSQL): each one's heartbeat, so Telegram's limits and the partner's
  // reads are the bot's, shared by the live ones, not multiplied by them (docs/deployment.md).
  const instance = instanceId();
  let active = () => true;
  const fleet =
    storage.kind === "postgres"
      ? createFleet({
          db: storage.db,
          bot: botIdOf(token),
          instance,
          active: () => active(),
          logger: logger.child({ module: "fleet" }),
        })
      : soloFleet(instance);
  const bucketStore = storage.kind === "postgres" ? createBucketStore(storage.db) : undefined;
  const catalog = createPartnerCatalog({
    partner,
    now,
    maxReadsInFlight: config.partnerReadsInFlight,
    // A read may take two attempts and a back-off (the client retries GETs once): then another may take it over.
    ...(storage.kind === "postgres"
      ? {
          shared: createSharedReads({ db: storage.db, fleet, now, claimMs: 2 * config.partner.timeoutMs + 2_000 }),
        }
      : {}),
  });
  const search = createTeeTimeSearch({ catalog, groupGapMinutes: config.groupMaxGapMinutes });
  const { bot, i18n, notifications, outbox, budget, teeSheetPicks } = createBot(
    { config, partner, catalog, search, storage, bookings, access, offers, logger, now, prices, payments, slips },
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
  metrics.trackOutboxDepth(() => outbox.depth());
  metrics.trackLimits({ rate: () => budget.rate(), members: () => fleet.members() });
  // The tee sheet Mini App (src/mini-app/): on PORT with a token, on the playground's port without.
  const teeSheetRoutes = config.miniAppUrl
    ? createTeeSheetRoutes({
        sheet: createTeeSheet({ search, catalog, now, groupGapMinutes: config.groupMaxGapMinutes }),
        access,
        prices,
        botToken: () => bot.token,
        limit: createMiniAppLimit({
          burst: config.limits.miniAppBurst,
          perMinute: config.limits.miniAppPerMinute,
          fleet,
          ...(bucketStore ? { store: bucketStore } : {}),
          logger: logger.child({ module: "tee-sheet" }),
        }),
        recentCourses: (userId) => offers.recentCourses(userId, 5),
        // The hand-over is an update fairway gives itself, handled as a delivered one (features/tee-sheet.ts).
        handOver: async (user, args) => {
          const token = teeSheetPicks.put(user.id, args);
          await bot.handleUpdate(handOverUpdate(user, token, now())).catch(async (error: unknown) => {
            if (!(error instanceof BotError)) throw error;
            await bot.errorHandler(error as BotError<BotContext>);
          });
        },
        logger: logger.child({ module: "tee-sheet" }),
        now,
      })
    : undefined;
  if (teeSheetRoutes) playground?.mountRoutes(teeSheetRoutes);
  const watchStore = createWatchStore(storage.db, now);
  const watches = createWatchChecker({
    store: watchStore,
    catalog,
    search,
    alert: createWatchAlerts({ notifications, i18n, now, pricing: { access, prices } }),
    // A watch's top price is the selling price, as /find's: a customer's agent's, or the watcher's own.
    sellingOf: async (watch) => {
      const book = await prices.book();
      if (!book.hasMarkup()) return undefined;
      return book.sellingPrice(sellerOf(await access.whoIs(watch.userId), watch.userId));
    },
    logger: logger.child({ module: "watches" }),
    now,
    readsPerMinute: config.watches.readsPerMinute,
    ...(options.watchIntervalMs !== undefined ? { intervalMs: options.watchIntervalMs } : {}),
    onRead: (outcome) => metrics.watchRead(outcome),
    onAlert: (teeTimes) => metrics.watchAlert(teeTimes),
  });
  metrics.trackActiveWatches(() => watchStore.countActive());
  const reaper = createHoldReaper({
    service: bookings,
    logger: logger.child({ module: "reaper" }),
    now,
    intervalMs: reaperIntervalMs,
    ...hooks.reaper,
    // A customer whose slip arrived but was not approved in time is told so by the payments' own notice.
    onEvent: async (event) => {
      if (!(await paymentOnReaperEvent({ notifications, access }, event))) await notifications.reaperEvent(event);
    },
    onGroupEvent: async (event) => {
      if (!(await paymentOnGroupEvent({ notifications, access }, event))) await notifications.groupEvent(event);
    },
    onPaymentEvent: async (ending) => {
      await paymentEnded({ notifications, access }, ending);
    },
  });
  const afterBooking = createAfterBooking({
    config,
    storage,
    access,
    partner,
    catalog,
    notifications,
    i18n,
    logger: logger.child({ module: "after-booking" }),
    countPendingCancelRequests: () => countPendingRequests(storage),
    watchFigures: async (from, to) => ({
      active: await watchStore.countActive(),
      alerted: await watchStore.alertsBetween(from, to),
    }),
    now,
    ...(options.afterBookingIntervalMs !== undefined ? { intervalMs: options.afterBookingIntervalMs } : {}),
  });

  const allowedUpdates = ["message", "callback_query", "inline_query", "chosen_inline_result"] as const;
  const polling = config.webhook
    ? undefined
    : createPolling({ bot, logger: logger.child({ module: "polling" }), allowedUpdates });
  const webhook = config.webhook
    ? createWebhook({
        // As the runner does under long polling: a failed update goes to grammY's error handler
        // (`bot.catch`), which logs it and tells the user; only an error outside it reaches the webhook.
        handleUpdate: (update) =>
          bot.handleUpdate(update).catch(async (error: unknown) => {
            if (!(error instanceof BotError)) throw error;
            await bot.errorHandler(error as BotError<BotContext>);
          }),
        secret: config.webhook.secret,
        logger: logger.child({ module: "webhook" }),
      })
    : undefined;
  let webhookSet = false;
  const receiving = () => (config.webhook ? webhookSet : (polling?.isPolling() ?? false));
  active = () => receiving() || leadership.isLeader();

  // With a real bot token only (the playground has its own page): PORT for Telegram, users and load
  // balancers; the operator's port, apart, for readiness and metrics.
  const http = config.botToken
    ? createPublicServer({
        config,
        ...(webhook ? { webhook } : {}),
        ...(teeSheetRoutes ? { routes: teeSheetRoutes } : {}),
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
        receiving,
        logger,
        now,
      })
    : undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let httpAddress: { url: string; port: number } | undefined;
  let operatorAddress: { url: string; port: number } | undefined;
  let commandsSynced: Promise<void> | undefined;
  let menusSyncing = false;

  // The once-only jobs (polling, the reaper, sweeps, command menus) run on the lease's holder. On
  // SQLite there is one process, so it always leads: a restart after a crash starts at once.
  const leadership = createLeadership({
    lease:
      storage.kind === "postgres"
        ? createLease({ db: storage.db, name: "leader", holder: instance, now })
        : {
            holder: "sqlite",
            ttlMs: 10_000,
            acquire: () => Promise.resolve(true),
            held: () => true,
            release: () => Promise.resolve(),
          },
    logger: logger.child({ module: "leadership" }),
    async onElected() {
      reaper.start();
      afterBooking.start();
      watches.start();
      outbox.start();
      sweeper = setInterval(
        () => {
          void sweep(storage, now)
            .then(() => offers.prune(now() - OFFER_RETENTION_MS))
            .then(() => (storage.kind === "postgres" ? sweepBuckets(storage.db) : undefined))
            .catch((err: unknown) => logger.warn({ err }, "storage sweep failed"));
        },
        60 * 60 * 1000,
      );
      sweeper.unref();
      await polling?.start();
      // Command menus per scope (everyone, customers, agents, admins) and language, once updates flow:
      // two Bot API calls per scope whose menu is not already set as remembered (a restart sends none).
      if (commandsSynced === undefined) {
        menusSyncing = true;
        commandsSynced = syncCommands(bot.api, access, createMenuMemo(storage.kv))
          .then(
            (synced) => {
              if (synced.failed.length > 0)
                logger.warn(
                  { failed: synced.failed },
                  "some private chats' command menus were refused (users who never opened the bot)",
                );
            },
            (err: unknown) => logger.warn({ err }, "command menus not set"),
          )
          .finally(() => (menusSyncing = false));
      }
    },
    async onDeposed() {
      if (sweeper) clearInterval(sweeper);
      await polling?.stop();
      await reaper.stop();
      await afterBooking.stop();
      await watches.stop();
      await outbox.stop();
    },
  });

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
    await commandsSynced;
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
    access,
    offers,
    reaper,
    afterBooking,
    watches,
    bot,
    outbox,
    sendsWaiting: () => budget.pending(),
    syncingMenus: () => menusSyncing,
    partnerUrl,
    leadership,
    fleet,
    ...(webhook ? { webhook } : {}),
    ...(localTelegram ? { localTelegram } : {}),
    ...(playground ? { playground } : {}),
    metrics,
    ...(http ? { http } : {}),
    ...(operator ? { operator } : {}),
    isReceiving: receiving,
    async start() {
      await bot.init();
      // Listening first: a webhook delivery right after setWebhook finds the endpoint up.
      if (operator) operatorAddress = await operator.listen();
      if (http) httpAddress = await http.listen();
      if (config.webhook) {
        // Every instance sets the same webhook: idempotent, and the newest deployment's settings win.
        await bot.api.setWebhook(config.webhook.url, {
          secret_token: config.webhook.secret,
          allowed_updates: [...allowedUpdates],
          max_connections: config.webhook.maxConnections,
        });
        webhookSet = true;
      }
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
