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
  /** The agency's selling price for the whole booking, in satang (a move's difference: the difference). */
  sellingSatang: number;
  /** A move's difference paid to a dearer tee time: the reference of the booking moved from. */
  movedFrom?: string;
}

/** A trip's instalment a receipt is for (issue 51): the deposit or the balance of a party's golf trip. */
export interface ReceiptTrip {
  /** The instalment's reference, as the customer quoted it to the bank (`T1A2B3C4DD`). */
  reference: string;
  instalment: "deposit" | "balance";
  rounds: number;
  players: number;
  /** The instalment's amount, satang (a credit note's: the amount credited). */
  sellingSatang: number;
  /** What the trip is, a line each (its rounds, then the agency's lines): a tax invoice's description. */
  items?: string[];
}

/** The agency's line kinds as a tax invoice names them, Thai / English. */
const LINE_KINDS: Record<"hotel" | "transfer" | "caddie" | "other", string> = {
  hotel: "ที่พัก / Hotel",
  transfer: "รถรับส่ง / Transfer",
  caddie: "แคดดี้ / Caddie",
  other: "อื่น ๆ / Other",
};

/** The longest description of an agency's line printed (the rest cut with an ellipsis). */
const LINE_MAX = 70;

/**
 * A trip's items as its tax invoice describes the service (Revenue Code §86/4 (5)): each round not cancelled —
 * its course, day, tee time (the course's clock) and players — then each of the agency's lines by kind.
 */
export function tripItems(
  rounds: readonly { course_name: string; day: string; tee_time: string; players: number; state: string }[],
  lines: readonly { kind: keyof typeof LINE_KINDS; description: string }[],
): string[] {
  const played = rounds.filter((r) => r.state !== "CANCELLED");
  return [
    ...played.map(
      (r, i) => `รอบ / Round ${i + 1}: ${r.course_name}, ${r.day} ${r.tee_time}, ผู้เล่น / Players ${r.players}`,
    ),
    ...lines.map((l) => {
      const text = l.description.length > LINE_MAX ? `${l.description.slice(0, LINE_MAX - 1)}…` : l.description;
      return `${LINE_KINDS[l.kind]}: ${text}`;
    }),
  ];
}

/** The most item lines a trip's document lists (one A4 page); the rest are counted on one more line. */
const MAX_TRIP_ITEMS = 14;

/** A tax invoice's buyer (Revenue Code §86/4): name, address, 13-digit tax id, head office or branch. */
export interface Buyer {
  name: string;
  address: string;
  taxId: string;
  /** 5 digits, `00000` for the head office. */
  branch: string;
}

/** What a credit note (ใบลดหนี้) corrects: the tax invoice it refers to and its value. */
export interface CreditOf {
  /** The tax invoice's number. */
  invoiceNumber: string;
  /** The invoice's total, satang (VAT included as on it). */
  invoiceSatang: number;
  /** Why (refund, cheaper tee time), Thai / English. */
  reason: string;
}

/** What a document is: its title. A receipt by default. */
export type DocumentPdfKind = "receipt" | "tax-invoice" | "abbreviated" | "credit-note";

const TITLES: Record<DocumentPdfKind, string> = {
  receipt: "ใบเสร็จรับเงิน / Receipt",
  "tax-invoice": "ใบกำกับภาษี / Tax Invoice",
  abbreviated: "ใบกำกับภาษีอย่างย่อ / Abbreviated Tax Invoice",
  "credit-note": "ใบลดหนี้ / Credit Note",
};

export interface ReceiptInput {
  /** Default `receipt`. A tax invoice names its buyer; a credit note its invoice, and its amount is the credit. */
  kind?: DocumentPdfKind;
  /** A full tax invoice's or a credit note's buyer. */
  buyer?: Buyer;
  /** A credit note's: the invoice it reduces (`booking.sellingSatang` is then the amount credited). */
  credit?: CreditOf;
  seller: Seller;
  /** The receipt's number (the prefix included). */
  number: string;
  /** When the payment was received (the receipt's date, in Asia/Bangkok). */
  paidAt: Date;
  /** The booking paid for; a trip's instalment instead (`trip`). */
  booking?: ReceiptBooking;
  /** A trip's instalment paid for (a receipt, a tax invoice or a credit note of one). */
  trip?: ReceiptTrip;
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
    info: {
      Title: `${TITLES[input.kind ?? "receipt"]} ${input.number}`,
      Producer: "fairway",
      CreationDate: input.paidAt,
    },
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

/** `เลขประจำตัวผู้เสียภาษี / Tax ID 0-1075-44000-10-8   สำนักงานใหญ่ / Head office` (or `สาขาที่ / Branch 00002`). */
function taxIdLine(taxId: string, branch: string): string {
  const office = branch === HEAD_OFFICE ? "สำนักงานใหญ่ / Head office" : `สาขาที่ / Branch ${branch}`;
  return `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(taxId)}   ${office}`;
}

/** What was paid for: its reference line, the item's line and its detail lines, and the amount. */
function subjectOf(input: ReceiptInput): { reference: string; item: string; details: string[]; satang: number } {
  const { booking, trip } = input;
  if (trip) {
    const items = trip.items ?? [];
    const shown = items.length > MAX_TRIP_ITEMS ? items.slice(0, MAX_TRIP_ITEMS - 1) : items;
    const more = items.length - shown.length;
    return {
      reference: `ทริป / Trip ${trip.reference}`,
      item:
        trip.instalment === "deposit" ? "เงินมัดจำทริปกอล์ฟ / Golf trip deposit" : "ยอดคงเหลือทริปกอล์ฟ / Golf trip balance",
      details: [
        `จำนวนรอบ / Rounds ${trip.rounds}`,
        `ผู้เล่น / Players ${trip.players}`,
        ...shown,
        ...(more > 0 ? [`และอีก ${more} รายการ / and ${more} more`] : []),
      ],
      satang: trip.sellingSatang,
    };
  }
  if (!booking) throw new Error("a receipt needs a booking or a trip");
  const course = booking.courseNameTH ? `${booking.courseNameTH} / ${booking.courseName}` : booking.courseName;
  return {
    reference: `การจอง / Booking ${booking.reference}`,
    item: booking.movedFrom
      ? `ส่วนต่างค่าเปลี่ยนเวลาออกรอบ / Tee time change difference: ${course}`
      : `ค่าออกรอบกอล์ฟ / Green fee: ${course}`,
    details: [
      ...(booking.movedFrom ? [`เปลี่ยนจากการจอง / Moved from booking ${booking.movedFrom}`] : []),
      `วันเวลาออกรอบ / Tee time ${teeTimeText(booking.teeTime)}`,
      `ผู้เล่น / Players ${booking.players}`,
    ],
    satang: booking.sellingSatang,
  };
}

function drawReceipt(doc: PdfDocument, input: ReceiptInput): void {
  const { seller } = input;
  const subject = subjectOf(input);
  let y = 80;
  const next = (step: number) => (y += step);

  drawText(doc, TITLES[input.kind ?? "receipt"], LEFT, y, { font: BOLD, size: 20 });
  drawText(doc, `เลขที่ / No. ${input.number}`, RIGHT, y, { font: REGULAR, size: 11, alignRight: true });
  next(20);
  drawText(doc, `วันที่ / Date ${bilingualDate(input.paidAt)}`, RIGHT, y, { size: 11, alignRight: true });

  next(30);
  drawText(doc, seller.legalName, LEFT, y, { font: BOLD, size: 13 });
  doc.font(REGULAR).fontSize(10);
  if (seller.address !== undefined) drawText(doc, seller.address, LEFT, next(16));
  if (seller.taxId !== undefined) drawText(doc, taxIdLine(seller.taxId, seller.branch), LEFT, next(16));

  next(30);
  doc.fontSize(11);
  if (input.buyer) {
    drawText(doc, `ผู้ซื้อ / Buyer ${input.buyer.name}`, LEFT, y, { font: BOLD });
    drawText(doc, `ที่อยู่ / Address ${input.buyer.address}`, LEFT, next(16), { font: REGULAR, size: 10 });
    drawText(doc, taxIdLine(input.buyer.taxId, input.buyer.branch), LEFT, next(16));
    next(20);
    doc.fontSize(11);
  } else if (input.customerName !== undefined) {
    drawText(doc, `ได้รับเงินจาก / Received from ${input.customerName}`, LEFT, y);
    next(20);
  }
  drawText(doc, subject.reference, LEFT, y);
  if (input.credit) {
    const { invoiceNumber, invoiceSatang, reason } = input.credit;
    drawText(doc, `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${invoiceNumber}`, LEFT, next(18));
    const was = receiptAmounts(invoiceSatang, seller).netSatang;
    const correct = was - receiptAmounts(subject.satang, seller).netSatang;
    drawText(doc, `มูลค่าตามใบกำกับภาษีเดิม / Original value ${bahtFigures(was)}`, LEFT, next(18), { size: 10 });
    drawText(doc, `มูลค่าที่ถูกต้อง / Correct value ${bahtFigures(correct)}`, LEFT, next(16));
    drawText(doc, `เหตุผล / Reason ${reason}`, LEFT, next(16));
    doc.fontSize(11);
  }

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

  const amounts = receiptAmounts(subject.satang, seller);
  drawText(doc, subject.item, LEFT, next(20), { font: REGULAR, size: 11 });
  drawText(doc, bahtFigures(amounts.netSatang), RIGHT, y, { alignRight: true });
  doc.fontSize(10);
  for (const line of subject.details) drawText(doc, line, LEFT + 12, next(16));

  next(14);
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  doc.fontSize(11);
  if (seller.vatRegistered) {
    drawText(doc, "มูลค่าสินค้าหรือบริการ / Value before VAT", 330, next(20), { alignRight: true });
    drawText(doc, bahtFigures(amounts.netSatang), RIGHT, y, { alignRight: true });
    drawText(doc, `ภาษีมูลค่าเพิ่ม / VAT ${seller.vatRatePercent}%`, 330, next(18), { alignRight: true });
    drawText(doc, bahtFigures(amounts.vatSatang), RIGHT, y, { alignRight: true });
  }
  const total = input.credit ? "รวมลดหนี้ / Total credited" : "รวมทั้งสิ้น / Total";
  drawText(doc, total, 330, next(20), { font: BOLD, alignRight: true });
  drawText(doc, bahtFigures(amounts.totalSatang), RIGHT, y, { alignRight: true });
  drawText(doc, `(${bahtInWords(amounts.totalSatang)})`, LEFT, next(24), { font: REGULAR });
  if (!seller.vatRegistered) drawText(doc, "ราคานี้ไม่มีภาษีมูลค่าเพิ่ม / No VAT charged", LEFT, next(18), { size: 9 });
}
