/**
 * The watches (src/watches/): their store, and the checker the leader runs, which alerts the agents
 * watching when a tee time opens, priced as /find prices it.
 */
import type { Access } from "../access/index.js";
import type { Config } from "../config/index.js";
import { createWatchAlerts, type WatchAlertsOptions } from "../bot/features/watches/alert.js";
import type { Logger } from "../logger.js";
import type { PartnerCatalog } from "../partner/index.js";
import { sellerOf, type PriceRules } from "../pricing/rules.js";
import type { Metrics } from "../runtime/index.js";
import type { TeeTimeSearch } from "../search/search.js";
import type { Storage } from "../storage/index.js";
import { createWatchChecker, type WatchChecker } from "../watches/checker.js";
import { createWatchStore, type WatchStore } from "../watches/store.js";

export interface WatchesPartOptions {
  config: Pick<Config, "watches">;
  storage: Storage;
  catalog: PartnerCatalog;
  search: TeeTimeSearch;
  access: Access;
  prices: PriceRules;
  /** Where the alerts are queued, in the watcher's language. */
  notifications: WatchAlertsOptions["notifications"];
  i18n: WatchAlertsOptions["i18n"];
  /** Reads, alerts and active watches are counted here. */
  metrics: Pick<Metrics, "watchRead" | "watchAlert" | "trackActiveWatches">;
  logger: Logger;
  now: () => number;
  /** How often the checker looks for (course, date) targets due, ms (the checker's default when absent). */
  intervalMs?: number;
}

/** What `createWatchesPart` builds. */
export interface WatchesPart {
  store: WatchStore;
  /** Run on the leader. */
  checker: WatchChecker;
}

export function createWatchesPart(options: WatchesPartOptions): WatchesPart {
  const { config, storage, access, prices, metrics, now } = options;
  const store = createWatchStore(storage.db, now);
  const checker = createWatchChecker({
    store,
    catalog: options.catalog,
    search: options.search,
    alert: createWatchAlerts({
      notifications: options.notifications,
      i18n: options.i18n,
      now,
      pricing: { access, prices },
    }),
    // A watch's top price is the selling price, as /find's: a customer's agent's, or the watcher's own.
    sellingOf: async (watch) => {
      const book = await prices.book();
      if (!book.hasMarkup()) return undefined;
      return book.sellingPrice(sellerOf(await access.whoIs(watch.userId), watch.userId));
    },
    logger: options.logger.child({ module: "watches" }),
    now,
    readsPerMinute: config.watches.readsPerMinute,
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    onRead: (outcome) => metrics.watchRead(outcome),
    onAlert: (teeTimes) => metrics.watchAlert(teeTimes),
  });
  metrics.trackActiveWatches(() => store.countActive());
  return { store, checker };
}
