/**
 * /report's documents: the receipts, tax invoices and credit notes issued in the period — a line of counts and
 * output VAT, a line per tax invoice and credit note (number, buyer, VAT), and a CSV an accountant imports (one
 * row per document, a credit note's amounts negative; the total row sums the tax documents, not the receipts).
 */
import type { DocumentKind, DocumentRecord } from "../../../receipts/documents.js";
import { dateKeyOf } from "../../../time/today.js";
import { satangToBahtString } from "../../../partner/index.js";
import type { Locale } from "../../format/locale.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { csvField, safeText } from "./report-data.js";
import { ADMIN_TIME_ZONE } from "./bangkok-time.js";

type T = (key: string, args?: Record<string, string | number>) => string;

export const DOCUMENTS_CSV_HEADER = [
  "date",
  "number",
  "kind",
  "refers_to",
  "booking_id",
  "buyer_name",
  "buyer_tax_id",
  "buyer_branch",
  "net_thb",
  "vat_thb",
  "total_thb",
] as const;

/** A credit note takes its amounts back; every other document adds them. */
function signOf(kind: DocumentKind): number {
  return kind === "credit-note" ? -1 : 1;
}

/**
 * Whether a document counts in the period's sums: the tax documents (tax invoices full and abbreviated, credit
 * notes). A receipt acknowledges money of a sale its tax invoice may also document: counting both would count
 * the sale twice.
 */
function counted(d: DocumentRecord): boolean {
  return d.kind !== "receipt";
}

/** The period's output VAT on its tax documents: the tax invoices' VAT less the credit notes'. */
function vatOf(documents: readonly DocumentRecord[]): number {
  return documents.filter(counted).reduce((sum, d) => sum + signOf(d.kind) * d.vat, 0);
}

/**
 * The report's lines about its documents: one with how many of each kind and the VAT, then one per tax invoice
 * and credit note (its number, its buyer, its VAT); none when nothing was issued.
 */
export function reportDocumentLines(documents: readonly DocumentRecord[], env: { t: T; locale: Locale }): string[] {
  if (documents.length === 0) return [];
  const count = (kind: DocumentKind) => documents.filter((d) => d.kind === kind).length;
  const head = env.t("admin-report-documents", {
    receipts: count("receipt"),
    invoices: count("tax-invoice") + count("abbreviated"),
    credits: count("credit-note"),
    vat: formatBaht(vatOf(documents), env.locale),
  });
  const lines = documents
    .filter((d) => d.kind !== "receipt")
    .map((d) =>
      env.t("admin-report-document", {
        number: escapeHtml(d.number),
        buyer: escapeHtml(d.buyer_name ?? "-"),
        vat: formatBaht(signOf(d.kind) * d.vat, env.locale),
      }),
    );
  return [head, ...lines];
}

/**
 * The documents as CSV, in the order issued: UTF-8 with a byte-order mark, CRLF, the date in Bangkok
 * (`YYYY-MM-DD`), amounts in baht with two decimals (a credit note's negative), the buyer's tax id as 13
 * digits and its branch as 5, a last `total` row over the tax documents (receipts listed, not summed: a sale
 * with a receipt and a tax invoice is one sale).
 */
export function documentsCsv(documents: readonly DocumentRecord[]): Buffer {
  const line = (cells: string[]) => cells.map(csvField).join(",");
  const sum = (pick: (d: DocumentRecord) => number) =>
    documents.filter(counted).reduce((s, d) => s + signOf(d.kind) * pick(d), 0);
  const lines = [
    line([...DOCUMENTS_CSV_HEADER]),
    ...documents.map((d) =>
      line([
        dateKeyOf(d.issued_at, ADMIN_TIME_ZONE),
        d.number,
        d.kind,
        d.refers_to ?? "",
        d.booking_id,
        safeText(d.buyer_name ?? ""),
        d.buyer_tax_id ?? "",
        d.buyer_branch ?? "",
        satangToBahtString(signOf(d.kind) * d.net),
        satangToBahtString(signOf(d.kind) * d.vat),
        satangToBahtString(signOf(d.kind) * d.total),
      ]),
    ),
    line([
      "total",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      ...[sum((d) => d.net), sum((d) => d.vat), sum((d) => d.total)].map(satangToBahtString),
    ]),
  ];
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
