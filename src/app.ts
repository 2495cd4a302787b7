import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Context, Middleware } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { createBookingService, createHoldReaper, type BookingService, type HoldReaper } from "./bookings/index.js";
import { createBotApiServer, type BotApiServer } from "./bot-api-server/index.js";
import { createBot, type FairwayBot } from "./bot/index.js";
import { createReaperNotifier } from "./bot/notifier.js";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { createPartnerClient, type PartnerClient } from "./partner/index.js";
import { openPartnerEndpoint } from "./partner-endpoint.js";
import { createStorage, type Storage } from "./storage/index.js";

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** Clock for the bot and the reaper; default Date.now. */
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
  reaper: HoldReaper;
  bot: FairwayBot["bot"];
  /** Partner base URL in use (the embedded sandbox's when no PARTNER_API_URL). */
  partnerUrl: string;
  /** The local Bot API server, when no BOT_TOKEN was given. */
  localTelegram?: BotApiServer;
  /** Starts long polling and the reaper. */
  start(): Promise<void>;
  /** Stops polling (waiting for running handlers), the reaper, and closes everything. */
  stop(): Promise<void>;
}

/** Wires fairway together from a configuration: storage, partner (or sandbox), bot, reaper. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger } = options;
  const now = options.now ?? Date.now;
  const closers: (() => Promise<void>)[] = [];

  const storage = await createStorage(config.database, { logger, now });
  closers.push(() => storage.close());

  const endpoint = await openPartnerEndpoint(config.partner);
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
  if (!token) {
    localTelegram = createBotApiServer({});
    apiRoot = await localTelegram.listen(config.playgroundPort);
    token = localTelegram.token;
    // A fresh local server numbers updates from 1 again: forget the ids a previous run handled.
    await storage.db.deleteFrom("processed_updates").where("bot_id", "=", localTelegram.botInfo.id).execute();
    closers.push(() => localTelegram?.close() ?? Promise.resolve());
    logger.info({ apiRoot }, "no BOT_TOKEN: fairway talks to its local Bot API server");
  }

  const bookings = createBookingService({ db: storage.db, partner, logger: logger.child({ module: "bookings" }), holdMinutes: config.holdMinutes, now });
  const { bot, i18n } = createBot(
    { config, partner, storage, bookings, logger, now },
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
    ...(options.reaperIntervalMs ? { intervalMs: options.reaperIntervalMs } : {}),
    onEvent: createReaperNotifier(bot.api, i18n, logger),
  });

  let runner: RunnerHandle | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  return {
    config,
    storage,
    partner,
    bookings,
    reaper,
    bot,
    partnerUrl,
    ...(localTelegram ? { localTelegram } : {}),
    async start() {
      await bot.init();
      reaper.start();
      sweeper = setInterval(() => {
        void sweep(storage, now).catch((err: unknown) => logger.warn({ err }, "storage sweep failed"));
      }, 60 * 60 * 1000);
      sweeper.unref();
      runner = run(bot, { runner: { fetch: { allowed_updates: ["message", "callback_query"] } } });
      logger.info({ bot: bot.botInfo.username }, "fairway is running");
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
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

