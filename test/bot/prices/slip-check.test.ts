/**
 * Slips checked by a slip-verification service (issue 49), against the real parts: fairway, the sandbox
 * over HTTP, the local Bot API server, the slip reader's worker, the slip-check stand-in over HTTP in
 * SlipOK's shapes, SQLite on disk (and PostgreSQL where named). A verified transfer is booked with no tap,
 * once; a wrong amount, a wrong payee, a transfer already accepted are refused (the customer told why, in
 * their language) and wait for a person; a service that cannot decide leaves the slip to a person as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import type { ChatMessage } from "../../../src/local/bot-api-server/store.js";
import { createSlipCheckStandIn, type StandInTransfer } from "../../../src/local/slip-check/index.js";
import { dateKeyOf } from "../../../src/time/today.js";
import { databaseFactories } from "../../helpers/databases.js";
import { customerShownQr as shownQr, expectTelegramRules } from "../../helpers/flow.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { slipPhoto } from "../../helpers/slips.js";

const ADMIN = 9401;
const AGENT = 9402;
const ENV = {
  ADMIN_IDS: String(ADMIN),
  AGENT_IDS: String(AGENT),
  PRICE_MARKUP: "20%",
  PROMPTPAY_ID: "0812345678",
  PAYMENT_WINDOW_MINUTES: "30",
};

let h: Harness | undefined;
let standIn: ReturnType<typeof createSlipCheckStandIn> | undefined;
afterEach(async () => {
  await h?.stop();
  await standIn?.close();
  h = undefined;
  standIn = undefined;
});

/** fairway with SLIP_CHECK_* pointing at the stand-in (SlipOK's shapes). */
async function start(make?: (typeof databaseFactories)[number]["make"]) {
  standIn = createSlipCheckStandIn({ key: "stand-in-secret-key" });
  await standIn.listen();
  h = await startHarness({
    ...(make ? { db: make() } : {}),
    env: {
      ...ENV,
      SLIP_CHECK_PROVIDER: "slipok",
      SLIP_CHECK_URL: standIn.slipOkUrl,
      SLIP_CHECK_KEY: "stand-in-secret-key",
      SLIP_CHECK_BRANCH: standIn.branch,
    },
  });
  h.user(ADMIN, "en", "Ploy");
  return { h, standIn };
}

const cards = (u: SimulatedUser) =>
  u.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0 || m.document !== undefined);
const buttons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard.flat() ?? []).map((b) => b.text);
const confirms = (x: Harness) => x.sandbox.requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path));

/** A customer of AGENT with a hold they are to pay, shown its QR, and its payment. */
async function customerShownQr(x: Harness, id: number, name: string, locale = "en") {
  const shown = await shownQr(x, { agentId: AGENT, id, name, locale });
  return { ...shown, payment: (await x.app.bookings.payment(shown.booking.id))! };
}

/** A transfer the stand-in's banks know: to the agency's PromptPay (masked as banks print it), just now. */
function transfer(x: Harness, transRef: string, amountSatang: number, proxy = "xxx-xxx-5678"): StandInTransfer {
  return {
    transRef,
    sendingBank: "014",
    amountSatang,
    at: new Date(x.clock()).toISOString(),
    receiver: { name: "FAIRWAY GOLF", proxy: { type: "MSISDN", value: proxy } },
  };
}

describe("a slip checked by the service", () => {
  it("a good slip is booked with no tap: the customer's receipt, the agent's card without buttons, the decider recorded as the slip check", async () => {
    const { h, standIn } = await start();
    const admin = h.user(ADMIN, "en", "Ploy");
    const { agent, customer, booking, payment } = await customerShownQr(h, 100_401, "Nok");
    standIn.addTransfer(transfer(h, "0142026GOOD1", payment.amount));
    customer.sendPhoto(await slipPhoto("0142026GOOD1"));
    await h.settle();
    expect(confirms(h)).toHaveLength(1);
    expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({
      state: "approved",
      decided_by: null,
      decided_via: "slip-check:slipok",
      slip_check: "verified",
    });
    expect(customer.messages().some((m) => m.text?.includes("was verified with your bank"))).toBe(true);
    expect(customer.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);
    const card = cards(agent).at(-1)!;
    expect(card.caption).toContain("Verified by the slip check (SlipOK): booked");
    expect(buttons(card)).toHaveLength(0);
    expect(cards(admin).at(-1)?.caption).toContain("Verified by the slip check");
    const metrics = await h.app.metrics.text();
    expect(metrics).toContain('fairway_slip_checks_total{outcome="booked",reason=""} 1');
    expect(metrics).toContain("fairway_slip_to_confirmed_seconds_count 1");
    // The key is in no message.
    expect(h.telegram.calls.some((c) => JSON.stringify(c.params).includes("stand-in-secret-key"))).toBe(false);
    expectTelegramRules(h);
  });

  it("a wrong amount is refused: the customer told why in Thai, the agent's card keeps its buttons and a person's tap still books", async () => {
    const { h, standIn } = await start();
    const { agent, customer, booking, payment } = await customerShownQr(h, 100_402, "Mai", "th");
    standIn.addTransfer(transfer(h, "0142026SHORT", payment.amount - 10_000));
    customer.sendPhoto(await slipPhoto("0142026SHORT"));
    await h.settle();
    expect(confirms(h)).toHaveLength(0);
    expect(customer.lastMessage()?.text).toContain("ไม่สามารถรับสลิปนี้ได้: ยอดที่โอนไม่ใช่");
    const card = cards(agent).at(-1)!;
    expect(card.caption).toContain("The slip check (SlipOK) refused it: the amount transferred is not");
    expect(buttons(card)).toContain("✅ Paid — confirm");
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({
      state: "submitted",
      slip_check: "refused:amount-mismatch",
      decided_via: null,
    });
    agent.tap({ messageId: card.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    expect(confirms(h)).toHaveLength(1);
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({ state: "approved", decided_by: AGENT });
    expectTelegramRules(h);
  });

  it("a wrong payee is refused (Korean)", async () => {
    const { h, standIn } = await start();
    const { agent, customer, payment } = await customerShownQr(h, 100_403, "Jin", "ko");
    standIn.addTransfer(transfer(h, "0142026OTHER", payment.amount, "xxx-xxx-9999"));
    customer.sendPhoto(await slipPhoto("0142026OTHER"));
    await h.settle();
    expect(customer.lastMessage()?.text).toContain("QR의 계좌가 아닌 다른 계좌로 이체되었습니다");
    expect(cards(agent).at(-1)?.caption).toContain("refused it: the money went to another account");
    expect(await h.app.metrics.text()).toContain(
      'fairway_slip_checks_total{outcome="refused",reason="payee-mismatch"} 1',
    );
    expect(confirms(h)).toHaveLength(0);
  });

  it("a slip whose transfer was accepted for another booking is refused as a duplicate with no call to the service (Japanese)", async () => {
    const { h, standIn } = await start();
    const one = await customerShownQr(h, 100_404, "Nok");
    standIn.addTransfer(transfer(h, "0142026ONCE", one.payment.amount));
    one.customer.sendPhoto(await slipPhoto("0142026ONCE"));
    await h.settle();
    expect((await h.app.bookings.payment(one.booking.id))?.state).toBe("approved");
    const two = await customerShownQr(h, 100_405, "Aki", "ja");
    const calls = standIn.requests();
    two.customer.sendPhoto(await slipPhoto("0142026ONCE"));
    await h.settle();
    expect(standIn.requests()).toBe(calls);
    expect(two.customer.lastMessage()?.text).toContain("この振込はすでに支払いに使われています");
    expect(await h.app.bookings.payment(two.booking.id)).toMatchObject({
      state: "submitted",
      slip_check: "refused:duplicate",
    });
    expect(confirms(h)).toHaveLength(1);
    // /report counts what the service decided of the day's slips.
    const admin = h.user(ADMIN, "en", "Ploy");
    const today = dateKeyOf(h.clock(), "Asia/Bangkok");
    admin.send(`/report ${today} ${today}`);
    await h.settle();
    const report = admin.messages().find((m) => m.text?.includes("Slips checked by the service"))?.text ?? "";
    expect(report).toMatch(
      /Slips checked by the service: 2 — 1 confirmed with no tap \(median \d+\.\d s from the slip\), 1 refused \(duplicate: 1\), 0 left to a person/,
    );
  });

  it("the service down: the slip waits for a person, the card says the service could not decide", async () => {
    const { h, standIn } = await start();
    const { agent, customer, booking, payment } = await customerShownQr(h, 100_406, "Nok");
    standIn.addTransfer(transfer(h, "0142026DOWN", payment.amount));
    standIn.failNext("status-500");
    customer.sendPhoto(await slipPhoto("0142026DOWN"));
    await h.settle();
    expect(confirms(h)).toHaveLength(0);
    expect(customer.lastMessage()?.text).toContain("is with your agent");
    const card = cards(agent).at(-1)!;
    expect(card.caption).toContain("could not decide (server-error)");
    expect(card.caption).toContain("0142026DOWN");
    expect(buttons(card)).toContain("✅ Paid — confirm");
    expect((await h.app.bookings.payment(booking.id))?.state).toBe("submitted");
    expect(await h.app.metrics.text()).toContain('fairway_slip_checks_total{outcome="person",reason="server-error"} 1');
    const admin = h.user(ADMIN, "en", "Ploy");
    const today = dateKeyOf(h.clock(), "Asia/Bangkok");
    admin.send(`/report ${today} ${today}`);
    await h.settle();
    expect(
      admin
        .messages()
        .map((m) => m.text ?? "")
        .join("\n"),
    ).toContain(
      "Slips checked by the service: 1 — 0 confirmed with no tap (median — s from the slip), 0 refused, 1 left to a person",
    );
  });

  it("the bank's delay: the slip is asked again by itself after the wait, across a restart, and booked with no tap", async () => {
    const { h, standIn } = await start();
    const { agent, customer, booking, payment } = await customerShownQr(h, 100_407, "Nok");
    standIn.addTransfer(transfer(h, "0142026LATER", payment.amount));
    standIn.delay("0142026LATER", 3);
    customer.sendPhoto(await slipPhoto("0142026LATER"));
    await h.settle();
    expect(confirms(h)).toHaveLength(0);
    expect(customer.lastMessage()?.text).toContain("We check it again by ourselves in about 3 min");
    const card = cards(agent).at(-1)!;
    expect(card.caption).toContain("asks again by itself in about 3 min");
    expect(buttons(card)).toContain("✅ Paid — confirm");
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({ state: "submitted", slip_check: "retry-later" });
    const asked = standIn.requests();
    // Not yet due: nothing asked.
    h.clock.advance(60_000);
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(asked);
    // The wait is kept in the database: a restart finds it.
    await h.restart();
    h.clock.advance(2 * 60_000 + 1_000);
    // Still delayed at the bank: asked once, moved on.
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(asked + 1);
    expect(confirms(h)).toHaveLength(0);
    // Two passes in a row ask once: the first forgets the retry it decided.
    standIn.answered("0142026LATER");
    h.clock.advance(3 * 60_000 + 1_000);
    await Promise.all([h.app.slipRetries.tick(), h.app.slipRetries.tick()]);
    await h.settle();
    expect(standIn.requests()).toBe(asked + 2);
    expect(confirms(h)).toHaveLength(1);
    expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({
      state: "approved",
      decided_by: null,
      decided_via: "slip-check:slipok",
      slip_check: "verified",
    });
    expect(customer.messages().some((m) => m.text?.includes("was verified with your bank"))).toBe(true);
    expect(customer.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);
    expect(agent.lastMessage()?.text).toContain("Slip of Nok");
    expect(agent.lastMessage()?.text).toContain("Verified by the slip check (SlipOK): booked");
    // Decided: nothing more is asked.
    h.clock.advance(10 * 60_000);
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(asked + 2);
    const metrics = await h.app.metrics.text();
    expect(metrics).toContain('fairway_slip_checks_total{outcome="booked",reason=""} 1');
    expectTelegramRules(h);
  });

  it("the bank's delay until the hold is about to end: asked last just before it, then left to a person", async () => {
    const { h, standIn } = await start();
    const { agent, customer, booking, payment } = await customerShownQr(h, 100_408, "Nok");
    standIn.addTransfer(transfer(h, "0142026SLOW", payment.amount));
    standIn.delay("0142026SLOW", 20);
    customer.sendPhoto(await slipPhoto("0142026SLOW"));
    await h.settle();
    const asked = standIn.requests();
    const ends = (await h.app.bookings.get(booking.id))!.hold_expires_at!;
    // Minute by minute until the hold's end: asked again after the service's 20 minutes while the hold
    // allows it, last 2 minutes before its end, then left to a person.
    const askedAt: number[] = [];
    while (h.clock() < ends) {
      h.clock.advance(60_000);
      const before = standIn.requests();
      await h.app.slipRetries.tick();
      if (standIn.requests() > before) askedAt.push(h.clock());
    }
    await h.settle();
    expect(askedAt.length).toBeGreaterThanOrEqual(1);
    expect(standIn.requests()).toBe(asked + askedAt.length);
    const last = askedAt.at(-1)!;
    expect(last).toBeGreaterThanOrEqual(ends - 2 * 60_000);
    expect(last).toBeLessThan(ends - 60_000);
    for (let i = 1; i < askedAt.length; i++) expect(askedAt[i]! - askedAt[i - 1]!).toBeLessThanOrEqual(20 * 60_000);
    expect(confirms(h)).toHaveLength(0);
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({ slip_check: "retry-later:gave-up" });
    expect(agent.lastMessage()?.text).toContain("could not decide (bank-delay)");
    expect(customer.lastMessage()?.text).toContain("is with your agent");
    const calls = standIn.requests();
    h.clock.advance(20 * 60_000);
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(calls);
    await h.app.reaper.tick();
    await h.settle();
  });

  it("the bank's delay, then a person's tap first: the retry asks nothing more", async () => {
    const { h, standIn } = await start();
    const { agent, customer, booking, payment } = await customerShownQr(h, 100_409, "Nok");
    standIn.addTransfer(transfer(h, "0142026TAPPED", payment.amount));
    standIn.delay("0142026TAPPED", 3);
    customer.sendPhoto(await slipPhoto("0142026TAPPED"));
    await h.settle();
    agent.tap({ messageId: cards(agent).at(-1)!.message_id, data: `py:a:${booking.id}` });
    await h.settle();
    expect(confirms(h)).toHaveLength(1);
    const asked = standIn.requests();
    standIn.answered("0142026TAPPED");
    h.clock.advance(4 * 60_000);
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(asked);
    expect(confirms(h)).toHaveLength(1);
    expect(await h.app.bookings.payment(booking.id)).toMatchObject({ state: "approved", decided_by: AGENT });
  });
});

describe.each(databaseFactories)("one transfer, two payments, on $name", ({ make }) => {
  it(
    "two instances approving two bookings on the same verified reference at once: exactly one is approved and confirmed",
    { timeout: 120_000 },
    async () => {
      const { h } = await start(make);
      const one = await customerShownQr(h, 100_411, "Nok");
      const two = await customerShownQr(h, 100_412, "Mai");
      // Both payments with a slip submitted (no QR read: the check is not asked here).
      for (const x of [one, two]) {
        const out = await h.app.bookings.submitSlip(x.booking.id, { fileId: `file-${x.booking.id}` });
        expect(out.kind).toBe("submitted");
      }
      const [a, b] = await Promise.all([
        h.app.bookings.approveCheckedSlip(one.booking.id, { provider: "slipok", transRef: "0142026RACE" }),
        h.app.bookings.approveCheckedSlip(two.booking.id, { provider: "slipok", transRef: "0142026RACE" }),
      ]);
      expect([a.kind, b.kind].sort()).toEqual(["approved", "duplicate"]);
      const states = [
        (await h.app.bookings.payment(one.booking.id))?.state,
        (await h.app.bookings.payment(two.booking.id))?.state,
      ].sort();
      expect(states).toEqual(["approved", "submitted"]);
      expect(confirms(h)).toHaveLength(1);
    },
  );
});

describe.each(databaseFactories)("the slip check against a person and the hold's end, on $name", ({ make }) => {
  /** A customer's payment with a slip submitted whose QR gave `ref` (not checked here: the race is the test). */
  async function submitted(x: Harness, id: number, ref: string) {
    const shown = await customerShownQr(x, id, "Nok");
    const out = await x.app.bookings.submitSlip(shown.booking.id, {
      fileId: `file-${ref}`,
      read: () => Promise.resolve({ qr: "read" as const, ref }),
    });
    expect(out.kind).toBe("submitted");
    return shown;
  }

  it(
    "the slip check's approval and a person's tap on the same payment at once: exactly one approves, one confirm, the reference accepted once",
    { timeout: 120_000 },
    async () => {
      const { h } = await start(make);
      const { booking } = await submitted(h, 100_421, "0142026BOTH");
      const balance = (await h.app.partner.getBalance()).balance;
      const [checked, tapped] = await Promise.all([
        h.app.bookings.approveCheckedSlip(booking.id, { provider: "slipok", transRef: "0142026BOTH" }),
        h.app.bookings.decidePayment(booking.id, { approve: true, actorId: AGENT }),
      ]);
      // One decision wins the payment. The other may still report "approved": a tap on a payment approved whose
      // booking is still HELD retries the confirm (customer-payment.ts, `decide`), so both can carry a confirm's
      // outcome; the partner is asked to confirm once all the same (below).
      expect([checked.kind, tapped.kind]).toContain("approved");
      const payment = (await h.app.bookings.payment(booking.id))!;
      expect(payment.state).toBe("approved");
      // Whoever won is the decider: the slip check or the agent, not both.
      expect(payment.decided_via === null).toBe(payment.decided_by === AGENT);
      await h.settle();
      expect(confirms(h)).toHaveLength(1);
      expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
      const b = (await h.app.bookings.get(booking.id))!;
      expect((await h.app.partner.getBalance()).balance).toBe(balance - b.amount!);
      expect(await h.app.bookings.acceptedRefOf("0142026BOTH")).toBe(booking.id);
    },
  );

  it(
    "a person's approval accepts the slip's reference: the same slip for another booking is refused by the check with no call",
    { timeout: 120_000 },
    async () => {
      const { h, standIn } = await start(make);
      const one = await submitted(h, 100_422, "0142026TAP");
      expect((await h.app.bookings.decidePayment(one.booking.id, { approve: true, actorId: AGENT })).kind).toBe(
        "approved",
      );
      expect(await h.app.bookings.acceptedRefOf("0142026TAP")).toBe(one.booking.id);
      const two = await customerShownQr(h, 100_423, "Mai");
      standIn.addTransfer(transfer(h, "0142026TAP", two.payment.amount));
      const calls = standIn.requests();
      two.customer.sendPhoto(await slipPhoto("0142026TAP"));
      await h.settle();
      expect(standIn.requests()).toBe(calls);
      expect(await h.app.bookings.payment(two.booking.id)).toMatchObject({
        state: "submitted",
        slip_check: "refused:duplicate",
      });
      expect(confirms(h)).toHaveLength(1);
    },
  );

  it(
    "the slip check's approval and the hold's end at once: the hold's end wins, nothing is confirmed, and the reference is let go",
    { timeout: 120_000 },
    async () => {
      const { h } = await start(make);
      const { booking } = await submitted(h, 100_424, "0142026LAPSE");
      const balance = (await h.app.partner.getBalance()).balance;
      h.clock.set((await h.app.bookings.get(booking.id))!.hold_expires_at! + 1_000);
      const [checked] = await Promise.all([
        h.app.bookings.approveCheckedSlip(booking.id, { provider: "slipok", transRef: "0142026LAPSE" }),
        h.app.reaper.tick(),
      ]);
      expect(checked.kind).not.toBe("approved");
      await h.app.reaper.tick();
      await h.settle();
      expect(confirms(h)).toHaveLength(0);
      expect((await h.app.bookings.payment(booking.id))?.state).toBe("expired");
      expect((await h.app.partner.getBalance()).balance).toBe(balance);
      // The transfer paid for nothing: it may pay for another booking.
      expect(await h.app.bookings.acceptedRefOf("0142026LAPSE")).toBeUndefined();
    },
  );
});
