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
    expect(scanSlip(photo, SLIP_LIMITS)).toEqual({
      kind: "read",
      qr: { sendingBank: "014", transRef: "0141234567890ABCDEF" },
    });
  });

  it("from a phone's screenshot sent as a file (PNG, 1080 × 2340)", () => {
    const png = slipPng({ transRef: "0042026SCREENSHOT", sendingBank: "004", width: 1080, height: 2340 });
    expect(scanSlip(png, SLIP_LIMITS)).toEqual({
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
    expect(scanSlip(promptPayJpeg, SLIP_LIMITS)).toEqual({ kind: "no-qr" });
    expect(scanSlip(plainPhoto(), SLIP_LIMITS)).toEqual({ kind: "no-qr" });
    expect(scanSlip(Buffer.from("not an image"), SLIP_LIMITS)).toEqual({ kind: "unreadable", why: "format" });
    expect(scanSlip(pngHeaderOnly(100, 100), SLIP_LIMITS)).toEqual({ kind: "unreadable", why: "decoder" });
  });

  it("is too large from the header alone: nothing decoded", () => {
    expect(scanSlip(pngHeaderOnly(8000, 6000), SLIP_LIMITS)).toEqual({ kind: "too-large" });
  });
});
