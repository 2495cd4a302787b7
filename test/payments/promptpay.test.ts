import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { checksum, parse } from "promptparse";
import { describe, expect, it } from "vitest";
import { maskedPromptPayId, parsePromptPayId, promptPayPayload, qrPng } from "../../src/payments/promptpay.js";

const jsQR = jsQRModule.default;

/** Reads the QR code drawn in a PNG, as a banking app's camera would. */
function decodePng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!found) throw new Error("no QR code in the image");
  return found.data;
}

describe("PromptPay IDs", () => {
  it("reads mobiles, citizen/tax IDs and e-wallet IDs; refuses the rest", () => {
    expect(parsePromptPayId("081-234-5678")).toEqual({ type: "MSISDN", value: "0812345678" });
    expect(parsePromptPayId("+66 81 234 5678")).toEqual({ type: "MSISDN", value: "0812345678" });
    expect(parsePromptPayId("1-2345-67890-12-3")).toEqual({ type: "NATID", value: "1234567890123" });
    expect(parsePromptPayId("123456789012345")).toEqual({ type: "EWALLETID", value: "123456789012345" });
    expect(parsePromptPayId("12345")).toBeUndefined();
    expect(parsePromptPayId("hello")).toBeUndefined();
    expect(maskedPromptPayId({ type: "MSISDN", value: "0812345678" })).toBe("081-xxx-5678");
  });
});

describe("the PromptPay QR image", () => {
  it.each([
    ["a mobile", "0812345678", "01", "0066812345678"],
    ["a tax ID", "0105551234567", "02", "0105551234567"],
    ["an e-wallet ID", "140000812345678", "03", "140000812345678"],
  ])(
    "for %s decodes to the exact amount, the PromptPay ID, THB, the reference and a valid CRC",
    async (_what, id, sub, proxy) => {
      const payee = parsePromptPayId(id)!;
      const payload = promptPayPayload(payee, 1_035_050, "FWAB12CD34");
      const decoded = decodePng(await qrPng(payload));
      expect(decoded).toBe(payload);
      const qr = parse(decoded, true, true);
      expect(qr, "a valid EMVCo payload (strict: its CRC checks)").not.toBeNull();
      expect(qr!.getTagValue("00")).toBe("01");
      expect(qr!.getTagValue("01")).toBe("12");
      expect(qr!.getTagValue("29", "00")).toBe("A000000677010111");
      expect(qr!.getTagValue("29", sub)).toBe(proxy);
      expect(qr!.getTagValue("53")).toBe("764");
      expect(qr!.getTagValue("54")).toBe("10350.50");
      expect(qr!.getTagValue("58")).toBe("TH");
      expect(qr!.getTagValue("62", "05")).toBe("FWAB12CD34");
      // CRC-16/CCITT-FALSE over everything up to and including "6304", four upper-case hex digits.
      expect(decoded.slice(-8, -4)).toBe("6304");
      expect(decoded.slice(-4)).toBe(checksum(decoded.slice(0, -4), true));
      expect(decoded.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
    },
  );

  it("a whole-baht amount keeps two decimals", () => {
    const payload = promptPayPayload(parsePromptPayId("0812345678")!, 250_000, "FW1");
    expect(parse(payload, true)!.getTagValue("54")).toBe("2500.00");
  });
});
