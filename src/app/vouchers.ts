/**
 * The e-vouchers (src/vouchers/): their table, the PNG renderer's worker, and the check page's handler,
 * mounted under `/v/` on the public server (PORT, with a BOT_TOKEN) and on the playground's port (without).
 */
import type { BookingService } from "../bookings/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerCatalog } from "../partner/index.js";
import { createPngRenderer } from "../render/renderer.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Storage } from "../storage/index.js";
import { createCheckPage, VOUCHER_PATH_PREFIX } from "../vouchers/check-page.js";
import { createVoucherStore } from "../vouchers/store.js";
import { createVouchers, type Vouchers } from "../vouchers/vouchers.js";

export interface VouchersPartOptions {
  config: Pick<Config, "agency" | "voucherUrl" | "voucherRenderNice">;
  storage: Storage;
  bookings: Pick<BookingService, "get" | "getGroup" | "movesOf">;
  /** Where a course's address is read (the partner's course list, cached). */
  catalog: Pick<PartnerCatalog, "course">;
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
    prefixRoutes: { [VOUCHER_PATH_PREFIX]: createCheckPage({ vouchers, logger: log }) },
    close: () => renderer.close(),
  };
}
