/**
 * Reading a slip's QR (what the slip worker runs), on images as customers send them: a Telegram photo
 * (JPEG, at most 2560 px a side), a screenshot sent as a file (PNG). The QR is drawn by `qrcode` and
 * must come back through the decoders and jsQR as `promptparse` wrote it.
 */
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { parsePromptPayId, promptPayPayload, qrPng } from "../../src/payments/promptpay.js";
import { SLIP_LIMITS } from "../../src/payments/slip-image.js";
import { scanSlip } from "../../src/payments/slip-scan.js";
import { plainPhoto, pngHeaderOnly, slipJpeg, slipPhoto, slipPng } from "../helpers/slips.js";

describe("a slip's QR", () => {
  it("gives the bank's transaction reference from a JPEG photo", async () => {
    const photo = await slipPhoto("0141234567890ABCDEF", "014");
    expect(scanSlip(photo, SLIP_LIMITS)).toMatchObject({
      kind: "read",
      qr: { sendingBank: "014", transRef: "0141234567890ABCDEF" },
    });
  });

  it("from a phone's screenshot sent as a file (PNG, 1080 × 2340)", () => {
    const png = slipPng({ transRef: "0042026SCREENSHOT", sendingBank: "004", width: 1080, height: 2340 });
    expect(scanSlip(png, SLIP_LIMITS)).toMatchObject({
      kind: "read",
      qr: { sendingBank: "004", transRef: "0042026SCREENSHOT" },
    });
  });

  // Seconds of CPU (drawn, encoded, decoded, scanned): more time than the default on a loaded machine.
  it(
    "from Telegram's largest photo of a phone's screen (2560 × 1920, the QR 8% of its width)",
    { timeout: 120_000 },
    () => {
      const photo = slipJpeg({ transRef: "0142026CAMERA", width: 2560, height: 1920, qrShare: 0.08 });
      expect(scanSlip(photo, SLIP_LIMITS)).toMatchObject({ kind: "read", qr: { transRef: "0142026CAMERA" } });
    },
  );

  it("is none for a photo without one or with a PromptPay QR; unreadable for what is no JPEG or PNG", async () => {
    const png = PNG.sync.read(await qrPng(promptPayPayload(parsePromptPayId("0812345678")!, 100, "FW1")));
    const promptPayJpeg = Buffer.from(jpeg.encode({ data: png.data, width: png.width, height: png.height }, 90).data);
    expect(scanSlip(promptPayJpeg, SLIP_LIMITS)).toMatchObject({ kind: "no-qr" });
    expect(scanSlip(plainPhoto(), SLIP_LIMITS)).toMatchObject({ kind: "no-qr" });
    expect(scanSlip(Buffer.from("not an image"), SLIP_LIMITS)).toEqual({ kind: "unreadable", why: "format" });
    expect(scanSlip(pngHeaderOnly(100, 100), SLIP_LIMITS)).toEqual({ kind: "unreadable", why: "decoder" });
  });

  it("is too large from the header alone: nothing decoded", () => {
    expect(scanSlip(pngHeaderOnly(8000, 6000), SLIP_LIMITS)).toEqual({ kind: "too-large" });
  });

  // Seconds of CPU (four images decoded and scanned): more time than the default on a loaded machine.
  it(
    "knows the same picture by its decoded pixels whatever the file, not a copy compressed again",
    { timeout: 120_000 },
    () => {
      const slip = { transRef: "0042026SAMEPIXELS", sendingBank: "004", width: 720, height: 1560, qrShare: 0.3 };
      const png = slipPng(slip);
      const pixelsOf = (bytes: Uint8Array) => {
        const scan = scanSlip(bytes, SLIP_LIMITS);
        if (scan.kind !== "read" && scan.kind !== "no-qr") throw new Error(`not decoded: ${scan.kind}`);
        return scan.pixels;
      };
      // The same pixels saved again with another compression: other bytes, the same digest.
      const decoded = PNG.sync.read(png);
      const resaved = PNG.sync.write(decoded, { deflateLevel: 9, filterType: 4 });
      expect(Buffer.compare(resaved, png)).not.toBe(0);
      expect(pixelsOf(resaved)).toBe(pixelsOf(png));
      // A slip cropped above its QR: no QR, but its pixels known all the same.
      const cropped = slipPngCrop(decoded, 700);
      expect(scanSlip(cropped, SLIP_LIMITS)).toMatchObject({ kind: "no-qr", pixels: pixelsOf(cropped) });
      expect(pixelsOf(cropped)).not.toBe(pixelsOf(png));
      // A JPEG compressed again (as Telegram does a photo sent anew) changes pixels: another digest.
      const jpegOnce = Buffer.from(jpeg.encode({ data: decoded.data, width: 720, height: 1560 }, 90).data);
      const again = jpeg.decode(jpegOnce, { useTArray: true });
      const jpegTwice = Buffer.from(jpeg.encode({ data: again.data, width: 720, height: 1560 }, 80).data);
      expect(pixelsOf(jpegTwice)).not.toBe(pixelsOf(jpegOnce));
    },
  );
});

/** The top `rows` rows of a decoded PNG, as a PNG. */
function slipPngCrop(image: PNG, rows: number): Buffer {
  const out = new PNG({ width: image.width, height: rows });
  image.data.copy(out.data, 0, 0, image.width * rows * 4);
  return PNG.sync.write(out);
}
