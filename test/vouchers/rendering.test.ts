/**
 * The voucher as drawn, against reviewed reference images (test/fixtures/vouchers/<locale>.png, drawn
 * with this machine's Debian fonts and looked at by a person): per language, the same size, and at most
 * 0.5 % of the pixels differing by more than 48 grey levels in a channel (anti-aliasing and a font
 * package's minor update pass; a missing font, an unshaped Thai line or a changed layout does not).
 * After a deliberate change: UPDATE_VOUCHER_REFERENCES=1, look at the new images, commit them.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "../../src/bookings/index.js";
import type { Locale } from "../../src/locale.js";
import { svgToPng } from "../../src/render/png.js";
import { voucherContent } from "../../src/vouchers/content.js";
import { voucherSvg } from "../../src/vouchers/svg.js";
import { bookingRow } from "../helpers/booking-row.js";

const WIDTH = 600;
const TOLERANCE = { level: 48, share: 0.005 };
const URL_OF_CHECK = "https://fairway.example/v/AbCdEfGhIjKlMnOpQrStUvWx";

const booking = (over: Partial<BookingRecord> = {}): BookingRecord =>
  ({
    ...bookingRow("b-ref", "PAID", Date.UTC(2026, 11, 3, 0, 30), Date.UTC(2026, 10, 27), {
      course_name: "Alpine Golf Club",
      course_name_th: "อัลไพน์ กอล์ฟ คลับ",
      persons: 4,
      customer_name: "Somchai Jaidee",
      reservation_code: "RSV-12345",
      amount: 800_000,
      expected_amount: 800_000,
      selling_amount: 1_000_000,
      caddy_info: JSON.stringify({ caddyPrice: 40_000 }),
    }),
    ...over,
  }) as BookingRecord;

/** The reference voucher of each language: a single booking in en, a group of two in th. */
function referenceSvg(locale: Locale): string {
  const flights =
    locale === "th"
      ? [
          booking({ flight: 1 }),
          booking({
            id: "b-ref-2",
            flight: 2,
            slot_starts_at: Date.UTC(2026, 11, 3, 0, 38),
            persons: 3,
            reservation_code: "RSV-12346",
          }),
        ]
      : [booking()];
  const content = voucherContent(flights, {
    locale,
    agency: { name: "Siam Fairways", contact: "+66 81 234 5678" },
    address: "333 Moo 4, Bang Kadi, Pathum Thani 12000",
  });
  return voucherSvg(content, URL_OF_CHECK);
}

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
  it.each(["en", "th"] as const)("%s matches its reviewed reference image", (locale) => {
    const file = new URL(`../fixtures/vouchers/${locale}.png`, import.meta.url);
    const png = svgToPng(referenceSvg(locale), { width: WIDTH });
    if (process.env.UPDATE_VOUCHER_REFERENCES === "1") writeFileSync(file, png);
    expect(existsSync(file), `${locale}.png: draw it with UPDATE_VOUCHER_REFERENCES=1 and review it`).toBe(true);
    const drawn = PNG.sync.read(png);
    const reference = PNG.sync.read(readFileSync(file));
    expect([drawn.width, drawn.height]).toEqual([reference.width, reference.height]);
    expect(differing(drawn, reference, TOLERANCE.level)).toBeLessThanOrEqual(TOLERANCE.share);
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
