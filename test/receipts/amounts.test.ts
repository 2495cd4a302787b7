import { describe, expect, it } from "vitest";
import { bahtFigures, bahtInWords, receiptAmounts } from "../../src/receipts/amounts.js";

const VAT_INCLUDED = { vatRegistered: true, vatRatePercent: 7, pricesIncludeVat: true };

describe("receipt amounts", () => {
  it("reads amounts in Thai words as Thai receipts print them", () => {
    // Known readings: เอ็ด for a final one after tens, ยี่สิบ for twenty, ถ้วน for whole baht.
    expect(bahtInWords(125050)).toBe("หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์");
    expect(bahtInWords(2100)).toBe("ยี่สิบเอ็ดบาทถ้วน");
    expect(bahtInWords(1100)).toBe("สิบเอ็ดบาทถ้วน");
    expect(bahtInWords(10100)).toBe("หนึ่งร้อยหนึ่งบาทถ้วน");
    expect(bahtInWords(100000000)).toBe("หนึ่งล้านบาทถ้วน");
    expect(bahtInWords(25)).toBe("ยี่สิบห้าสตางค์");
    // 0.29 * 100 is 28.999…: the satang go to bahttext as a decimal string, never as a binary fraction.
    expect(bahtInWords(1029)).toBe("สิบบาทยี่สิบเก้าสตางค์");
  });

  it("prints figures with two decimals and grouping", () => {
    expect(bahtFigures(125050)).toBe("1,250.50");
    expect(bahtFigures(2100)).toBe("21.00");
  });

  it("takes the VAT out of a price that includes it, to the satang", () => {
    expect(receiptAmounts(125050, VAT_INCLUDED)).toEqual({ netSatang: 116869, vatSatang: 8181, totalSatang: 125050 });
    expect(receiptAmounts(10700, VAT_INCLUDED)).toEqual({ netSatang: 10000, vatSatang: 700, totalSatang: 10700 });
  });

  it("adds the VAT to a price that excludes it, and shows none for a seller not VAT-registered", () => {
    expect(receiptAmounts(10000, { ...VAT_INCLUDED, pricesIncludeVat: false })).toEqual({
      netSatang: 10000,
      vatSatang: 700,
      totalSatang: 10700,
    });
    expect(receiptAmounts(125050, { ...VAT_INCLUDED, vatRegistered: false })).toEqual({
      netSatang: 125050,
      vatSatang: 0,
      totalSatang: 125050,
    });
  });

  it("refuses what is not an amount of satang", () => {
    expect(() => receiptAmounts(1.5, VAT_INCLUDED)).toThrow(RangeError);
    expect(() => bahtInWords(-1)).toThrow(RangeError);
  });
});
