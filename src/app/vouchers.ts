/**
 * The e-vouchers (src/vouchers/): their table, the PNG renderer's worker, and the check page's handler
 * (behind its per-address limit), mounted under `/v/` on the public server (PORT, with a BOT_TOKEN) and
 * on the playground's port (without).
 */
import type { BookingService } from "../bookings/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerCatalog } from "../partner/index.js";
import { createPngRenderer } from "../render/renderer.js";
import type { Fleet } from "../runtime/fleet.js";
import { createHttpLimit } from "../runtime/http-limit.js";
import type { BucketStore } from "../runtime/shared-buckets.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Storage } from "../storage/index.js";
import { createCheckPage, VOUCHER_PATH_PREFIX } from "../vouchers/check-page.js";
import { createVoucherStore } from "../vouchers/store.js";
import { createVouchers, type Vouchers } from "../vouchers/vouchers.js";

export interface VouchersPartOptions {
  config: Pick<Config, "agency" | "voucherUrl" | "voucherRenderNice" | "limits">;
  storage: Storage;
  bookings: Pick<BookingService, "get" | "getGroup" | "movesOf">;
  /** Where a course's address is read (the partner's course list, cached). */
  catalog: Pick<PartnerCatalog, "course">;
  /** The check page's per-address limit is the bot's, shared by its live instances. */
  fleet: Fleet;
  bucketStore?: BucketStore;
  logger: Logger;
  now: () => number;
}

/** The vouchers, the check page's route (by prefix) and what closes the renderer's worker. */
export function createVouchersPart(options: VouchersPartOptions): {
  vouchers: Vouchers;
  prefixRoutes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>;
  close: () => Promise<void>;
} {
  const { config, logger } = options;
  const renderer = createPngRenderer({ nice: config.voucherRenderNice });
  const log = logger.child({ module: "vouchers" });
  const vouchers = createVouchers({
    store: createVoucherStore(options.storage.db, options.now),
    bookings: options.bookings,
    renderer,
    agency: config.agency,
    ...(config.voucherUrl ? { checkOrigin: config.voucherUrl } : {}),
    courseAddress: async (id) => (await options.catalog.course(id))?.address || undefined,
    movedFrom: async (id) =>
      (await options.bookings.movesOf(id)).find((m) => m.new_booking_id === id && m.state === "DONE")?.old_booking_id,
    movedAway: async (id) =>
      (await options.bookings.movesOf(id)).some((m) => m.old_booking_id === id && m.state === "DONE"),
    logger: log,
  });
  return {
    vouchers,
    prefixRoutes: {
      [VOUCHER_PATH_PREFIX]: createCheckPage({
        vouchers,
        limit: createHttpLimit({
          name: "voucher-check",
          burst: config.limits.voucherCheckPerMinute,
          perMinute: config.limits.voucherCheckPerMinute,
          fleet: options.fleet,
          ...(options.bucketStore ? { store: options.bucketStore } : {}),
          logger: log,
          what: "voucher check",
        }),
        logger: log,
      }),
    },
    close: () => renderer.close(),
  };
}
