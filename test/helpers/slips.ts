import { crc32 } from "node:zlib";
import jpeg from "jpeg-js";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { slipVerify } from "promptparse/generate";
import QRCode from "qrcode";
import type { ChatMessage } from "../../src/local/bot-api-server/store.js";

const jsQR = jsQRModule.default;

/** The QR code drawn in a photo fairway sent (a PromptPay QR: its payload), or undefined when none is found. */
export function qrInPhoto(m: Pick<ChatMessage, "file">): string | undefined {
  return qrInPng(m.file!.data!);
}

/** The QR code drawn in a PNG (decoded by pngjs, read by jsQR), or undefined when none is found. */
export function qrInPng(bytes: Uint8Array): string | undefined {
  const image = PNG.sync.read(Buffer.from(bytes));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** `qrInPhoto`, failing when the photo has no QR code. */
export function qrOf(m: Pick<ChatMessage, "file">): string {
  const found = qrInPhoto(m);
  if (found === undefined) throw new Error("no QR code in the photo");
  return found;
}

/**
 * A photo of a bank transfer slip as the customer's phone sends it: the slip's verification QR (the
 * sending bank and the bank's transaction reference, as Thai banking apps print it) drawn, then
 * JPEG-encoded, as Telegram re-encodes every photo.
 */
export async function slipPhoto(transRef: string, sendingBank = "014"): Promise<Buffer> {
  const png = PNG.sync.read(await QRCode.toBuffer(slipVerify({ sendingBank, transRef }), { scale: 6, margin: 4 }));
  return Buffer.from(jpeg.encode({ data: png.data, width: png.width, height: png.height }, 90).data);
}

/** A slip image's look: its size and where its QR is. */
export interface SlipImageOptions {
  transRef: string;
  sendingBank?: string;
  width: number;
  height: number;
  /** The QR's width, quiet zone included, as a share of the image's width (default 0.2, a screenshot's). */
  qrShare?: number;
  /** Grain added to the page, in grey levels (default 6: a camera's; 0: a screenshot's). */
  grain?: number;
}

/**
 * The pixels (RGBA) of a slip as a banking app shows it or a camera sees it: a light page with lines of
 * text-like marks, and the slip-verification QR in its lower half. Deterministic.
 */
export function slipPixels(o: SlipImageOptions): { data: Buffer; width: number; height: number } {
  const { width, height } = o;
  let seed = 0x2f6e2b1;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
  const grain = o.grain ?? 6;
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = 240 - Math.floor(random() * grain);
  // Text: rows of words in the upper half, as a slip's names, amounts and dates.
  const line = Math.max(12, Math.round(height / 40));
  for (let y0 = line; y0 + line < height / 2; y0 += 2 * line) {
    for (let x = Math.round(width * 0.08); x < width * 0.9;) {
      const word = Math.round(line * (0.5 + random() * 2));
      for (let y = y0; y < y0 + line; y++)
        for (let dx = 0; dx < word && x + dx < width; dx++) if (random() < 0.45) grey[y * width + x + dx] = 50;
      x += word + Math.round(line * 0.6);
    }
  }
  const qr = QRCode.create(slipVerify({ sendingBank: o.sendingBank ?? "014", transRef: o.transRef }), {
    errorCorrectionLevel: "M",
  }).modules;
  const quiet = 4;
  const side = Math.round(width * (o.qrShare ?? 0.2));
  const module = side / (qr.size + 2 * quiet);
  const left = Math.round((width - side) / 2);
  const top = Math.round(height * 0.7 - side / 2);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / module) - quiet;
      const col = Math.floor(x / module) - quiet;
      const dark = row >= 0 && col >= 0 && row < qr.size && col < qr.size && qr.get(row, col);
      grey[(top + y) * width + left + x] = dark ? 20 : 250;
    }
  }
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < grey.length; i++) {
    data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = grey[i]!;
    data[4 * i + 3] = 255;
  }
  return { data, width, height };
}

/** `slipPixels` as a JPEG (a photo as Telegram delivers it, or a camera's file). */
export function slipJpeg(o: SlipImageOptions, quality = 85): Buffer {
  return Buffer.from(jpeg.encode(slipPixels(o), quality).data);
}

/** `slipPixels` as a PNG (a screenshot sent as a file). */
export function slipPng(o: SlipImageOptions): Buffer {
  const { data, width, height } = slipPixels({ grain: 0, ...o });
  const png = new PNG({ width, height });
  data.copy(png.data);
  return PNG.sync.write(png, { deflateLevel: 1, filterType: 0 });
}

/**
 * The first bytes of a PNG of `width` × `height`: its signature and IHDR, nothing after. What a reader
 * sees of an image it must refuse from the header alone.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const body = Buffer.concat([Buffer.from("IHDR"), ihdr]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const chunk = Buffer.concat([Buffer.from([0, 0, 0, 13]), body, crc]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk]);
}

/** A photo with no QR at all (a holiday snap sent by mistake, or a stranger's). */
export function plainPhoto(): Buffer {
  const data = Buffer.alloc(96 * 96 * 4, 200);
  return Buffer.from(jpeg.encode({ data, width: 96, height: 96 }, 80).data);
}
