import PDFDocument from "pdfkit";
import { requiredFontPath, THAI_FONT } from "../render/fonts.js";
import { bahtFigures, bahtInWords, receiptAmounts } from "./amounts.js";
import { drawText, type PdfDocument } from "./pdf-text.js";
import { HEAD_OFFICE, type Seller } from "./seller.js";
import { formatTaxId } from "./tax-id.js";

/** The booking a receipt is for, as the customer knows it: never the partner's net price. */
export interface ReceiptBooking {
  /** fairway's booking reference, as the customer's messages show it. */
  reference: string;
  /** The course's Thai name (absent: the English one is shown alone). */
  courseNameTH?: string;
  courseName: string;
  /** The tee time (shown in Asia/Bangkok). */
  teeTime: Date;
  players: number;
  /** The agency's selling price for the whole booking, in satang. */
  sellingSatang: number;
}

export interface ReceiptInput {
  seller: Seller;
  /** The receipt's number (the prefix included). */
  number: string;
  /** When the payment was received (the receipt's date, in Asia/Bangkok). */
  paidAt: Date;
  booking: ReceiptBooking;
  /** The customer's name as they gave it (optional on a receipt). */
  customerName?: string;
}

const ZONE = "Asia/Bangkok";
const REGULAR = "thai";
const BOLD = "thai-bold";
const LEFT = 50;
const RIGHT = 545;

/** A date as Thai documents print it (Buddhist era) and in English beside it: `28 พฤศจิกายน 2569 / 28 Nov 2026`. */
function bilingualDate(at: Date): string {
  const th = new Intl.DateTimeFormat("th-TH", { timeZone: ZONE, dateStyle: "long" }).format(at);
  const en = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, dateStyle: "medium" }).format(at);
  return `${th} / ${en}`;
}

function teeTimeText(at: Date): string {
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(at);
  return `${bilingualDate(at)} ${time}`;
}

/**
 * The receipt (ใบเสร็จรับเงิน) for a customer's payment of a booking, as an A4 PDF: Thai with English beside
 * it, the seller (name, address, tax id, head office or branch), the booking (course, date, tee time, players),
 * the amount in figures and in Thai words, and the VAT apart when the seller is VAT-registered. Text in Noto
 * Sans Thai from its npm package, embedded as a subset, shaped by fontkit, extractable (`pdf-text.ts`).
 * `creationDate` is the payment's time, so the same receipt gives the same bytes.
 */
export async function receiptPdf(input: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: LEFT,
    info: { Title: `ใบเสร็จรับเงิน / Receipt ${input.number}`, Producer: "fairway", CreationDate: input.paidAt },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont(REGULAR, requiredFontPath(THAI_FONT.regular));
  doc.registerFont(BOLD, requiredFontPath(THAI_FONT.bold));
  drawReceipt(doc, input);
  doc.end();
  return done;
}

function drawReceipt(doc: PdfDocument, input: ReceiptInput): void {
  const { seller, booking } = input;
  let y = 80;
  const next = (step: number) => (y += step);

  drawText(doc, "ใบเสร็จรับเงิน / Receipt", LEFT, y, { font: BOLD, size: 20 });
  drawText(doc, `เลขที่ / No. ${input.number}`, RIGHT, y, { font: REGULAR, size: 11, alignRight: true });
  next(20);
  drawText(doc, `วันที่ / Date ${bilingualDate(input.paidAt)}`, RIGHT, y, { size: 11, alignRight: true });

  next(30);
  drawText(doc, seller.legalName, LEFT, y, { font: BOLD, size: 13 });
  doc.font(REGULAR).fontSize(10);
  if (seller.address !== undefined) drawText(doc, seller.address, LEFT, next(16));
  if (seller.taxId !== undefined) {
    const office = seller.branch === HEAD_OFFICE ? "สำนักงานใหญ่ / Head office" : `สาขาที่ / Branch ${seller.branch}`;
    drawText(doc, `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(seller.taxId)}   ${office}`, LEFT, next(16));
  }

  next(30);
  doc.fontSize(11);
  if (input.customerName !== undefined) {
    drawText(doc, `ได้รับเงินจาก / Received from ${input.customerName}`, LEFT, y);
    next(20);
  }
  drawText(doc, `การจอง / Booking ${booking.reference}`, LEFT, y);

  next(30);
  doc
    .moveTo(LEFT, y - 14)
    .lineTo(RIGHT, y - 14)
    .lineWidth(0.5)
    .stroke();
  drawText(doc, "รายการ / Description", LEFT, y, { font: BOLD, size: 11 });
  drawText(doc, "จำนวนเงิน (บาท) / Amount (THB)", RIGHT, y, { alignRight: true });
  next(8);
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();

  const amounts = receiptAmounts(booking.sellingSatang, seller);
  const course = booking.courseNameTH ? `${booking.courseNameTH} / ${booking.courseName}` : booking.courseName;
  drawText(doc, `ค่าออกรอบกอล์ฟ / Green fee: ${course}`, LEFT, next(20), { font: REGULAR, size: 11 });
  drawText(doc, bahtFigures(amounts.netSatang), RIGHT, y, { alignRight: true });
  drawText(doc, `วันเวลาออกรอบ / Tee time ${teeTimeText(booking.teeTime)}`, LEFT + 12, next(16), { size: 10 });
  drawText(doc, `ผู้เล่น / Players ${booking.players}`, LEFT + 12, next(16));

  next(14);
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  doc.fontSize(11);
  if (seller.vatRegistered) {
    drawText(doc, "มูลค่าสินค้าหรือบริการ / Value before VAT", 330, next(20), { alignRight: true });
    drawText(doc, bahtFigures(amounts.netSatang), RIGHT, y, { alignRight: true });
    drawText(doc, `ภาษีมูลค่าเพิ่ม / VAT ${seller.vatRatePercent}%`, 330, next(18), { alignRight: true });
    drawText(doc, bahtFigures(amounts.vatSatang), RIGHT, y, { alignRight: true });
  }
  drawText(doc, "รวมทั้งสิ้น / Total", 330, next(20), { font: BOLD, alignRight: true });
  drawText(doc, bahtFigures(amounts.totalSatang), RIGHT, y, { alignRight: true });
  drawText(doc, `(${bahtInWords(amounts.totalSatang)})`, LEFT, next(24), { font: REGULAR });
  if (!seller.vatRegistered) drawText(doc, "ราคานี้ไม่มีภาษีมูลค่าเพิ่ม / No VAT charged", LEFT, next(18), { size: 9 });
}
