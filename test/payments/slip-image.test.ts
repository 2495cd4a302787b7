import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { checkSlipImage, imageHeader, SLIP_LIMITS } from "../../src/payments/slip-image.js";
import { pngHeaderOnly } from "../helpers/slips.js";

function jpegOf(width: number, height: number): Buffer {
  return Buffer.from(jpeg.encode({ data: Buffer.alloc(width * height * 4, 180), width, height }, 80).data);
}

function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe("a slip image's header", () => {
  it("gives a JPEG's and a PNG's size as their decoders (jpeg-js, pngjs) read it", () => {
    const j = jpegOf(123, 45);
    const p = pngOf(77, 301);
    const decodedJ = jpeg.decode(j);
    const decodedP = PNG.sync.read(p);
    expect(imageHeader(j)).toEqual({ format: "jpeg", width: decodedJ.width, height: decodedJ.height });
    expect(imageHeader(p)).toEqual({ format: "png", width: decodedP.width, height: decodedP.height });
  });

  it("is the main frame's, not an EXIF thumbnail's inside APP1", () => {
    const main = jpegOf(300, 200);
    const thumbnail = jpegOf(16, 16);
    const app1 = Buffer.alloc(4);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(2 + 6 + thumbnail.length, 2);
    const withExif = Buffer.concat([main.subarray(0, 2), app1, Buffer.from("Exif\0\0"), thumbnail, main.subarray(2)]);
    expect(imageHeader(withExif)).toEqual({ format: "jpeg", width: 300, height: 200 });
    expect(jpeg.decode(withExif)).toMatchObject({ width: 300, height: 200 });
  });

  it("is undefined for other formats and for a truncated or empty file", () => {
    expect(imageHeader(Buffer.from("RIFF\x10\0\0\0WEBPVP8 ", "latin1"))).toBeUndefined();
    expect(imageHeader(Buffer.from("GIF89a\x10\0\x10\0", "latin1"))).toBeUndefined();
    expect(imageHeader(jpegOf(50, 50).subarray(0, 40))).toBeUndefined();
    expect(imageHeader(pngOf(50, 50).subarray(0, 20))).toBeUndefined();
    expect(imageHeader(new Uint8Array())).toBeUndefined();
  });
});

describe("the slip limits", () => {
  it("take Telegram's largest photo and a phone's 12-megapixel original; refuse a 48-megapixel one", () => {
    expect(checkSlipImage(pngHeaderOnly(2560, 2560), SLIP_LIMITS).kind).toBe("ok");
    expect(checkSlipImage(pngHeaderOnly(4032, 3024), SLIP_LIMITS).kind).toBe("ok");
    expect(checkSlipImage(pngHeaderOnly(4080, 3072), SLIP_LIMITS).kind).toBe("ok");
    expect(checkSlipImage(pngHeaderOnly(8000, 6000), SLIP_LIMITS).kind).toBe("too-large");
    expect(checkSlipImage(pngHeaderOnly(4096, 3073), SLIP_LIMITS).kind).toBe("too-large");
  });

  it("refuse a file over the byte limit whatever its header says, and what is no JPEG or PNG", () => {
    const big = Buffer.concat([pngHeaderOnly(1000, 1000), Buffer.alloc(SLIP_LIMITS.maxBytes)]);
    expect(checkSlipImage(big, SLIP_LIMITS).kind).toBe("too-large");
    expect(checkSlipImage(Buffer.from("not an image"), SLIP_LIMITS).kind).toBe("unsupported");
  });
});
