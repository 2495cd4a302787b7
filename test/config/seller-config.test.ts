import { describe, expect, it } from "vitest";
import { createConfig } from "../../src/config/index.js";
import { problemsOf } from "../helpers/config-problems.js";

describe("the seller on receipts", () => {
  it("defaults to the agency's name, the head office, no VAT, 7 %, prices including VAT, prefix RC", () => {
    expect(createConfig({ AGENCY_NAME: "Birdie Tours" }).seller).toEqual({
      legalName: "Birdie Tours",
      branch: "00000",
      vatRegistered: false,
      vatRatePercent: 7,
      pricesIncludeVat: true,
      invoicePrefix: "RC",
      taxInvoices: "full",
    });
  });

  it("reads a VAT-registered branch", () => {
    const seller = createConfig({
      SELLER_LEGAL_NAME: "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
      SELLER_ADDRESS: "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
      SELLER_TAX_ID: "0-1075-44000-10-8",
      SELLER_BRANCH: "00002",
      SELLER_VAT_REGISTERED: "1",
      VAT_RATE_PERCENT: "10",
      PRICES_INCLUDE_VAT: "1",
      INVOICE_PREFIX: "BKK-",
      TAX_INVOICES: "abbreviated",
    }).seller;
    expect(seller).toEqual({
      legalName: "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
      address: "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
      taxId: "0107544000108",
      branch: "00002",
      vatRegistered: true,
      vatRatePercent: 10,
      pricesIncludeVat: true,
      invoicePrefix: "BKK-",
      taxInvoices: "abbreviated",
    });
  });

  it("names each wrong variable, never its value", () => {
    const problems = problemsOf({
      SELLER_TAX_ID: "0107544000109",
      SELLER_BRANCH: "1",
      VAT_RATE_PERCENT: "7.125",
      PRICES_INCLUDE_VAT: "yes",
      INVOICE_PREFIX: "ใบ",
      TAX_INVOICES: "yes",
    });
    expect(problems).toEqual([
      "SELLER_TAX_ID must be a Thai tax id: 13 digits whose last is the check digit (dashes allowed)",
      "SELLER_BRANCH must be 5 digits: 00000 for the head office, else the branch number",
      "TAX_INVOICES must be full or abbreviated",
      "VAT_RATE_PERCENT must be a percentage from 0 to 30 with at most two decimals, e.g. 7",
      "PRICES_INCLUDE_VAT must be 1 or 0",
      "INVOICE_PREFIX must be 1-10 characters of A-Z, a-z, 0-9 and -",
    ]);
    expect(problems.join(" ")).not.toContain("0107544000109");
  });

  it("refuses prices without VAT for a VAT-registered seller: the receipt's total would not be what was paid", () => {
    const registered = { SELLER_VAT_REGISTERED: "1", SELLER_TAX_ID: "0107544000108", SELLER_ADDRESS: "99 Sukhumvit" };
    expect(problemsOf({ ...registered, PRICES_INCLUDE_VAT: "0" })).toEqual([
      "PRICES_INCLUDE_VAT=0 is not supported when SELLER_VAT_REGISTERED=1: customers pay the selling price " +
        "(the PromptPay amount), so it must include the VAT; set PRICES_INCLUDE_VAT=1 and price rules with VAT in",
    ]);
    expect(createConfig({ ...registered, PRICES_INCLUDE_VAT: "1" }).seller.pricesIncludeVat).toBe(true);
    // Not VAT-registered: no VAT on any receipt, so the setting changes nothing and is accepted.
    expect(createConfig({ PRICES_INCLUDE_VAT: "0" }).seller.vatRegistered).toBe(false);
  });

  it("requires the tax id and the address of a VAT-registered seller", () => {
    expect(problemsOf({ SELLER_VAT_REGISTERED: "1" })).toEqual([
      "SELLER_TAX_ID is required when SELLER_VAT_REGISTERED=1 (a tax invoice names the seller's tax id)",
      "SELLER_ADDRESS is required when SELLER_VAT_REGISTERED=1 (a tax invoice names the seller's address)",
    ]);
  });
});
