/**
 * Every baht owed to a customer is in /payments until someone marks it returned, through the bot against
 * the real parts (fairway, the sandbox over HTTP, the local Bot API server): a move stranded after its
 * refund (the customer's payment of the old booking), a move to a cheaper tee time (the difference) and
 * an admin's refund (the customer's share) are each listed once, with a button that marks it returned once.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BookingRecord } from "../../src/bookings/index.js";
import { formatBaht } from "../../src/bot/format/money.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { dateAndTime, expectTelegramRules, forgeTap, otherTeeTime, paidBooking, tapData } from "../helpers/flow.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { checkInvariants } from "../helpers/invariants.js";

const ADMIN = 9601;
const AGENT = 9602;
const ENV = { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), PRICE_MARKUP: "20%", PROMPTPAY_ID: "0812345678" };
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The agent's sale, paid by its customer through fairway: a payment request from the receipt, marked paid. */
async function paidThroughFairway(x: Harness, agent: SimulatedUser, name: string): Promise<BookingRecord> {
  const booking = await paidBooking(x, agent, name);
  const receipt = agent.messages().find((m) => m.text?.includes("Booking confirmed") && m.text.includes(name))!;
  agent.tap({ messageId: receipt.message_id, data: `py:q:${booking.id}` });
  await x.settle();
  const qr = [...agent.messages()].reverse().find((m) => (m.photo?.length ?? 0) > 0)!;
  agent.tap({ messageId: qr.message_id, data: `py:m:${booking.id}` });
  await x.settle();
  expect((await x.app.bookings.payment(booking.id))?.state).toBe("approved");
  return booking;
}

/** /payments as `user` sees it. */
async function paymentsList(x: Harness, user: SimulatedUser) {
  user.send("/payments");
  await x.settle();
  return user.lastMessage()!;
}

describe("money owed in /payments", () => {
  it("a stranded move: the customer's payment of the old booking listed to return by the agent, marked returned once", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidThroughFairway(h, agent, "Somchai Stranded");
    const payment = (await h.app.bookings.payment(old.id))!;
    const to = otherTeeTime(h, old);
    agent.send(`/move ${old.reservation_code} ${to.date} ${to.time}`);
    await h.settle();
    h.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, times: Infinity });
    tapData(admin, /^mv:a:/);
    await h.settle();
    h.clock.advance(31 * 60_000);
    await h.app.reaper.tick();
    await h.app.reaper.tick();
    await h.settle();
    const [move] = await h.app.bookings.movesOf(old.id);
    expect(move?.state).toBe("STRANDED");
    h.sandbox.faults.clear();

    const list = await paymentsList(h, agent);
    expect(list.text).toContain(payment.reference);
    expect(list.text).toContain(formatBaht(old.selling_amount!, "en"));
    expect(list.text).toContain("moved, the new tee time not booked");
    const button = `py:t:s-${move!.id}`;
    expect(
      list.reply_markup?.inline_keyboard.flat().map((b) => ("callback_data" in b ? b.callback_data : "")),
    ).toContain(button);
    agent.tap({ messageId: list.message_id, data: button });
    await h.settle();
    expect(agent.lastMessage()?.text).toContain(`Marked returned: ${formatBaht(old.selling_amount!, "en")}`);
    forgeTap(agent, button, list.message_id);
    await h.settle();
    expect((await h.app.bookings.owed(`s-${move!.id}`))?.state).toBe("returned");
    expect((await paymentsList(h, agent)).text).not.toContain(payment.reference);
    await checkInvariants(h);
    expectTelegramRules(h);
  });

  it("a move to a cheaper tee time: the difference listed to return", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidThroughFairway(h, agent, "Somchai Cheaper");
    const { date } = dateAndTime(old.slot_starts_at, old.time_zone);
    const now = h.clock();
    const oldPrice = h.sandbox.slots(old.course_id, date).find((s) => s.id === old.slot_id)!.price;
    const cheaper = h.sandbox
      .slots(old.course_id, date)
      .find(
        (s) =>
          s.status === "OPEN" &&
          s.persons === 0 &&
          s.price < oldPrice &&
          s.minPerson <= old.persons &&
          s.maxPerson >= old.persons &&
          s.startMs > now,
      );
    // A tee time for fewer players when none sells for less.
    const to = cheaper
      ? `${date} ${dateAndTime(cheaper.startMs, old.time_zone).time}`
      : `${otherTeeTime(h, old).date} ${otherTeeTime(h, old).time} ${old.persons - 1}`;
    agent.send(`/move ${old.reservation_code} ${to}`);
    await h.settle();
    tapData(admin, /^mv:a:/);
    await h.settle();
    const [move] = await h.app.bookings.movesOf(old.id);
    const view = await h.app.bookings.getMove(move!.id);
    expect(view.move.state).toBe("DONE");
    const difference = old.selling_amount! - view.new.selling_amount!;
    expect(difference).toBeGreaterThan(0);

    const list = await paymentsList(h, admin);
    expect(list.text).toContain(`${formatBaht(difference, "en")} · moved to a cheaper tee time`);
    expect(await h.app.bookings.owedToReturn({ agentId: AGENT })).toMatchObject([
      { id: `d-${move!.id}`, reason: "difference", paid_via: "fairway" },
    ]);
    await checkInvariants(h);
  });

  it("an admin's refund of a booking its customer paid: the customer's share listed to return by the agent", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const booking = await paidThroughFairway(h, agent, "Somchai Refund");
    const payment = (await h.app.bookings.payment(booking.id))!;
    admin.send(`/refund ${booking.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const refunded = (await h.app.bookings.get(booking.id))!;
    expect(refunded.state).toBe("REFUNDED");
    const share = Math.min(
      refunded.selling_amount!,
      Math.round((refunded.selling_amount! * refunded.refunded_amount!) / refunded.amount!),
    );

    const list = await paymentsList(h, agent);
    expect(list.text).toContain(payment.reference);
    expect(list.text).toContain(`${formatBaht(share, "en")} · refunded: the customer's share to return`);
    agent.tap({ messageId: list.message_id, data: `py:t:r-${booking.id}` });
    await h.settle();
    expect(agent.lastMessage()?.text).toContain("Marked returned");
    expect(await h.app.bookings.owedToReturn()).toEqual([]);
    await checkInvariants(h);
  });
});
