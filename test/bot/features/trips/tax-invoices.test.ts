/**
 * A trip's tax invoices and credit notes (issue 52 with issue 51), on SQLite and PostgreSQL: once its deposit is
 * approved, the lead customer's "🧾 Tax invoice" asks the buyer (the tax invoice conversation) and sends the full
 * tax invoice of that instalment — numbered TX next in its series, for the instalment's amount, the VAT apart,
 * the trip's round and lines as the description, every §86/4 field read back by poppler's pdftotext; a second
 * tap sends the same number; another agent's forged tap issues nothing. The balance's invoice offers the same
 * buyer again. An admin cancelling the trip 20 days before its first round issues one credit note for the refund,
 * referring to the invoice it reduces, to the lead customer; a replayed cancel issues no second. /report and the
 * accountant's CSV list them. A refund above the balance's invoice credits it whole and the deposit's with the
 * rest, one note per invoice, each naming its own invoice's buyer (the balance's given anew). With `TAX_INVOICES=abbreviated` the invoice is issued at once and no credit note
 * follows a cancellation.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { bahtFigures, bahtInWords, receiptAmounts } from "../../../../src/receipts/amounts.js";
import { formatTaxId, taxIdCheckDigit } from "../../../../src/receipts/tax-id.js";
import { instalmentReference } from "../../../../src/trips/references.js";
import { translate } from "../../../../src/bot/i18n.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { callbackAnswerText, expectTelegramRules, forgeTap, tapData } from "../../../helpers/flow.js";
import { type Harness } from "../../../helpers/harness.js";
import { pdfsOf, type SentPdf } from "../../../helpers/pdfs.js";
import { slipPhoto } from "../../../helpers/slips.js";
import { shareAndAccept, startAtWorldStart, THAI_ONE_ROUND, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7330;
const AGENT = 7331;
const OTHER_AGENT = 7332;
const LEAD = 100_331;
const DAY = "2026-12-20";
const SELLER_TAX_ID = "0107544000108";
const BUYER_FIRST12 = "010555012345";
const BUYER_TAX_ID = `${BUYER_FIRST12}${taxIdCheckDigit(BUYER_FIRST12)}`;
const OTHER_FIRST12 = "310550012345";
const OTHER_TAX_ID = `${OTHER_FIRST12}${taxIdCheckDigit(OTHER_FIRST12)}`;
const BUYER_NAME = "บริษัท น้ำใจทัวร์ จำกัด";
const BUYER_ADDRESS = "1 ถนนพระราม 4 แขวงสีลม กรุงเทพฯ 10500";
const VAT_SELLER = {
  SELLER_LEGAL_NAME: "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
  SELLER_ADDRESS: "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
  SELLER_TAX_ID,
  SELLER_VAT_REGISTERED: "1",
};
const VAT = { vatRegistered: true, vatRatePercent: 7, pricesIncludeVat: true };
const th = (key: string, args?: Record<string, string | number>) => translate("th", key, args);

const tripInput = (h: Harness, day = DAY) =>
  tripInputFor(h.sandbox, { ...THAI_ONE_ROUND, agentId: AGENT, days: [day] });

let h: Harness;
afterEach(async () => {
  await h.stop();
});

async function say(user: SimulatedUser, text: string): Promise<string> {
  user.send(text);
  await h.settle();
  return user.lastMessage()?.text ?? "";
}

/** The lead's slip for the open instalment, approved by the agent (`dok` / `bok`). */
async function payAndApprove(
  lead: SimulatedUser,
  agent: SimulatedUser,
  id: string,
  action: "dok" | "bok",
  slip: string,
) {
  lead.sendPhoto(await slipPhoto(slip));
  await h.settle();
  tapData(agent, new RegExp(`^tp:${action}:${id}$`));
  await h.settle();
}

/** The documents table's rows, in the order issued. */
function documentRows() {
  return h.app.storage.db.selectFrom("documents").selectAll().orderBy("issued_at").orderBy("number").execute();
}

/** Taps the button with `data` on the newest message showing it (an older message's button, as a user can). */
function tapOn(user: SimulatedUser, data: string): string {
  const message = user
    .messages()
    .findLast((m) =>
      m.reply_markup?.inline_keyboard.flat().some((b) => "callback_data" in b && b.callback_data === data),
    );
  if (!message) throw new Error(`no message shows ${data}`);
  return user.tap({ messageId: message.message_id, data });
}

const numberOf = (pdf: SentPdf, kind: string) => pdf.filename.replace(new RegExp(`^${kind}-|\\.pdf$`, "g"), "");

/** The admin cancels the trip from /trips at today's quote; the refund. */
async function cancelTrip(admin: SimulatedUser, id: string): Promise<number> {
  admin.send("/trips");
  await h.settle();
  tapData(admin, new RegExp(`^tp:open:${id}$`));
  await h.settle();
  tapData(admin, new RegExp(`^tp:cq:${id}$`));
  await h.settle();
  const { refund } = await h.app.trips.cancelQuote(id);
  tapData(admin, new RegExp(`^tp:cx:${id}:${refund}$`));
  await h.settle();
  return refund;
}

describe.each(databaseFactories)("a trip's tax invoices on $name", ({ make }) => {
  it("the deposit's full tax invoice after the buyer's details, the balance's to the same buyer, a credit note on cancelling", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: `${AGENT},${OTHER_AGENT}`,
      PROMPTPAY_ID: "0812345678",
      ...VAT_SELLER,
    });
    const admin = h.user(ADMIN, "en", "Ploy");
    const agent = h.user(AGENT, "en", "Anan");
    const other = h.user(OTHER_AGENT, "en", "Other");
    const id = (await h.app.trips.create(tripInput(h))).trip.id;
    const lead = h.user(LEAD, "th", "Somchai", "stranger");
    await shareAndAccept(h, agent, lead, id);

    // Before the deposit is approved: its tax invoice is not issued.
    const early = forgeTap(lead, `tp:dti:${id}`);
    await h.settle();
    expect(callbackAnswerText(h, early)).toBe(th("trip-tax-invoice-unpaid"));

    await payAndApprove(lead, agent, id, "dok", "SLIPTRIPTX01");
    const view = (await h.app.trips.get(id))!;
    const [deposit, balance] = view.instalments;
    expect(deposit).toMatchObject({ kind: "deposit", state: "approved" });
    const approved = lead
      .messages()
      .findLast((m) => m.text === th("trip-deposit-approved", { amount: formatBaht(deposit!.amount, "th") }));
    expect(approved?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      th("btn-receipt"),
      th("btn-tax-invoice"),
    ]);

    // The deposit's tax invoice: the buyer asked step by step, then the invoice.
    tapOn(lead, `tp:dti:${id}`);
    await h.settle();
    expect(lead.lastMessage()?.text).toBe(th("tax-invoice-ask-name"));
    expect(await say(lead, BUYER_NAME)).toBe(th("tax-invoice-ask-address"));
    expect(await say(lead, BUYER_ADDRESS)).toBe(th("tax-invoice-ask-tax-id"));
    expect(await say(lead, formatTaxId(BUYER_TAX_ID))).toBe(th("tax-invoice-ask-branch"));
    expect(pdfsOf(h, lead)).toEqual([]);
    lead.tap({ messageId: lead.lastMessage()!.message_id, data: "txb:head" });
    await h.settle();

    const reference = instalmentReference(id, "deposit");
    const [invoice] = pdfsOf(h, lead);
    expect(invoice?.filename).toMatch(/^tax-invoice-RC-TX-00000-2026-000001\.pdf$/);
    const invoiceNumber = numberOf(invoice!, "tax-invoice");
    expect(invoice!.caption).toBe(
      th("trip-tax-invoice-caption", { number: invoiceNumber, kind: "deposit", reference }),
    );
    const amounts = receiptAmounts(deposit!.amount, VAT);
    const round = view.rounds[0]!;
    // Revenue Code §86/4: (1) the words "tax invoice", (2) the seller's name, address, tax id and office,
    // (3) the buyer's, (4) its number, (5) the service, (6) the VAT apart, (7) its date.
    expect(invoice!.lines).toEqual(
      expect.arrayContaining([
        "ใบกำกับภาษี / Tax Invoice",
        `เลขที่ / No. ${invoiceNumber}`,
        "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
        "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(SELLER_TAX_ID)}   สำนักงานใหญ่ / Head office`,
        `ผู้ซื้อ / Buyer ${BUYER_NAME}`,
        `ที่อยู่ / Address ${BUYER_ADDRESS}`,
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(BUYER_TAX_ID)}   สำนักงานใหญ่ / Head office`,
        `ทริป / Trip ${reference}`,
        "เงินมัดจำทริปกอล์ฟ / Golf trip deposit",
        `รอบ / Round 1: ${round.course_name}, ${DAY} ${round.tee_time}, ผู้เล่น / Players 4`,
        "ที่พัก / Hotel: Hotel, 2 nights",
        "มูลค่าสินค้าหรือบริการ / Value before VAT",
        "ภาษีมูลค่าเพิ่ม / VAT 7%",
        bahtFigures(amounts.netSatang),
        bahtFigures(amounts.vatSatang),
        "รวมทั้งสิ้น / Total",
        bahtFigures(deposit!.amount),
        `(${bahtInWords(deposit!.amount)})`,
      ]),
    );
    expect(invoice!.text).toContain("วันที่ / Date 25 พฤศจิกายน 2569 / 25 Nov 2026");

    // Again: the same invoice, no question.
    const again = tapOn(lead, `tp:dti:${id}`);
    await h.settle();
    expect(callbackAnswerText(h, again)).toBe(th("receipt-sending"));
    expect(pdfsOf(h, lead).map((d) => d.filename)).toEqual([invoice!.filename, invoice!.filename]);
    // Another agent's forged tap: refused, nothing sent, no number used.
    other.send("/trips");
    await h.settle();
    const forged = forgeTap(other, `tp:dti:${id}`);
    await h.settle();
    expect(callbackAnswerText(h, forged)).toBe("This trip cannot be opened here.");
    expect(pdfsOf(h, other)).toEqual([]);
    expect(await documentRows()).toHaveLength(1);

    // The balance: its invoice offers the deposit's buyer again; taken, the next number.
    await payAndApprove(lead, agent, id, "bok", "SLIPTRIPTX02");
    tapOn(lead, `tp:bti:${id}`);
    await h.settle();
    const offer = lead.lastMessage()!;
    expect(offer.text).toContain(BUYER_NAME);
    expect(offer.text).toContain(formatTaxId(BUYER_TAX_ID));
    expect(offer.text).toContain(invoiceNumber);
    lead.tap({ messageId: offer.message_id, data: "txb:same" });
    await h.settle();
    const second = pdfsOf(h, lead).at(-1)!;
    expect(second.filename).toBe("tax-invoice-RC-TX-00000-2026-000002.pdf");
    const balanceNumber = numberOf(second, "tax-invoice");
    expect(second.lines).toEqual(
      expect.arrayContaining([
        `ผู้ซื้อ / Buyer ${BUYER_NAME}`,
        "ยอดคงเหลือทริปกอล์ฟ / Golf trip balance",
        bahtFigures(balance!.amount),
      ]),
    );

    // Cancelled 20 days before the first round: half the trip returns, credited against the balance's invoice.
    h.clock.set(Date.parse("2026-11-30T10:00:00+07:00"));
    const refund = await cancelTrip(admin, id);
    expect(refund).toBe(Math.round(view.total / 2));
    expect(refund).toBeLessThan(balance!.amount);
    const notes = () => pdfsOf(h, lead).filter((p) => p.filename.startsWith("credit-note-"));
    const [note] = notes();
    expect(notes()).toHaveLength(1);
    const noteNumber = numberOf(note!, "credit-note");
    expect(noteNumber).toBe("RC-CN-00000-2026-000001");
    expect(note!.caption).toBe(
      th("trip-credit-note-caption", {
        number: noteNumber,
        reference: `TRIP-${id.slice(0, 8).toUpperCase()}`,
        invoice: balanceNumber,
      }),
    );
    const credit = receiptAmounts(refund, VAT);
    const was = receiptAmounts(balance!.amount, VAT).netSatang;
    expect(note!.lines).toEqual(
      expect.arrayContaining([
        "ใบลดหนี้ / Credit Note",
        `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${balanceNumber}`,
        `ผู้ซื้อ / Buyer ${BUYER_NAME}`,
        `มูลค่าตามใบกำกับภาษีเดิม / Original value ${bahtFigures(was)}`,
        `มูลค่าที่ถูกต้อง / Correct value ${bahtFigures(was - credit.netSatang)}`,
        "รวมลดหนี้ / Total credited",
        bahtFigures(refund),
      ]),
    );
    // The notice first, then the note.
    const texts = lead.messages().map((m) => m.text ?? m.caption ?? "");
    const notice = texts.findIndex((t) => t.includes(`TRIP-${id.slice(0, 8).toUpperCase()}`) && !t.startsWith("🧾"));
    expect(notice).toBeGreaterThanOrEqual(0);
    expect(notice).toBeLessThan(texts.indexOf(note!.caption));

    // The same confirmation replayed: no second note.
    forgeTap(admin, `tp:cx:${id}:${refund}`);
    await h.settle();
    expect(notes()).toHaveLength(1);
    const rows = await documentRows();
    expect(
      rows
        .filter((r) => r.kind !== "receipt")
        .map((r) => [r.kind, r.source, r.booking_id, Number(r.total), r.refers_to]),
    ).toEqual([
      ["tax-invoice", `trip:${id}:deposit:tax`, `trip:${id}`, deposit!.amount, null],
      ["tax-invoice", `trip:${id}:balance:tax`, `trip:${id}`, balance!.amount, null],
      ["credit-note", `trip:${id}:balance:cancel`, `trip:${id}`, refund, balanceNumber],
    ]);

    // /report's documents and the accountant's CSV list the trip's.
    admin.send("/report 2026-11-25 2026-11-30");
    await h.settle();
    const reportText = admin.messages().find((m) => m.text?.startsWith("Report "))!.text!;
    const vat = receiptAmounts(deposit!.amount, VAT).vatSatang + receiptAmounts(balance!.amount, VAT).vatSatang;
    expect(reportText).toContain(
      `🧾 Documents issued: 0 receipts, 2 tax invoices, 1 credit notes · output VAT ${formatBaht(vat - credit.vatSatang, "en")}`,
    );
    expect(reportText).toContain(`${noteNumber} · ${BUYER_NAME} · VAT ${formatBaht(-credit.vatSatang, "en")}`);
    const csvMessage = admin
      .messages()
      .find((m) => m.document?.file_name === "fairway-documents-2026-11-25-2026-11-30.csv");
    const csv = h.telegram.file(csvMessage!.document!.file_id)!.data!.toString("utf8");
    expect(csv).toContain(`${invoiceNumber},tax-invoice,,trip:${id},${BUYER_NAME},${BUYER_TAX_ID},00000,`);
    expect(csv).toContain(`${noteNumber},credit-note,${balanceNumber},trip:${id},${BUYER_NAME},${BUYER_TAX_ID},00000,`);
    expectTelegramRules(h);
  });

  it("another buyer for the balance; a refund above the balance's invoice credits it whole and the deposit's with the rest", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
      ...VAT_SELLER,
    });
    const admin = h.user(ADMIN, "en", "Ploy");
    const agent = h.user(AGENT, "en", "Anan");
    // 33 days ahead: inside the sales window, and cancellable at the ladder's 30-day rung (75 %).
    const id = (await h.app.trips.create(tripInput(h, "2026-12-28"))).trip.id;
    const lead = h.user(LEAD, "th", "Somchai", "stranger");
    await shareAndAccept(h, agent, lead, id);
    await payAndApprove(lead, agent, id, "dok", "SLIPTRIPTX11");
    await payAndApprove(lead, agent, id, "bok", "SLIPTRIPTX12");
    const view = (await h.app.trips.get(id))!;
    const [deposit, balance] = view.instalments;

    tapOn(lead, `tp:dti:${id}`);
    await h.settle();
    await say(lead, BUYER_NAME);
    await say(lead, BUYER_ADDRESS);
    await say(lead, BUYER_TAX_ID);
    lead.tap({ messageId: lead.lastMessage()!.message_id, data: "txb:head" });
    await h.settle();
    const depositNumber = numberOf(pdfsOf(h, lead).at(-1)!, "tax-invoice");

    // The balance's: the deposit's buyer offered, another one given instead (branch 2).
    tapOn(lead, `tp:bti:${id}`);
    await h.settle();
    expect(lead.lastMessage()?.text).toContain(BUYER_NAME);
    lead.tap({ messageId: lead.lastMessage()!.message_id, data: "txb:other" });
    await h.settle();
    expect(lead.lastMessage()?.text).toBe(th("tax-invoice-ask-name"));
    await say(lead, "Lee Seo");
    await say(lead, "Seoul, Korea");
    await say(lead, OTHER_TAX_ID);
    await say(lead, "2");
    const issued = th("tax-invoice-issued", { number: "RC-TX-00000-2026-000002" });
    expect(lead.messages().some((m) => m.text === issued)).toBe(true);
    const balancePdf = pdfsOf(h, lead).at(-1)!;
    expect(balancePdf.lines).toEqual(
      expect.arrayContaining([
        "ผู้ซื้อ / Buyer Lee Seo",
        `เลขประจำตัวผู้เสียภาษี / Tax ID ${formatTaxId(OTHER_TAX_ID)}   สาขาที่ / Branch 00002`,
      ]),
    );
    const balanceNumber = numberOf(balancePdf, "tax-invoice");

    // 30 days before the first round: 75 % of the trip returns, more than the balance's invoice.
    h.clock.set(Date.parse("2026-11-28T10:00:00+07:00"));
    const refund = await cancelTrip(admin, id);
    expect(refund).toBe(Math.round((view.total * 3) / 4));
    expect(refund).toBeGreaterThan(balance!.amount);
    const rows = (await documentRows()).filter((r) => r.kind === "credit-note");
    expect(rows.map((r) => [r.source, r.refers_to, Number(r.total), r.buyer_name])).toEqual([
      [`trip:${id}:balance:cancel`, balanceNumber, balance!.amount, "Lee Seo"],
      [`trip:${id}:deposit:cancel`, depositNumber, refund - balance!.amount, BUYER_NAME],
    ]);
    expect(refund - balance!.amount).toBeLessThan(deposit!.amount);
    const notes = pdfsOf(h, lead).filter((p) => p.filename.startsWith("credit-note-"));
    expect(notes.map((n) => n.lines.find((l) => l.startsWith("อ้างถึง")))).toEqual([
      `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${balanceNumber}`,
      `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${depositNumber}`,
    ]);
    expectTelegramRules(h);
  });

  it("TAX_INVOICES=abbreviated: the deposit's abbreviated invoice at once, and no credit note when the trip is cancelled", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
      ...VAT_SELLER,
      TAX_INVOICES: "abbreviated",
    });
    const admin = h.user(ADMIN, "en", "Ploy");
    const agent = h.user(AGENT, "en", "Anan");
    const id = (await h.app.trips.create(tripInput(h))).trip.id;
    const lead = h.user(LEAD, "th", "Somchai", "stranger");
    await shareAndAccept(h, agent, lead, id);
    await payAndApprove(lead, agent, id, "dok", "SLIPTRIPAB01");
    const deposit = (await h.app.trips.get(id))!.instalments[0]!;

    const tap = tapOn(lead, `tp:dti:${id}`);
    await h.settle();
    expect(callbackAnswerText(h, tap)).toBe(th("receipt-sending"));
    const [abbreviated] = pdfsOf(h, lead);
    expect(abbreviated?.filename).toBe("tax-invoice-abb-RC-AB-00000-2026-000001.pdf");
    expect(abbreviated!.lines).toEqual(
      expect.arrayContaining(["ใบกำกับภาษีอย่างย่อ / Abbreviated Tax Invoice", bahtFigures(deposit.amount)]),
    );

    h.clock.set(Date.parse("2026-11-30T10:00:00+07:00"));
    await cancelTrip(admin, id);
    expect((await h.app.trips.get(id))!.trip.state).toBe("CANCELLED");
    expect(pdfsOf(h, lead).map((p) => p.filename)).toEqual([abbreviated!.filename]);
    expect((await documentRows()).map((r) => r.kind)).toEqual(["abbreviated"]);
  });
});
