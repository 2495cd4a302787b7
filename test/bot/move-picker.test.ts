/**
 * Moving a booking with the pickers, through the bot against the real parts (fairway, the sandbox over
 * HTTP, the local Bot API server): "🔁 Move to another tee time" on the booking in /mybookings, the date
 * on the course's calendar, the day's tee times, the players, then the hold; an agent's move approved by
 * an admin (in Thai), an agent moving alone where the agency's rule allows, an agent moving to another
 * course, a customer within their link's course, a customer who pays first paying a dearer tee time's
 * difference by PromptPay before the admins are asked (in Korean), and forged picker data.
 */
import { parse } from "promptparse";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingRecord } from "../../src/bookings/index.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { courseCode } from "../../src/bot/features/moves/data.js";
import { addDaysToDateKey } from "../../src/time/date-key.js";
import {
  callbackAnswerText,
  dateAndTime,
  openTeeTimeFor,
  createLink,
  customerBooks,
  expectTelegramRules,
  forgeTap,
  keyboardPanel,
  panel,
  paidBooking,
  tapData,
} from "../helpers/flow.js";
import { dataOf } from "../helpers/buttons.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { checkInvariants } from "../helpers/invariants.js";
import { qrOf, slipPhoto } from "../helpers/slips.js";
import { formatBaht } from "../../src/bot/format/money.js";

const ADMIN = 9401;
const AGENT = 9402;
const OTHER_AGENT = 9403;
const ENV = { ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},${OTHER_AGENT}` };
const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;
const REFUND = /^\/api\/v1\/ext\/order\/[^/]+\/refund$/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const dateOf = (b: BookingRecord) => dateAndTime(b.slot_starts_at, b.time_zone).date;

/** An open tee time of `b`'s course on `date` other than its own, with room for one more player: `YYYYMMDDHHMM`. */
function openTeeTime(x: Harness, b: BookingRecord, date: string): string {
  const from = { courseId: b.course_id, slotId: b.slot_id, persons: b.persons };
  const slot = openTeeTimeFor(x.sandbox, from, date, { after: x.clock(), roomForMore: true });
  if (!slot) throw new Error(`no open tee time on ${date}`);
  return `${date.replaceAll("-", "")}${dateAndTime(slot.startMs, b.time_zone).time.replace(":", "")}`;
}

/** From the booking's view in /mybookings: the Move button, the date, the tee time; returns at the players step. */
async function pickNewTeeTime(x: Harness, user: SimulatedUser, b: BookingRecord, date: string): Promise<string> {
  user.send("/mybookings");
  await x.settle();
  tapData(user, new RegExp(`^mb:view:${b.id}$`));
  await x.settle();
  tapData(user, new RegExp(`^mv:s:${b.id}$`));
  await x.settle();
  const day = date.replaceAll("-", "");
  // The picker's message, not a later one (a voucher photo the outbox sends when its drawing is done).
  if (!keyboardPanel(user).data.includes(`mv:d:${b.id}:${day}`)) {
    tapData(user, new RegExp(`^mv:m:${b.id}:${day.slice(0, 6)}$`));
    await x.settle();
  }
  tapData(user, new RegExp(`^mv:d:${b.id}:${day}$`));
  await x.settle();
  const at = openTeeTime(x, b, date);
  tapData(user, new RegExp(`^mv:t:${b.id}:${at}:${b.persons}$`));
  await x.settle();
  return at;
}

/** Taps the button matching `pattern` on the latest of the bot's messages that shows one (not only the last message). */
function tapIn(user: SimulatedUser, pattern: RegExp): void {
  const message = user
    .messages()
    .filter((m) => m.from?.is_bot)
    .reverse()
    .find((m) => dataOf(m).some((d) => pattern.test(d)));
  if (!message) throw new Error(`no message shows a button ${String(pattern)}`);
  user.tap({ messageId: message.message_id, data: dataOf(message).find((d) => pattern.test(d))! });
}

/** `admin` approves the move of `old` waiting for them: the move as it then stands, the old refunded and the new paid. */
async function adminApproves(x: Harness, admin: SimulatedUser, old: BookingRecord) {
  tapData(admin, /^mv:a:/);
  await x.settle();
  const [move] = await x.app.bookings.movesOf(old.id);
  const view = await x.app.bookings.getMove(move!.id);
  expect(view.old.state).toBe("REFUNDED");
  expect(view.new.state).toBe("PAID");
  return view;
}

// A hang guard, not a measurement: a case takes 5–10 s alone, up to 40 s in a loaded full run (2026-11-28).
describe("moving a booking with the pickers", { timeout: 120_000 }, () => {
  it("an agent in Thai picks the next day's tee time from /mybookings; an admin approves; the old is refunded and the new paid once", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "th", "อนันต์");
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, agent, "สมชาย ย้ายวัน");
    const next = addDaysToDateKey(dateOf(old), 1);
    await pickNewTeeTime(h, agent, old, next);
    // The players step: today's players checked, then hold.
    expect(panel(agent).text).toContain(`ย้าย ${old.reservation_code}`);
    expect(panel(agent).data).toContain(
      panel(agent).data.find((d) => d.endsWith(`:${old.persons}`) && d.startsWith("mv:t:")),
    );
    const reserves = h.sandbox.count("POST", RESERVE);
    tapData(agent, /^mv:h:/);
    await h.settle();
    expect(h.sandbox.count("POST", RESERVE)).toBe(reserves + 1);
    const card = agent.lastMessage()!.text!;
    expect(card).toContain("ส่งให้ผู้ดูแลระบบอนุมัติแล้ว");
    expect(card).toContain("ใหม่:");
    expect(h.sandbox.count("POST", REFUND)).toBe(0);

    const view = await adminApproves(h, admin, old);
    expect(dateOf(view.new)).toBe(next);
    expect(agent.messages().some((m) => m.text?.includes(`ย้ายแล้ว: คืนเงิน ${old.reservation_code}`))).toBe(true);
    expect(h.sandbox.count("POST", REFUND)).toBe(1);
    await checkInvariants(h);
    expectTelegramRules(h);
  });

  it("with the agency's rule set by an admin, an agent moves their own booking alone; another agent's forged approval spends nothing", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const other = h.user(OTHER_AGENT, "en", "Mali");
    admin.send("/moverule free");
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("Agents move their own bookings without an approval.");
    const old = await paidBooking(h, agent, "Somchai Alone");
    await pickNewTeeTime(h, agent, old, dateOf(old));
    tapData(agent, /^mv:h:/);
    await h.settle();
    const card = agent.lastMessage()!;
    expect(card.text).not.toContain("Sent to the administrators");
    const approve = (card.reply_markup?.inline_keyboard.flat() ?? [])
      .map((b) => ("callback_data" in b ? b.callback_data : ""))
      .find((d) => d.startsWith("mv:a:"))!;
    expect(approve).toBeDefined();
    expect(admin.messages().some((m) => m.text?.includes("asks to move"))).toBe(false);
    // Another agent's tap on it (forged) is refused before anything is refunded.
    other.send("/mybookings");
    await h.settle();
    forgeTap(other, approve);
    await h.settle();
    expect(h.sandbox.count("POST", REFUND)).toBe(0);
    tapData(agent, /^mv:a:/);
    await h.settle();
    expect((await h.app.bookings.get(old.id))?.state).toBe("REFUNDED");
    expect(agent.messages().some((m) => m.text?.includes(`Moved: ${old.reservation_code} was refunded`))).toBe(true);
    // Back to approvals: the agent's next move waits for an admin again.
    admin.send("/moverule approval");
    await h.settle();
    const [move] = await h.app.bookings.movesOf(old.id);
    const moved = (await h.app.bookings.getMove(move!.id)).new;
    await pickNewTeeTime(h, agent, moved, dateOf(moved));
    tapData(agent, /^mv:h:/);
    await h.settle();
    expect(agent.lastMessage()?.text).toContain("Sent to the administrators for approval.");
    await checkInvariants(h);
  });

  it("an agent moves a booking to another course with the pickers: both courses on the card, the new booking on the new course, paid once", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, agent, "Somchai Elsewhere");
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, new RegExp(`^mb:view:${old.id}$`));
    await h.settle();
    tapData(agent, new RegExp(`^mv:s:${old.id}$`));
    await h.settle();
    expect(panel(agent).labels).toContain("⛳ Another course");
    tapData(agent, new RegExp(`^mv:c:${old.id}:0$`));
    await h.settle();
    expect(panel(agent).text).toContain(`Move ${old.reservation_code}: choose the course.`);
    // The booking's own course first (back to its calendar), then the others, each with its code.
    expect(panel(agent).data[0]).toBe(`mv:s:${old.id}`);
    const open = h.sandbox.courses().filter((c) => c.status === "OPEN" && c.id !== old.course_id);
    const offered = panel(agent).data.filter((d) => d.startsWith(`mv:m:${old.id}:`));
    expect(offered.length).toBe(Math.min(8, open.length));
    const next = addDaysToDateKey(dateOf(old), 1);
    const to = open.find(
      (c) =>
        offered.some((d) => d.endsWith(`:${courseCode(c.id)}`)) &&
        openTeeTimeFor(h!.sandbox, { courseId: c.id, slotId: "", persons: old.persons }, next, { after: h!.clock() }),
    )!;
    expect(to).toBeDefined();
    const code = courseCode(to.id);
    tapData(agent, new RegExp(`^mv:m:${old.id}:\\d{6}:${code}$`));
    await h.settle();
    expect(panel(agent).text).toContain(to.name);
    const day = next.replaceAll("-", "");
    if (!panel(agent).data.includes(`mv:d:${old.id}:${day}:${code}`)) {
      tapData(agent, new RegExp(`^mv:m:${old.id}:${day.slice(0, 6)}:${code}$`));
      await h.settle();
    }
    tapData(agent, new RegExp(`^mv:d:${old.id}:${day}:${code}$`));
    await h.settle();
    const slot = openTeeTimeFor(h.sandbox, { courseId: to.id, slotId: "", persons: old.persons }, next, {
      after: h.clock(),
    })!;
    const at = `${day}${dateAndTime(slot.startMs, old.time_zone).time.replace(":", "")}`;
    tapData(agent, new RegExp(`^mv:t:${old.id}:${at}:${old.persons}:${code}$`));
    await h.settle();
    expect(panel(agent).text).toContain(to.name);
    tapData(agent, new RegExp(`^mv:h:${old.id}:${at}:${old.persons}:${code}$`));
    await h.settle();
    const card = agent.lastMessage()!.text!;
    expect(card).toContain(`Now: ${old.course_name} · `);
    expect(card).toContain(`New: ${to.name} · `);
    expect(h.sandbox.count("POST", REFUND)).toBe(0);

    const view = await adminApproves(h, admin, old);
    expect(view.new.course_id).toBe(to.id);
    expect(view.new.course_name).toBe(to.name);
    expect(view.new.slot_id).toBe(slot.id);
    expect(h.sandbox.count("POST", REFUND)).toBe(1);
    await checkInvariants(h);
    expectTelegramRules(h);
  });

  it("a customer moves their own booking on their link's course, in their language; a dearer choice is refused without a hold; forged steps for another's booking do nothing", async () => {
    h = await startHarness({ env: { ...ENV, PRICE_MARKUP: "20%" } });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const link = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(100_801, "ja", "さくら", "stranger");
    customer.send(`/start ${link}`);
    await h.settle();
    await customerBooks(h, customer);
    const [old] = await h.app.bookings.listForUser(100_801);
    expect(old?.state).toBe("PAID");

    // Another customer forging this booking's picker and hold: refused, no partner call.
    const stranger = h.user(100_802, "en", "Eve", "stranger");
    stranger.send("/start");
    await h.settle();
    const requests = h.sandbox.requests.length;
    const at = openTeeTime(h, old!, dateOf(old!));
    forgeTap(stranger, `mv:s:${old!.id}`);
    forgeTap(stranger, `mv:h:${old!.id}:${at}:${old!.persons}`);
    await h.settle();
    expect(h.sandbox.requests.length).toBe(requests);
    expect(h.telegram.unansweredCallbackQueries()).toEqual([]);

    // Their link names one course: no other course is offered, and a forged one is refused with no partner call.
    const elsewhere = h.sandbox.courses().find((c) => c.status === "OPEN" && c.id !== old!.course_id)!;
    // (Tapped on the receipt, a text message: the picker shows in place of the tapped message.)
    const receipt = customer
      .messages()
      .filter((m) => m.from?.is_bot && m.text !== undefined)
      .at(-1)!.message_id;
    const tapped = () => customer.messages().find((m) => m.message_id === receipt);
    forgeTap(customer, `mv:s:${old!.id}`, receipt);
    await h.settle();
    expect(tapped()?.text).toContain("新しい日付を選んでください");
    expect(dataOf(tapped()).some((d) => d.startsWith(`mv:d:${old!.id}:`))).toBe(true);
    expect(dataOf(tapped()).some((d) => d.startsWith("mv:c:"))).toBe(false);
    forgeTap(customer, `mv:c:${old!.id}:0`, receipt);
    await h.settle();
    expect(dataOf(tapped())).toEqual([`mv:s:${old!.id}`]);
    const forged = forgeTap(customer, `mv:h:${old!.id}:${at}:${old!.persons}:${courseCode(elsewhere.id)}`);
    await h.settle();
    expect(callbackAnswerText(h, forged)).toContain("ゴルフ場");
    expect(h.sandbox.requests.length).toBe(requests);

    // More players costs more: this customer does not pay through fairway (no PromptPay ID), so nothing is held.
    await pickNewTeeTime(h, customer, old!, dateOf(old!));
    expect(panel(customer).text).toContain("人数");
    const reserves = h.sandbox.count("POST", RESERVE);
    tapData(customer, new RegExp(`^mv:t:${old!.id}:\\d{12}:${old!.persons + 1}$`));
    await h.settle();
    const dear = tapData(customer, /^mv:h:/);
    await h.settle();
    expect(callbackAnswerText(h, dear)).toContain("担当エージェントにご相談ください");
    expect(h.sandbox.count("POST", RESERVE)).toBe(reserves);

    // The same players: held, sent to the admins, approved; the customer hears it in Japanese.
    tapIn(customer, new RegExp(`^mv:t:${old!.id}:\\d{12}:${old!.persons}$`));
    await h.settle();
    tapIn(customer, new RegExp(`^mv:h:${old!.id}:\\d{12}:${old!.persons}$`));
    await h.settle();
    expect(customer.lastMessage()?.text).toContain("管理者に承認を依頼しました");
    const request = admin.messages().find((m) => m.text?.includes("A customer asks to move their booking"));
    expect(request?.text).toContain(old!.reservation_code!);
    tapData(admin, /^mv:a:/);
    await h.settle();
    const [move] = await h.app.bookings.movesOf(old!.id);
    const view = await h.app.bookings.getMove(move!.id);
    expect(view.new.state).toBe("PAID");
    expect(view.new.course_id).toBe(old!.course_id);
    expect(customer.messages().some((m) => m.text?.includes("ティータイムを変更しました"))).toBe(true);
    await checkInvariants(h);
    expectTelegramRules(h);
  });
  /**
   * A customer of AGENT's who pays first (PROMPTPAY_ID), their booking paid by slip and the agent's Paid,
   * then their move to the same day with one more player (dearer), held with the difference's QR shown.
   */
  async function customersDearerMove(x: Harness, id: number, locale: string) {
    const agent = x.user(AGENT, "en", "Anan");
    const admin = x.user(ADMIN, "en", "Ploy");
    const link = await createLink(x, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = x.user(id, locale, "Nok", "stranger");
    customer.send(`/start ${link}`);
    await x.settle();
    const photos = (u: SimulatedUser) => u.messages().filter((m) => (m.photo?.length ?? 0) > 0);
    /** The customer's slip, and the agent's Paid on its card. */
    const slipApproved = async (ref: string, paymentOf: string) => {
      customer.sendPhoto(await slipPhoto(ref));
      await x.settle();
      const card = photos(agent).at(-1)!;
      agent.tap({ messageId: card.message_id, data: `py:a:${paymentOf}` });
      await x.settle();
      return card;
    };
    await customerBooks(x, customer);
    const [booked] = await x.app.bookings.listForUser(id);
    await slipApproved(`0142026112${id}`, booked!.id);
    const old = (await x.app.bookings.get(booked!.id))!;
    expect(old.state).toBe("PAID");
    await pickNewTeeTime(x, customer, old, dateOf(old));
    tapData(customer, new RegExp(`^mv:t:${old.id}:\\d{12}:${old.persons + 1}$`));
    await x.settle();
    tapData(customer, /^mv:h:/);
    await x.settle();
    const open = await x.app.bookings.openMoveOf(old.id);
    const held = await x.app.bookings.getMove(open!.id);
    expect(held.move.state).toBe("HELD");
    return { agent, admin, customer, old, held, qrPhoto: photos(customer).at(-1)!, slipApproved };
  }

  it("a customer who pays first moves to a dearer tee time: the QR asks exactly the selling difference, their agent approves the slip, then the admins approve the move; all in Korean", async () => {
    h = await startHarness({
      env: { ...ENV, PRICE_MARKUP: "20%", PROMPTPAY_ID: "0812345678", PAYMENT_WINDOW_MINUTES: "30" },
    });
    const { admin, customer, old, held, qrPhoto, slipApproved } = await customersDearerMove(h, 100_811, "ko");
    const difference = held.new.selling_amount! - held.old.selling_amount!;
    expect(difference).toBeGreaterThan(0);
    // The customer's prices, not the partner's: the markup is in the difference.
    expect(difference).not.toBe(held.new.amount! - held.old.amount!);
    expect(held.payment).toMatchObject({ kind: "move", state: "awaiting", amount: difference });
    const qr = parse(qrOf(qrPhoto), true, true)!;
    expect(qr.getTagValue("54")).toBe((difference / 100).toFixed(2));
    expect(qr.getTagValue("29", "01")).toBe("0066812345678");
    expect(qr.getTagValue("62", "05")).toBe(held.payment!.reference);
    expect(qrPhoto.caption).toContain("담당 에이전트가 확인하면");
    expect(customer.messages().some((m) => m.text?.includes("차액을 결제해 주세요"))).toBe(true);
    // Not the admins' yet, and nothing refunded.
    expect(admin.messages().some((m) => m.text?.includes("A customer asks to move their booking"))).toBe(false);
    expect(h.sandbox.count("POST", REFUND)).toBe(0);

    // The slip for the difference, the agent's Paid: now the admins are asked.
    const card = await slipApproved("014202611270002", held.new.id);
    expect(card.caption).toContain("the difference for moving their booking");
    expect(customer.messages().some((m) => m.text?.includes("관리자의 승인을 기다리고"))).toBe(true);
    expect(h.sandbox.count("POST", REFUND)).toBe(0);
    const request = admin.messages().find((m) => m.text?.includes("A customer asks to move their booking"));
    expect(request?.text).toContain(old.reservation_code!);
    expect(request?.text).toContain(`The customer paid the difference first: ${formatBaht(difference, "en")}`);
    tapData(admin, /^mv:a:/);
    await h.settle();
    const done = await h.app.bookings.getMove(held.move.id);
    expect(done.move.state).toBe("DONE");
    expect(done.old.state).toBe("REFUNDED");
    expect(done.new.state).toBe("PAID");
    expect(done.payment?.state).toBe("approved");
    expect(customer.messages().some((m) => m.text?.includes("티타임이 변경되었습니다"))).toBe(true);
    await checkInvariants(h);
    expectTelegramRules(h);
  });

  it("a customer's difference approved, then the new hold ends before the admins' approval: the move is off, the money to return; the customer told in Thai, the agent told the amount, an approval after refunds nothing", async () => {
    h = await startHarness({
      env: { ...ENV, PRICE_MARKUP: "20%", PROMPTPAY_ID: "0812345678", PAYMENT_WINDOW_MINUTES: "30" },
    });
    const { agent, admin, customer, held, slipApproved } = await customersDearerMove(h, 100_812, "th");
    await slipApproved("014202611270003", held.new.id);
    expect((await h.app.bookings.payment(held.new.id))?.state).toBe("approved");
    const before = customer.messages().length;
    h.clock.advance(31 * 60_000);
    await h.app.reaper.tick();
    await h.app.reaper.tick();
    await h.settle();
    const ended = await h.app.bookings.getMove(held.move.id);
    expect(ended.move.state).toBe("ABANDONED");
    expect(ended.payment?.state).toBe("to-return");
    const told = customer
      .messages()
      .slice(before)
      .map((m) => m.text ?? "");
    // Once, in Thai: the booking stands, the agent returns the difference.
    expect(told.filter((text) => text.includes("ตัวแทนของคุณจะคืนเงิน"))).toHaveLength(1);
    expect(told.join("\n")).toContain("การจองของคุณยังเหมือนเดิม");
    expect(agent.messages().some((m) => m.text?.includes("return it to them"))).toBe(true);
    // The admins' request, tapped late: decided already, nothing refunded.
    tapData(admin, /^mv:a:/);
    await h.settle();
    expect(h.sandbox.count("POST", REFUND)).toBe(0);
    await checkInvariants(h);
    expectTelegramRules(h);
  });
});
