import { sql, type Kysely } from "kysely";
import type { Logger } from "../logger.js";
import type { Database } from "../storage/index.js";

/** An instance's counters since it started, published with its heartbeat (the fleet's totals in /metrics). */
export interface FleetStats {
  /** Sends and edits that went through the outgoing budget. */
  sends: number;
  /** Of those, how many waited for a token, and how long all together (seconds). */
  waited: number;
  waitSeconds: number;
  /** Answers 429 Too Many Requests Telegram gave. */
  rateLimited: number;
}

/** What an instance publishes at each heartbeat. */
export interface FleetReport {
  /** Sends per second it asked of the outgoing budget lately: answers to updates… */
  interactive: number;
  /** …and background sends (the outbox, on the leader). */
  background: number;
  stats: FleetStats;
}

/** A live instance as the last heartbeat saw it. */
export interface FleetMember extends FleetReport {
  instance: string;
  /** Receives updates (webhook, or the polling lease) or leads; a polling standby is not active. */
  active: boolean;
  /** This process. */
  self: boolean;
}

/** fairway's instances of one bot: who is alive, and what each asks of the limits they share. */
export interface Fleet {
  /** This process's id. */
  instance: string;
  /** The live instances at the last heartbeat, this one first. */
  members(): FleetMember[];
  /**
   * Whether another live instance receives updates: the limits are then kept in the database for all
   * of them; while this one is alone they stay in its memory (today's speed, nothing shared to ask).
   */
  shared(): boolean;
  /** What to publish at each heartbeat (the outgoing budget's demand and counters). */
  reportWith(report: () => FleetReport): void;
  /** Called after each heartbeat with the live instances. */
  onBeat(listener: (members: FleetMember[]) => void): void;
  /** First heartbeat now (awaited), then every `everyMs`. */
  start(): Promise<void>;
  /** Stops beating and removes this instance's row, so the others take its share at once. */
  stop(): Promise<void>;
}

export interface FleetOptions {
  db: Kysely<Database>;
  /** The bot's id (the token's number before the colon): instances of one bot share its limits. */
  bot: string;
  instance: string;
  /** Whether this instance receives updates or leads now. */
  active: () => boolean;
  logger: Logger;
  /** Between heartbeats, ms. Default 1000. */
  everyMs?: number;
  /** An instance without a heartbeat for this long is gone (its share returns to the others), ms. Default 3000. */
  ttlMs?: number;
}

const ZERO: FleetStats = { sends: 0, waited: 0, waitSeconds: 0, rateLimited: 0 };

/**
 * The heartbeat of each instance in `limit_instances` (PostgreSQL), on the database's clock: one
 * statement a second writes this instance's row and reads the other live ones. An instance killed
 * without a word drops out `ttlMs` after its last beat; one that stops cleanly deletes its row.
 */
export function createFleet(options: FleetOptions): Fleet {
  const { db, bot, instance, logger } = options;
  const everyMs = options.everyMs ?? 1_000;
  const ttlMs = options.ttlMs ?? 3_000;
  let report: () => FleetReport = () => ({ interactive: 0, background: 0, stats: ZERO });
  const listeners: ((members: FleetMember[]) => void)[] = [];
  let others: FleetMember[] = [];
  let mine: FleetMember = { instance, active: options.active(), self: true, ...report() };
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let failing = false;

  async function beat(): Promise<void> {
    const r = report();
    const active = options.active();
    mine = { instance, active, self: true, ...r };
    try {
      const { rows } = await sql<{
        instance: string;
        active: number;
        interactive: number;
        background: number;
        stats: string;
      }>`with t as (select (extract(epoch from clock_timestamp()) * 1000)::float8 as now),
        gone as (
          delete from limit_instances
          where bot = ${bot} and instance <> ${instance} and expires_at < (select now from t) - 60000
        ),
        up as (
          insert into limit_instances (bot, instance, expires_at, active, interactive, background, stats)
          select ${bot}, ${instance}, t.now + ${ttlMs}::float8, ${active ? 1 : 0}::int, ${r.interactive}::float8,
            ${r.background}::float8, ${JSON.stringify(r.stats)} from t
          on conflict (bot, instance) do update set expires_at = excluded.expires_at, active = excluded.active,
            interactive = excluded.interactive, background = excluded.background, stats = excluded.stats
        )
        select l.instance, l.active, l.interactive, l.background, l.stats
        from limit_instances l, t
        where l.bot = ${bot} and l.instance <> ${instance} and l.expires_at > t.now`.execute(db);
      others = rows.map((row) => ({
        instance: row.instance,
        active: row.active === 1,
        interactive: Number(row.interactive),
        background: Number(row.background),
        stats: parseStats(row.stats),
        self: false,
      }));
      if (failing) logger.info("instance heartbeat works again");
      failing = false;
    } catch (err) {
      // The others' last known rows stay: sharing with instances that may be gone is the safe side.
      if (!failing) logger.warn({ err }, "instance heartbeat failed; the last known instances are kept");
      failing = true;
    }
    const members = fleet.members();
    for (const listener of listeners) listener(members);
  }

  const tick = () => {
    pass = pass.then(beat).catch((err: unknown) => logger.error({ err }, "instance heartbeat step failed"));
  };

  const fleet: Fleet = {
    instance,
    members: () => [mine, ...others],
    shared: () => others.some((m) => m.active),
    reportWith(fn) {
      report = fn;
    },
    onBeat(listener) {
      listeners.push(listener);
    },
    async start() {
      if (timer) return;
      tick();
      await pass;
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await pass;
      others = [];
      await db
        .deleteFrom("limit_instances")
        .where("bot", "=", bot)
        .where("instance", "=", instance)
        .execute()
        .catch((err: unknown) => logger.warn({ err }, "instance row not removed"));
    },
  };
  return fleet;
}

/** One process alone (SQLite): nothing to share, nothing to ask. */
export function soloFleet(instance: string): Fleet {
  let report: () => FleetReport = () => ({ interactive: 0, background: 0, stats: ZERO });
  return {
    instance,
    members: () => [{ instance, active: true, self: true, ...report() }],
    shared: () => false,
    reportWith(fn) {
      report = fn;
    },
    onBeat: () => undefined,
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}

/** The bot's id in a token (`123456:AA…` → `123456`), never the secret part. */
export function botIdOf(token: string): string {
  return token.split(":")[0] ?? "";
}

function parseStats(text: string): FleetStats {
  try {
    const s = JSON.parse(text) as Partial<FleetStats>;
    return {
      sends: Number(s.sends) || 0,
      waited: Number(s.waited) || 0,
      waitSeconds: Number(s.waitSeconds) || 0,
      rateLimited: Number(s.rateLimited) || 0,
    };
  } catch {
    return ZERO;
  }
}
