/**
 * E-vouchers: a PNG for a paid booking or group, made to be forwarded, whose QR opens the check page
 * (`check-page.ts`) behind an unguessable token. Drawn in the PNG renderer's worker (`../render/`).
 */
import type { BookingRecord, BookingService, GroupView } from "../bookings/index.js";
import type { Logger } from "../logger.js";
import { INTL_LOCALES, type Locale } from "../locale.js";
import type { PngRenderer } from "../render/renderer.js";
import { lazy } from "../runtime/lazy.js";
import { voucherContent } from "./content.js";
import { voucherStatus, type VoucherStatus } from "./status.js";
import type { VoucherRow, VoucherStore } from "./store.js";

/** The card's drawing and its QR library, loaded with the first voucher. */
const svg = lazy(() => import("./svg.js"));

/**
 * The PNG's width in pixels (the 600-unit card drawn at 4/3). Telegram keeps a photo at most 1280 px on its long
 * side (and shows 800 in the chat), so the 1332-px-tall card drawn 900 wide reached the reader at 865 × 1280 and
 * a group's taller card at the same size from 800 as from 900. resvg's CPU follows the pixels (an empty 900 ×
 * 1332 canvas alone takes 23 ms): 800 draws a voucher in about 0.77× the CPU of 900.
 */
export const VOUCHER_PNG_WIDTH = 800;

export interface VouchersOptions {
  store: VoucherStore;
  bookings: Pick<BookingService, "get" | "getGroup">;
  renderer: Pick<PngRenderer, "render">;
  /** The agency's name and contact (no contact: `defaultContact`, the bot's t.me link). */
  agency: { name: string; contact?: string };
  /** The check page's origin (e.g. `https://fairway.example`); unset: vouchers carry no QR. */
  checkOrigin?: string;
  /** The course's address, when the partner gives one (failures: no address). */
  courseAddress?: (courseId: string) => Promise<string | undefined>;
  /**
   * The booking a booking was moved from (a move done), if any: its vouchers are replaced by the new
   * booking's, so their check page says "moved".
   */
  movedFrom?: (bookingId: string) => Promise<string | undefined>;
  /**
   * Whether a finished move replaced a booking (it is the old side of a move done): its voucher's page
   * says "moved" even before the new voucher is drawn, and a group's voucher leaves that flight out (the
   * group's new flight stands in its place). Unset: none was.
   */
  movedAway?: (bookingId: string) => Promise<boolean>;
  logger: Logger;
}

/** A voucher drawn: its token, its PNG and the check page's address (when an origin is known). */
export interface Voucher {
  token: string;
  png: Buffer;
  url?: string;
  /** How long the drawing took in the worker, ms. */
  renderMs: number;
}

/** What the check page shows of a voucher now. */
export interface VoucherCheck {
  locale: Locale;
  status: VoucherStatus;
  flights: BookingRecord[];
}

/** `locale` if fairway speaks it, else English (a voucher drawn in a language since removed). */
export function voucherLocale(locale: string): Locale {
  return Object.hasOwn(INTL_LOCALES, locale) ? (locale as Locale) : "en";
}

export function createVouchers(options: VouchersOptions) {
  const { store, logger } = options;

  async function draw(
    flights: BookingRecord[],
    of: { bookingId: string } | { groupId: string },
    env: { locale: Locale; defaultContact: string },
  ): Promise<Voucher> {
    const first = flights[0]!;
    const address = await options.courseAddress?.(first.course_id).catch(() => undefined);
    const token = await store.issue(of, env.locale);
    if ("bookingId" in of) {
      const old = await options.movedFrom?.(of.bookingId);
      if (old) await store.replaceOf(old, token);
    }
    const url = options.checkOrigin ? `${options.checkOrigin}/v/${token}` : undefined;
    const content = voucherContent(flights, {
      locale: env.locale,
      agency: { name: options.agency.name, contact: options.agency.contact ?? env.defaultContact },
      ...(address ? { address } : {}),
    });
    const { voucherSvg } = await svg();
    const { png, ms } = await options.renderer.render(voucherSvg(content, url), { width: VOUCHER_PNG_WIDTH });
    logger.info({ ...of, ms: Math.round(ms), bytes: png.length }, "e-voucher drawn");
    return { token, png, ...(url ? { url } : {}), renderMs: ms };
  }

  return {
    /** The voucher of a booking, in `locale`; `defaultContact` when no AGENCY_CONTACT is set. */
    forBooking(b: BookingRecord, env: { locale: Locale; defaultContact: string }): Promise<Voucher> {
      return draw([b], { bookingId: b.id }, env);
    },
    /** The voucher of a group: one card listing every paid flight (a flight moved: its new one). */
    async forGroup(view: GroupView, env: { locale: Locale; defaultContact: string }): Promise<Voucher> {
      const paid = await standing(view.flights);
      return draw(paid.length > 0 ? paid : view.flights, { groupId: view.group.id }, env);
    },
    /** What the voucher behind `token` is worth now; undefined for an unknown or malformed token. */
    async check(token: string): Promise<VoucherCheck | undefined> {
      const row = await store.find(token);
      if (!row) return undefined;
      const flights = await flightsOf(row);
      if (flights.length === 0) return undefined;
      const moved = row.replaced_by !== null || (row.booking_id !== null && (await movedAway(row.booking_id)));
      return { locale: voucherLocale(row.locale), status: voucherStatus(flights, moved), flights };
    },
  };

  function movedAway(bookingId: string): Promise<boolean> {
    return options.movedAway?.(bookingId) ?? Promise.resolve(false);
  }

  /** A group's flights that stand on its voucher: the paid ones, less those a finished move replaced. */
  async function standing(flights: BookingRecord[]): Promise<BookingRecord[]> {
    const paid = flights.filter((f) => f.paid_at !== null);
    const away = await Promise.all(paid.map((f) => movedAway(f.id)));
    return paid.filter((_, i) => !away[i]);
  }

  async function flightsOf(row: VoucherRow): Promise<BookingRecord[]> {
    if (row.booking_id) {
      const b = await options.bookings.get(row.booking_id);
      return b ? [b] : [];
    }
    if (!row.group_id) return [];
    const view = await options.bookings.getGroup(row.group_id);
    return view ? standing(view.flights) : [];
  }
}

export type Vouchers = ReturnType<typeof createVouchers>;
