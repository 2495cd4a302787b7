import { describe, expect, it } from "vitest";
import { parseEmail } from "../../../src/bot/validation/customer.js";

describe("parseEmail", () => {
  it("trims and lower-cases only the domain", () => {
    expect(parseEmail("  Somchai.J@Example.CO.TH \n")).toEqual({ ok: true, value: "Somchai.J@example.co.th" });
    expect(parseEmail("\u200bgolf+booking@gmail.com")).toEqual({ ok: true, value: "golf+booking@gmail.com" });
  });

  it.each([
    "",
    "somchai",
    "somchai@",
    "@example.com",
    "a@b",
    "two words@example.com",
    "a@@example.com",
    "a@example..com",
  ])("refuses %j", (input) => {
    expect(parseEmail(input)).toEqual({ ok: false, reason: "email-invalid" });
  });

  it("allows at most 254 characters", () => {
    const address = (lastLabel: number) =>
      `${"l".repeat(64)}@${"x".repeat(63)}.${"y".repeat(63)}.${"z".repeat(lastLabel)}.com`;
    expect(address(57)).toHaveLength(254);
    expect(parseEmail(address(57))).toEqual({ ok: true, value: address(57) });
    expect(address(58)).toHaveLength(255);
    expect(parseEmail(address(58))).toEqual({ ok: false, reason: "email-invalid" });
  });

  it("refuses anything but a string", () => {
    expect(parseEmail(null)).toEqual({ ok: false, reason: "email-invalid" });
  });
});
