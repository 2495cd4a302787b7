/**
 * A paid booking with a full tax invoice that the course ends (issue 52 with issue 50): the partner's refund
 * issues the credit note (ใบลดหนี้) referring to the invoice, for what the customer is owed back, once — found
 * by the course-changes poll (the sandbox's knob, two instances' passes racing, later passes) on SQLite and
 * PostgreSQL, or refunded by an admin's /closeday (run twice). Its PDF is read back by poppler's pdftotext.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../../../src/app.js";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { createLogger } from "../../../../src/logger.js";
import { bahtFigures } from "../../../../src/receipts/amounts.js";
import { taxIdCheckDigit } from "../../../../src/receipts/tax-id.js";
import type { BookingRecord } from "../../../../src/bookings/index.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { dateAndTime, paidBooking, panel, tapData } from "../../../helpers/flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { pdfsOf } from "../../../helpers/pdfs.js";

const ADMIN = 9721;
const AGENT = 9722;
const HOUR = 60 * 60_000;
const BUYER_TAX_ID = `010555012345${taxIdCheckDigit("010555012345")}`;
const ENV = {
  ADMIN_IDS: String(ADMIN),
  AGENT_IDS: String(AGENT),
  PRICE_MARKUP: "20%",
  SELLER_LEGAL_NAME: "บริษัท แฟร์เวย์ กอล์ฟ จำกัด",
  SELLER_ADDRESS: "99 ถนนสุขุมวิท กรุงเทพฯ 10110",
  SELLER_TAX_ID: "0107544000108",
  SELLER_VAT_REGISTERED: "1",
};
const REASON = "เหตุผล / Reason สนามยกเลิกเวลาออกรอบ คืนเงินการจอง / Cancelled by the course, booking refunded";

let h: Harness | undefined;
let second: App | undefined;
afterEach(async () => {
  await second?.stop();
  second = undefined;
  await h?.stop();
  h = undefined;
});

async function say(user: SimulatedUser, text: string): Promise<void> {
  user.send(text);
  await h!.settle();
}

/** The agent asks for the booking's full tax invoice (head office) in the bot; its number. */
async function invoiceFor(user: SimulatedUser, booking: BookingRecord): Promise<string> {
  user.send("/mybookings");
  await h!.settle();
  tapData(user, new RegExp(`^mb:view:${booking.id}$`));
  await h!.settle();
  tapData(user, new RegExp(`^txi:${booking.id}$`));
  await h!.settle();
  await say(user, "บริษัท ลูกค้า จำกัด");
  await say(user, "1 ถนนพระราม 4 กรุงเทพฯ 10500");
  await say(user, BUYER_TAX_ID);
  tapData(user, /^txb:head$/);
  await h!.settle();
  const invoice = pdfsOf(h!, user).at(-1)!;
  expect(invoice.filename).toMatch(/^tax-invoice-/);
  return invoice.filename.replace(/^tax-invoice-|\.pdf$/g, "");
}

/** Waits until what was queued went out through the leader's outbox. */
async function drained(h: Harness): Promise<void> {
  for (let i = 0; i < 300 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await h.app.outbox.depth(), "the outbox drained").toBe(0);
  await h.settle();
}

const creditNotes = (user: SimulatedUser) => pdfsOf(h!, user).filter((d) => d.filename.startsWith("credit-note-"));

async function noteRows(h: Harness) {
  return h.app.storage.db.selectFrom("documents").selectAll().where("kind", "=", "credit-note").execute();
}

/** The one credit note sent and recorded: refers to `invoice`, credits the whole selling amount. */
async function expectOneNote(agent: SimulatedUser, booking: BookingRecord, invoice: string): Promise<void> {
  const notes = creditNotes(agent);
  expect(notes).toHaveLength(1);
  expect(notes[0]!.filename).toMatch(/^credit-note-RC-CN-00000-\d{4}-000001\.pdf$/);
  expect(notes[0]!.caption).toContain(`refers to tax invoice ${invoice}`);
  expect(notes[0]!.lines).toEqual(
    expect.arrayContaining([
      "ใบลดหนี้ / Credit Note",
      `อ้างถึงใบกำกับภาษีเลขที่ / Refers to tax invoice No. ${invoice}`,
      "ผู้ซื้อ / Buyer บริษัท ลูกค้า จำกัด",
      REASON,
      "รวมลดหนี้ / Total credited",
      bahtFigures(booking.selling_amount!),
    ]),
  );
  const rows = await noteRows(h!);
  expect(rows.map((r) => [r.source, r.refers_to, r.total, r.booking_id])).toEqual([
    [`refund:${booking.id}`, invoice, booking.selling_amount, booking.id],
  ]);
}

describe.each(databaseFactories)("a course's end after a tax invoice ($name)", ({ make }) => {
  it("issues one credit note referring to the invoice, whichever instance's pass finds the end", async () => {
    h = await startHarness({ db: make(), env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Course Ends");
    const invoice = await invoiceFor(agent, booking);

    const res = await fetch(`${h.sandbox.url}/__sandbox/course/end`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reservationId: booking.reservation_id!, status: "REFUND" }),
    });
    expect(res.status).toBe(200);
    h.clock.set(booking.slot_starts_at - 2 * HOUR);
    second = await createApp({ config: h.app.config, logger: createLogger({ level: "silent" }), now: h.clock });
    await Promise.all([h.app.courseChanges.pass(), second.courseChanges.pass()]);
    await drained(h);
    expect((await h.app.bookings.get(booking.id))?.state).toBe("REFUNDED");
    await expectOneNote(agent, booking, invoice);

    // Later passes on either instance, and the untold sweep: no second note.
    h.clock.advance(HOUR);
    await h.app.courseChanges.pass();
    await second.courseChanges.pass();
    await drained(h);
    await expectOneNote(agent, booking, invoice);
  });
});

describe("/closeday after a tax invoice", () => {
  it("refunds the booking and issues one credit note referring to the invoice; run again, nothing more", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const booking = await paidBooking(h, agent, "Rain Day");
    const invoice = await invoiceFor(agent, booking);
    const { date } = dateAndTime(booking.slot_starts_at, booking.time_zone);
    for (let run = 0; run < 2; run++) {
      admin.send(`/closeday ${date} ${booking.course_id}`);
      await h.settle();
      const confirm = panel(admin).data.find((d) => d.startsWith("ad:cd:"));
      if (run === 1) {
        expect(confirm).toBeUndefined();
        break;
      }
      admin.tap({ messageId: admin.lastMessage()!.message_id, data: confirm! });
      await h.settle();
      await drained(h);
    }
    expect((await h.app.bookings.get(booking.id))?.state).toBe("REFUNDED");
    await expectOneNote(agent, booking, invoice);
  });
});
