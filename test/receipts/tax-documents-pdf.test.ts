/*
 * The full tax invoice's and the credit note's PDFs checked against references fairway did not write, as
 * `receipt-pdf.test.ts` checks the receipt: poppler's pdftotext gives their Thai back as written (ใบกำกับภาษี,
 * ใบลดหนี้, the buyer's Thai name and address), and poppler's drawing (pdftoppm) of the page's header — the
 * title, the seller, the buyer, the invoice a credit note refers to — matches resvg's drawing of the same
 * words (rustybuzz, HarfBuzz's Thai shaping) in the same font and size, word by word within 1 px.
 *
 * Where each line is comes from poppler too: `pdftotext -bbox-layout` gives every /ActualText span as a word
 * box at its start point (x, and the baseline in PDF space, y up). The reference draws every word of the
 * header there (`wordsOf`), so a band that also holds a neighbour's tone mark holds it in both drawings. The
 * font and size of each line are the document's design (below, `STYLE`); SARA AM is given to resvg as its
 * shaper spells it (`harfbuzzSpelling`; resvg lays the SARA AA out without an advance otherwise, see
 * receipt-pdf.test.ts). A line drawn with its marks dropped must fail the same measure (negative control).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import PDFDocument from "pdfkit";
import { requiredFontPath, THAI_FONT } from "../../src/render/fonts.js";
import { svgToPng } from "../../src/render/png.js";
import { receiptPdf, type ReceiptInput } from "../../src/receipts/receipt-pdf.js";
import type { Seller } from "../../src/receipts/seller.js";
import { formatTaxId } from "../../src/receipts/tax-id.js";
import { inkOf, unmatchedShare } from "../helpers/ink.js";

/** pdftoppm's and resvg's pixels a point: 10–11 pt text is 30 px high, its marks a few pixels each. */
const SCALE = 3;
/** Measured: 0 for every Thai word of both documents; the same words without their marks leave 1.0 % and more. */
const MAX_UNMATCHED = 0.005;

const SELLER: Seller = {
  legalName: "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
  address: "99 ถนนสุขุมวิท แขวงคลองเตย กรุงเทพฯ 10110",
  taxId: "0107544000108",
  branch: "00000",
  vatRegistered: true,
  vatRatePercent: 7,
  pricesIncludeVat: true,
  invoicePrefix: "RC",
  taxInvoices: "full",
};
const BUYER = {
  name: "บริษัท น้ำใจผู้ซื้อ จำกัด",
  address: "1 ถนนพระรามที่สี่ แขวงสีลม เขตบางรัก กรุงเทพฯ 10500",
  taxId: "0105550123458",
  branch: "00002",
};
const BOOKING: ReceiptInput["booking"] = {
  reference: "B-42",
  courseNameTH: "สนามกอล์ฟน้ำพุ",
  courseName: "Nam Phu Golf",
  teeTime: new Date("2026-12-01T00:10:00Z"),
  players: 4,
  sellingSatang: 125050,
};
const INVOICE: ReceiptInput = {
  kind: "tax-invoice",
  buyer: BUYER,
  seller: SELLER,
  number: "RC-TX-00000-2026-000001",
  paidAt: new Date("2026-11-28T17:30:00Z"),
  booking: BOOKING,
};
const CREDIT_NOTE: ReceiptInput = {
  kind: "credit-note",
  buyer: BUYER,
  credit: { invoiceNumber: INVOICE.number, invoiceSatang: 125050, reason: "คืนเงินค่าออกรอบ / Refund" },
  seller: SELLER,
  number: "RC-CN-00000-2026-000001",
  paidAt: new Date("2026-11-30T03:00:00Z"),
  booking: { ...BOOKING, sellingSatang: 62525 },
};

/** The header's lines by how they start: bold or not, size in points (receipt-pdf.ts's design). */
const STYLE: [RegExp, boolean, number][] = [
  [/^ใบ(กำกับภาษี|ลดหนี้) \//u, true, 20],
  [/^(เลขที่|วันที่) \//u, false, 11],
  [/^บริษัท แฟร์เวย์/u, true, 13],
  [/^99 /u, false, 10],
  [/^เลขประจำตัวผู้เสียภาษี/u, false, 10],
  [/^ผู้ซื้อ \//u, true, 11],
  [/^ที่อยู่ \//u, false, 10],
  [/^(การจอง|อ้างถึง)/u, false, 11],
  [/^(มูลค่า|เหตุผล)/u, false, 10],
];

interface Span {
  text: string;
  x: number;
  baseline: number;
  bold: boolean;
  size: number;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fairway-tax-documents-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function written(input: ReceiptInput, name: string): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await receiptPdf(input));
  return file;
}

function pdftotext(file: string): string[] {
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The header's spans where poppler finds them (above the items' table), styled by `STYLE`. */
function headerSpans(file: string, pageHeight: number): Span[] {
  const xml = execFileSync("pdftotext", ["-bbox-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  const found = [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
    ([, x, y, raw]) => ({
      text: unescapeXml(raw!),
      x: Number(x),
      baseline: pageHeight - Number(y),
    }),
  );
  const table = found.find((s) => s.text.startsWith("รายการ /"))!.baseline;
  return found
    .filter((s) => s.baseline < table - 10)
    .map((s) => {
      const style = STYLE.find(([re]) => re.test(s.text));
      if (!style) throw new Error(`no style for the header's line "${s.text}"`);
      return { ...s, bold: style[1], size: style[2] };
    });
}

/** SARA AM as HarfBuzz's Thai shaper decomposes it: NIKHAHIT before the tone mark, then SARA AA. */
const harfbuzzSpelling = (text: string) => text.replace(/([\u0E48-\u0E4B]?)\u0E33/gu, "\u0E4D$1\u0E32");

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A word of a span and where it starts, in points. */
interface Word {
  text: string;
  x: number;
  width: number;
  span: Span;
}

/**
 * The spans' words, each placed where the PDF's layout put it: its span's start (poppler's) plus the advance of
 * the text before it. resvg and fontkit give a space a slightly different advance, so a line drawn whole drifts
 * a pixel or two by its end; words drawn one by one at the same start compare their shapes, marks included.
 */
function wordsOf(spans: readonly Span[]): Word[] {
  const doc = new PDFDocument({ size: "A4" });
  doc.registerFont("regular", requiredFontPath(THAI_FONT.regular));
  doc.registerFont("bold", requiredFontPath(THAI_FONT.bold));
  return spans.flatMap((span) => {
    doc.font(span.bold ? "bold" : "regular").fontSize(span.size);
    const width = (t: string) => doc.widthOfString(harfbuzzSpelling(t));
    return [...span.text.matchAll(/\S+/gu)].map((m) => ({
      text: m[0],
      x: span.x + width(span.text.slice(0, m.index)),
      width: width(m[0]),
      span,
    }));
  });
}

function resvg(words: readonly Word[], width: number, height: number): PNG {
  const texts = words
    .map(
      ({ text, x, span }) =>
        `<text x="${x}" y="${span.baseline}" font-family="Noto Sans Thai" font-size="${span.size}"` +
        ` font-weight="${span.bold ? 700 : 400}">${escapeXml(harfbuzzSpelling(text))}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${texts}</svg>`;
  return PNG.sync.read(svgToPng(svg, { width: Math.round(width * SCALE) }));
}

function pdftoppm(file: string): PNG {
  const out = file.replace(/\.pdf$/, "");
  execFileSync("pdftoppm", ["-r", String(72 * SCALE), "-png", "-singlefile", "-f", "1", "-l", "1", file, out]);
  return PNG.sync.read(readFileSync(`${out}.png`));
}

/** Ink of `png` in a word's box: rows from its marks above to its vowels below, columns its advance and 1 px. */
function inkIn(png: PNG, w: Word): boolean[][] {
  const { baseline, size } = w.span;
  const rows: [number, number] = [
    Math.floor((baseline - size * 1.05) * SCALE),
    Math.ceil((baseline + size * 0.4) * SCALE),
  ];
  return inkOf(png, ...rows).map((row) =>
    row.slice(Math.floor(w.x * SCALE) - 1, Math.ceil((w.x + w.width) * SCALE) + 1),
  );
}

const A4: [number, number] = [595.28, 841.89];

/** Each Thai word of the header and its unmatched share between poppler's drawing of `file` and resvg's. */
function shares(file: string, change: (w: Word) => Word = (w) => w): [string, number][] {
  const words = wordsOf(headerSpans(file, A4[1]));
  const pdf = pdftoppm(file);
  const svg = resvg(words.map(change), ...A4);
  expect(Math.abs(svg.height - pdf.height)).toBeLessThanOrEqual(1);
  return words
    .filter((w) => /\p{Script=Thai}/u.test(w.text))
    .map((w) => [w.text, unmatchedShare(inkIn(pdf, w), inkIn(svg, w))]);
}

/** A word without its vowels above and below and its tone marks. */
const MARKS = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/gu;

describe("the full tax invoice's PDF", () => {
  it("gives pdftotext its Thai: ใบกำกับภาษี, the buyer's Thai name, address, tax id and branch", async () => {
    const lines = pdftotext(await written(INVOICE, "invoice-text"));
    expect(lines).toEqual(
      expect.arrayContaining([
        "ใบกำกับภาษี / Tax Invoice",
        "เลขที่ / No. RC-TX-00000-2026-000001",
        "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
        "ผู้ซื้อ / Buyer บริษัท น้ำใจผู้ซื้อ จำกัด",
        "ที่อยู่ / Address 1 ถนนพระรามที่สี่ แขวงสีลม เขตบางรัก กรุงเทพฯ 10500",
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(BUYER.taxId)}   สาขาที่ / Branch 00002`,
        "ภาษีมูลค่าเพิ่ม / VAT 7%",
        "(หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์)",
      ]),
    );
  });

  it("is drawn by poppler as resvg draws its header's Thai words: the title, the seller, the buyer", async () => {
    const measured = shares(await written(INVOICE, "invoice-pixels"));
    const words = measured.map(([w]) => w);
    for (const word of ["ใบกำกับภาษี", "ผู้ซื้อ", "น้ำใจผู้ซื้อ", "ที่อยู่", "ถนนพระรามที่สี่", "แขวงสีลม", "สาขาที่"])
      expect(words).toContain(word);
    for (const [word, share] of measured) expect(share, word).toBeLessThan(MAX_UNMATCHED);
  });

  it("fails the same measure for every word drawn without its marks (negative control)", async () => {
    const dropped = (w: Word) => ({ ...w, text: w.text.replace(MARKS, "") });
    const measured = shares(await written(INVOICE, "invoice-controls"), dropped);
    const marked = measured.filter(([word]) => word.replace(MARKS, "") !== word);
    expect(marked.length).toBeGreaterThan(20);
    for (const [word, share] of marked) expect(share, word).toBeGreaterThan(MAX_UNMATCHED);
  });
});

describe("the credit note's PDF", () => {
  it("gives pdftotext its Thai: ใบลดหนี้, the invoice it refers to, the buyer, the reason", async () => {
    const lines = pdftotext(await written(CREDIT_NOTE, "note-text"));
    expect(lines).toEqual(
      expect.arrayContaining([
        "ใบลดหนี้ / Credit Note",
        "อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. RC-TX-00000-2026-000001",
        "ผู้ซื้อ / Buyer บริษัท น้ำใจผู้ซื้อ จำกัด",
        "ที่อยู่ / Address 1 ถนนพระรามที่สี่ แขวงสีลม เขตบางรัก กรุงเทพฯ 10500",
        "เหตุผล / Reason คืนเงินค่าออกรอบ / Refund",
        "รวมลดหนี้ / Total credited",
        "625.25",
        "(หกร้อยยี่สิบห้าบาทยี่สิบห้าสตางค์)",
      ]),
    );
  });

  it("is drawn by poppler as resvg draws its header's Thai words: the title, the invoice it refers to, the reason", async () => {
    const measured = shares(await written(CREDIT_NOTE, "note-pixels"));
    const words = measured.map(([w]) => w);
    for (const word of ["ใบลดหนี้", "อ้างถึงใบกำกับภาษีเลขที่", "มูลค่าที่ถูกต้อง", "เหตุผล", "คืนเงินค่าออกรอบ", "น้ำใจผู้ซื้อ"])
      expect(words).toContain(word);
    for (const [word, share] of measured) expect(share, word).toBeLessThan(MAX_UNMATCHED);
  });
});
