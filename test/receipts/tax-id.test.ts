import { describe, expect, it } from "vitest";
import { formatTaxId, parseTaxId, taxIdCheckDigit } from "../../src/receipts/tax-id.js";

/*
 * Published tax ids of Thai public companies (their annual reports and the Revenue Department's VAT search
 * print them): PTT Public Company Limited 0107544000108, The Siam Cement Public Company Limited 0107537000114.
 */
describe("Thai tax id", () => {
  it("accepts real tax ids, with or without dashes", () => {
    expect(parseTaxId("0107544000108")).toBe("0107544000108");
    expect(parseTaxId("0-1075-37000-11-4")).toBe("0107537000114");
    expect(parseTaxId(" 0 1075 44000 10 8 ")).toBe("0107544000108");
  });

  it("computes the check digit of the first 12 digits (weights 13 to 2, (11 − sum mod 11) mod 10)", () => {
    expect(taxIdCheckDigit("010754400010")).toBe(8);
    expect(taxIdCheckDigit("010753700011")).toBe(4);
    // sum mod 11 = 1 → 10 → 0; sum mod 11 = 0 → 11 → 1 (the two wrapped cases).
    expect(taxIdCheckDigit("100000000000")).toBe((11 - (13 % 11)) % 10);
    expect(taxIdCheckDigit("000000000000")).toBe(1);
  });

  it("refuses a wrong check digit, a wrong length and non-digits", () => {
    for (let d = 0; d <= 9; d++) if (d !== 8) expect(parseTaxId(`010754400010${d}`)).toBeUndefined();
    expect(parseTaxId("010754400010")).toBeUndefined();
    expect(parseTaxId("01075440001088")).toBeUndefined();
    expect(parseTaxId("010754400010x")).toBeUndefined();
    expect(parseTaxId("๐๑๐๗๕๔๔๐๐๐๑๐๘")).toBeUndefined();
  });

  it("prints the usual grouping", () => {
    expect(formatTaxId("0107544000108")).toBe("0-1075-44000-10-8");
  });
});
