/**
 * The tee sheet Mini App's routes (src/mini-app/): served on PORT with a token, on the playground's port
 * without; none when no MINI_APP_URL is known.
 */
import type { Access } from "../access/index.js";
import type { Config } from "../config/index.js";
import type { FairwayBot } from "../bot/index.js";
import type { Offers } from "../bot/inline/offers.js";
import { handOverUpdate } from "../bot/features/tee-sheet.js";
import { readSession } from "../bot/session.js";
import type { Logger } from "../logger.js";
import { createMiniAppLimit } from "../mini-app/limit.js";
import { createTeeSheetRoutes, type TeeSheetRoutes } from "../mini-app/server.js";
import { createTeeSheet } from "../mini-app/sheet.js";
import type { PartnerCatalog } from "../partner/index.js";
import type { PriceRules } from "../pricing/rules.js";
import type { Fleet } from "../runtime/fleet.js";
import type { BucketStore } from "../runtime/shared-buckets.js";
import type { TeeTimeSearch } from "../search/search.js";
import type { KvStore } from "../storage/index.js";
import { handleUpdateCaught } from "./handle-update.js";

export interface TeeSheetPartOptions {
  config: Pick<Config, "miniAppUrl" | "groupMaxGapMinutes" | "limits">;
  search: TeeTimeSearch;
  catalog: PartnerCatalog;
  access: Access;
  prices: PriceRules;
  /** Where the bot keeps each user's session (their /language choice). */
  kv: KvStore;
  /** The agent's recent courses come first in the sheet. */
  offers: Pick<Offers, "recentCourses">;
  /** The bot the hand-over is given to, and where it keeps the pick until its `/start`. */
  bot: Pick<FairwayBot, "bot" | "teeSheetPicks">;
  /** The Mini App's per-user limit is the bot's, shared by its live instances. */
  fleet: Fleet;
  bucketStore?: BucketStore;
  logger: Logger;
  now: () => number;
}

/** The Mini App's routes, or undefined without a MINI_APP_URL. */
export function createTeeSheetPart(options: TeeSheetPartOptions): TeeSheetRoutes | undefined {
  const { config, search, catalog, access, prices, offers, fleet, bucketStore, logger, now } = options;
  const { bot, teeSheetPicks } = options.bot;
  if (!config.miniAppUrl) return undefined;
  return createTeeSheetRoutes({
    sheet: createTeeSheet({ search, catalog, now, groupGapMinutes: config.groupMaxGapMinutes }),
    access,
    prices,
    botToken: () => bot.token,
    limit: createMiniAppLimit({
      burst: config.limits.miniAppBurst,
      perMinute: config.limits.miniAppPerMinute,
      fleet,
      ...(bucketStore ? { store: bucketStore } : {}),
      logger: logger.child({ module: "tee-sheet" }),
    }),
    chosenLocale: async (userId) => (await readSession(options.kv, userId))?.locale,
    recentCourses: (userId) => offers.recentCourses(userId, 5),
    // The hand-over is an update fairway gives itself, handled as a delivered one (features/tee-sheet.ts).
    handOver: async (user, args) => {
      const token = teeSheetPicks.put(user.id, args);
      await handleUpdateCaught(bot, handOverUpdate(user, token, now()));
    },
    logger: logger.child({ module: "tee-sheet" }),
    now,
  });
}
