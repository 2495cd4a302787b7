/** The seller a receipt or tax invoice names (SELLER_* in the environment; docs/configuration.md). */
export interface Seller {
  /** SELLER_LEGAL_NAME: the registered name (default AGENCY_NAME). */
  legalName: string;
  /** SELLER_ADDRESS: the registered address; absent, the receipt shows none (required when VAT-registered). */
  address?: string;
  /** SELLER_TAX_ID: 13 digits with a valid check digit; absent, the receipt shows none (required when VAT-registered). */
  taxId?: string;
  /** SELLER_BRANCH: 5 digits, `00000` for the head office (default). */
  branch: string;
  /** SELLER_VAT_REGISTERED=1: the VAT is shown apart on every receipt. Default no. */
  vatRegistered: boolean;
  /** VAT_RATE_PERCENT: the VAT rate in percent, two decimals at most (default 7). */
  vatRatePercent: number;
  /** PRICES_INCLUDE_VAT: whether selling prices already include the VAT (default yes, as Thai consumer prices do). */
  pricesIncludeVat: boolean;
  /** INVOICE_PREFIX: the prefix of every document number (default `RC`). */
  invoicePrefix: string;
  /**
   * TAX_INVOICES: what a VAT-registered seller issues on request, `full` (ใบกำกับภาษีเต็มรูป, §86/4: the buyer's
   * name, address, tax id and branch asked for; the default) or `abbreviated` (ใบกำกับภาษีอย่างย่อ, §86/6: no buyer).
   */
  taxInvoices: "full" | "abbreviated";
}

/** The head office's branch number on Thai tax documents. */
export const HEAD_OFFICE = "00000";
