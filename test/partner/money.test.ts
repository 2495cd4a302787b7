import { describe, expect, it } from "vitest";
import {
  MoneyConversionError,
  balanceToSatang,
  fromSatang,
  isMoneyUnit,
  satangToBahtString,
  toSatang,
} from "../../src/partner/money.js";

describe("toSatang", () => {
  it("keeps satang as they are", () => {
    expect(toSatang(0, "satang")).toBe(0);
    expect(toSatang(1, "satang")).toBe(1);
    expect(toSatang(250_000, "satang")).toBe(250_000);
    expect(toSatang(Number.MAX_SAFE_INTEGER, "satang")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("multiplies baht by 100 exactly, without float error", () => {
    expect(toSatang(0, "baht")).toBe(0);
    expect(toSatang(0.01, "baht")).toBe(1);
    expect(toSatang(2500, "baht")).toBe(250_000);
    // 1.15 * 100 is 114.99999999999999 in floating point.
    expect(toSatang(1.15, "baht")).toBe(115);
    expect(toSatang(4.35, "baht")).toBe(435);
    expect(toSatang(1005.1, "baht")).toBe(100_510);
  });

  it("rounds fractional satang half away from zero", () => {
    expect(toSatang(12.345, "baht")).toBe(1235);
    expect(toSatang(12.344, "baht")).toBe(1234);
    expect(toSatang(0.005, "baht")).toBe(1);
    expect(toSatang(0.0049, "baht")).toBe(0);
    expect(toSatang(-0.005, "baht")).toBe(-1);
    expect(toSatang(-12.345, "baht")).toBe(-1235);
    expect(toSatang(150.5, "satang")).toBe(151);
    expect(toSatang(-150.5, "satang")).toBe(-151);
    expect(toSatang(1e-7, "baht")).toBe(0);
    expect(Object.is(toSatang(-0.001, "baht"), 0)).toBe(true);
  });

  it("accepts numeric text and exponent forms", () => {
    expect(toSatang("1500", "baht")).toBe(150_000);
    expect(toSatang(" 1500.50 ", "baht")).toBe(150_050);
    expect(toSatang("1.5e3", "baht")).toBe(150_000);
    expect(toSatang(".5", "baht")).toBe(50);
    expect(toSatang("7.", "satang")).toBe(7);
    expect(toSatang(1e15, "satang")).toBe(1e15);
  });

  it("handles large values up to the safe limit", () => {
    // The float 90071992547409.91 is really ...409.9 (its shortest text), so exact text matters.
    expect(toSatang(90_071_992_547_409.9, "baht")).toBe(9_007_199_254_740_990);
    expect(toSatang("90071992547409.91", "baht")).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSatang("90071992547409.92", "baht")).toThrow(MoneyConversionError);
    expect(() => toSatang(1e21, "baht")).toThrow(MoneyConversionError);
    expect(() => toSatang(2 ** 53, "satang")).toThrow(MoneyConversionError);
  });

  it("rejects NaN, Infinity and non-numeric text", () => {
    for (const bad of [NaN, Infinity, -Infinity]) expect(() => toSatang(bad, "satang")).toThrow(MoneyConversionError);
    for (const bad of ["", "abc", "12,50", "1 000", "0x10", "NaN", "Infinity", "1e", "--1"]) {
      expect(() => toSatang(bad, "baht"), bad).toThrow(MoneyConversionError);
    }
  });
});

describe("balance, back-conversion and text", () => {
  it("reads the balance as satang whatever the unit", () => {
    expect(balanceToSatang(10_000_000)).toBe(10_000_000);
    expect(balanceToSatang(-500)).toBe(-500);
  });

  it("converts satang back to the partner's unit", () => {
    expect(fromSatang(150_050, "baht")).toBe(1500.5);
    expect(fromSatang(1, "baht")).toBe(0.01);
    expect(fromSatang(150_050, "satang")).toBe(150_050);
    expect(() => fromSatang(1.5, "satang")).toThrow(MoneyConversionError);
  });

  it("writes exact baht text", () => {
    expect(satangToBahtString(0)).toBe("0.00");
    expect(satangToBahtString(1)).toBe("0.01");
    expect(satangToBahtString(150_050)).toBe("1500.50");
    expect(satangToBahtString(-5)).toBe("-0.05");
    expect(satangToBahtString(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(() => satangToBahtString(NaN)).toThrow(MoneyConversionError);
  });

  it("round-trips every baht text with two decimals", () => {
    for (let s = -1000; s <= 1000; s += 7) expect(toSatang(satangToBahtString(s), "baht")).toBe(s);
  });

  it("knows its units", () => {
    expect(isMoneyUnit("baht")).toBe(true);
    expect(isMoneyUnit("THB")).toBe(false);
  });
});
