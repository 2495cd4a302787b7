/**
 * Reads the slip-verification QR of a slip image: the image decoded (JPEG by `jpeg-js`, PNG by `pngjs`)
 * within `SlipLimits`, its QR found by `jsqr`, its payload read by `promptparse`'s `slipVerify`; and the
 * SHA-256 of its decoded pixels (`pixelDigest`), by which the same picture is known again whatever its QR.
 * Synchronous and CPU-bound (about a second for a 6.5-megapixel photo): it runs in the slip worker
 * (`slip-worker.ts`), never on the bot's event loop.
 */
import { createHash } from "node:crypto";
import jpeg from "jpeg-js";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { slipVerify } from "promptparse/validate";
import { checkSlipImage, type ImageHeader, type SlipLimits } from "./slip-image.js";

/** jsqr is CommonJS: its function is the module's `default` export under NodeNext's interop. */
const jsQR = jsQRModule.default;

/** What a slip's QR says, when the image has one fairway can read. */
export interface SlipQr {
  /** The bank's transaction reference: the same on two slips means the same transfer. */
  transRef: string;
  sendingBank: string;
  /** The QR's text as printed (what a slip-verification service is sent). */
  text: string;
}

/**
 * What came of reading a slip image. A decoded image (`read`, `no-qr`) has its `pixels`: the SHA-256
 * (hex) of its size and its decoded RGBA pixels (`pixelDigest`).
 */
export type SlipScan =
  | { kind: "read"; qr: SlipQr; pixels: string }
  /** Decoded, but no QR, or one that is not a slip's. */
  | { kind: "no-qr"; pixels: string }
  /** Over the byte or pixel limit (from the header), or the decoder's own memory limit: not decoded. */
  | { kind: "too-large" }
  /** Not a JPEG or PNG (`format`), or one the decoder refused (`decoder`). */
  | { kind: "unreadable"; why: "format" | "decoder" };

/**
 * The long side of each copy scanned (each a whole factor smaller than the image, or the image itself),
 * smallest first, until one has the QR. A slip's QR is large: a small copy finds it at a fraction of the
 * full image's cost. Several sizes, because jsQR finds a code at one size and misses it at the next
 * (how its modules' edges fall on pixels). An image larger than Telegram's photos is never scanned at
 * full size: jsQR's time grows with the pixels and with the texture around the code.
 */
const SCAN_SIDES = [1024, 1280, 1600, 2048, 2560];

/**
 * What the JPEG decoder may allocate, as jpeg-js counts its buffers: 22 bytes a pixel for a 4:4:4 JPEG
 * (280 MB at the pixel limit), 15 for the usual 4:2:0. A backstop: the pixel limit refuses first.
 */
const DECODER_MEMORY_MB = 320;

/** Reads the slip QR of a JPEG or PNG within `limits`. */
export function scanSlip(bytes: Uint8Array, limits: SlipLimits): SlipScan {
  const check = checkSlipImage(bytes, limits);
  if (check.kind === "too-large") return { kind: "too-large" };
  if (check.kind === "unsupported") return { kind: "unreadable", why: "format" };
  const image = decode(bytes, check.header, limits);
  if (!("data" in image)) return image;
  const pixels = pixelDigest(image);
  const found = findQr(image);
  const slip = found === undefined ? undefined : slipVerify(found, true);
  return slip
    ? { kind: "read", qr: { transRef: slip.transRef, sendingBank: slip.sendingBank, text: found! }, pixels }
    : { kind: "no-qr", pixels };
}

/**
 * The SHA-256 (hex) of an image's size and decoded RGBA pixels. The same picture whatever file carries
 * it: the same bytes re-sent, a PNG saved again (another compression, metadata stripped), a JPEG whose
 * file changed around the same image data. Not a re-encoded copy (a JPEG compressed again, as Telegram
 * does a photo sent anew, changes pixels), nor a scaled, cropped or edited one: any changed pixel
 * gives another digest. A perceptual hash would catch a re-encoded copy, but it would also match two
 * honest slips of one bank's layout that differ only in small text, and a crop defeats it too.
 */
export function pixelDigest(image: { data: ArrayBufferView; width: number; height: number }): string {
  const size = Buffer.alloc(8);
  size.writeUInt32BE(image.width, 0);
  size.writeUInt32BE(image.height, 4);
  return createHash("sha256")
    .update(size)
    .update(new Uint8Array(image.data.buffer, image.data.byteOffset, image.width * image.height * 4))
    .digest("hex");
}

/** An image as RGBA, 4 bytes a pixel. */
interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

function decode(bytes: Uint8Array, header: ImageHeader, limits: SlipLimits): Rgba | SlipScan {
  try {
    if (header.format === "png") {
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (png.data.length !== png.width * png.height * 4) return { kind: "unreadable", why: "decoder" };
      return { data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), ...size(png) };
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      maxResolutionInMP: limits.maxPixels / 1_000_000,
      maxMemoryUsageInMB: DECODER_MEMORY_MB,
    });
    return { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), ...size(image) };
  } catch (error) {
    // jpeg-js's own limits ("maxMemoryUsageInMB limit exceeded", "maxResolutionInMP limit exceeded").
    const message = error instanceof Error ? error.message : String(error);
    return /limit exceeded/.test(message) ? { kind: "too-large" } : { kind: "unreadable", why: "decoder" };
  }
}

const size = (image: { width: number; height: number }) => ({ width: image.width, height: image.height });

/** The QR's text in the first copy (`SCAN_SIDES`) that has one. */
function findQr(image: Rgba): string | undefined {
  const side = Math.max(image.width, image.height);
  const factors = [...new Set(SCAN_SIDES.map((target) => Math.max(1, Math.ceil(side / target))))];
  for (const [i, factor] of factors.entries()) {
    const copy = factor === 1 ? image : shrink(image, factor);
    // The options every call: jsqr merges them into its shared defaults, so one call's choice would
    // otherwise stay for the next. A light-on-dark code is looked for in the first copy only.
    const found = jsQR(copy.data, copy.width, copy.height, {
      inversionAttempts: i === 0 ? "attemptBoth" : "dontInvert",
    });
    if (found) return found.data;
  }
  return undefined;
}

/** A grey copy `factor` times smaller on each side, each pixel the mean of the `factor`² it replaces. */
function shrink(image: Rgba, factor: number): Rgba {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  const src = image.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        let p = ((y * factor + dy) * image.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, p += 4) sum += src[p]! * 54 + src[p + 1]! * 183 + src[p + 2]! * 19;
      }
      const grey = sum / area / 256;
      const q = (y * width + x) * 4;
      data[q] = data[q + 1] = data[q + 2] = grey;
      data[q + 3] = 255;
    }
  }
  return { data, width, height };
}
