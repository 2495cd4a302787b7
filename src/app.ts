import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Context, Middleware } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { createAccess, type Access } from "./access/index.js";
import { createBookingService, createHoldReaper, type BookingService, type HoldReaper } from "./bookings/index.js";
import { createBotApiServer, type BotApiServer } from "./bot-api-server/index.js";
import { syncCommands } from "./bot/commands.js";
import { createBot, type FairwayBot } from "./bot/index.js";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { createPartnerCatalog, createPartnerClient, type PartnerClient } from "./partner/index.js";
import { openPartnerEndpoint } from "./partner-endpoint.js";
import { createPlayground, type Playground } from "./playground/index.js";
import { PLAYGROUND_ADMIN_ID, PLAYGROUND_AGENT_ID } from "./playground/identities.js";
import { createStorage, type Storage } from "./storage/index.js";

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
  /** Middleware run first for every update (tests count updates in flight). */
  first?: Middleware<Context>;
}

export interface App {
  config: Config;
  storage: Storage;
  partner: PartnerClient;
  bookings: BookingService;
  access: Access;
  reaper: HoldReaper;
  bot: FairwayBot["bot"];
  /** Partner base URL in use (the embedded sandbox's when no PARTNER_API_URL). */
  partnerUrl: string;
  /** The local Bot API server, when no BOT_TOKEN was given. */
  localTelegram?: BotApiServer;
  /** The browser playground, mounted on the local Bot API server's port (no BOT_TOKEN only). */
  playground?: Playground;
  /** Starts long polling and the reaper. */
  start(): Promise<void>;
  /** Stops polling (waiting for running handlers), the reaper, and closes everything. */
  stop(): Promise<void>;
}

/** Wires fairway together from a configuration: storage, partner (or sandbox), bot, reaper. */
export async function createApp(options: AppOptions): Promise<App> {
  const { logger } = options;
  // Playground (no BOT_TOKEN): its fixed admin and agent identities get their roles on top of
  // ADMIN_IDS/AGENT_IDS, so the browser page works with no setup. Never with a real token.
  const config: Config = options.config.botToken
    ? options.config
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
  if (endpoint.embedded) logger.info({ url: partnerUrl }, "no PARTNER_API_URL: using the embedded partner sandbox");
  const partner = createPartnerClient({
    baseURL: partnerUrl,
    apiKey: endpoint.apiKey,
    timeoutMs: config.partner.timeoutMs,
    moneyUnit: config.partner.moneyUnit,
    logger: logger.child({ module: "partner" }),
  });

  let token = config.botToken;
  let apiRoot = config.telegramApiRoot;
  let localTelegram: BotApiServer | undefined;
  let playground: Playground | undefined;
  if (!token) {
    localTelegram = createBotApiServer({ clock: now });
    apiRoot = await localTelegram.listen(config.playgroundPort);
    token = localTelegram.token;
    // A fresh local server numbers updates from 1 again: forget the ids a previous run handled.
    await storage.db.deleteFrom("processed_updates").where("bot_id", "=", localTelegram.botInfo.id).execute();
    closers.push(() => localTelegram?.close() ?? Promise.resolve());
    // The browser playground shares the local Bot API server's port (its page is at "/").
    playground = createPlayground({ telegram: localTelegram, partnerUrl });
    closers.push(() => Promise.resolve(playground?.close()));
    logger.info({ apiRoot, playground: playground.url }, "no BOT_TOKEN: fairway talks to its local Bot API server");
  }

  const access = createAccess({ db: storage.db, adminIds: config.adminIds, agentIds: config.agentIds, now });
  const reaperIntervalMs = options.reaperIntervalMs ?? 10_000;
  const bookings = createBookingService({
    db: storage.db,
    partner,
    logger: logger.child({ module: "bookings" }),
    holdMinutes: config.holdMinutes,
    // A partner write is over (answered, timed out or crashed) a second after the client's timeout.
    writeWindowMs: config.partner.timeoutMs + 1_000,
    now,
  });
  const { bot, notifications } = createBot(
    { config, partner, catalog: createPartnerCatalog({ partner, now }), storage, bookings, access, logger, now },
    {
      token,
      ...(apiRoot ? { apiRoot } : {}),
      ...(options.botInfo ? { botInfo: options.botInfo } : {}),
      ...(options.flowVersion !== undefined ? { flowVersion: options.flowVersion } : {}),
      ...(options.first ? { first: options.first } : {}),
    },
  );
  const reaper = createHoldReaper({
    service: bookings,
    logger: logger.child({ module: "reaper" }),
    now,
    intervalMs: reaperIntervalMs,
    onEvent: (event) => notifications.reaperEvent(event),
  });

  let runner: RunnerHandle | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let commandsSynced: Promise<void> = Promise.resolve();
  return {
    config,
    storage,
    partner,
    bookings,
    access,
    reaper,
    bot,
    partnerUrl,
    ...(localTelegram ? { localTelegram } : {}),
    ...(playground ? { playground } : {}),
    async start() {
      await bot.init();
      reaper.start();
      sweeper = setInterval(() => {
        void sweep(storage, now).catch((err: unknown) => logger.warn({ err }, "storage sweep failed"));
      }, 60 * 60 * 1000);
      sweeper.unref();
      runner = run(bot, { runner: { fetch: { allowed_updates: ["message", "callback_query"] } } });
      logger.info({ bot: bot.botInfo.username }, "fairway is running");
      // Command menus per scope (everyone, customers, agents, admins) and language, once polling runs:
      // a dozen Bot API calls that need not delay the first update.
      commandsSynced = syncCommands(bot.api, access).then(
        (synced) => {
          if (synced.failed.length > 0) logger.warn({ failed: synced.failed }, "some private chats' command menus were refused (users who never opened the bot)");
        },
        (err: unknown) => logger.warn({ err }, "command menus not set"),
      );
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      await commandsSynced;
      if (runner?.isRunning()) await runner.stop();
      await reaper.stop();
      for (const close of closers.reverse()) await close();
    },
  };
}

/** Deletes expired key-value entries and update ids older than a day. */
async function sweep(storage: Storage, now: () => number): Promise<void> {
  await storage.kv.sweep();
  await storage.db.deleteFrom("processed_updates").where("at", "<", now() - 24 * 60 * 60 * 1000).execute();
}

