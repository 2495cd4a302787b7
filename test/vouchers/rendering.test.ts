/**
 * The voucher as drawn, against reviewed reference images (test/fixtures/vouchers/<name>.png, drawn with the
 * fonts of src/render/fonts.ts, npm packages, and looked at by a person): per language, the same size, and
 * within `TOLERANCE` (test/helpers/image-references.ts). English is a booking, Thai a group; Korean, Japanese
 * and Chinese both (`ko.png`, `ko-group.png`, …). After a deliberate change: UPDATE_VOUCHER_REFERENCES=1, look
 * at the new images, commit them.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { netOf, sellingOf } from "../../src/bot/format/booking-money.js";
import { formatBaht } from "../../src/bot/format/money.js";
import type { Locale } from "../../src/locale.js";
import { FAMILY } from "../../src/render/fonts.js";
import { svgToPng } from "../../src/render/png.js";
import { voucherSvg } from "../../src/vouchers/svg.js";
import { VOUCHER_PNG_WIDTH } from "../../src/vouchers/vouchers.js";
import {
  differing,
  referenceContent,
  referenceFlights,
  referenceVoucherSvg,
  TOLERANCE,
  URL_OF_CHECK,
  VOUCHER_REFERENCE_WIDTH as WIDTH,
  VOUCHER_REFERENCES as REFERENCES,
  voucherReference,
} from "../helpers/image-references.js";

describe("the voucher's rendering", () => {
  it.each(REFERENCES)("$name matches its reviewed reference image ($kind)", ({ name, locale, kind }) => {
    const file = voucherReference(name);
    const png = svgToPng(referenceVoucherSvg(locale, kind), { width: WIDTH });
    if (process.env.UPDATE_VOUCHER_REFERENCES === "1") writeFileSync(file, png);
    expect(existsSync(file), `${name}.png: draw it with UPDATE_VOUCHER_REFERENCES=1 and review it`).toBe(true);
    const drawn = PNG.sync.read(png);
    const reference = PNG.sync.read(readFileSync(file));
    expect([drawn.width, drawn.height]).toEqual([reference.width, reference.height]);
    expect(differing(drawn, reference, TOLERANCE.level)).toBeLessThanOrEqual(TOLERANCE.share);
  });

  it.each(REFERENCES)("$name shows the selling price, never the net (a 25 % markup)", ({ locale, kind }) => {
    const flights = referenceFlights(locale, kind);
    const svg = referenceVoucherSvg(locale, kind);
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
    const png = svgToPng(referenceVoucherSvg(locale, kind), { width: VOUCHER_PNG_WIDTH });
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
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="10" y="70" font-size="40" font-family="${FAMILY.thai}">${text}</text></svg>`;
      const image = PNG.sync.read(svgToPng(svg, { width: 100 }));
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) if (image.data[(y * image.width + x) * 4]! < 128) return y;
      return image.height;
    };
    expect(top("ท"), "the consonant is drawn").toBeLessThan(70);
    expect(top("ที่")).toBeLessThan(top("ท") - 8);
  });
});
