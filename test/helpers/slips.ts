import jpeg from "jpeg-js";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { slipVerify } from "promptparse/generate";
import QRCode from "qrcode";
import type { ChatMessage } from "../../src/local/bot-api-server/store.js";

const jsQR = jsQRModule.default;

/** The QR code drawn in a photo fairway sent (a PromptPay QR: its payload), or undefined when none is found. */
export function qrInPhoto(m: Pick<ChatMessage, "file">): string | undefined {
  const image = PNG.sync.read(m.file!.data!);
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

/** A photo with no QR at all (a holiday snap sent by mistake, or a stranger's). */
export function plainPhoto(): Buffer {
  const data = Buffer.alloc(96 * 96 * 4, 200);
  return Buffer.from(jpeg.encode({ data, width: 96, height: 96 }, 80).data);
}
