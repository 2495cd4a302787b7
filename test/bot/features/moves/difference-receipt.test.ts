/**
 * The receipt of a move's difference (issue 52), on SQLite and PostgreSQL: a customer who pays first moves to a
 * dearer tee time, pays the difference by slip, their agent approves it, an admin approves the move; the
 * customer's confirmation offers "🧾 Receipt", whose tap sends the receipt's PDF — numbered next in the receipts'
 * series, for the difference paid, source `move:<move>:difference` — read back by poppler's pdftotext; a second
 * tap sends the same number; another agent's forged tap is refused, sends nothing and uses no number.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BookingRecord } from "../../../../src/bookings/index.js";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { bahtFigures, bahtInWords } from "../../../../src/receipts/amounts.js";
import { dataOf } from "../../../helpers/buttons.js";
import { databaseFactories } from "../../../helpers/databases.js";
import {
  callbackAnswerText,
  createLink,
  customerBooks,
  dateAndTime,
  expectTelegramRules,
  forgeTap,
  keyboardPanel,
  openTeeTimeFor,
  tapData,
} from "../../../helpers/flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { pdfsOf } from "../../../helpers/pdfs.js";
import { slipPhoto } from "../../../helpers/slips.js";

const ADMIN = 9501;
const AGENT = 9502;
const OTHER_AGENT = 9503;
const CUSTOMER = 100_951;
const SENDING = "กำลังส่งไฟล์ PDF…";

/** From /mybookings: Move, the booking's own day, a tee time with room for one more, that tee time for one more. */
async function holdDearerMove(x: Harness, customer: SimulatedUser, b: BookingRecord): Promise<void> {
  customer.send("/mybookings");
  await x.settle();
  tapData(customer, new RegExp(`^mb:view:${b.id}$`));
  await x.settle();
  tapData(customer, new RegExp(`^mv:s:${b.id}$`));
  await x.settle();
  const date = dateAndTime(b.slot_starts_at, b.time_zone).date;
  const day = date.replaceAll("-", "");
  if (!keyboardPanel(customer).data.includes(`mv:d:${b.id}:${day}`)) {
    tapData(customer, new RegExp(`^mv:m:${b.id}:${day.slice(0, 6)}$`));
    await x.settle();
  }
  tapData(customer, new RegExp(`^mv:d:${b.id}:${day}$`));
  await x.settle();
  const from = { courseId: b.course_id, slotId: b.slot_id, persons: b.persons };
  const slot = openTeeTimeFor(x.sandbox, from, date, { after: x.clock(), roomForMore: true })!;
  const at = `${day}${dateAndTime(slot.startMs, b.time_zone).time.replace(":", "")}`;
  tapData(customer, new RegExp(`^mv:t:${b.id}:${at}:${b.persons}$`));
  await x.settle();
  tapData(customer, new RegExp(`^mv:t:${b.id}:\\d{12}:${b.persons + 1}$`));
  await x.settle();
  tapData(customer, /^mv:h:/);
  await x.settle();
}

describe.each(databaseFactories)("a move's difference's receipt on $name", { timeout: 120_000 }, ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("the customer's confirmation of a paid move offers its receipt: the difference, numbered once, theirs only", async () => {
    h = await startHarness({
      db: make(),
      env: {
        ADMIN_IDS: String(ADMIN),
        AGENT_IDS: `${AGENT},${OTHER_AGENT}`,
        PRICE_MARKUP: "20%",
        PROMPTPAY_ID: "0812345678",
        PAYMENT_WINDOW_MINUTES: "30",
      },
    });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const link = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(CUSTOMER, "th", "Nok", "stranger");
    customer.send(`/start ${link}`);
    await h.settle();
    const photos = (u: SimulatedUser) => u.messages().filter((m) => (m.photo?.length ?? 0) > 0);
    const slipApproved = async (ref: string, paymentOf: string) => {
      customer.sendPhoto(await slipPhoto(ref));
      await h.settle();
      agent.tap({ messageId: photos(agent).at(-1)!.message_id, data: `py:a:${paymentOf}` });
      await h.settle();
    };
    await customerBooks(h, customer);
    const [booked] = await h.app.bookings.listForUser(CUSTOMER);
    await slipApproved("014202611290001", booked!.id);
    const old = (await h.app.bookings.get(booked!.id))!;
    expect(old.state).toBe("PAID");
    await holdDearerMove(h, customer, old);
    const open = await h.app.bookings.openMoveOf(old.id);
    const moveId = open!.id;

    // Before the difference is paid: a forged tap gets nothing.
    forgeTap(customer, `mv:r:${moveId}`);
    await h.settle();
    expect(pdfsOf(h, customer)).toEqual([]);

    const held = await h.app.bookings.getMove(moveId);
    await slipApproved("014202611290002", held.new.id);
    tapData(admin, /^mv:a:/);
    await h.settle();
    const done = await h.app.bookings.getMove(moveId);
    expect(done.move.state).toBe("DONE");
    expect(done.payment).toMatchObject({ kind: "move", state: "approved" });
    const difference = done.payment!.amount;
    expect(difference).toBe(done.new.selling_amount! - old.selling_amount!);

    // The confirmation (Thai) carries 🧾 Receipt; the admin's and the agent's outcome messages do not.
    const confirmation = customer.messages().find((m) => dataOf(m).includes(`mv:r:${moveId}`));
    expect(confirmation?.text).toContain(done.new.reservation_code!);
    for (const staff of [admin, agent])
      expect(staff.messages().some((m) => dataOf(m).includes(`mv:r:${moveId}`))).toBe(false);

    // Booking receipts come first in the series: the move's is the next number after whatever was issued.
    const before = await h.app.storage.db.selectFrom("documents").select("seq").execute();
    const tap = async (user: SimulatedUser) => {
      const q = tapData(user, new RegExp(`^mv:r:${moveId}$`));
      await h.settle();
      return callbackAnswerText(h, q);
    };
    expect(await tap(customer)).toBe(SENDING);
    const [first] = pdfsOf(h, customer);
    expect(first?.filename).toMatch(
      new RegExp(`^receipt-RC-RE-00000-\\d{4}-${String(before.length + 1).padStart(6, "0")}\\.pdf$`),
    );
    expect(first!.caption).toContain(done.new.reservation_code!);
    expect(first!.caption).toContain("ส่วนต่าง");
    expect(first!.lines).toEqual(
      expect.arrayContaining([
        "ใบเสร็จรับเงิน / Receipt",
        `การจอง / Booking ${done.new.reservation_code}`,
        `เปลี่ยนจากการจอง / Moved from booking ${old.reservation_code}`,
        `ผู้เล่น / Players ${done.new.persons}`,
        bahtFigures(difference),
        `(${bahtInWords(difference)})`,
      ]),
    );
    expect(first!.text).toContain("ส่วนต่างค่าเปลี่ยนเวลาออกรอบ / Tee time change difference");
    // The whole new booking's price is not what this receipt says was received.
    expect(first!.lines).not.toContain(bahtFigures(done.new.selling_amount!));

    // Again: the same document.
    expect(await tap(customer)).toBe(SENDING);
    expect(pdfsOf(h, customer).map((d) => d.filename)).toEqual([first!.filename, first!.filename]);

    // Another agent's forged tap: refused, nothing sent, no number used.
    const other = h.user(OTHER_AGENT, "en", "Other");
    other.send("/start");
    await h.settle();
    forgeTap(other, `mv:r:${moveId}`);
    await h.settle();
    expect(pdfsOf(h, other)).toEqual([]);
    // The move's agent may ask for it too: the same number.
    forgeTap(agent, `mv:r:${moveId}`);
    await h.settle();
    expect(pdfsOf(h, agent).map((d) => d.filename)).toEqual([first!.filename]);

    const rows = await h.app.storage.db.selectFrom("documents").selectAll().where("source", "like", "move:%").execute();
    expect(rows.map((r) => [r.kind, r.source, r.booking_id, Number(r.total), Number(r.issued_by)])).toEqual([
      ["receipt", `move:${moveId}:difference`, done.new.id, difference, CUSTOMER],
    ]);
    expect(await h.app.storage.db.selectFrom("documents").select("seq").execute()).toHaveLength(before.length + 1);
    expectTelegramRules(h);
  });
});
