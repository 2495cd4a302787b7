import type { Context, Middleware } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Access } from "./access/index.js";
import type { BookingService, HoldReaper } from "./bookings/index.js";
import type { BotApiServer } from "./bot-api-server/index.js";
import type { AfterBooking } from "./bot/after-booking/index.js";
import type { FairwayBot } from "./bot/index.js";
import type { Outbox } from "./bot/outbox.js";
import type { Config } from "./config/index.js";
import type { Logger } from "./logger.js";
import type { PartnerClient } from "./partner/index.js";
import type { Playground } from "./playground/index.js";
import type { Leadership } from "./runtime/lease.js";
import type { HttpServer, Metrics } from "./runtime/index.js";
import type { Webhook } from "./runtime/webhook.js";
import type { Storage } from "./storage/index.js";

/** What `createApp` takes and gives (`app.ts`). */

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
  /** Reminders before tee-off and the admins' daily digest (run on the leader). */
  afterBooking: AfterBooking;
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
  /** Webhook mode (WEBHOOK_URL): the endpoint to mount on PORT. */
  webhook?: Webhook;
  metrics: Metrics;
  /** The operator HTTP server (/healthz, /readyz, /metrics, the webhook) on PORT, with a BOT_TOKEN. */
  http?: HttpServer;
  /** Its URL once listening. */
  httpUrl(): string | undefined;
  /** Whether updates reach this instance: the webhook is registered, or it polls. */
  isReceiving(): boolean;
  /** Registers the webhook (webhook mode), then takes part in the leader election. */
  start(): Promise<void>;
  /** Drains the webhook or stops polling (≤ 10 s for updates in flight), stops the jobs, releases the lease, closes everything. */
  stop(): Promise<void>;
}
