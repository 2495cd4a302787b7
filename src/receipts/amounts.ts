import { bahttext } from "bahttext";
import type { Seller } from "./seller.js";

/** What a receipt shows of an amount: the total received, and the VAT apart when the seller is VAT-registered. */
export interface ReceiptAmounts {
  /** The amount before VAT (equal to `totalSatang` when the seller is not VAT-registered). */
  netSatang: number;
  /** The VAT; 0 when the seller is not VAT-registered. */
  vatSatang: number;
  /** What the customer pays: net plus VAT. */
  totalSatang: number;
}

/**
 * The amounts of a receipt for a selling price of `priceSatang` (the agency's price, never the partner's net
 * price). VAT-registered with prices including VAT: the VAT is the price's `rate/(100+rate)` part, rounded to
 * the satang; prices excluding VAT: the VAT is added, rounded to the satang. Not VAT-registered: no VAT.
 */
export function receiptAmounts(
  priceSatang: number,
  seller: Pick<Seller, "vatRegistered" | "vatRatePercent" | "pricesIncludeVat">,
): ReceiptAmounts {
  if (!Number.isSafeInteger(priceSatang) || priceSatang < 0)
    throw new RangeError(`not an amount of satang: ${priceSatang}`);
  if (!seller.vatRegistered) return { netSatang: priceSatang, vatSatang: 0, totalSatang: priceSatang };
  // The rate in hundredths of a percent, so that 7 % is 700 and the arithmetic stays in integers.
  const rate = Math.round(seller.vatRatePercent * 100);
  if (seller.pricesIncludeVat) {
    const vatSatang = Math.round((priceSatang * rate) / (10_000 + rate));
    return { netSatang: priceSatang - vatSatang, vatSatang, totalSatang: priceSatang };
  }
  const vatSatang = Math.round((priceSatang * rate) / 10_000);
  return { netSatang: priceSatang, vatSatang, totalSatang: priceSatang + vatSatang };
}

/** An amount of satang in Thai words, as Thai receipts print it (`bahttext`): 125050 → หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์. */
export function bahtInWords(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang < 0) throw new RangeError(`not an amount of satang: ${satang}`);
  // As a decimal string: bahttext then never sees a binary fraction.
  return bahttext(`${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, "0")}`);
}

/** `1,250.50`: an amount of satang in figures with two decimals, as on Thai receipts. */
export function bahtFigures(satang: number): string {
  return new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(satang / 100);
}
