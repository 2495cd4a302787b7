/**
 * The once-only jobs (the hold reaper, reminders and the digest, the watch checker, the course-changes
 * poll, the outbox's drain, polling, the hourly sweeps, the command menus) run on the lease's holder.
 * On SQLite there is one process, so it always leads: a restart after a crash starts at once.
 */
import type { Access } from "../access/index.js";
import { createMenuMemo, syncCommands } from "../bot/commands.js";
import type { FairwayBot } from "../bot/index.js";
import type { Offers } from "../bot/inline/offers.js";
import type { Logger } from "../logger.js";
import { OFFER_RETENTION_MS, sweep } from "../runtime/housekeeping.js";
import { createLease, createLeadership, type Lease, type Leadership } from "../runtime/lease.js";
import { sweepBuckets } from "../runtime/shared-buckets.js";
import type { Storage } from "../storage/index.js";

/** A job the leader runs: started when elected, stopped (and waited for) when deposed. */
export interface LeaderJob {
  start(): void;
  stop(): Promise<void>;
}

export interface LeaderJobsOptions {
  storage: Storage;
  /** This process's id: the lease's holder on PostgreSQL. */
  instance: string;
  /** Started in this order when elected (before polling), stopped in this order when deposed (after it). */
  jobs: readonly LeaderJob[];
  /** Polling mode: started after the jobs, stopped before them. */
  polling?: { start(): Promise<void>; stop(): Promise<void> };
  /** Offers past their retention are pruned by the hourly sweep. */
  offers: Pick<Offers, "prune">;
  /** The command menus are set once updates flow, through this bot's API. */
  bot: FairwayBot["bot"];
  access: Access;
  logger: Logger;
  now: () => number;
}

/** The leadership, and the command menus' sync it starts. */
export interface LeaderJobs {
  leadership: Leadership;
  /** Whether the leader's start-up sync of the command menus is still running. */
  syncingMenus: () => boolean;
  /** Waits for the command menus' sync, if one started (stop waits for it before closing). */
  menusSettled: () => Promise<void>;
}

/** SQLite's lease: one process, always the holder. */
const SOLE_LEASE: Lease = {
  holder: "sqlite",
  ttlMs: 10_000,
  acquire: () => Promise.resolve(true),
  held: () => true,
  release: () => Promise.resolve(),
};

export function createLeaderJobs(options: LeaderJobsOptions): LeaderJobs {
  const { storage, jobs, polling, offers, bot, access, logger, now } = options;
  let sweeper: NodeJS.Timeout | undefined;
  let commandsSynced: Promise<void> | undefined;
  let menusSyncing = false;

  const leadership = createLeadership({
    lease:
      storage.kind === "postgres"
        ? createLease({ db: storage.db, name: "leader", holder: options.instance, now })
        : SOLE_LEASE,
    logger: logger.child({ module: "leadership" }),
    async onElected() {
      for (const job of jobs) job.start();
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
      // Written after polling's first getUpdates has gone out (the next turn of the event loop): the
      // menus' texts in every language take the loop for tens of milliseconds.
      if (commandsSynced === undefined) {
        menusSyncing = true;
        commandsSynced = new Promise((resolve) => setImmediate(resolve))
          .then(() => syncCommands(bot.api, access, createMenuMemo(storage.kv)))
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
      for (const job of jobs) await job.stop();
    },
  });

  return {
    leadership,
    syncingMenus: () => menusSyncing,
    menusSettled: async () => {
      await commandsSynced;
    },
  };
}
