/**
 * The voucher as drawn, against reviewed reference images (test/fixtures/vouchers/<name>.png, drawn
 * with this machine's Debian fonts and looked at by a person): per language, the same size, and at most
 * 0.5 % of the pixels differing by more than 48 grey levels in a channel (anti-aliasing and a font
 * package's minor update pass; a missing font, an unshaped Thai line or a changed layout does not).
 * English is a booking, Thai a group; Korean, Japanese and Chinese both (`ko.png`, `ko-group.png`, …).
 * After a deliberate change: UPDATE_VOUCHER_REFERENCES=1, look at the new images, commit them.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "../../src/bookings/index.js";
import { netOf, sellingOf } from "../../src/bot/format/booking-money.js";
import { formatBaht } from "../../src/bot/format/money.js";
import { CUSTOMER_ONLY_LOCALES, type Locale } from "../../src/locale.js";
import { svgToPng } from "../../src/render/png.js";
import { voucherContent } from "../../src/vouchers/content.js";
import { voucherSvg } from "../../src/vouchers/svg.js";
import { VOUCHER_PNG_WIDTH } from "../../src/vouchers/vouchers.js";
import { bookingRow } from "../helpers/booking-row.js";

const WIDTH = 600;
const TOLERANCE = { level: 48, share: 0.005 };
const URL_OF_CHECK = "https://fairway.example/v/AbCdEfGhIjKlMnOpQrStUvWx";

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
function referenceFlights(locale: Locale, kind: "booking" | "group"): BookingRecord[] {
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

function referenceContent(locale: Locale, kind: "booking" | "group") {
  return voucherContent(referenceFlights(locale, kind), {
    locale,
    agency: { name: "Siam Fairways", contact: "+66 81 234 5678" },
    address: "333 Moo 4, Bang Kadi, Pathum Thani 12000",
  });
}

/** The reviewed references: English a booking, Thai a group, the customer-only languages both. */
const REFERENCES: { name: string; locale: Locale; kind: "booking" | "group" }[] = [
  { name: "en", locale: "en", kind: "booking" },
  { name: "th", locale: "th", kind: "group" },
  ...CUSTOMER_ONLY_LOCALES.flatMap((locale) => [
    { name: locale, locale, kind: "booking" as const },
    { name: `${locale}-group`, locale, kind: "group" as const },
  ]),
];

/** Pixels differing by more than `level` in any channel, as a share of all. */
function differing(a: PNG, b: PNG, level: number): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4)
    for (let c = 0; c < 3; c++)
      if (Math.abs(a.data[i + c]! - b.data[i + c]!) > level) {
        count++;
        break;
      }
  return count / (a.width * a.height);
}

describe("the voucher's rendering", () => {
  it.each(REFERENCES)("$name matches its reviewed reference image ($kind)", ({ name, locale, kind }) => {
    const file = new URL(`../fixtures/vouchers/${name}.png`, import.meta.url);
    const png = svgToPng(voucherSvg(referenceContent(locale, kind), URL_OF_CHECK), { width: WIDTH });
    if (process.env.UPDATE_VOUCHER_REFERENCES === "1") writeFileSync(file, png);
    expect(existsSync(file), `${name}.png: draw it with UPDATE_VOUCHER_REFERENCES=1 and review it`).toBe(true);
    const drawn = PNG.sync.read(png);
    const reference = PNG.sync.read(readFileSync(file));
    expect([drawn.width, drawn.height]).toEqual([reference.width, reference.height]);
    expect(differing(drawn, reference, TOLERANCE.level)).toBeLessThanOrEqual(TOLERANCE.share);
  });

  it.each(REFERENCES)("$name shows the selling price, never the net (a 25 % markup)", ({ locale, kind }) => {
    const flights = referenceFlights(locale, kind);
    const svg = voucherSvg(referenceContent(locale, kind), URL_OF_CHECK);
    const persons = flights.reduce((n, f) => n + f.persons, 0);
    const net = flights.reduce((n, f) => n + netOf(f), 0);
    const selling = flights.reduce((n, f) => n + sellingOf(f), 0);
    expect(net).toBeLessThan(selling);
    expect(svg).toContain(formatBaht(selling, locale));
    for (const figure of [net, Math.round(net / persons), ...flights.map(netOf)])
      expect(svg).not.toContain(formatBaht(figure, locale));
  });

  // One drawing per language at the size sent (the group where there is one: the longer card).
  const SENT = REFERENCES.filter((r) => r.kind === "group" || r.locale === "en");
  it.each(SENT)("$name as sent: at least 800 px wide, under 300 KB", ({ locale, kind }) => {
    const png = svgToPng(voucherSvg(referenceContent(locale, kind), URL_OF_CHECK), { width: VOUCHER_PNG_WIDTH });
    expect(png.length).toBeLessThan(300 * 1024);
    expect(PNG.sync.read(png).width).toBeGreaterThanOrEqual(800);
  });

  it("draws an ideograph as the reader's language writes it: the same Chinese text on a Japanese voucher differs (骨, 直)", () => {
    const drawn = (locale: Locale) => {
      const content = { ...referenceContent("zh", "booking"), locale, title: "骨直" };
      return PNG.sync.read(svgToPng(voucherSvg(content, URL_OF_CHECK), { width: WIDTH }));
    };
    const [zh, ja] = [drawn("zh"), drawn("ja")];
    expect([zh.width, zh.height]).toEqual([ja.width, ja.height]);
    expect(differing(zh, ja, TOLERANCE.level)).toBeGreaterThan(0);
  });

  it("stacks Thai marks: ที่ reaches higher than ท (a vowel and a tone mark above the consonant)", () => {
    const top = (text: string) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="10" y="70" font-size="40" font-family="Loma">${text}</text></svg>`;
      const image = PNG.sync.read(svgToPng(svg, { width: 100 }));
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) if (image.data[(y * image.width + x) * 4]! < 128) return y;
      return image.height;
    };
    expect(top("ท"), "the consonant is drawn").toBeLessThan(70);
    expect(top("ที่")).toBeLessThan(top("ท") - 8);
  });
});
