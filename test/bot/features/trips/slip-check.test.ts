/**
 * A trip instalment's slip checked by the slip-verification service (issue 51, "checked by a person, or by the
 * slip-check service"), on SQLite and PostgreSQL, against the real parts: fairway, the partner sandbox over HTTP,
 * the local Bot API server, the slip reader's worker and the slip-check stand-in over HTTP in SlipOK's shapes. A
 * good deposit slip is approved with no tap and books the rounds inside the sales window once; a wrong amount is
 * refused and books nothing; the deposit's slip sent again for the balance (or for a booking) is refused with no
 * call; the service down leaves the slip to a person's card, which says why; the bank's delay is asked again by
 * itself; a person's Paid racing the service's confirmation approves once.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage, SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { createSlipCheckStandIn, type StandInTransfer } from "../../../../src/local/slip-check/index.js";
import { dateKeyOf } from "../../../../src/time/today.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { customerShownQr, expectTelegramRules, forgeTap, tapData } from "../../../helpers/flow.js";
import { type Harness } from "../../../helpers/harness.js";
import { slipPhoto } from "../../../helpers/slips.js";
import { shareAndAccept, startAtWorldStart, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7500;
const AGENT = 7501;
const OTHER_AGENT = 7502;
const LEAD = 100_501;
/** Two rounds inside the sales window (25 and 27 days after the world's start), one beyond it (51 days). */
const DAYS = ["2026-12-20", "2026-12-22", "2027-01-15"] as const;
const KEY = "stand-in-secret-key";

let h: Harness | undefined;
let standIn: ReturnType<typeof createSlipCheckStandIn> | undefined;
afterEach(async () => {
  await h?.stop();
  await standIn?.close();
  h = undefined;
  standIn = undefined;
});

/** A Korean party's trip: two rounds on tee times inside the sales window, one beyond it, a hotel; 25 % deposit. */
const tripInput = (x: Harness) =>
  tripInputFor(x.sandbox, {
    agentId: AGENT,
    days: DAYS.slice(0, 2),
    beyond: [{ day: DAYS[2], sellingAmount: 2_000_000 }],
  });

/** fairway with SLIP_CHECK_* pointing at the stand-in (SlipOK's shapes), on `make`'s database. */
async function start(make: (typeof databaseFactories)[number]["make"]) {
  standIn = createSlipCheckStandIn({ key: KEY });
  await standIn.listen();
  h = await startAtWorldStart(make, {
    ADMIN_IDS: String(ADMIN),
    AGENT_IDS: `${AGENT},${OTHER_AGENT}`,
    PROMPTPAY_ID: "0812345678",
    SLIP_CHECK_PROVIDER: "slipok",
    SLIP_CHECK_URL: standIn.slipOkUrl,
    SLIP_CHECK_KEY: KEY,
    SLIP_CHECK_BRANCH: standIn.branch,
  });
  return { h, standIn };
}

/** A trip sent by AGENT and accepted by its Korean lead customer (the deposit's QR shown). */
async function acceptedTrip(x: Harness) {
  const agent = x.user(AGENT, "en", "Anan");
  const admin = x.user(ADMIN, "en", "Admin");
  const id = (await x.app.trips.create(tripInput(x))).trip.id;
  const lead = x.user(LEAD, "ko", "Minjun", "stranger");
  await shareAndAccept(x, agent, lead, id);
  const view = (await x.app.trips.get(id))!;
  expect(view.trip.state).toBe("ACCEPTED");
  const amount = (kind: "deposit" | "balance") => view.instalments.find((i) => i.kind === kind)!.amount;
  return { agent, admin, lead, id, amount };
}

/** A transfer the stand-in's banks know: to the agency's PromptPay (masked as banks print it), just now. */
function transfer(x: Harness, transRef: string, amountSatang: number): StandInTransfer {
  return {
    transRef,
    sendingBank: "014",
    amountSatang,
    at: new Date(x.clock()).toISOString(),
    receiver: { name: "FAIRWAY GOLF", proxy: { type: "MSISDN", value: "xxx-xxx-5678" } },
  };
}

const slipCards = (u: SimulatedUser) =>
  u.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0 && !!m.caption?.includes("Trip slip"));
const buttons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard.flat() ?? []).map((b) => b.text);
const confirms = (x: Harness) => x.sandbox.requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path));
const instalment = async (x: Harness, id: string, kind: "deposit" | "balance") =>
  (await x.app.trips.get(id))!.instalments.find((i) => i.kind === kind)!;

describe.each(databaseFactories)("a trip's slip checked by the service on $name", ({ make }) => {
  it(
    "a good deposit slip is approved with no tap and books the rounds inside the window once; the same slip sent again for the balance, or for a booking, is refused with no call",
    { timeout: 180_000 },
    async () => {
      const { h, standIn } = await start(make);
      const { agent, admin, lead, id, amount } = await acceptedTrip(h);
      standIn.addTransfer(transfer(h, "0142026TRIPD1", amount("deposit")));
      lead.sendPhoto(await slipPhoto("0142026TRIPD1"));
      await h.settle();

      // Approved by the service, as a person's Paid would: the two rounds inside the window booked, once.
      expect(await instalment(h, id, "deposit")).toMatchObject({
        state: "approved",
        decided_by: null,
        decided_via: "slip-check:slipok",
        slip_check: "verified",
        slip_ref: "0142026TRIPD1",
      });
      const view = (await h.app.trips.get(id))!;
      expect(view.trip.state).toBe("DEPOSIT_PAID");
      expect(view.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "WAITING_FOR_SALE"]);
      expect(confirms(h)).toHaveLength(2);
      expect(h.sandbox.reservations()).toHaveLength(2);
      expect(await h.app.bookings.acceptedRefOf("0142026TRIPD1")).toBe(`trip:${id}:deposit`);
      // The customer, in the trip's language: verified, the deposit received (with its receipt), the balance's QR.
      await expect
        .poll(() => lead.messages().some((m) => m.text?.includes("계약금") && m.text.includes("받았습니다")))
        .toBe(true);
      expect(lead.messages().some((m) => m.text?.includes("이체가 은행에서 확인되었습니다"))).toBe(true);
      expect(lead.messages().some((m) => m.file && m.caption?.includes("잔금"))).toBe(true);
      // The agent and the admin: the card with no button to tap, saying the service confirmed it and what it booked.
      for (const u of [agent, admin]) {
        const card = slipCards(u).at(-1)!;
        expect(card.caption).toContain(
          "Confirmed by the slip check (SlipOK), no tap needed: 2 rounds booked, 1 waiting",
        );
        expect(buttons(card)).toHaveLength(0);
      }
      expect(await h.app.metrics.text()).toContain('fairway_slip_checks_total{outcome="booked",reason=""} 1');
      // A late tap on Paid (the old data) changes nothing: already decided, nothing booked again.
      forgeTap(agent, `tp:dok:${id}`);
      await h.settle();
      expect(confirms(h)).toHaveLength(2);

      // The deposit's slip again, now for the balance: refused as a duplicate without asking the service.
      const asked = standIn.requests();
      lead.sendPhoto(await slipPhoto("0142026TRIPD1"));
      await h.settle();
      expect(standIn.requests()).toBe(asked);
      expect(await instalment(h, id, "balance")).toMatchObject({ state: "submitted", slip_check: "refused:duplicate" });
      expect((await h.app.trips.get(id))!.trip.state).toBe("DEPOSIT_PAID");
      const refusal = lead.lastMessage()?.text ?? "";
      expect(refusal).toContain("이 영수증으로는 여행 대금을 결제할 수 없습니다");
      expect(refusal).toContain("이 이체는 이미 결제에 사용되었습니다");
      expect(refusal).toContain("담당 에이전트에게 문의하세요");
      const card = slipCards(agent).at(-1)!;
      expect(card.caption).toContain("balance");
      expect(card.caption).toContain("refused it: this transfer was already used for a payment");
      expect(buttons(card)).toContain("✅ Paid — confirm");

      // The same slip for an ordinary booking of the same agent: the booking side knows the trip's reference.
      const booking = await customerShownQr(h, { agentId: AGENT, id: 100_502, name: "Nok" });
      const before = standIn.requests();
      booking.customer.sendPhoto(await slipPhoto("0142026TRIPD1"));
      await h.settle();
      expect(standIn.requests()).toBe(before);
      expect(await h.app.bookings.payment(booking.booking.id)).toMatchObject({
        state: "submitted",
        slip_check: "refused:duplicate",
      });
      expect(confirms(h)).toHaveLength(2);
      expectTelegramRules(h);
    },
  );

  it("a wrong amount is refused: nothing approved or booked, the customer told why in Korean, the card keeps its buttons; /report counts it", async () => {
    const { h, standIn } = await start(make);
    const { agent, lead, id, amount } = await acceptedTrip(h);
    standIn.addTransfer(transfer(h, "0142026TRIPSHORT", amount("deposit") - 100_000));
    lead.sendPhoto(await slipPhoto("0142026TRIPSHORT"));
    await h.settle();
    expect(await instalment(h, id, "deposit")).toMatchObject({
      state: "submitted",
      decided_via: null,
      slip_check: "refused:amount-mismatch",
    });
    expect((await h.app.trips.get(id))!.trip.state).toBe("ACCEPTED");
    expect(confirms(h)).toHaveLength(0);
    expect(h.sandbox.reservations()).toHaveLength(0);
    const told = lead.lastMessage()?.text ?? "";
    expect(told).toContain("이 영수증으로는 여행 대금을 결제할 수 없습니다");
    expect(told).toContain("이체 금액이");
    const card = slipCards(agent).at(-1)!;
    expect(card.caption).toContain("The slip check (SlipOK) refused it: the amount transferred is not");
    expect(buttons(card)).toEqual(["✅ Paid — confirm", "❌ Not received"]);
    const admin = h.user(ADMIN, "en", "Admin");
    const today = dateKeyOf(h.clock(), "Asia/Bangkok");
    admin.send(`/report ${today} ${today}`);
    await h.settle();
    const report = admin.messages().find((m) => m.text?.includes("Slips checked by the service"))?.text ?? "";
    expect(report).toContain(
      "Slips checked by the service: 1 — 0 confirmed with no tap (median — s from the slip), 1 refused (amount-mismatch: 1), 0 left to a person",
    );
  });

  it("the service down: a person's card saying why, and their Paid approves it (the slip's reference accepted)", async () => {
    const { h, standIn } = await start(make);
    const { agent, lead, id, amount } = await acceptedTrip(h);
    standIn.addTransfer(transfer(h, "0142026TRIPDOWN", amount("deposit")));
    standIn.failNext("status-500");
    lead.sendPhoto(await slipPhoto("0142026TRIPDOWN"));
    await h.settle();
    expect(await instalment(h, id, "deposit")).toMatchObject({
      state: "submitted",
      slip_check: "unavailable:server-error",
      slip_ref: "0142026TRIPDOWN",
    });
    expect(confirms(h)).toHaveLength(0);
    expect(lead.lastMessage()?.text).toContain("담당 에이전트에게 전달되었으며");
    const card = slipCards(agent).at(-1)!;
    expect(card.caption).toContain("The slip check (SlipOK) could not decide (server-error)");
    expect(buttons(card)).toContain("✅ Paid — confirm");
    tapData(agent, new RegExp(`^tp:dok:${id}$`));
    await h.settle();
    expect(await instalment(h, id, "deposit")).toMatchObject({
      state: "approved",
      decided_by: AGENT,
      decided_via: null,
    });
    expect(confirms(h)).toHaveLength(2);
    expect(await h.app.bookings.acceptedRefOf("0142026TRIPDOWN")).toBe(`trip:${id}:deposit`);
  });

  it("the bank's delay: asked again by itself after the wait and approved with no tap; the deciders told", async () => {
    const { h, standIn } = await start(make);
    const { agent, lead, id, amount } = await acceptedTrip(h);
    standIn.addTransfer(transfer(h, "0142026TRIPLATE", amount("deposit")));
    standIn.delay("0142026TRIPLATE", 3);
    lead.sendPhoto(await slipPhoto("0142026TRIPLATE"));
    await h.settle();
    expect(lead.lastMessage()?.text).toContain("약 3분 후에 자동으로 다시 확인합니다");
    expect(slipCards(agent).at(-1)?.caption).toContain("asks again by itself in about 3 min");
    expect(await instalment(h, id, "deposit")).toMatchObject({ state: "submitted", slip_check: "retry-later" });
    const asked = standIn.requests();
    h.clock.advance(60_000);
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(asked);
    standIn.answered("0142026TRIPLATE");
    h.clock.advance(2 * 60_000 + 1_000);
    await h.app.slipRetries.tick();
    await h.settle();
    expect(standIn.requests()).toBe(asked + 1);
    expect(await instalment(h, id, "deposit")).toMatchObject({ state: "approved", decided_via: "slip-check:slipok" });
    expect(confirms(h)).toHaveLength(2);
    await expect
      .poll(() => agent.messages().some((m) => m.text?.includes("Confirmed by the slip check (SlipOK)")))
      .toBe(true);
    expect(lead.messages().some((m) => m.text?.includes("계약금") && m.text.includes("받았습니다"))).toBe(true);
    // Decided: nothing more is asked.
    h.clock.advance(10 * 60_000);
    await h.app.slipRetries.tick();
    expect(standIn.requests()).toBe(asked + 1);
  });

  it("a person's Paid and the service's confirmation at once: one approval, each round booked once", async () => {
    const { h, standIn } = await start(make);
    const { lead, id } = await acceptedTrip(h);
    // The slip read (its reference recorded) and left to a person: the race below is the test.
    standIn.failNext("status-500");
    lead.sendPhoto(await slipPhoto("0142026TRIPBOTH"));
    await h.settle();
    expect((await instalment(h, id, "deposit")).state).toBe("submitted");
    const [checked, tapped] = await Promise.all([
      h.app.trips.approveChecked(id, "deposit", { provider: "slipok", transRef: "0142026TRIPBOTH" }),
      h.app.trips.approve(id, "deposit", AGENT),
    ]);
    expect([checked.kind, tapped.kind].sort()).toEqual(["already", "approved"]);
    const decided = await instalment(h, id, "deposit");
    expect(decided.state).toBe("approved");
    // Whoever won is the decider: the slip check or the agent, not both.
    expect(decided.decided_via === null).toBe(decided.decided_by === AGENT);
    await h.settle();
    expect(confirms(h)).toHaveLength(2);
    expect(h.sandbox.reservations()).toHaveLength(2);
    expect((await h.app.trips.get(id))!.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "WAITING_FOR_SALE"]);
    expect(await h.app.bookings.acceptedRefOf("0142026TRIPBOTH")).toBe(`trip:${id}:deposit`);
  });
});
