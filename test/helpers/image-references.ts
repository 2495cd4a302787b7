/**
 * The reviewed reference images (test/fixtures/vouchers/, test/fixtures/charts/): what each is drawn from,
 * and how a drawing is compared with one. The voucher's and the chart's tests draw them in this process;
 * test/render/no-system-fonts.test.ts draws the same SVGs in a child that cannot see the system's fonts.
 */
import { fileURLToPath } from "node:url";
import { PNG } from "pngjs";
import type { BookingRecord } from "../../src/bookings/index.js";
import { chartText } from "../../src/bot/features/admin/report-chart.js";
import { createI18n } from "../../src/bot/i18n.js";
import { CUSTOMER_ONLY_LOCALES, type Locale } from "../../src/locale.js";
import { chartSvg } from "../../src/reports/charts/svg.js";
import { voucherContent } from "../../src/vouchers/content.js";
import { voucherSvg } from "../../src/vouchers/svg.js";
import { bookingRow } from "./booking-row.js";
import { sampleFigures } from "./chart-sample.js";

/**
 * How far a drawing may stray from its reference: at most 0.5 % of the pixels differing by more than 48 grey
 * levels in a channel (anti-aliasing and a font's minor update pass; a missing font, an unshaped Thai line or
 * a changed layout does not).
 */
export const TOLERANCE = { level: 48, share: 0.005 };

/** Pixels differing by more than `level` in any channel, as a share of all (the same size required). */
export function differing(a: PNG, b: PNG, level = TOLERANCE.level): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4)
    for (let c = 0; c < 3; c++)
      if (Math.abs(a.data[i + c]! - b.data[i + c]!) > level) {
        count++;
        break;
      }
  return count / (a.width * a.height);
}

/** The reference vouchers' width in pixels (the SVG's own; the voucher is sent wider). */
export const VOUCHER_REFERENCE_WIDTH = 600;
export const URL_OF_CHECK = "https://fairway.example/v/AbCdEfGhIjKlMnOpQrStUvWx";

/** The lead golfer as a customer of each language would be named (their own script drawn bold). */
const LEAD: Readonly<Record<Locale, string>> = {
  en: "Somchai Jaidee",
  th: "Somchai Jaidee",
  ko: "김지호",
  ja: "山田 花子",
  zh: "王伟",
};

const booking = (locale: Locale, over: Partial<BookingRecord> = {}): BookingRecord =>
  ({
    ...bookingRow("b-ref", "PAID", Date.UTC(2026, 11, 3, 0, 30), Date.UTC(2026, 10, 27), {
      course_name: "Alpine Golf Club",
      course_name_th: "อัลไพน์ กอล์ฟ คลับ",
      persons: 4,
      customer_name: LEAD[locale],
      reservation_code: "RSV-12345",
      amount: 800_000,
      expected_amount: 800_000,
      selling_amount: 1_000_000,
      caddy_info: JSON.stringify({ caddyPrice: 40_000 }),
    }),
    ...over,
  }) as BookingRecord;

/** The flights of a reference voucher: one booking, or a group of two tee times 8 minutes apart. */
export function referenceFlights(locale: Locale, kind: "booking" | "group"): BookingRecord[] {
  if (kind === "booking") return [booking(locale)];
  return [
    booking(locale, { flight: 1 }),
    booking(locale, {
      id: "b-ref-2",
      flight: 2,
      slot_starts_at: Date.UTC(2026, 11, 3, 0, 38),
      persons: 3,
      reservation_code: "RSV-12346",
    }),
  ];
}

export function referenceContent(locale: Locale, kind: "booking" | "group") {
  return voucherContent(referenceFlights(locale, kind), {
    locale,
    agency: { name: "Siam Fairways", contact: "+66 81 234 5678" },
    address: "333 Moo 4, Bang Kadi, Pathum Thani 12000",
  });
}

/** The reviewed voucher references: English a booking, Thai a group, the customer-only languages both. */
export const VOUCHER_REFERENCES: { name: string; locale: Locale; kind: "booking" | "group" }[] = [
  { name: "en", locale: "en", kind: "booking" },
  { name: "th", locale: "th", kind: "group" },
  ...CUSTOMER_ONLY_LOCALES.flatMap((locale) => [
    { name: locale, locale, kind: "booking" as const },
    { name: `${locale}-group`, locale, kind: "group" as const },
  ]),
];

/** A reference voucher's file. */
export const voucherReference = (name: string) =>
  fileURLToPath(new URL(`../fixtures/vouchers/${name}.png`, import.meta.url));

/** A reference voucher's SVG. */
export const referenceVoucherSvg = (locale: Locale, kind: "booking" | "group") =>
  voucherSvg(referenceContent(locale, kind), URL_OF_CHECK);

/** The reviewed chart references: /report's chart of two weeks in English and Thai, and of a year in English. */
export const CHART_REFERENCES = [
  { name: "report-en-14-days", locale: "en", period: "two weeks, by day" },
  { name: "report-th-14-days", locale: "th", period: "two weeks, by day" },
  { name: "report-en-year", locale: "en", period: "a year, by month" },
] as const;

/** A reference chart's file. */
export const chartReference = (name: string) =>
  fileURLToPath(new URL(`../fixtures/charts/${name}.png`, import.meta.url));

/** The figures of a reference chart. */
export function referenceChartFigures(period: (typeof CHART_REFERENCES)[number]["period"]) {
  return period === "a year, by month"
    ? sampleFigures("2026-01-01", "2026-12-31", 73, (i) => i * 5)
    : sampleFigures("2026-11-01", "2026-11-14", 40, (i) => i % 14);
}

const i18n = createI18n("en", () => undefined);

/** A reference chart's SVG, as `chartPng` draws it (`CHART_PNG_WIDTH` wide). */
export function referenceChartSvg(locale: Locale, period: (typeof CHART_REFERENCES)[number]["period"]): string {
  const f = referenceChartFigures(period);
  return chartSvg(
    f,
    chartText(f, (k, a) => i18n.t(locale, k, a), locale),
  );
}
