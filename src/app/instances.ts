/**
 * This bot's instances and what they share (PostgreSQL): each one's heartbeat, so Telegram's limits and
 * the partner's reads are the bot's, shared by the live ones, not multiplied by them (docs/deployment.md);
 * the token buckets by key; the partner's lists read once. On SQLite one process is alone.
 */
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import { createPartnerCatalog, type PartnerCatalog, type PartnerClient } from "../partner/index.js";
import { botIdOf, createFleet, soloFleet, type Fleet } from "../runtime/fleet.js";
import { instanceId } from "../runtime/housekeeping.js";
import { createBucketStore, type BucketStore } from "../runtime/shared-buckets.js";
import { createSharedReads } from "../runtime/shared-reads.js";
import type { Storage } from "../storage/index.js";

export interface InstancesOptions {
  config: Pick<Config, "partner" | "partnerReadsInFlight">;
  storage: Storage;
  /** The bot's token: the fleet is this bot's instances. */
  token: string;
  partner: PartnerClient;
  /** Whether this instance counts among the live ones now (it receives updates, or leads). */
  active: () => boolean;
  logger: Logger;
  now: () => number;
}

/** What `createInstances` builds. */
export interface Instances {
  /** This process's id among the instances (its heartbeat, its lease). */
  instance: string;
  fleet: Fleet;
  /** The shared buckets in the database (PostgreSQL only). */
  bucketStore?: BucketStore;
  /** The partner's courses and tee times, cached; read once for every instance on PostgreSQL. */
  catalog: PartnerCatalog;
}

/** The fleet, the shared buckets and the partner catalog (its reads shared on PostgreSQL). */
export function createInstances(options: InstancesOptions): Instances {
  const { config, storage, partner, logger, now } = options;
  const instance = instanceId();
  const fleet =
    storage.kind === "postgres"
      ? createFleet({
          db: storage.db,
          bot: botIdOf(options.token),
          instance,
          active: () => options.active(),
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
  return { instance, fleet, ...(bucketStore ? { bucketStore } : {}), catalog };
}
