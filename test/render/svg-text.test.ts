/*
 * Thai words with SARA AM (ำ) as the vouchers and charts draw them (resvg, through `svgText`), checked against a
 * drawing fairway did not write: Chromium's (HarfBuzz shapes the text, Skia draws it), in the same npm font file
 * at the same size. resvg 2.6 gives the SARA AA of a decomposed ำ no advance, so the letter after it was drawn over
 * it ("การชำระเงิน" on every Thai voucher); the same words as written are the negative control.
 *
 * The measure (test/helpers/ink.ts, as the receipts' against poppler): both drawings made black and white, cut to
 * their ink's box, and every ink pixel of one must have ink within 1 px in the other; the share of ink pixels
 * without a partner must stay small.
 */
import { readFileSync } from "node:fs";
import { PNG } from "pngjs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requiredFontPath, THAI_FONT } from "../../src/render/fonts.js";
import { svgToPng } from "../../src/render/png.js";
import { svgText } from "../../src/render/svg-text.js";
import { inkBox, inkOf, unmatchedShare } from "../helpers/ink.js";
import { CHROMIUM_PRESENT, launchChromium } from "../local/playground/browser.js";

/** Words of fairway's Thai texts (the voucher's money rows, the report) and the hard cases. */
const WORDS = ["การชำระเงิน", "ชำระล่วงหน้า", "กำไร", "น้ำ", "สำหรับ", "ทำรายการ"];
const SIZE = 48;
const WIDTH = 480;
const HEIGHT = 100;
/** Measured: 0 for every word as `svgText` spells it; the words as written leave 31–49 % (น้ำ apart: 0). */
const MAX_UNMATCHED = 0.01;

function resvgInk(body: string): boolean[][] {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<text x="10" y="70" font-family="Noto Sans Thai" font-size="${SIZE}" fill="#000">${body}</text></svg>`;
  return inkBox(inkOf(PNG.sync.read(svgToPng(svg, { width: WIDTH }))));
}

describe.runIf(CHROMIUM_PRESENT || process.env.CI)(
  "Thai with SARA AM drawn by resvg, against Chromium's drawing",
  () => {
    let browser: Browser;
    const chromium = new Map<string, boolean[][]>();

    beforeAll(async () => {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
      const font = readFileSync(requiredFontPath(THAI_FONT.regular)).toString("base64");
      for (const word of WORDS) {
        await page.setContent(
          `<style>@font-face{font-family:T;src:url(data:font/ttf;base64,${font})}` +
            `body{margin:0;background:#fff}div{font:${SIZE}px/1 T;color:#000;padding:10px}</style><div>${word}</div>`,
        );
        await page.evaluate("document.fonts.ready.then(() => true)"); // a string: the tests have no DOM types
        chromium.set(word, inkBox(inkOf(PNG.sync.read(await page.screenshot()))));
      }
    }, 60_000);
    afterAll(() => browser?.close());

    it.each(WORDS)("%s: every mark and letter where Chromium draws it", (word) => {
      expect(unmatchedShare(resvgInk(svgText(word)), chromium.get(word)!)).toBeLessThan(MAX_UNMATCHED);
    });

    it("the words as written (resvg's own handling of ำ) do not pass the same measure", () => {
      const lonely = WORDS.filter((w) => w.includes("ำ")).map((w) => unmatchedShare(resvgInk(w), chromium.get(w)!));
      // "น้ำ" ends with its ำ, so nothing is drawn over its SARA AA; every other word has a letter after it.
      expect(lonely.filter((share) => share >= MAX_UNMATCHED).length).toBeGreaterThanOrEqual(WORDS.length - 1);
    });
  },
);
