/**
 * fairway's PNG files (src/render/png-encode.ts) read back, by a decoder fairway did not write (pngjs, which
 * checks every chunk's CRC), as exactly the pixels resvg drew, as resvg's own encoder gives them.
 */
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { encodePng, encodePngOffThread } from "../../src/render/png-encode.js";
import { renderOptions, svgToPng } from "../../src/render/png.js";
import { referenceVoucherSvg } from "../helpers/image-references.js";

const drawn = (locale: "en" | "th") => {
  const svg = referenceVoucherSvg(locale, locale === "th" ? "group" : "booking");
  return new Resvg(svg, renderOptions(svg, { width: 900 })).render();
};

describe("the PNG encoder", () => {
  it.each(["en", "th"] as const)(
    "writes a %s voucher that pngjs decodes to resvg's own PNG's pixels, no larger than it by a quarter",
    (locale) => {
      const image = drawn(locale);
      const ours = encodePng(image);
      const theirs = image.asPng();
      const a = PNG.sync.read(ours);
      const b = PNG.sync.read(theirs);
      expect([a.width, a.height]).toEqual([900, image.height]);
      expect([b.width, b.height]).toEqual([a.width, a.height]);
      expect(a.data.equals(b.data)).toBe(true);
      expect(ours.length).toBeLessThan(theirs.length * 1.25);
    },
  );

  it("draws svgToPng's file with it, and the same file off the thread", async () => {
    const svg = referenceVoucherSvg("en", "booking");
    const png = svgToPng(svg, { width: 900 });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await encodePngOffThread(drawn("en"))).equals(png)).toBe(true);
  });

  it("refuses pixels that are not width × height × 4 bytes", () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow(RangeError);
  });

  it("is accepted by a decoder that checks CRCs: the same file with its header's CRC changed is refused", async () => {
    // pngjs's asynchronous parser names a CRC error (its synchronous one reports any failure alike).
    const parse = (file: Buffer) =>
      new Promise<PNG>((resolve, reject) => new PNG().parse(file, (e, png) => (e ? reject(e) : resolve(png))));
    const png = encodePng(drawn("en"));
    expect((await parse(png)).width).toBe(900);
    png[8 + 8 + 13] = png[8 + 8 + 13]! ^ 0xff; // the first byte of IHDR's CRC
    await expect(parse(png)).rejects.toThrow(/crc/i);
  });
});
