/**
 * Token buckets by key (a chat's sends, a sender's updates, a stranger's allowance), kept in this
 * process's memory while it is the only instance receiving updates, and in PostgreSQL
 * (`limit_buckets`, one statement a take, on the database's clock) while others are (`Fleet.shared`).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../storage/index.js";
import type { Fleet } from "./fleet.js";
import { createBuckets, type KeyedBuckets, type Rate, type TakeResult } from "./token-bucket.js";

export type { KeyedBuckets, TakeResult } from "./token-bucket.js";

/** The database's clock in ms, as each statement below reads it. */
const DB_NOW = sql`(extract(epoch from clock_timestamp()) * 1000)::float8`;

/**
 * Token buckets in PostgreSQL's `limit_buckets`: a take is one statement (an upsert that takes the
 * token only if the refilled bucket has one, and the row as it was, for the wait when it had none).
 */
export function createBucketStore(db: Kysely<Database>) {
  return {
    async take(key: string, rate: Rate): Promise<TakeResult> {
      const burst = sql`${rate.burst}::float8`;
      const perSecond = sql`${rate.perSecond}::float8`;
      const refilled = sql`least(${burst}, b.tokens + greatest(0, excluded.at - b.at) / 1000.0 * ${perSecond})`;
      const { rows } = await sql<{
        granted: number;
        tokens: number | null;
        at: number | null;
        paused_until: number | null;
        now: number;
      }>`with t as (select ${DB_NOW} as now),
        up as (
          insert into limit_buckets as b (key, tokens, at, paused_until, full_at)
          select ${key}, ${burst} - 1, t.now, 0, t.now + 1000.0 / ${perSecond} from t
          on conflict (key) do update set
            tokens = ${refilled} - 1,
            at = excluded.at,
            full_at = excluded.at + (${burst} + 1 - ${refilled}) * 1000.0 / ${perSecond}
          where b.paused_until <= excluded.at and ${refilled} >= 1
          returning 1
        )
        select (select count(*) from up)::int as granted, b.tokens, b.at, b.paused_until, t.now
        from t left join limit_buckets b on b.key = ${key}`.execute(db);
      const row = rows[0];
      if (!row || Number(row.granted) > 0) return { ok: true, waitMs: 0 };
      const now = Number(row.now);
      const pausedFor = Number(row.paused_until ?? 0) - now;
      if (pausedFor > 0) return { ok: false, waitMs: Math.ceil(pausedFor) };
      const tokens = Math.min(
        rate.burst,
        Number(row.tokens ?? rate.burst) + (Math.max(0, now - Number(row.at ?? now)) / 1000) * rate.perSecond,
      );
      return { ok: false, waitMs: Math.max(1, Math.ceil(((1 - tokens) / rate.perSecond) * 1000)) };
    },

    async pause(key: string, rate: Rate, ms: number): Promise<void> {
      await sql`with t as (select ${DB_NOW} as now)
        insert into limit_buckets as b (key, tokens, at, paused_until, full_at)
        select ${key}, 0, t.now + ${ms}::float8, t.now + ${ms}::float8,
          t.now + ${ms}::float8 + ${rate.burst}::float8 * 1000.0 / ${rate.perSecond}::float8 from t
        on conflict (key) do update set tokens = 0, at = greatest(b.at, excluded.at),
          paused_until = greatest(b.paused_until, excluded.paused_until), full_at = greatest(b.full_at, excluded.full_at)`.execute(
        db,
      );
    },
  };
}

export type BucketStore = ReturnType<typeof createBucketStore>;

/** Deletes the shared buckets full again for a minute (they hold nothing a fresh one would not). */
export async function sweepBuckets(db: Kysely<Database>): Promise<void> {
  await sql`delete from limit_buckets where full_at < ${DB_NOW} - 60000`.execute(db);
}

export interface FleetBucketsOptions {
  /** Names these buckets among the bot's (`chat`, `user`, `stranger`, …). */
  name: string;
  rate: Rate;
  fleet: Fleet;
  /** The database's buckets (PostgreSQL); without it, always in memory. */
  store?: BucketStore;
  /**
   * While true (and with a `store`), the buckets are the database's. Default `fleet.shared()`: another
   * instance receives updates. Limits on what any live instance serves (the Mini App's HTTP calls, a
   * polling standby's too) are shared whenever another instance is live.
   */
  sharedWhile?: () => boolean;
  /** Monotonic ms for the local buckets (default performance.now). */
  clock?: () => number;
  /** A database take that failed (the local bucket answered instead). */
  onError?: (error: unknown) => void;
  /**
   * While shared, ask this process's bucket first and the database only when it has a token (a
   * flood's excess then costs no database call). It may refuse a little early: a token it gave that
   * the database then refused is spent here all the same. Default false.
   */
  inMemoryFirst?: boolean;
}

/**
 * Buckets of one rate that are the bot's, not this process's: in memory while this instance is alone
 * (exactly as one process always did), in the database while others receive updates. A database
 * that does not answer falls back to memory (each instance then limits on its own) rather than
 * holding every send.
 */
export function fleetBuckets(options: FleetBucketsOptions): KeyedBuckets {
  const { fleet, store, rate } = options;
  const clock = options.clock ?? (() => performance.now());
  const local = createBuckets(rate, clock);
  const prefix = `${options.name}:`;
  /** When a denied key may go again, as the database last said (for `estimate`). */
  const deniedUntil = new Map<string, number>();
  const sharedWhile = options.sharedWhile ?? (() => fleet.shared());
  const shared = () => store !== undefined && sharedWhile();

  return {
    async take(key) {
      if (!shared()) return local.takeNow(key);
      if (options.inMemoryFirst) {
        const first = local.takeNow(key);
        if (!first.ok) return first;
      }
      try {
        const result = await store!.take(prefix + key, rate);
        if (result.ok) deniedUntil.delete(key);
        else {
          if (deniedUntil.size > 10_000) deniedUntil.clear();
          deniedUntil.set(key, clock() + result.waitMs);
        }
        return result;
      } catch (error) {
        options.onError?.(error);
        return local.takeNow(key);
      }
    },
    async pause(key, ms) {
      await local.pause(key, ms);
      if (!shared()) return;
      deniedUntil.set(key, clock() + ms);
      await store!.pause(prefix + key, rate, ms).catch((error: unknown) => options.onError?.(error));
    },
    estimate(key) {
      if (!shared()) return local.estimate(key);
      const until = deniedUntil.get(key);
      return until === undefined ? 0 : Math.max(0, Math.ceil(until - clock()));
    },
  };
}
