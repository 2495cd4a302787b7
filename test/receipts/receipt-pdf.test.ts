/*
 * The receipt's PDF checked against references fairway did not write: poppler reads it back (pdftotext for
 * the text, pdftoppm for the pixels), and the Thai it draws is compared with resvg's drawing of the same
 * text in the same font and size (rustybuzz, a port of HarfBuzz, with its Thai shaper: SARA AM decomposed,
 * marks placed by GPOS mark and mkmk).
 *
 * The pixel method: one hard word a line, at a known baseline, on a page of W×H points; pdftoppm draws it
 * at 144 dpi (2 px a point), resvg draws an SVG of the same W×H at 2 px a point. Each line's band is made
 * black and white (ink: grey < 128) and every ink pixel of one drawing must have ink within 1 px in the
 * other (anti-aliasing differs between poppler's Splash and tiny-skia); the share of ink pixels without
 * a partner must stay under MAX_UNMATCHED. A missing or misplaced tone mark or vowel leaves its whole shape
 * unmatched: the negative controls below (marks dropped, another vowel) must fail the same measure.
 *
 * SARA AM (ำ), found by this test: fontkit (pdfkit's shaper) has no Thai shaper, and drew "น้ำ" with the
 * NIKHAHIT above the tone mark; `pdf-text.ts` now lays SARA AM out decomposed as HarfBuzz does. resvg 2.6
 * (resvg-js) draws ำ wrong too, differently: its shaper decomposes and reorders it (HarfBuzz's and
 * rustybuzz's Thai shaper: <0E14, 0E4B, 0E33> → <0E14, 0E4D, 0E4B, 0E32>) but its text layout then gives
 * the SARA AA no advance ("กำไร" with ไ over the า). So resvg is given that decomposed spelling, written out
 * here by hand (`REFERENCE`), which it draws correctly; the PDF is drawn from the text as written, and
 * pdftotext must give that back.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requiredFontPath, THAI_FONT } from "../../src/render/fonts.js";
import { svgToPng } from "../../src/render/png.js";
import { drawText } from "../../src/receipts/pdf-text.js";
import { receiptPdf, type ReceiptInput } from "../../src/receipts/receipt-pdf.js";
import type { Seller } from "../../src/receipts/seller.js";
import { inkOf, unmatchedShare } from "../helpers/ink.js";

const HARD = ["น้ำ", "ที่", "กำไร", "ผู้ซื้อ", "ใบกำกับภาษี", "เต็มรูปแบบ", "หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์"];
const WIDTH = 560;
const SIZE = 28;
const LINE = 56;
const TOP = 50;
const SCALE = 2;
/** Measured: 0 for every word once SARA AM was fixed; the negative controls leave 1.2–6 %. */
const MAX_UNMATCHED = 0.005;

/** `HARD` with SARA AM (U+0E33) as HarfBuzz's Thai shaper spells it: NIKHAHIT (U+0E4D) before the tone mark, SARA AA (U+0E32). */
const REFERENCE = [
  "\u0E19\u0E4D\u0E49\u0E32",
  "ที่",
  "\u0E01\u0E4D\u0E32ไร",
  "ผู้ซื้อ",
  "ใบ\u0E01\u0E4D\u0E32กับภาษี",
  "เต็มรูปแบบ",
  "หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์",
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fairway-receipt-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const height = () => TOP + LINE * HARD.length;
const baseline = (i: number) => TOP + LINE * i;

/** `raw`: laid out by pdfkit as written, without `drawText` (what fontkit alone does with SARA AM). */
async function pdfOf(lines: readonly string[], raw = false): Promise<Buffer> {
  const doc = new PDFDocument({ size: [WIDTH, height()], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.registerFont("thai", requiredFontPath(THAI_FONT.regular));
  doc.font("thai").fontSize(SIZE);
  lines.forEach((text, i) =>
    raw
      ? doc.text(text, 20, baseline(i), { lineBreak: false, baseline: "alphabetic" })
      : drawText(doc, text, 20, baseline(i)),
  );
  doc.end();
  return done;
}

function svgOf(lines: readonly string[]): string {
  const texts = lines
    .map((t, i) => `<text x="20" y="${baseline(i)}" font-family="Noto Sans Thai" font-size="${SIZE}">${t}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height()}" viewBox="0 0 ${WIDTH} ${height()}">${texts}</svg>`;
}

function poppler(pdf: Buffer, name: string): PNG {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-r", String(72 * SCALE), "-png", "-singlefile", file, join(dir, name)]);
  return PNG.sync.read(readFileSync(join(dir, `${name}.png`)));
}

/** The band of line `i`, in pixels: from a line above its baseline to half a line below. */
const band = (i: number): [number, number] => [
  (baseline(i) - LINE * 0.75) * SCALE,
  (baseline(i) + LINE * 0.25) * SCALE,
];

describe("Thai in the receipt's PDF", () => {
  it("is drawn as resvg (HarfBuzz's Thai shaping) draws it: marks stacked and placed", async () => {
    const pdf = poppler(await pdfOf(HARD), "hard");
    const svg = PNG.sync.read(svgToPng(svgOf(REFERENCE), { width: WIDTH * SCALE }));
    expect([svg.width, svg.height]).toEqual([pdf.width, pdf.height]);
    const shares = HARD.map((_, i) => unmatchedShare(inkOf(pdf, ...band(i)), inkOf(svg, ...band(i))));
    for (const [i, share] of shares.entries()) expect(share, HARD[i]).toBeLessThan(MAX_UNMATCHED);
  });

  it("fails the same measure when a mark is missing or another vowel is drawn (negative controls)", async () => {
    const wrong = ["นำ", "ทื่", "กาไร", "ผูซือ", "ใบกากับภาษี", "เตมรูปแบบ", "หนึงพันสองรอยหาสิบบาทหาสิบสตางค"];
    const pdf = poppler(await pdfOf(HARD), "hard-controls");
    const svg = PNG.sync.read(svgToPng(svgOf(wrong), { width: WIDTH * SCALE }));
    for (const i of HARD.keys())
      expect(unmatchedShare(inkOf(pdf, ...band(i)), inkOf(svg, ...band(i))), wrong[i]).toBeGreaterThan(MAX_UNMATCHED);
  });

  it("tells resvg's own drawing of a SARA AM with a letter after it (no advance for its SARA AA) from the PDF's", async () => {
    const pdf = poppler(await pdfOf(HARD), "hard-sara-am");
    const svg = PNG.sync.read(svgToPng(svgOf(HARD), { width: WIDTH * SCALE }));
    for (const i of HARD.keys()) {
      const share = unmatchedShare(inkOf(pdf, ...band(i)), inkOf(svg, ...band(i)));
      if (/\u0E33./u.test(HARD[i]!)) expect(share, HARD[i]).toBeGreaterThan(MAX_UNMATCHED);
      else expect(share, HARD[i]).toBeLessThan(MAX_UNMATCHED);
    }
  });

  it("catches fontkit's own SARA AM after a tone mark (the ring drawn above the tone mark)", async () => {
    const pdf = poppler(await pdfOf(HARD, true), "hard-raw");
    const svg = PNG.sync.read(svgToPng(svgOf(REFERENCE), { width: WIDTH * SCALE }));
    expect(unmatchedShare(inkOf(pdf, ...band(0)), inkOf(svg, ...band(0))), "น้ำ").toBeGreaterThan(MAX_UNMATCHED);
  });

  it("gives its text back to pdftotext as written, tone marks and SARA AM included", async () => {
    const file = join(dir, "text.pdf");
    writeFileSync(file, await pdfOf(HARD));
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const lines = text.split("\n").filter((l) => l.trim() !== "" && l !== "\f");
    expect(lines.map((l) => l.normalize("NFC"))).toEqual(HARD.map((l) => l.normalize("NFC")));
  });
});

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

const INPUT: ReceiptInput = {
  seller: SELLER,
  number: "RC-000001",
  paidAt: new Date("2026-11-28T17:30:00Z"), // 00:30 on 29 November in Bangkok
  customerName: "ผู้ซื้อ น้ำใจ",
  booking: {
    reference: "B-42",
    courseNameTH: "สนามกอล์ฟน้ำพุ",
    courseName: "Nam Phu Golf",
    teeTime: new Date("2026-12-01T00:10:00Z"),
    players: 4,
    sellingSatang: 125050,
  },
};

async function receiptText(input: ReceiptInput): Promise<string[]> {
  const file = join(dir, "receipt.pdf");
  writeFileSync(file, await receiptPdf(input));
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

describe("the receipt", () => {
  it("names the seller, the booking, the amount in figures and Thai words, and the VAT apart", async () => {
    const lines = await receiptText(INPUT);
    expect(lines).toEqual(
      expect.arrayContaining([
        "ใบเสร็จรับเงิน / Receipt",
        "เลขที่ / No. RC-000001",
        "วันที่ / Date 29 พฤศจิกายน 2569 / 29 Nov 2026",
        "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
        "99 ถนนสุขุมวิท แขวงคลองเตย กรุงเทพฯ 10110",
        "เลขประจำตัวผู้เสียภาษี / Tax ID 0-1075-44000-10-8   สำนักงานใหญ่ / Head office",
        "ได้รับเงินจาก / Received from ผู้ซื้อ น้ำใจ",
        "การจอง / Booking B-42",
        "ค่าออกรอบกอล์ฟ / Green fee: สนามกอล์ฟน้ำพุ / Nam Phu Golf",
        "วันเวลาออกรอบ / Tee time 1 ธันวาคม 2569 / 1 Dec 2026 07:10",
        "ผู้เล่น / Players 4",
        "มูลค่าสินค้าหรือบริการ / Value before VAT",
        "1,168.69",
        "ภาษีมูลค่าเพิ่ม / VAT 7%",
        "81.81",
        "รวมทั้งสิ้น / Total",
        "1,250.50",
        "(หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์)",
      ]),
    );
  });

  it("shows a branch by its number, and no VAT for a seller not VAT-registered", async () => {
    const lines = await receiptText({ ...INPUT, seller: { ...SELLER, branch: "00002", vatRegistered: false } });
    expect(lines).toContain("เลขประจำตัวผู้เสียภาษี / Tax ID 0-1075-44000-10-8   สาขาที่ / Branch 00002");
    expect(lines).toContain("ราคานี้ไม่มีภาษีมูลค่าเพิ่ม / No VAT charged");
    expect(lines.join("\n")).not.toContain("VAT 7%");
  });

  it("embeds Noto Sans Thai from its npm package as subsets with a ToUnicode map, and nothing else", async () => {
    const file = join(dir, "fonts.pdf");
    writeFileSync(file, await receiptPdf(INPUT));
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(fonts).toHaveLength(2);
    for (const row of fonts)
      expect(row).toMatch(/^[A-Z]{6}\+NotoSansThai-(Regular|Bold)\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it("gives the same bytes for the same receipt", async () => {
    expect((await receiptPdf(INPUT)).equals(await receiptPdf(INPUT))).toBe(true);
  });
});
