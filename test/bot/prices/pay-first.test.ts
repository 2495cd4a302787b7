/**
 * A customer through an agent's link pays first: hold → summary with the selling total → PromptPay QR
 * for exactly that total → slip photo → the agent (and admins) approve once → only then the partner's
 * confirm → receipt. Against the real parts: fairway, the sandbox over HTTP, the local Bot API server.
 */
import { checksum, parse } from "promptparse";
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import type { ChatMessage } from "../../../src/local/bot-api-server/store.js";
import { formatBaht } from "../../../src/bot/format/money.js";
import { databaseFactories } from "../../helpers/databases.js";
import {
  callbackAnswerText,
  createLink,
  customerDetails,
  expectTelegramRules,
  paidBooking,
  pickDate,
  tapData,
  tomorrow,
} from "../../helpers/flow.js";
import { intentAt } from "../../helpers/booking-row.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { plainPhoto, pngHeaderOnly, qrOf, slipPhoto, slipPng } from "../../helpers/slips.js";

const ADMIN = 9201;
const AGENT = 9202;
const PROMPTPAY = "0812345678";
const ENV = {
  ADMIN_IDS: String(ADMIN),
  AGENT_IDS: String(AGENT),
  PRICE_MARKUP: "20%",
  PROMPTPAY_ID: PROMPTPAY,
  PAYMENT_WINDOW_MINUTES: "30",
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const confirms = (x: Harness) => x.sandbox.requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path));
/** The callback data of a message's buttons. */
const dataOf = (m: ChatMessage) =>
  (m.reply_markup?.inline_keyboard.flat() ?? []).flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
const photos = (u: SimulatedUser) => u.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0);

/** A customer of AGENT (through a course-bound link) with a hold they are to pay, at the held summary. */
async function customerAtHold(x: Harness, id: number, name: string, locale = "en") {
  const agent = x.user(AGENT, "en", "Anan");
  x.user(ADMIN, "en", "Ploy");
  const token = await createLink(x, agent, [/^lk:cc:/, /^lk:s:2:/]);
  const customer = x.user(id, locale, name, "stranger");
  customer.send(`/start ${token}`);
  await x.settle();
  tapData(customer, /:go$/);
  await x.settle();
  await pickDate(x, customer, tomorrow(x.clock()));
  await x.settle();
  tapData(customer, /:s:\d+$/);
  await x.settle();
  tapData(customer, /:p:2$/);
  await x.settle();
  await customerDetails(x, customer);
  const [booking] = await x.app.bookings.listForUser(id);
  return { agent, customer, booking: booking! };
}

describe("pay first (PromptPay)", () => {
  it("QR for the selling total; the partner's confirm only after the agent's approval, once; receipt with what is prepaid and due at the course", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_201, "Nok");
    const admin = h.user(ADMIN, "en", "Ploy");
    expect(booking.state).toBe("HELD");
    const net = booking.amount!;
    const selling = booking.selling_amount!;
    expect(selling).toBe(Math.ceil(((net / 2) * 1.2) / 100) * 100 * 2);
    const summary = customer.lastMessage()!;
    expect(summary.text).toContain("Prepaid: green fee");
    expect(summary.text).toContain("At the course:");
    expect(summary.text).toContain("Pay by");
    expect(summary.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toContain("💳 Pay with PromptPay");

    const pay = tapData(customer, /:ok$/);
    await h.settle();
    // Nothing is being confirmed or paid yet: the tap's answer says nothing, the QR comes.
    expect(callbackAnswerText(h, pay)).toBeUndefined();
    const [qrPhoto] = photos(customer);
    expect(qrPhoto, "the QR photo").toBeDefined();
    const payload = qrOf(qrPhoto!);
    const qr = parse(payload, true, true)!;
    expect(qr.getTagValue("54")).toBe((selling / 100).toFixed(2));
    expect(qr.getTagValue("29", "01")).toBe("0066812345678");
    expect(qr.getTagValue("53")).toBe("764");
    expect(payload.slice(-4)).toBe(checksum(payload.slice(0, -4), true));
    const payment = (await h.app.bookings.payment(booking.id))!;
    expect(qr.getTagValue("62", "05")).toBe(payment.reference);
    expect(qrPhoto!.caption).toContain(payment.reference);
    expect(confirms(h)).toHaveLength(0);

    // The customer's /book or /start does not release a hold whose QR they have.
    customer.send("/book");
    await h.settle();
    customer.send("/cancel");
    await h.settle();
    expect((await h.app.bookings.get(booking.id))?.state).toBe("HELD");

    customer.sendPhoto(await slipPhoto("014202611250001"));
    await h.settle();
    expect(customer.lastMessage()?.text).toContain("your slip");
    const card = photos(agent).at(-1)!;
    expect(card.caption).toContain("Payment slip from Nok");
    expect(card.caption).toContain("014202611250001");
    expect(photos(admin).at(-1)?.caption).toContain("Payment slip from Nok");
    expect(confirms(h)).toHaveLength(0);

    // The agent approves, the admin taps too (double tap, two deciders): one confirm.
    const first = agent.tap({ messageId: card.message_id, data: `py:a:${booking.id}` });
    const second = admin.tap({ messageId: photos(admin).at(-1)!.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    expect(first && second).toBeTruthy();
    expect(confirms(h)).toHaveLength(1);
    const paid = (await h.app.bookings.get(booking.id))!;
    expect(paid.state).toBe("PAID");
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("approved");
    expect((await h.app.bookings.payment(booking.id))?.decided_by).toBeDefined();
    const receipt = customer.messages().find((m) => m.text?.includes("Booking confirmed"));
    expect(receipt?.text).toContain("Prepaid: green fee");
    expect(receipt?.text).toContain("At the course:");
    expectTelegramRules(h);
  });

  it("a screenshot sent as a file (PNG) is read: the agent gets the file itself, with its bank reference", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer } = await customerAtHold(h, 100_205, "Nok");
    tapData(customer, /:ok$/);
    await h.settle();
    const screenshot = slipPng({ transRef: "0042026PNGFILE", sendingBank: "004", width: 1080, height: 2340 });
    customer.sendDocument(screenshot, { fileName: "Screenshot_20260101.png" });
    await h.settle();
    const card = agent.messages().at(-1)!;
    expect(card.document?.mime_type).toBe("image/png");
    expect(card.caption).toContain("Payment slip from Nok");
    expect(card.caption).toContain("Bank reference on the slip: 0042026PNGFILE");
    expect(card.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toContain("✅ Paid — confirm");
    expect(customer.lastMessage()?.text).toContain("your slip");
    expect(customer.lastMessage()?.text).not.toContain("too large");
    expectTelegramRules(h);
  });

  it("an image over the limits still reaches the agent, to check by eye; the customer is asked for a screenshot (Thai)", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer } = await customerAtHold(h, 100_206, "Nok", "th");
    tapData(customer, /:ok$/);
    await h.settle();
    const asked = "ครั้งต่อไปโปรดส่งภาพหน้าจอสลิป";
    // A 48-megapixel camera original: refused from its header, never decoded.
    customer.sendDocument(pngHeaderOnly(8000, 6000), { fileName: "IMG_0001.png" });
    await h.settle();
    const card = agent.messages().at(-1)!;
    expect(card.document?.file_name).toBe("IMG_0001.png");
    expect(card.caption).toContain("Payment slip from Nok");
    expect(card.caption).toContain("QR not read (the image is over the size fairway reads)");
    expect(customer.lastMessage()?.text).toContain("ส่งถึงตัวแทนแล้ว");
    expect(customer.lastMessage()?.text).toContain(asked);
    // Over the byte limit: not even downloaded. A photo of ordinary size is read as before, no request.
    const downloads = h.telegram.callsTo("getFile").length;
    customer.sendDocument(Buffer.alloc(11 * 1024 * 1024), { fileName: "slip.png" });
    await h.settle();
    expect(h.telegram.callsTo("getFile")).toHaveLength(downloads);
    expect(agent.messages().at(-1)?.document?.file_name).toBe("slip.png");
    expect(customer.lastMessage()?.text).toContain(asked);
    customer.sendPhoto(await slipPhoto("0142026SMALLER"));
    await h.settle();
    expect(photos(agent).at(-1)?.caption).toContain("0142026SMALLER");
    expect(customer.lastMessage()?.text).not.toContain(asked);
    expectTelegramRules(h);
  });

  it("not received: the customer is told and may send another slip; a re-used slip is flagged; a stranger's photo goes nowhere", async () => {
    h = await startHarness({ env: ENV });
    const one = await customerAtHold(h, 100_211, "Nok");
    tapData(one.customer, /:ok$/);
    await h.settle();
    one.customer.sendPhoto(await slipPhoto("0142026REUSED"));
    await h.settle();
    one.agent.tap({ messageId: photos(one.agent).at(-1)!.message_id, data: `py:r:${one.booking.id}` });
    await h.settle();
    expect(one.customer.messages().some((m) => m.text?.includes("has not received"))).toBe(true);
    expect((await h.app.bookings.payment(one.booking.id))?.state).toBe("rejected");
    expect(confirms(h)).toHaveLength(0);

    const two = await customerAtHold(h, 100_212, "Mai");
    tapData(two.customer, /:ok$/);
    await h.settle();
    two.customer.sendPhoto(await slipPhoto("0142026REUSED"));
    await h.settle();
    expect(photos(two.agent).at(-1)?.caption).toContain("already sent for booking");

    const agentCards = photos(two.agent).length;
    const stranger = h.user(100_299, "en", "Alex", "stranger");
    stranger.sendPhoto(plainPhoto());
    await h.settle();
    expect(photos(two.agent)).toHaveLength(agentCards);
    expectTelegramRules(h);
  });

  it("a slip after the hold ended reaches the agent with the booking's state; approval after the end confirms nothing", async () => {
    h = await startHarness({ env: ENV });
    const late = await customerAtHold(h, 100_221, "Nok");
    tapData(late.customer, /:ok$/);
    await h.settle();
    h.clock.advance(31 * 60_000);
    await h.app.reaper.tick();
    await h.settle();
    expect((await h.app.bookings.get(late.booking.id))?.state).toBe("RELEASED");
    late.customer.sendPhoto(await slipPhoto("0142026LATE"));
    await h.settle();
    expect(photos(late.agent).at(-1)?.caption).toContain("Late payment slip");
    expect(photos(late.agent).at(-1)?.caption).toContain("RELEASED");
    expect(late.customer.lastMessage()?.text).toContain("before your slip arrived");

    const slow = await customerAtHold(h, 100_222, "Mai");
    tapData(slow.customer, /:ok$/);
    await h.settle();
    slow.customer.sendPhoto(await slipPhoto("0142026SLOW"));
    await h.settle();
    h.clock.advance(31 * 60_000);
    slow.agent.tap({ messageId: photos(slow.agent).at(-1)!.message_id, data: `py:a:${slow.booking.id}` });
    await h.settle();
    expect(confirms(h)).toHaveLength(0);
    expect((await h.app.bookings.get(slow.booking.id))?.state).toBe("RELEASED");
    expect((await h.app.bookings.payment(slow.booking.id))?.state).toBe("expired");

    // A slip after the hold's end but before the reaper's pass: told it came too late, and nothing more
    // when the reaper then releases the hold.
    const between = await customerAtHold(h, 100_223, "Pim");
    tapData(between.customer, /:ok$/);
    await h.settle();
    h.clock.advance(31 * 60_000);
    between.customer.sendPhoto(await slipPhoto("0142026BETWEEN"));
    await h.settle();
    expect(between.customer.lastMessage()?.text).toContain("before your slip arrived");
    await h.app.reaper.tick();
    await h.settle();
    expect((await h.app.bookings.get(between.booking.id))?.state).toBe("RELEASED");
    // No second notice ("not confirmed in time and has been released"): the slip's answer said it all.
    expect(between.customer.lastMessage()?.text).toContain("before your slip arrived");
    expect(confirms(h)).toHaveLength(0);
    expectTelegramRules(h);
  });

  it("a slip that arrived but was not approved before the hold ended: the customer hears the truth, the agent what to return", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_225, "Nok");
    tapData(customer, /:ok$/);
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026UNDECIDED"));
    await h.settle();
    const payment = (await h.app.bookings.payment(booking.id))!;
    h.clock.advance(31 * 60_000);
    await h.app.reaper.tick();
    await h.settle();
    expect((await h.app.bookings.get(booking.id))?.state).toBe("RELEASED");
    const last = customer
      .messages()
      .filter((m) => m.text)
      .at(-1)!.text!;
    expect(last).toContain("reached your agent, but it was not approved before the hold ended");
    expect(last).toContain("Your agent will return your money");
    expect(last).toContain(payment.reference);
    expect(customer.messages().some((m) => m.text?.includes("was not confirmed in time"))).toBe(false);
    const told = agent.messages().filter((m) => m.text?.includes("ended before its payment was approved"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`Return ${formatBaht(payment.amount, "en")}`);
    expect(confirms(h)).toHaveLength(0);
  });

  it("a crash between a hold's end and its payment's: the reaper's next pass ends the payment with a slip waiting, and the agent and the customer are told once", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_229, "Nok");
    tapData(customer, /:ok$/);
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026CRASHGAP"));
    await h.settle();
    const payment = (await h.app.bookings.payment(booking.id))!;
    expect(payment.state).toBe("submitted");
    // The hold ends as the reaper's release would end it, but no event follows (the process died).
    h.clock.advance(31 * 60_000);
    await h.app.bookings.release(booking.id, { reason: "expired", actor: "system:reaper" });
    expect((await h.app.bookings.get(booking.id))?.state).toBe("RELEASED");
    expect((await h.app.bookings.payment(booking.id))?.state, "left open by the crash").toBe("submitted");
    await h.app.reaper.tick();
    await h.settle();
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("expired");
    const told = agent.messages().filter((m) => m.text?.includes("ended before its payment was approved"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`Return ${formatBaht(payment.amount, "en")}`);
    expect(customer.messages().filter((m) => m.text?.includes("Your agent will return your money"))).toHaveLength(1);
    // Another pass finds nothing left to end: nobody is told twice.
    await h.app.reaper.tick();
    await h.settle();
    expect(agent.messages().filter((m) => m.text?.includes("ended before its payment was approved"))).toHaveLength(1);
    expect(confirms(h)).toHaveLength(0);
  });

  it("approved, but the partner's confirm fails until the hold ends: the money is to return, said to the agent, the admins and the customer, and kept in /payments until marked returned", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_226, "Nok");
    const admin = h.user(ADMIN, "en", "Ploy");
    tapData(customer, /:ok$/);
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026NOCREDIT"));
    await h.settle();
    const payment = (await h.app.bookings.payment(booking.id))!;
    // The agency's credit is short: the approval's confirm is refused, and nobody retries in time.
    h.sandbox.setBalance(0);
    agent.tap({ messageId: photos(agent).at(-1)!.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("approved");
    expect((await h.app.bookings.get(booking.id))?.state).toBe("HELD");
    h.clock.advance(31 * 60_000);
    await h.app.reaper.tick();
    await h.settle();
    expect((await h.app.bookings.get(booking.id))?.state).toBe("RELEASED");
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("to-return");
    const amount = formatBaht(payment.amount, "en");
    for (const staff of [agent, admin]) {
      const told = staff.messages().filter((m) => m.text?.includes("was approved, but the partner's confirm"));
      expect(told, "told once").toHaveLength(1);
      expect(told[0]!.text).toContain(`Return ${amount}`);
      expect(told[0]!.text).toContain(payment.reference);
    }
    const last = customer
      .messages()
      .filter((m) => m.text)
      .at(-1)!.text!;
    expect(last).toContain(`Your payment of ${amount}`);
    expect(last).toContain("nothing was booked. Your agent will return your money");
    expect(customer.messages().some((m) => m.text?.includes("was not confirmed in time"))).toBe(false);

    // /payments keeps it, with a button, until someone marks it returned.
    agent.send("/payments");
    await h.settle();
    const list = agent.lastMessage()!;
    expect(list.text).toContain(payment.reference);
    expect(list.text).toContain("money to return");
    const returned = `py:t:${booking.id}`;
    expect(dataOf(list)).toContain(returned);
    // The customer's own tap on the QR's Cancel says what happened, and changes nothing.
    tapData(customer, /^py:x:/);
    await h.settle();
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("to-return");
    admin.send("/payments");
    await h.settle();
    const adminList = admin.lastMessage()!;
    expect(dataOf(adminList)).toContain(returned);
    agent.tap({ messageId: list.message_id, data: returned });
    admin.tap({ messageId: adminList.message_id, data: returned });
    await h.settle();
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("returned");
    const marks = [...agent.messages(), ...admin.messages()].filter((m) => m.text?.includes("Marked returned"));
    expect(marks, "marked once").toHaveLength(1);
    agent.send("/payments");
    await h.settle();
    expect(agent.lastMessage()?.text).not.toContain(payment.reference);
    // The balance read before the confirm found the credit short: no partner confirm was sent.
    expect(confirms(h)).toHaveLength(0);
    expectTelegramRules(h);
  });

  it("approved while the credit is short: once it is topped up, fairway confirms by itself within a minute, once; the customer and the agent are told", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_227, "Dao");
    tapData(customer, /:ok$/);
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026RETRYOK"));
    await h.settle();
    h.sandbox.setBalance(0);
    agent.tap({ messageId: photos(agent).at(-1)!.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    const card = photos(agent).at(-1)!;
    const failed = agent.messages().find((m) => m.text?.includes("the partner did not confirm"));
    expect(failed?.text).toContain("tries again every minute until the hold ends at");
    expect((await h.app.bookings.get(booking.id))?.state).toBe("HELD");

    // Still short: the reaper's passes try again each minute and spend nothing.
    await h.app.reaper.tick();
    h.clock.advance(61_000);
    await h.app.reaper.tick();
    await h.settle();
    expect((await h.app.bookings.get(booking.id))?.state).toBe("HELD");
    expect(confirms(h)).toHaveLength(0);
    const balanceReads = h.sandbox.requests.filter((r) => r.method === "GET" && /balance/.test(r.path)).length;
    expect(balanceReads, "the retry read the credit").toBeGreaterThanOrEqual(2);

    // The agency tops up: within the next minute the booking is confirmed, without anyone's tap.
    h.sandbox.setBalance(10_000_000);
    await h.app.reaper.tick();
    expect(confirms(h)).toHaveLength(0);
    h.clock.advance(61_000);
    await h.app.reaper.tick();
    await h.settle();
    const paid = (await h.app.bookings.get(booking.id))!;
    expect(paid.state).toBe("PAID");
    expect(confirms(h)).toHaveLength(1);
    expect(customer.messages().filter((m) => m.text?.includes("is confirmed (code"))).toHaveLength(1);
    expect(agent.messages().some((m) => m.text?.includes(paid.reservation_code ?? "?"))).toBe(true);
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("approved");

    // Nothing more: later passes, and the decider's late tap, confirm nothing again.
    h.clock.advance(61_000);
    await h.app.reaper.tick();
    agent.tap({ messageId: card.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    expect(confirms(h)).toHaveLength(1);
    expectTelegramRules(h);
  });

  it("a payment not yet approved is never confirmed by the reaper's retries, whatever the credit", async () => {
    h = await startHarness({ env: ENV });
    const { customer, booking } = await customerAtHold(h, 100_228, "Fon");
    tapData(customer, /:ok$/);
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026NOTYET"));
    await h.settle();
    for (let i = 0; i < 3; i += 1) {
      await h.app.reaper.tick();
      h.clock.advance(61_000);
    }
    await h.settle();
    expect((await h.app.bookings.get(booking.id))?.state).toBe("HELD");
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("submitted");
    expect(confirms(h)).toHaveLength(0);
  });

  it("Cancel on the QR after the approval: refused with the booking's real state (confirmed, its code); nothing released", async () => {
    h = await startHarness({ env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_227, "Mai");
    tapData(customer, /:ok$/);
    await h.settle();
    const qr = photos(customer).at(-1)!;
    customer.sendPhoto(await slipPhoto("0142026CANCELLATE"));
    await h.settle();
    agent.tap({ messageId: photos(agent).at(-1)!.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    const paid = (await h.app.bookings.get(booking.id))!;
    expect(paid.state).toBe("PAID");
    const cancel = dataOf(qr).find((d) => d.startsWith("py:x:"))!;
    const tap = customer.tap({ messageId: qr.message_id, data: cancel });
    await h.settle();
    const answer = callbackAnswerText(h, tap);
    expect(answer).toContain("approved and the booking is confirmed");
    expect(answer).toContain(paid.reservation_code!);
    expect(answer).not.toContain("nothing was charged");
    expect(customer.messages().some((m) => m.text?.includes("nothing was charged"))).toBe(false);
    expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
    expectTelegramRules(h);
  });

  it("/payments with more payments than one message holds: within 4,096 characters, the oldest first, the rest counted", async () => {
    h = await startHarness({ env: ENV });
    const admin = h.user(ADMIN, "en", "Ploy");
    const slot = h.sandbox.openSlot({ persons: 2 })!;
    for (let i = 0; i < 30; i++)
      await h.app.bookings.createIntent(
        intentAt(
          slot,
          { id: `list-${String(i).padStart(2, "0")}`, userId: 100_300 + i, agentId: AGENT },
          { customerName: `Customer ${i} ${"Longname".repeat(8)}` },
        ),
        { prepay: { payee: PROMPTPAY } },
      );
    admin.send("/payments");
    await h.settle();
    const text = admin.lastMessage()!.text!;
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toContain("Customer 0 ");
    expect(text).toMatch(/… and \d+ more, shown once these are decided\./);
    expectTelegramRules(h);
  });

  it("Thai: the customer's summary and QR caption are in Thai", async () => {
    h = await startHarness({ env: ENV });
    const { customer } = await customerAtHold(h, 100_231, "Somchai", "th");
    expect(customer.lastMessage()?.text).toContain("ชำระล่วงหน้า");
    tapData(customer, /:ok$/);
    await h.settle();
    expect(photos(customer).at(-1)?.caption).toContain("ชำระ");
  });
});

describe.each(databaseFactories)("pay first on $name", ({ make }) => {
  it("approve once, then the partner's confirm", async () => {
    h = await startHarness({ db: make(), env: ENV });
    const { agent, customer, booking } = await customerAtHold(h, 100_241, "Nok");
    tapData(customer, /:ok$/);
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026PG"));
    await h.settle();
    const card = photos(agent).at(-1)!;
    agent.tap({ messageId: card.message_id, data: `py:a:${booking.id}` });
    agent.tap({ messageId: card.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    expect(confirms(h)).toHaveLength(1);
    expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
  });
});

describe("an agent's own sale", () => {
  it("a payment request from the receipt: the QR for the selling price, forwarded by the agent, then marked paid once; a refund says what to return", async () => {
    h = await startHarness({ env: ENV });
    const admin = h.user(ADMIN, "en", "Ploy");
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Somchai Request");
    expect(booking.selling_amount).toBeGreaterThan(booking.amount!);
    const receipt = agent.messages().find((m) => m.text?.includes("Booking confirmed"))!;
    expect(receipt.text).toContain("Customer pays");
    expect(receipt.text).toContain("margin");
    agent.tap({ messageId: receipt.message_id, data: `py:q:${booking.id}` });
    await h.settle();
    const qr = photos(agent).at(-1)!;
    expect(parse(qrOf(qr), true, true)!.getTagValue("54")).toBe((booking.selling_amount! / 100).toFixed(2));
    expect(qr.caption).toContain("Forward this QR to your customer");
    agent.tap({ messageId: qr.message_id, data: `py:m:${booking.id}` });
    await h.settle();
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("approved");
    expect(agent.lastMessage()?.text).toContain("Marked paid by Anan");
    expect(confirms(h)).toHaveLength(1);

    admin.send(`/refund ${booking.reservation_code}`);
    await h.settle();
    admin.tap(/Confirm refund/);
    await h.settle();
    const done = admin.messages().find((m) => m.text?.includes("refunded: the partner credited back"))!;
    expect(done.text).toMatch(
      /The customer paid ฿[\d,]+; the partner credited back ฿[\d,]+\. Return ฿[\d,]+ to the customer/,
    );
    expectTelegramRules(h);
  });
});
