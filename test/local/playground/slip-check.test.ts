/**
 * Paying as the playground's Customer (docs/playground.md, "Paying by slip"): `npm start` with no BOT_TOKEN and
 * no SLIP_CHECK_PROVIDER checks slips with the local slip-check stand-in, and the side panel's slip buttons
 * (`POST /playground/slip`) send the Customer's slip photos for the PromptPay QR fairway showed. A good slip
 * is confirmed with no one tapping (one partner confirm); a re-used one, a wrong amount and a wrong payee are
 * refused with their reasons; with the provider down the slip goes to the agent to check; a slip the bank answers
 * for late is booked by fairway's own retry. With a
 * SLIP_CHECK_PROVIDER configured no stand-in is started and the buttons say why.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import { PLAYGROUND_CUSTOMER_ID, PLAYGROUND_STRANGER_ID } from "../../../src/local/playground/index.js";
import { readSandboxState } from "../../../src/local/playground/sandbox-state.js";
import { waitUntil } from "../../helpers/flood.js";
import { AGENT, customerShownQr } from "../../bench/slips.js";
import { type PlaygroundApp, startPlaygroundApp } from "./helpers.js";

const ANSWER_MS = 20_000;

describe("playground: the Customer pays by slip, checked by the local stand-in", { timeout: 120_000 }, () => {
  let p: PlaygroundApp;
  beforeAll(async () => {
    p = await startPlaygroundApp({
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
      PRICE_MARKUP: "20%",
      SLIPS_PER_PAYMENT: "6",
      USER_RATE_BURST: "200",
    });
    // The playground's Customer starts in Thai; these tests read English.
    await p.post("/playground/language", { userId: PLAYGROUND_CUSTOMER_ID, language: "en" });
  }, 30_000);
  afterAll(() => p?.stop());

  /** Partner confirms so far, as the sandbox counts them. */
  const confirms = async (): Promise<number> => {
    const view = await readSandboxState(p.app.partnerUrl);
    if (!view.available) throw new Error(view.reason);
    const { byRoute } = view.state.requests as { byRoute: Record<string, number> };
    return Object.entries(byRoute)
      .filter(([route]) => /^POST \S*\/confirm$/.test(route))
      .reduce((sum, [, n]) => sum + n, 0);
  };
  const texts = (user: SimulatedUser, from: number) =>
    user
      .messages()
      .slice(from)
      .map((m) => m.text ?? m.caption ?? "");
  /** Sends a slip of `kind` through the page's API; resolves with what the customer and the agent were told. */
  const pay = async (kind: string, customerSays: string) => {
    const customer = p.telegram.user({ id: PLAYGROUND_CUSTOMER_ID });
    const agent = p.telegram.user({ id: AGENT });
    const [c0, a0] = [customer.messages().length, agent.messages().length];
    const res = await p.post("/playground/slip", { userId: PLAYGROUND_CUSTOMER_ID, kind });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await waitUntil(
      p.telegram,
      `the answer to the ${kind} slip`,
      () => texts(customer, c0).some((t) => t.includes(customerSays)),
      ANSWER_MS,
    );
    await p.settle();
    return { customer: texts(customer, c0).join("\n"), agent: texts(agent, a0).join("\n") };
  };

  it("starts the stand-in, marked as such, and the slip check asks it", () => {
    expect(p.app.slipCheckStandIn).toBeDefined();
    expect(p.logs.join("")).toMatch(/LOCAL slip-check stand-in/);
  });

  it("a good slip for the exact amount is confirmed with no tap: the customer is told, one partner confirm", async () => {
    await customerShownQr(p.telegram, PLAYGROUND_CUSTOMER_ID);
    const before = await confirms();
    const requests = p.app.slipCheckStandIn!.requests();
    const told = await pay("good", "Booking confirmed");
    expect(told.customer).toContain("was verified with your bank");
    expect(told.agent).toContain("No tap needed");
    expect(await confirms()).toBe(before + 1);
    expect(p.app.slipCheckStandIn!.requests()).toBe(requests + 1);
  });

  it("a re-used slip, a wrong amount and a wrong payee are refused with their reasons; provider down: a person", async () => {
    await customerShownQr(p.telegram, PLAYGROUND_CUSTOMER_ID);
    const before = await confirms();

    const reused = await pay("re-used", "could not be accepted");
    expect(reused.customer).toContain("this transfer was already used for a payment");
    expect(reused.agent).toContain("refused it");

    const amount = await pay("wrong-amount", "could not be accepted");
    expect(amount.customer).toMatch(/the amount transferred is not ฿[\d,]+/);

    const payee = await pay("wrong-payee", "could not be accepted");
    expect(payee.customer).toContain("the money went to another account than the QR's");

    const down = await pay("provider-down", "is with your agent");
    expect(down.customer).not.toContain("Booking confirmed");
    expect(down.agent).toContain("could not decide");
    expect(await confirms()).toBe(before);

    // The person: the agent's card has the approve button, and the agent's tap books it.
    const agent = p.telegram.user({ id: AGENT });
    const card = agent.messages().findLast((m) => (m.reply_markup?.inline_keyboard.flat().length ?? 0) > 0)!;
    const approve = card.reply_markup!.inline_keyboard.flat().find((b) => b.text === "✅ Paid — confirm");
    expect(approve, card.caption ?? card.text).toBeDefined();
    const customer = p.telegram.user({ id: PLAYGROUND_CUSTOMER_ID });
    const c0 = customer.messages().length;
    agent.tap({ data: (approve as { callback_data: string }).callback_data, messageId: card.message_id });
    await waitUntil(
      p.telegram,
      "the receipt",
      () => texts(customer, c0).some((t) => t.includes("Booking confirmed")),
      ANSWER_MS,
    );
    await p.settle();
    expect(await confirms()).toBe(before + 1);
  });

  it("bank delayed: the customer is told it is checked again; once the bank answers, the retry books it with no tap", async () => {
    await customerShownQr(p.telegram, PLAYGROUND_CUSTOMER_ID);
    const before = await confirms();
    const customer = p.telegram.user({ id: PLAYGROUND_CUSTOMER_ID });
    const c0 = customer.messages().length;
    const res = await p.post("/playground/slip", { userId: PLAYGROUND_CUSTOMER_ID, kind: "bank-delayed" });
    expect(res.status).toBe(200);
    const said = (text: string) => () => texts(customer, c0).some((t) => t.includes(text));
    await waitUntil(p.telegram, "the retry notice", said("has not confirmed the transfer"), ANSWER_MS);
    await p.settle();
    expect(await confirms()).toBe(before);

    // The bank answers (the button's own timer does so after 30 s); a minute later fairway asks again by itself.
    p.app.slipCheckStandIn!.answered(res.json.transRef);
    p.clock.advance(2 * 60_000);
    await p.app.slipRetries.tick();
    await waitUntil(p.telegram, "the receipt", said("Booking confirmed"), ANSWER_MS);
    await p.settle();
    expect(await confirms()).toBe(before + 1);
  });

  it("refuses what it cannot do: an unknown kind, a chat with no QR", async () => {
    expect((await p.post("/playground/slip", { userId: PLAYGROUND_CUSTOMER_ID, kind: "forged" })).status).toBe(400);
    const none = await p.post("/playground/slip", { userId: PLAYGROUND_STRANGER_ID, kind: "good" });
    expect(none.status).toBe(409);
    expect(none.json.error).toMatch(/no PromptPay QR/);
  });
});

describe("playground with a SLIP_CHECK_PROVIDER configured", { timeout: 60_000 }, () => {
  it("starts no stand-in; the slip buttons answer why", async () => {
    const p = await startPlaygroundApp({
      SLIP_CHECK_PROVIDER: "easyslip",
      SLIP_CHECK_URL: "http://127.0.0.1:9/v2",
      SLIP_CHECK_KEY: "k",
    });
    try {
      expect(p.app.slipCheckStandIn).toBeUndefined();
      expect((await p.get("/playground/snapshot")).json.slipCheckStandIn).toBe(false);
      const res = await p.post("/playground/slip", { userId: PLAYGROUND_CUSTOMER_ID, kind: "good" });
      expect(res.status).toBe(409);
    } finally {
      await p.stop();
    }
  });
});
