import { describe, expect, it } from "vitest";
import {
  CUSTOMER_INPUT_REASONS,
  formatThaiMobileForDisplay,
  parseThaiMobile,
} from "../../../src/bot/validation/customer.js";

describe("parseThaiMobile", () => {
  it.each([
    "081-234-5678",
    "0812345678",
    "+66 81 234 5678",
    "+66812345678",
    "66812345678",
    "(081) 234 5678",
    "081.234.5678",
    "+66 (0) 81 234 5678",
    "+66 081 234 5678",
    "  081 234 5678  ",
    "๐๘๑-๒๓๔-๕๖๗๘", // Thai digits
    "０８１２３４５６７８", // full-width digits
    "0066 81 234 5678",
  ])("accepts the Thai mobile %j as +66812345678", (input) => {
    expect(parseThaiMobile(input)).toEqual({ ok: true, value: "+66812345678" });
  });

  it("accepts the 06, 08 and 09 mobile ranges", () => {
    expect(parseThaiMobile("061-234-5678")).toEqual({ ok: true, value: "+66612345678" });
    expect(parseThaiMobile("091-234-5678")).toEqual({ ok: true, value: "+66912345678" });
  });

  it.each([
    ["+44 7911 123456", "+447911123456"],
    ["0044 7911 123456", "+447911123456"],
    ["+65 9123 4567", "+6591234567"],
    ["+49 1512 3456789", "+4915123456789"],
    ["+1 415 555 2671", "+14155552671"], // US numbers may be mobile or fixed: accepted
  ])("accepts the foreign mobile %j written internationally", (input, e164) => {
    expect(parseThaiMobile(input)).toEqual({ ok: true, value: e164 });
  });

  it.each(["02-123-4567", "+66 2 123 4567", "053 123 456", "+44 20 7946 0958"])(
    "refuses the valid landline %j as not a mobile",
    (input) => {
      expect(parseThaiMobile(input)).toEqual({ ok: false, reason: "mobile-not-mobile" });
    },
  );

  it.each([
    "",
    "   ",
    "081234567", // one digit short
    "08123456789", // one digit long
    "1234",
    "abc",
    "081-234-5678 ext 12",
    "+6681234567x",
    "0812345678; DROP TABLE",
    "+66 81 234 567",
    "7911 123456", // foreign number without + is read as Thai
    "++66812345678",
  ])("refuses %j", (input) => {
    expect(parseThaiMobile(input)).toEqual({ ok: false, reason: "mobile-invalid" });
  });

  it("refuses anything but a string", () => {
    expect(parseThaiMobile(812345678)).toEqual({ ok: false, reason: "mobile-invalid" });
  });
});

describe("formatThaiMobileForDisplay", () => {
  it("writes Thai numbers the Thai way", () => {
    expect(formatThaiMobileForDisplay("+66812345678")).toBe("081-234-5678");
    expect(formatThaiMobileForDisplay("+66912345678")).toBe("091-234-5678");
    expect(formatThaiMobileForDisplay("+6621234567")).toBe("02-123-4567");
  });

  it("writes foreign numbers internationally", () => {
    expect(formatThaiMobileForDisplay("+447911123456")).toBe("+44 7911 123456");
  });

  it("returns text that is not a phone number unchanged", () => {
    expect(formatThaiMobileForDisplay("n/a")).toBe("n/a");
  });

  it("gives the same text when asked again for a number it has shown, among thousands of others", () => {
    const first = formatThaiMobileForDisplay("+66812345678");
    for (let i = 0; i < 3000; i += 1) formatThaiMobileForDisplay(`+66812${String(i).padStart(6, "0")}`);
    expect(formatThaiMobileForDisplay("+66812000042")).toBe("081-200-0042");
    expect(formatThaiMobileForDisplay("+66812345678")).toBe(first);
    expect(formatThaiMobileForDisplay("+447911123456")).toBe("+44 7911 123456");
  });

  it("round-trips with parseThaiMobile", () => {
    const parsed = parseThaiMobile(formatThaiMobileForDisplay("+66812345678"));
    expect(parsed).toEqual({ ok: true, value: "+66812345678" });
  });
});

describe("reason keys", () => {
  it("lists every key the validators return", () => {
    expect([...CUSTOMER_INPUT_REASONS].sort()).toEqual(
      [
        "email-invalid",
        "invalid-name-characters",
        "mobile-invalid",
        "mobile-not-mobile",
        "name-invalid",
        "name-too-long",
        "name-too-short",
      ].sort(),
    );
  });
});
