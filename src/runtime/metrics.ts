/**
 * fairway's Prometheus metrics, on a registry of their own (never prom-client's global one).
 *
 * Wiring (in src/app.ts, once per process; `createMetricsHooks` in hooks.ts groups the hooks by
 * the factory they go to):
 *
 * ```ts
 * const metrics = createMetrics({ ledger, logger: logger.child({ module: "metrics" }), now });
 * const hooks = createMetricsHooks(metrics, now);
 * const partner = createPartnerClient({ ...partnerOptions, ...hooks.partner });      // onRequest, onBalance
 * createBot(deps, { ...botOptions, ...hooks.bot });                                   // first, apiObserver
 * createHoldReaper({ ...reaperOptions, ...hooks.reaper });                            // onRun
 * const operator = createHttpServer({    // operator-server.ts: OPERATOR_HOST:OPERATOR_PORT, not PORT
 *   port: config.operator.port, host: config.operator.host, token: config.operator.token, logger, metrics,
 *   readiness: createReadiness({
 *     db: storage.db, now,
 *     migrationSchema: config.database.kind === "postgres" ? config.database.schema : undefined,
 *     lastPartnerOkAt: hooks.lastPartnerOkAt,
 *     partnerProbe: () => partner.getBalance(),
 *     checks: { updates: () => ({ ok: true }) },  // "webhook registered or polling lease held"
 *   }),
 * });
 * await operator.listen();               // /readyz answers 503 until every check passes
 * // shutdown: operator.setDraining(); stop polling/webhook and the reaper; close storage; operator.close() last
 * ```
 *
 * `hooks.bot.first` must run first (`createBot`'s `first` option; to keep another `first`, pass
 * `new Composer(hooks.bot.first, other)`), so duplicates and rejected strangers are counted too; its
 * duration includes the wait for the chat's earlier updates. `hooks.bot.apiObserver` is installed
 * *below* auto-retry, so every 429 and every failed attempt is counted.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Logger } from "../logger.js";
import type { PartnerAttemptInfo } from "../partner/index.js";
import type { BookingQueries } from "../bookings/queries.js";
import { registerDatabaseGauges } from "./database-gauges.js";
import type { FleetMember, FleetStats } from "./fleet.js";
import type { UpdateOutcome } from "./update-outcome.js";

/** The kinds of update `fairway_updates_total{type}` tells apart; everything else is `other`. */
export type UpdateType = "message" | "callback_query" | "inline_query" | "other";

/** One partner HTTP attempt, as the partner client's `onRequest` reports it. */
export type PartnerRequestInfo = PartnerAttemptInfo;

export interface MetricsOptions {
  /** The ledger's read model, for `fairway_bookings`, `fairway_open_holds` and `fairway_overdue_holds`. Without it those are absent. */
  ledger?: Pick<BookingQueries, "countsByState">;
  /** Warnings when a scrape-time query fails. */
  logger?: Logger;
  /** Clock for the overdue-holds query. Default Date.now. */
  now?: () => number;
  /** How long a scrape waits for the ledger. Default 2000 ms. */
  queryTimeoutMs?: number;
  /** Process metrics (CPU, memory, event loop, GC) prefixed `fairway_`. Default true. */
  processMetrics?: boolean;
}

const UPDATE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PARTNER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
const WAIT_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];

/** Creates the registry and every fairway metric; the returned recorders are cheap and never throw. */
export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  const registers = [registry];
  // The event loop's delay is sampled every 50 ms rather than prom-client's 10 ms: a timer waking the
  // process 100 times a second cost about 5 ms of CPU per second when idle (measured), and a stall
  // worth alerting on is longer than 50 ms anyway.
  if (options.processMetrics ?? true)
    collectDefaultMetrics({ register: registry, prefix: "fairway_", eventLoopMonitoringPrecision: 50 });

  const updates = new Counter({
    name: "fairway_updates_total",
    help: "Telegram updates handled, by type and outcome (ok, error, duplicate, rejected, limited).",
    labelNames: ["type", "outcome"] as const,
    registers,
  });
  const updateDuration = new Histogram({
    name: "fairway_update_duration_seconds",
    help: "Time from an update's arrival at the bot to the end of its handling.",
    labelNames: ["type"] as const,
    buckets: UPDATE_BUCKETS,
    registers,
  });
  const partnerRequests = new Counter({
    name: "fairway_partner_requests_total",
    help: "Partner API HTTP attempts, by route template, method and status (timeout or network: no answer).",
    labelNames: ["endpoint", "method", "status"] as const,
    registers,
  });
  const partnerDuration = new Histogram({
    name: "fairway_partner_request_duration_seconds",
    help: "Duration of one partner API HTTP attempt, answer read in full.",
    labelNames: ["endpoint", "method"] as const,
    buckets: PARTNER_BUCKETS,
    registers,
  });
  const telegramErrors = new Counter({
    name: "fairway_telegram_api_errors_total",
    help: "Failed Bot API calls, each attempt counted, by method and error_code (network: no answer).",
    labelNames: ["method", "error_code"] as const,
    registers,
  });
  const telegramRateLimited = new Counter({
    name: "fairway_telegram_rate_limited_total",
    help: "Bot API calls refused with 429 Too Many Requests, by method.",
    labelNames: ["method"] as const,
    registers,
  });
  const reaperRuns = new Counter({
    name: "fairway_reaper_runs_total",
    help: "Hold reaper passes, by outcome (ok, failed).",
    labelNames: ["outcome"] as const,
    registers,
  });
  const reaperChanges = new Counter({
    name: "fairway_reaper_changes_total",
    help: "Bookings the hold reaper moved to a new state.",
    registers,
  });
  const balance = new Gauge({
    name: "fairway_partner_balance_satang",
    help: "The partner credit balance at its last read, in satang.",
    registers,
  });
  // Absent until the first read: 0 would look like an empty account.
  balance.remove();
  const limited = new Counter({
    name: "fairway_updates_limited_total",
    help: "Updates dropped by the per-user limit before any work, by reason (flood: over a sender's rate; stranger: over a stranger's allowance).",
    labelNames: ["reason"] as const,
    registers,
  });
  const outboxSends = new Counter({
    name: "fairway_outbox_sends_total",
    help: "Background messages (the outbox) sent or given up, by kind (what) and outcome (sent, blocked, refused, failed).",
    labelNames: ["what", "outcome"] as const,
    registers,
  });
  const watchReads = new Counter({
    name: "fairway_watch_reads_total",
    help: "Tee-time reads by the watch checker (one per course and date checked; a read's retries count once), by outcome (ok, failed).",
    labelNames: ["outcome"] as const,
    registers,
  });
  const watchAlerts = new Counter({
    name: "fairway_watch_alerts_total",
    help: "Watch alerts queued for agents (one message per watch and check, however many tee times opened).",
    registers,
  });
  const watchAlertedTeeTimes = new Counter({
    name: "fairway_watch_alerted_tee_times_total",
    help: "Tee times alerted to watches (each at most once per watch).",
    registers,
  });
  const slipChecks = new Counter({
    name: "fairway_slip_checks_total",
    help:
      "Customers' slips the slip-verification service was asked about (or refused with no call), by outcome " +
      "(booked, refused, person: left to a person) and reason (the refusal's, or why a person decides: " +
      "retry-later, unavailable:<reason>, not-booked; empty when booked).",
    labelNames: ["outcome", "reason"] as const,
    registers,
  });
  const slipToConfirmed = new Histogram({
    name: "fairway_slip_to_confirmed_seconds",
    help: "From a customer's slip arriving to its booking confirmed by the slip check, no tap.",
    buckets: [0.5, 1, 2, 3, 5, 8, 10, 15, 30, 60],
    registers,
  });
  let readActiveWatches: (() => Promise<number>) | undefined;
  new Gauge({
    name: "fairway_watches_active",
    help: "Active watches (saved searches waiting for a tee time to open), every instance's, read at each scrape.",
    registers,
    async collect() {
      if (readActiveWatches) this.set(await readActiveWatches().catch(() => 0));
    },
  });
  const budgetWaits = new Histogram({
    name: "fairway_outgoing_wait_seconds",
    help: "How long each send or edit waited for the outgoing budget (its chat's token and this instance's share of the bot's), by kind (interactive, background).",
    labelNames: ["kind"] as const,
    buckets: WAIT_BUCKETS,
    registers,
  });
  let limits: { rate: () => number; members: () => FleetMember[] } | undefined;
  new Gauge({
    name: "fairway_outgoing_share_per_second",
    help: "This instance's sends and edits per second: its share of TELEGRAM_SENDS_PER_SECOND among the live instances.",
    registers,
    collect() {
      if (limits) this.set(limits.rate());
    },
  });
  new Gauge({
    name: "fairway_instances",
    help: "The bot's live instances that receive updates or lead (this one included), at the last heartbeat.",
    registers,
    collect() {
      if (limits) this.set(limits.members().filter((m) => m.self || m.active).length);
    },
  });
  const fleetTotal = (name: string, help: string, figure: keyof FleetStats) =>
    new Gauge({
      name,
      help: `${help}, every live instance together (each one's count since it started, at the last heartbeat).`,
      registers,
      collect() {
        if (limits) this.set(limits.members().reduce((sum, m) => sum + m.stats[figure], 0));
      },
    });
  fleetTotal("fairway_fleet_sends", "Sends and edits through the outgoing budget", "sends");
  fleetTotal("fairway_fleet_sends_waited", "Sends and edits that waited for the outgoing budget", "waited");
  fleetTotal("fairway_fleet_wait_seconds", "Seconds sends and edits waited for the outgoing budget", "waitSeconds");
  fleetTotal("fairway_fleet_rate_limited", "Bot API answers 429 Too Many Requests", "rateLimited");
  let readOutboxDepth: (() => Promise<number>) | undefined;
  new Gauge({
    name: "fairway_outbox_depth",
    help: "Background messages queued in the outbox, every instance's, waiting for the leader's paced drain.",
    registers,
    async collect() {
      if (readOutboxDepth) this.set(await readOutboxDepth().catch(() => 0));
    },
  });
  if (options.ledger) {
    registerDatabaseGauges({
      registry,
      ledger: options.ledger,
      logger: options.logger,
      now: options.now ?? Date.now,
      timeoutMs: options.queryTimeoutMs ?? 2000,
    });
  }

  return {
    registry,
    /** The Content-Type of `text()`. */
    contentType: registry.contentType,
    /** The Prometheus text exposition of every metric (runs the scrape-time queries). */
    text: (): Promise<string> => registry.metrics(),
    /** One handled update. */
    update(type: UpdateType, outcome: UpdateOutcome, durationSeconds: number): void {
      updates.inc({ type, outcome });
      updateDuration.observe({ type }, durationSeconds);
    },
    /** One partner HTTP attempt (the partner client's `onRequest`). */
    partnerRequest(info: PartnerRequestInfo): void {
      partnerRequests.inc({ endpoint: info.endpoint, method: info.method, status: String(info.status) });
      partnerDuration.observe({ endpoint: info.endpoint, method: info.method }, info.durationMs / 1000);
    },
    /** One failed Bot API attempt; `errorCode` is Telegram's `error_code` or `"network"`. */
    telegramError(method: string, errorCode: number | "network"): void {
      telegramErrors.inc({ method, error_code: String(errorCode) });
      if (errorCode === 429) telegramRateLimited.inc({ method });
    },
    /** One reaper pass (the reaper's `onRun`). */
    reaperRun(changed: number, failed: boolean): void {
      reaperRuns.inc({ outcome: failed ? "failed" : "ok" });
      if (changed > 0) reaperChanges.inc(changed);
    },
    /** One update dropped by the per-user limit. */
    updateLimited(reason: string): void {
      limited.inc({ reason });
    },
    /** One background message sent or given up. */
    outboxSend(what: string, outcome: string): void {
      outboxSends.inc({ what, outcome });
    },
    /** One tee-time read by the watch checker. */
    watchRead(outcome: "ok" | "failed"): void {
      watchReads.inc({ outcome });
    },
    /** One watch alert queued, with its tee times. */
    watchAlert(teeTimes: number): void {
      watchAlerts.inc();
      watchAlertedTeeTimes.inc(teeTimes);
    },
    /** One slip checked: booked with no tap, refused, or left to a person (`reason`: why). */
    slipChecked(outcome: "booked" | "refused" | "person", reason: string): void {
      slipChecks.inc({ outcome, reason });
    },
    /** A slip's booking confirmed by the slip check, `seconds` after the slip arrived. */
    slipConfirmed(seconds: number): void {
      slipToConfirmed.observe(seconds);
    },
    /** Where `fairway_watches_active` is read at scrape time. */
    trackActiveWatches(read: () => Promise<number>): void {
      readActiveWatches = read;
    },
    /** One send or edit given its tokens by the outgoing budget after `ms`. */
    budgetWait(kind: string, ms: number): void {
      budgetWaits.observe({ kind }, ms / 1000);
    },
    /** Where this instance's share and the live instances are read at scrape time. */
    trackLimits(read: { rate: () => number; members: () => FleetMember[] }): void {
      limits = read;
    },
    /** Where `fairway_outbox_depth` is read at scrape time. */
    trackOutboxDepth(read: () => Promise<number>): void {
      readOutboxDepth = read;
    },
    /** The partner balance as just read, in satang (the partner client's `onBalance`). */
    partnerBalance(satang: number): void {
      balance.set(satang);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
