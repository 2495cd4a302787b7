/**
 * The slip check's approval and a person's tap on one payment at once, counted where messages leave fairway
 * (the local Bot API server's record of what the customer was sent): the leader's retry of a slip the bank had
 * delayed approves it while the agent taps *Paid — confirm* on its card. However they interleave, the customer
 * gets one confirmation — one receipt, one calendar file — and the partner one confirm.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import type { ChatMessage } from "../../../src/local/bot-api-server/store.js";
import { createSlipCheckStandIn } from "../../../src/local/slip-check/index.js";
import { databaseFactories } from "../../helpers/databases.js";
import { customerShownQr, expectTelegramRules } from "../../helpers/flow.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { slipPhoto } from "../../helpers/slips.js";

const ADMIN = 9601;
const AGENT = 9602;

let h: Harness | undefined;
let standIn: ReturnType<typeof createSlipCheckStandIn> | undefined;
afterEach(async () => {
  await h?.stop();
  await standIn?.close();
  h = undefined;
  standIn = undefined;
});

const cards = (u: SimulatedUser) => u.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0);
const confirms = (x: Harness) => x.sandbox.requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseFactories)("the slip check and a person's tap at once, on $name", ({ make }) => {
  it(
    "the customer is confirmed once: one receipt, one calendar file, one partner confirm",
    { timeout: 180_000 },
    async () => {
      standIn = createSlipCheckStandIn({ key: "race-key" });
      await standIn.listen();
      h = await startHarness({
        db: make(),
        env: {
          ADMIN_IDS: String(ADMIN),
          AGENT_IDS: String(AGENT),
          PRICE_MARKUP: "20%",
          PROMPTPAY_ID: "0812345678",
          PAYMENT_WINDOW_MINUTES: "30",
          SLIP_CHECK_PROVIDER: "slipok",
          SLIP_CHECK_URL: standIn.slipOkUrl,
          SLIP_CHECK_KEY: "race-key",
          SLIP_CHECK_BRANCH: standIn.branch,
        },
      });
      h.user(ADMIN, "en", "Ploy");
      // The tap and the retry's pass start together; the pass a little later each round, so they interleave differently.
      for (const [round, pause] of [0, 5, 20, 60].entries()) {
        const ref = `0142026RACE${round}`;
        const { agent, customer, booking } = await customerShownQr(h, {
          agentId: AGENT,
          id: 100_601 + round,
          name: "Nok",
        });
        const payment = (await h.app.bookings.payment(booking.id))!;
        standIn.addTransfer({
          transRef: ref,
          sendingBank: "014",
          amountSatang: payment.amount,
          at: new Date(h.clock()).toISOString(),
          receiver: { name: "FAIRWAY GOLF", proxy: { type: "MSISDN", value: "xxx-xxx-5678" } },
        });
        standIn.delay(ref, 1);
        customer.sendPhoto(await slipPhoto(ref));
        await h.settle();
        const card = cards(agent).at(-1)!;
        standIn.answered(ref);
        h.clock.advance(60_000 + 1_000);
        agent.tap({ messageId: card.message_id, data: `py:a:${booking.id}` });
        await sleep(pause);
        await h.app.slipRetries.tick();
        await h.settle();
        const paid = (await h.app.bookings.get(booking.id))!;
        expect(paid.state, `round ${round}`).toBe("PAID");
        expect(confirms(h), `round ${round}: partner confirms, every round`).toHaveLength(round + 1);
        const sent = customer.messages();
        const receipts = sent.filter((m) => m.text?.includes("Booking confirmed"));
        const calendars = sent.filter((m) => m.document?.file_name?.endsWith(".ics"));
        expect(receipts, `round ${round}: receipts`).toHaveLength(1);
        expect(calendars, `round ${round}: calendar files`).toHaveLength(1);
        // Who won is recorded once: the slip check or the agent.
        const decided = (await h.app.bookings.payment(booking.id))!;
        expect(decided.decided_via === null, `round ${round}: one decider`).toBe(decided.decided_by === AGENT);
        // Nothing tells the customer their slip still waits for their agent, nor the agent
        // that the check could not book a payment that is booked.
        const waits = sent.filter((m) => m.text?.includes("is with your agent"));
        expect(waits, `round ${round}: the customer told it waits`).toHaveLength(0);
        const told = agent.messages().filter((m) => m.message_id > card.message_id);
        const notBooked = told.filter((m) => (m.text ?? m.caption)?.includes("but it is not booked yet"));
        expect(notBooked, `round ${round}: the agent told it is not booked`).toHaveLength(0);
      }
      expectTelegramRules(h);
    },
  );
});
