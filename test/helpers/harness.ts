import { Writable } from "node:stream";
import SqliteDatabase from "better-sqlite3";
import { createApp, type App } from "../../src/app.js";
import {
  createBotApiServer,
  type BotApiServer,
  type BotApiServerOptions,
  type SimulatedUser,
} from "../../src/local/bot-api-server/index.js";
import { createConfig } from "../../src/config/index.js";
import { createLogger } from "../../src/logger.js";
import { createSandbox, type SandboxOptions } from "../../src/local/sandbox/index.js";
import { worldClock, type WorldClock } from "./clock.js";
import { sqliteDatabase, type TestDatabase } from "./databases.js";
import { trackHandling } from "./handling.js";
import { hungRequestTimeouts } from "./partner-timeouts.js";
import { checkInvariants, type InvariantReport, type InvariantSubject } from "./invariants.js";
import { addToTally, serverFigures } from "./tally.js";

export const TEST_BOT_TOKEN = "123456:AAHfakeTokenForTestsOnly_0123456789";

/**
 * The per-user limit and the outgoing budget raised out of the way: test drivers act at machine speed,
 * not a person's, and most tests are about something else. test/bot/abuse-control.test.ts and the flood
 * benchmark run with production's defaults (`productionLimits`).
 */
export const MACHINE_SPEED_LIMITS: Record<string, string> = {
  USER_RATE_BURST: "10000",
  USER_RATE_PER_MINUTE: "60000",
  STRANGER_REPLIES_PER_MINUTE: "60",
  TELEGRAM_CHAT_BURST: "10000",
  TELEGRAM_SENDS_PER_SECOND: "1000",
  MINI_APP_RATE_BURST: "10000",
  MINI_APP_RATE_PER_MINUTE: "60000",
  VOUCHER_CHECK_RATE_PER_MINUTE: "60000",
  // The vouchers drawn at the bot's priority: at 19, a test run keeping both cores busy starves a drawing
  // for tens of seconds (the bench measures the priority's effect).
  VOUCHER_RENDER_NICE: "0",
};

/** The environment fairway needs to run against a test sandbox and local Bot API server. */
export function testEnv(
  parts: { apiRoot: string; partnerUrl: string; apiKey: string; db: TestDatabase },
  options: { productionLimits?: boolean } = {},
): Record<string, string> {
  return {
    ...(options.productionLimits ? {} : MACHINE_SPEED_LIMITS),
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: parts.apiRoot,
    PARTNER_API_URL: parts.partnerUrl,
    PARTNER_API_KEY: parts.apiKey,
    DATABASE_URL: parts.db.config.kind === "sqlite" ? `sqlite:${parts.db.config.path}` : "",
    DEFAULT_LOCALE: "en",
    // No warning before a hold lapses: most tests move the clock through holds and are about something else
    // (test/bot/prices/hold-warning.test.ts turns it on).
    PAYMENT_WARNING_MINUTES: "0",
    // The public and the operator's HTTP servers on free ports: tests run side by side.
    PORT: "0",
    OPERATOR_PORT: "0",
  };
}

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  env?: Record<string, string>;
  db?: TestDatabase;
  reaperIntervalMs?: number;
  /** How often fairway looks for reminders and the digest (default 60 s: tests call `app.afterBooking.tick()`). */
  afterBookingIntervalMs?: number;
  /** How often the watch checker runs (default 60 s: tests call `app.watches.tick()`). */
  watchIntervalMs?: number;
  /** Production's per-user limit and outgoing budget instead of `MACHINE_SPEED_LIMITS`. */
  productionLimits?: boolean;
  /** Options of the local Bot API server (e.g. `rateLimits: true`: Telegram's flood limits). */
  telegram?: Pick<BotApiServerOptions, "rateLimits">;
  /** The world's one clock, read by fairway, the sandbox, the Bot API server and the invariant checker. Default `worldClock()`. */
  clock?: WorldClock;
}

export interface Harness {
  app: App;
  sandbox: ReturnType<typeof createSandbox>;
  telegram: BotApiServer;
  db: TestDatabase;
  /** The world's clock (`test/helpers/clock.ts`): a test moves it to expire holds or cross midnight. */
  clock: WorldClock;
  /** Every log line written by fairway (JSON). */
  logs: string[];
  /**
   * A simulated Telegram user. By default an agent (added to the ledger's agents table, as an admin's
   * `/agents add` would); `role: "stranger"` leaves them unknown (ADMIN_IDS/AGENT_IDS come from `env`).
   */
  user(id: number, language_code?: string, first_name?: string, role?: "agent" | "stranger"): SimulatedUser;
  /** Waits until the bot has handled everything and been quiet for a moment. */
  settle(): Promise<void>;
  /** Stops the app and starts a new one on the same database (optionally with another flow version). */
  restart(options?: { flowVersion?: number }): Promise<void>;
  /** Checks fairway's invariants (`test/helpers/invariants.ts`, unless opted out), then stops everything. */
  stop(): Promise<void>;
  /** The money-and-holds check `stop()` runs; a test may opt out of part of it, always saying why. */
  invariants: {
    /** The test ends with a partner write in flight on purpose (e.g. a crash it does not recover from). */
    allowInFlight(reason: string): void;
    /** No check at all: only for a test whose subject is not fairway's ledger (say why). */
    skip(reason: string): void;
    subject(): InvariantSubject;
    /** The report of the check `stop()` ran. */
    report: InvariantReport | undefined;
  };
}

/** fairway for real, against the sandbox and the local Bot API server over HTTP, on a SQLite file. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? worldClock();
  const timeouts = hungRequestTimeouts();
  const sandbox = createSandbox({
    clock,
    ...options.sandbox,
    onHang(request) {
      timeouts.expire(request);
      options.sandbox?.onHang?.(request);
    },
  });
  const partnerUrl = await sandbox.listen(0);
  // The balance the invariant checker starts from: the initial one, moved by every setBalance.
  let balanceBase = sandbox.balance();
  const setBalance = sandbox.setBalance;
  sandbox.setBalance = (satang: number) => {
    balanceBase += satang - sandbox.balance();
    setBalance(satang);
  };
  let inFlightReason: string | undefined;
  let skipReason: string | undefined;
  const telegram = createBotApiServer({ token: TEST_BOT_TOKEN, clock, ...options.telegram });
  const apiRoot = await telegram.listen(0);
  const db = options.db ?? sqliteDatabase();
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const env = {
    ...testEnv(
      { apiRoot, partnerUrl, apiKey: sandbox.apiKey, db },
      { productionLimits: options.productionLimits ?? false },
    ),
    LOG_LEVEL: "debug",
    ...options.env,
  };
  const config = { ...createConfig(env), database: db.config };
  const logger = createLogger({ level: config.logLevel, secrets: config.secrets, destination });
  const handling = trackHandling();
  const make = async (flowVersion?: number) => {
    const made = await createApp({
      config,
      logger,
      ...(flowVersion !== undefined ? { flowVersion } : {}),
      now: clock,
      partnerTimeouts: timeouts.start,
      reaperIntervalMs: options.reaperIntervalMs ?? 60_000,
      afterBookingIntervalMs: options.afterBookingIntervalMs ?? 60_000,
      slipRetryIntervalMs: 60 * 60_000,
      holdWarningIntervalMs: 60 * 60_000,
      watchIntervalMs: options.watchIntervalMs ?? 60_000,
    });
    handling.track(made.bot);
    return made;
  };
  let app = await make();
  // `settle()` counts a queued update as pending only once the bot has polled (a server nobody polls
  // would never be idle): on a loaded machine the runner's first getUpdates can come after a test's
  // first message and its quiet period, and settle() would return with the message unread.
  const polled = firstPoll(telegram);
  await app.start();
  await polled;
  // Synchronous, so a test's next line can already act as that agent.
  const direct = db.config.kind === "sqlite" ? new SqliteDatabase(db.config.path) : undefined;
  const makeAgent = (id: number) => {
    if (config.adminIds.includes(id) || config.agentIds.includes(id)) return;
    if (!direct) throw new Error("on PostgreSQL, list test agents in env AGENT_IDS");
    direct
      .prepare("INSERT OR IGNORE INTO agents (user_id, name, added_by, added_at) VALUES (?, ?, 0, ?)")
      .run(id, `agent ${id}`, clock());
  };
  const harness: Harness = {
    get app() {
      return app;
    },
    sandbox,
    telegram,
    db,
    clock,
    logs,
    user(id, language_code = "en", first_name, role = "agent") {
      if (role === "agent") makeAgent(id);
      return telegram.user({ id, language_code, ...(first_name ? { first_name } : {}) });
    },
    settle() {
      // Telegram is quiet while a partner call runs: the sandbox's open requests count as work too.
      return handling.settle(telegram, app, () =>
        sandbox.requests.some((r) => r.status === 0 && r.fault === undefined),
      );
    },
    async restart(restartOptions = {}) {
      await app.stop();
      handling.forgetLost(telegram);
      app = await make(restartOptions.flowVersion);
      await app.start();
    },
    async stop() {
      let failure: Error | undefined;
      if (skipReason === undefined) {
        // Let the bot finish what it is doing, then compare the ledger with the sandbox.
        await harness.settle().catch(() => undefined);
        try {
          harness.invariants.report = await checkInvariants(harness.invariants.subject());
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
      }
      addToTally({ bots: 1, ...serverFigures(sandbox, telegram) });
      direct?.close();
      await app.stop();
      await telegram.close();
      await sandbox.close();
      if (!options.db) await db.cleanup();
      if (failure !== undefined) throw failure;
    },
    invariants: {
      allowInFlight(reason) {
        inFlightReason = reason;
      },
      skip(reason) {
        skipReason = reason;
      },
      subject: () => ({
        sandbox,
        db: app.storage.db,
        now: clock,
        balanceBase,
        adminIds: config.adminIds,
        ...(inFlightReason !== undefined ? { inFlightReason } : {}),
      }),
      report: undefined,
    },
  };
  return harness;
}

/** Resolves when the bot's first getUpdates reaches the server (rejects after 15 s). */
function firstPoll(telegram: BotApiServer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error("harness: the bot did not poll within 15 s of starting"));
    }, 15_000);
    const off = telegram.on("request", ({ method }) => {
      if (method !== "getUpdates") return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}
