/**
 * A VAT-registered agency's full tax invoice (Revenue Code §86/4) on request: the buyer's details asked step
 * by step (a wrong tax id said and asked again, nothing typed lost), the invoice numbered next in its series,
 * its PDF read back by poppler's pdftotext; on SQLite and PostgreSQL. A seller not VAT-registered says so;
 * an agency issuing abbreviated invoices issues one at once.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { bahtFigures, receiptAmounts } from "../../../../src/receipts/amounts.js";
import { formatTaxId, taxIdCheckDigit } from "../../../../src/receipts/tax-id.js";
import type { BookingRecord } from "../../../../src/bookings/index.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import {
  callbackAnswerText,
  dateAndTime,
  expectTelegramRules,
  forgeTap,
  moveAndApprove,
  paidBooking,
  panel,
  tapData,
} from "../../../helpers/flow.js";
import { pdfsOf } from "../../../helpers/pdfs.js";
import { customerShare } from "../../../../src/bot/format/booking-money.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { satangToBahtString } from "../../../../src/partner/index.js";
import { courseToday } from "../../../../src/time/today.js";

const ADMIN = 9201;
const AGENT = 9202;
const SELLER_TAX_ID = "0107544000108";
const BUYER_FIRST12 = "010555012345";
const BUYER_TAX_ID = `${BUYER_FIRST12}${taxIdCheckDigit(BUYER_FIRST12)}`;
/** The same digits with a wrong check digit. */
const WRONG_TAX_ID = `${BUYER_FIRST12}${(taxIdCheckDigit(BUYER_FIRST12) + 1) % 10}`;

const VAT_SELLER = {
  SELLER_LEGAL_NAME: "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
  SELLER_ADDRESS: "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
  SELLER_TAX_ID,
  SELLER_VAT_REGISTERED: "1",
};

const VAT = { vatRegistered: true, vatRatePercent: 7, pricesIncludeVat: true };

let h: Harness;
afterEach(async () => {
  await h.stop();
});

/** Opens the booking's view in /mybookings and taps "🧾 Tax invoice"; the tap's query id. */
async function tapTaxInvoice(user: SimulatedUser, booking: BookingRecord): Promise<string> {
  user.send("/mybookings");
  await h.settle();
  tapData(user, new RegExp(`^mb:view:${booking.id}$`));
  await h.settle();
  expect(panel(user).labels).toContain("🧾 Tax invoice");
  const q = tapData(user, new RegExp(`^txi:${booking.id}$`));
  await h.settle();
  return q;
}

async function say(user: SimulatedUser, text: string): Promise<string> {
  user.send(text);
  await h.settle();
  return user.lastMessage()?.text ?? "";
}

describe.each(databaseFactories)("a full tax invoice on $name", ({ make }) => {
  it("asks the buyer's name, address, tax id (again when wrong) and branch, then sends the invoice numbered next", async () => {
    h = await startHarness({
      db: make(),
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), PRICE_MARKUP: "20%", ...VAT_SELLER },
    });
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Invoice Buyer");

    await tapTaxInvoice(agent, booking);
    expect(agent.lastMessage()?.text).toContain("The buyer's name");
    expect(await say(agent, "บริษัท ลูกค้า จำกัด")).toContain("The buyer's address");
    expect(await say(agent, "1 ถนนพระราม 4 กรุงเทพฯ 10500")).toContain("tax id (13 digits");
    expect(await say(agent, WRONG_TAX_ID)).toContain("That is not a valid tax id");
    expect(await say(agent, formatTaxId(BUYER_TAX_ID))).toContain("Head office or branch?");
    expect(pdfsOf(h, agent)).toEqual([]);
    await say(agent, "2");
    const told = agent.messages().map((m) => m.text ?? "");
    expect(
      told.some((t) => /Tax invoice RC-TX-00000-\d{4}-000001 issued/.test(t)),
      told.join("\n"),
    ).toBe(true);

    const [invoice] = pdfsOf(h, agent);
    expect(invoice?.filename).toMatch(/^tax-invoice-RC-TX-00000-\d{4}-000001\.pdf$/);
    expect(invoice!.caption).toContain(booking.reservation_code!);
    const amounts = receiptAmounts(booking.selling_amount!, {
      vatRegistered: true,
      vatRatePercent: 7,
      pricesIncludeVat: true,
    });
    expect(invoice!.lines).toEqual(
      expect.arrayContaining([
        "ใบกำกับภาษี / Tax Invoice",
        expect.stringMatching(/^เลขที่ \/ No\. RC-TX-00000-\d{4}-000001$/),
        "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
        "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(SELLER_TAX_ID)}   สำนักงานใหญ่ / Head office`,
        "ผู้ซื้อ / Buyer บริษัท ลูกค้า จำกัด",
        "ที่อยู่ / Address 1 ถนนพระราม 4 กรุงเทพฯ 10500",
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(BUYER_TAX_ID)}   สาขาที่ / Branch 00002`,
        `การจอง / Booking ${booking.reservation_code!}`,
        "ภาษีมูลค่าเพิ่ม / VAT 7%",
        bahtFigures(amounts.vatSatang),
        bahtFigures(amounts.netSatang),
        "รวมทั้งสิ้น / Total",
        bahtFigures(booking.selling_amount!),
      ]),
    );
    expect(invoice!.text).toMatch(/วันที่ \/ Date \d{1,2} \S+ 25\d\d \/ \d{1,2} \w{3} 20\d\d/);
    expect(invoice!.text).toContain("ค่าออกรอบกอล์ฟ / Green fee");

    // Asked again: the same invoice, sent again without a question.
    const q = await tapTaxInvoice(agent, booking);
    expect(callbackAnswerText(h, q)).toBe("Sending the PDF…");
    expect(pdfsOf(h, agent).map((d) => d.filename)).toEqual([invoice!.filename, invoice!.filename]);
    const rows = await h.app.storage.db.selectFrom("documents").selectAll().execute();
    expect(rows.map((r) => [r.kind, r.buyer_tax_id, r.buyer_branch, r.issued_by])).toEqual([
      ["tax-invoice", BUYER_TAX_ID, "00002", AGENT],
    ]);

    // Refunded: a credit note referring to the invoice, to whoever asked for it, for what goes back.
    const admin = h.user(ADMIN, "en", "Ploy");
    admin.send(`/refund ${booking.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const refunded = (await h.app.bookings.get(booking.id))!;
    expect(refunded.state).toBe("REFUNDED");
    const credited = customerShare(refunded, refunded.refunded_amount)!;
    expect(credited).toBeGreaterThan(0);
    const note = pdfsOf(h, agent).at(-1)!;
    const invoiceNumber = invoice!.filename.replace(/^tax-invoice-|\.pdf$/g, "");
    expect(note.filename).toMatch(/^credit-note-RC-CN-00000-\d{4}-000001\.pdf$/);
    expect(note.caption).toContain(`refers to tax invoice ${invoiceNumber}`);
    expect(note.lines).toEqual(
      expect.arrayContaining([
        "ใบลดหนี้ / Credit Note",
        `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${invoiceNumber}`,
        "ผู้ซื้อ / Buyer บริษัท ลูกค้า จำกัด",
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(BUYER_TAX_ID)}   สาขาที่ / Branch 00002`,
        "รวมลดหนี้ / Total credited",
        bahtFigures(credited),
        bahtFigures(receiptAmounts(credited, VAT).vatSatang),
      ]),
    );
    const notes = await h.app.storage.db
      .selectFrom("documents")
      .selectAll()
      .where("kind", "=", "credit-note")
      .execute();
    expect(notes.map((n) => [n.refers_to, n.total, n.vat])).toEqual([
      [invoiceNumber, credited, receiptAmounts(credited, VAT).vatSatang],
    ]);

    // /report lists them, and their CSV follows for the accountant: the credit note's amounts negative.
    // The booking's receipt too: listed in the CSV, not summed with its invoice (the same sale).
    forgeTap(agent, `rcp:${booking.id}`);
    await h.settle();
    const receiptNumber = pdfsOf(h, agent)
      .at(-1)!
      .filename.replace(/^receipt-|\.pdf$/g, "");
    expect(receiptNumber).toMatch(/^RC-RE-00000-\d{4}-000001$/);
    const today = courseToday(h.clock(), "Asia/Bangkok");
    admin.send(`/report ${today} ${today}`);
    await h.settle();
    const reportText = admin.messages().find((m) => m.text?.startsWith("Report "))!.text!;
    const vat = receiptAmounts(booking.selling_amount!, VAT).vatSatang;
    const creditVat = receiptAmounts(credited, VAT).vatSatang;
    expect(reportText).toContain(
      `🧾 Documents issued: 1 receipts, 1 tax invoices, 1 credit notes · output VAT ${formatBaht(vat - creditVat, "en")}`,
    );
    expect(reportText).toContain(`${invoiceNumber} · บริษัท ลูกค้า จำกัด · VAT ${formatBaht(vat, "en")}`);
    const csvMessage = admin
      .messages()
      .find((m) => m.document?.file_name === `fairway-documents-${today}-${today}.csv`);
    const csv = h.telegram.file(csvMessage!.document!.file_id)!.data!.toString("utf8");
    const noteNumber = note.filename.replace(/^credit-note-|\.pdf$/g, "");
    const net = booking.selling_amount! - vat;
    const baht = satangToBahtString;
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFdate,number,kind,refers_to,booking_id,buyer_name,buyer_tax_id,buyer_branch,net_thb,vat_thb,total_thb",
      `${today},${invoiceNumber},tax-invoice,,${booking.id},บริษัท ลูกค้า จำกัด,${BUYER_TAX_ID},00002,${baht(net)},${baht(vat)},${baht(booking.selling_amount!)}`,
      `${today},${noteNumber},credit-note,${invoiceNumber},${booking.id},บริษัท ลูกค้า จำกัด,${BUYER_TAX_ID},00002,` +
        `${baht(creditVat - credited)},${baht(-creditVat)},${baht(-credited)}`,
      `${today},${receiptNumber},receipt,,${booking.id},,,,${baht(net)},${baht(vat)},${baht(booking.selling_amount!)}`,
      `total,,,,,,,,${baht(net - (credited - creditVat))},${baht(vat - creditVat)},${baht(booking.selling_amount! - credited)}`,
      "",
    ]);
    expectTelegramRules(h);
  });
});

/** Asks for the booking's full tax invoice, head office; its number. */
async function invoiceFor(user: SimulatedUser, booking: BookingRecord): Promise<string> {
  await tapTaxInvoice(user, booking);
  await say(user, "บริษัท ลูกค้า จำกัด");
  await say(user, "1 ถนนพระราม 4 กรุงเทพฯ 10500");
  await say(user, BUYER_TAX_ID);
  const branch = [...user.messages()].reverse().find((m) => m.text?.startsWith("Head office or branch?"))!;
  user.tap({ messageId: branch.message_id, data: "txb:head" });
  await h.settle();
  const invoice = pdfsOf(h, user).at(-1)!;
  expect(invoice.lines).toContain(`เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(BUYER_TAX_ID)}   สำนักงานใหญ่ / Head office`);
  return invoice.filename.replace(/^tax-invoice-|\.pdf$/g, "");
}

describe("a move to a cheaper tee time after a tax invoice", () => {
  it("issues a credit note of the difference, referring to the invoice", async () => {
    h = await startHarness({
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), PRICE_MARKUP: "20%", ...VAT_SELLER },
    });
    const x = h;
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, admin, "Cheaper Move");
    const invoiceNumber = await invoiceFor(admin, old);
    const { date } = dateAndTime(old.slot_starts_at, old.time_zone);
    const slots = h.sandbox.slots(old.course_id, date);
    const oldPrice = slots.find((s) => s.id === old.slot_id)!.price;
    const cheaper = slots.find(
      (s) =>
        s.status === "OPEN" &&
        s.persons === 0 &&
        s.startMs > x.clock() &&
        s.price < oldPrice &&
        s.minPerson <= old.persons &&
        s.maxPerson >= old.persons,
    )!;
    const view = await moveAndApprove(h, admin, old, { date, time: dateAndTime(cheaper.startMs, old.time_zone).time });
    expect(view.new.state).toBe("PAID");
    const difference = view.old.selling_amount! - view.new.selling_amount!;
    expect(difference).toBeGreaterThan(0);
    const note = pdfsOf(h, admin).at(-1)!;
    expect(note.filename).toMatch(/^credit-note-RC-CN-00000-\d{4}-000001\.pdf$/);
    expect(note.lines).toEqual(
      expect.arrayContaining([
        "ใบลดหนี้ / Credit Note",
        `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${invoiceNumber}`,
        "เหตุผล / Reason เปลี่ยนเป็นเวลาออกรอบที่ราคาต่ำกว่า / Moved to a cheaper tee time",
        bahtFigures(difference),
      ]),
    );
    // The move's refund of the old tee time is not a refund to the customer: one credit note, the difference's.
    const notes = await h.app.storage.db
      .selectFrom("documents")
      .selectAll()
      .where("kind", "=", "credit-note")
      .execute();
    expect(notes.map((n) => [n.source, n.refers_to, n.total])).toEqual([
      [`move:${view.move.id}`, invoiceNumber, difference],
    ]);
  });
});

describe("other sellers", () => {
  it("a seller not VAT-registered says it issues no tax invoice, and issues none", async () => {
    h = await startHarness({ env: { AGENT_IDS: String(AGENT) } });
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "No Vat");
    const q = await tapTaxInvoice(agent, booking);
    expect(callbackAnswerText(h, q)).toContain("not VAT-registered");
    expect(pdfsOf(h, agent)).toEqual([]);
    expect(await h.app.storage.db.selectFrom("documents").selectAll().execute()).toEqual([]);
  });

  it("an agency issuing abbreviated tax invoices sends one at once, without the buyer", async () => {
    h = await startHarness({ env: { AGENT_IDS: String(AGENT), ...VAT_SELLER, TAX_INVOICES: "abbreviated" } });
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Abbreviated");
    await tapTaxInvoice(agent, booking);
    const [abb] = pdfsOf(h, agent);
    expect(abb?.filename).toMatch(/RC-AB-00000-\d{4}-000001\.pdf$/);
    expect(abb!.lines).toContain("ใบกำกับภาษีอย่างย่อ / Abbreviated Tax Invoice");
    expect(abb!.text).not.toContain("ผู้ซื้อ / Buyer");
    expect(abb!.text).toContain(bahtFigures(booking.selling_amount!));
  });

  it("a command during the questions leaves them; the booking is not invoiced", async () => {
    h = await startHarness({ env: { AGENT_IDS: String(AGENT), ...VAT_SELLER } });
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Left Halfway");
    await tapTaxInvoice(agent, booking);
    await say(agent, "Some Buyer Co");
    agent.send("/mybookings");
    await h.settle();
    expect(panel(agent).text).toContain("My bookings");
    expect(await say(agent, "1 Road")).not.toContain("tax id");
    expect(await h.app.storage.db.selectFrom("documents").selectAll().execute()).toEqual([]);
  });
});
