import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import type { Database } from "../storage/index.js";

export interface LeaseOptions {
  db: Kysely<Database>;
  /** The job, e.g. "leader". */
  name: string;
  /** This instance (unique per process). */
  holder: string;
  /** How long a lease lasts without renewal, ms. Default 10 s. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * A lease in the database: one holder at a time, taken over once it lapses. On PostgreSQL the upsert
 * is one atomic statement, so two instances racing for a lapsed lease cannot both win; on SQLite
 * there is one process anyway. The instances' clocks must agree to well under `ttlMs`.
 */
export function createLease(options: LeaseOptions) {
  const { db, name, holder } = options;
  const ttlMs = options.ttlMs ?? 10_000;
  const now = options.now ?? Date.now;
  let heldUntil = 0;

  return {
    holder,
    ttlMs,
    /** Takes or renews the lease; true while this instance holds it. */
    async acquire(): Promise<boolean> {
      const at = now();
      await db
        .insertInto("leases")
        .values({ name, holder, expires_at: at + ttlMs })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ holder, expires_at: at + ttlMs })
            .where((eb) => eb.or([eb("leases.holder", "=", holder), eb("leases.expires_at", "<=", at)])),
        )
        .execute();
      const row = await db
        .selectFrom("leases")
        .select(["holder", "expires_at"])
        .where("name", "=", name)
        .executeTakeFirst();
      heldUntil = row?.holder === holder ? row.expires_at : 0;
      return heldUntil > at;
    },
    /** Whether the last acquire won and has not lapsed since (no database call). */
    held: () => heldUntil > now(),
    /** Gives the lease up at once, so a standby need not wait for it to lapse. */
    async release(): Promise<void> {
      heldUntil = 0;
      await db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
    },
  };
}

export type Lease = ReturnType<typeof createLease>;

export interface LeadershipOptions {
  lease: Lease;
  logger: Logger;
  /** How often the holder renews and a standby tries, ms. Default a third of the lease's time. */
  everyMs?: number;
  /** Called when this instance becomes the leader: start the once-only jobs. */
  onElected: () => void | Promise<void>;
  /** Called when it stops being the leader (lost the lease, or stopping): stop them. */
  onDeposed: () => void | Promise<void>;
}

/**
 * Runs the once-only jobs on exactly one instance: every instance tries for the lease; the holder
 * renews it, and a standby takes over within `ttlMs + everyMs` of the holder's death. A holder that
 * cannot renew (database unreachable, or another took the lease) stops its jobs before the lease
 * could pass to anyone else.
 */
export function createLeadership(options: LeadershipOptions) {
  const { lease, logger } = options;
  const everyMs = options.everyMs ?? Math.max(100, Math.floor(lease.ttlMs / 3));
  let leader = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let stopped = true;

  async function step(): Promise<void> {
    let won = false;
    try {
      won = await lease.acquire();
    } catch (err) {
      logger.warn({ err }, "lease renewal failed");
      won = lease.held();
    }
    if (stopped) return;
    if (won && !leader) {
      leader = true;
      logger.info({ holder: lease.holder }, "this instance is the leader");
      await options.onElected();
    } else if (!won && leader) {
      leader = false;
      logger.warn({ holder: lease.holder }, "leadership lost; stopping the once-only jobs");
      await options.onDeposed();
    }
  }

  const tick = () => {
    pass = pass.then(step).catch((err: unknown) => logger.error({ err }, "leadership step failed"));
  };

  return {
    isLeader: () => leader,
    /** First attempt now (awaited), then every `everyMs`. */
    async start(): Promise<void> {
      if (!stopped) return;
      stopped = false;
      tick();
      await pass;
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    /** Stops trying; a leader stops its jobs and releases the lease for a standby to take at once. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      await pass;
      if (leader) {
        leader = false;
        await options.onDeposed();
      }
      await lease.release().catch((err: unknown) => logger.warn({ err }, "lease release failed"));
    },
  };
}

export type Leadership = ReturnType<typeof createLeadership>;
