import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { slipVerify } from "promptparse/generate";
import QRCode from "qrcode";

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
