/** The masked payee and the baht a service speaks, without HTTP. */
import { describe, expect, it } from "vitest";
import { bahtToSatang, satangToBaht } from "../../../src/payments/slip-check/amount.js";
import { matchMasked, matchPayee } from "../../../src/payments/slip-check/payee.js";

const mobile = { promptPayId: { type: "MSISDN", value: "0812345678" } as const };

describe("matchPayee", () => {
  it("matches a mobile number by the digits its mask shows, in any spelling", () => {
    for (const value of ["xxx-xxx-5678", "081-xxx-5678", "66812345678", "0066-81xxxx678"])
      expect(matchPayee(mobile, { proxy: { type: "MSISDN", value } }), value).toBe("match");
  });

  it("refuses a shown digit that differs, or another kind of proxy", () => {
    expect(matchPayee(mobile, { proxy: { type: "MSISDN", value: "xxx-xxx-5679" } })).toBe("mismatch");
    expect(matchPayee(mobile, { proxy: { type: "NATID", value: "x-xxxx-xxxxx-67-8" } })).toBe("mismatch");
  });

  it("cannot tell from too few digits, or from an account it was not told", () => {
    expect(matchPayee(mobile, { proxy: { type: "MSISDN", value: "xxx-xxx-xx78" } })).toBe("unknown");
    expect(matchPayee(mobile, { account: { type: "BANKAC", value: "xxx-x-x5678-x" } })).toBe("unknown");
  });

  it("matches a bank account by its mask, right-aligned", () => {
    expect(matchPayee({ bankAccount: "123-4-56789-0" }, { account: { type: "BANKAC", value: "xxx-x-x6789-0" } })).toBe(
      "match",
    );
    expect(matchMasked("xxx-x-x6789-1", ["1234567890"])).toBe("mismatch");
  });
});

describe("baht and satang", () => {
  it("1500.50 baht is 150050 satang, exactly, and back", () => {
    expect(bahtToSatang(1500.5)).toBe(150_050);
    expect(bahtToSatang(0.07)).toBe(7);
    expect(bahtToSatang(1234567.89)).toBe(123_456_789);
    expect(satangToBaht(150_050)).toBe(1500.5);
  });

  it("refuses a third decimal, a negative or a non-finite amount", () => {
    for (const baht of [1500.505, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(bahtToSatang(baht)).toBeUndefined();
  });
});
