import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBaht } from "../../src/money/baht.js";

describe("formatBaht", () => {
  it.each([
    [0, "฿0"],
    [1, "฿0.01"],
    [10, "฿0.10"],
    [100, "฿1"],
    [250_000, "฿2,500"],
    [250_050, "฿2,500.50"],
    [123_456_789, "฿1,234,567.89"],
    [-1, "-฿0.01"],
    [-50, "-฿0.50"],
    [-250_000, "-฿2,500"],
    [-123_456_789, "-฿1,234,567.89"],
  ])("formats %i satang as %s in English", (satang, expected) => {
    expect(formatBaht(satang, "en")).toBe(expected);
  });

  it("uses the baht sign and the same grouping in Thai", () => {
    expect(formatBaht(250_000, "th")).toBe("฿2,500");
    expect(formatBaht(123_456_789, "th")).toBe("฿1,234,567.89");
    expect(formatBaht(-50, "th")).toBe("-฿0.50");
  });

  it("is exact where satang / 100 as a float is not", () => {
    // Intl.NumberFormat().format(9007199254740991 / 100) prints "…409.90": the float lost a digit.
    expect(formatBaht(Number.MAX_SAFE_INTEGER, "en")).toBe("฿90,071,992,547,409.91");
    expect(formatBaht(-Number.MAX_SAFE_INTEGER, "en")).toBe("-฿90,071,992,547,409.91");
    expect(formatBaht(1_000_000_000_000_07, "en")).toBe("฿1,000,000,000,000.07");
  });

  it("matches an integer-only reference for any safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (satang) => {
        const abs = BigInt(Math.abs(satang));
        const grouped = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
        const cents = abs % 100n === 0n ? "" : `.${(abs % 100n).toString().padStart(2, "0")}`;
        const expected = `${satang < 0 ? "-" : ""}฿${grouped}${cents}`;
        expect(formatBaht(satang, "en")).toBe(expected);
        expect(formatBaht(satang, "th")).toBe(expected);
      }),
    );
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])("refuses %s", (bad) => {
    expect(() => formatBaht(bad, "en")).toThrow(RangeError);
  });
});
