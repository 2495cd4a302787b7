/**
 * A demo: a real bot (BOT_TOKEN) on the embedded sandbox, allowed by ALLOW_SANDBOX_WITH_REAL_BOT=1.
 * Every message it sends, to staff and customers alike, starts with the sandbox mark in the reader's
 * language: answers, the booking flow's panels and edits, and the outbox's notifications.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntilHold, expectTelegramRules, tapData } from "../helpers/flow.js";

const ADMIN = 9301;
const AGENT = 9302;
const AGENT_TH = 9303;
const CUSTOMER = 5301;
const MARK = { en: "🧪 SANDBOX — not real bookings", th: "🧪 แซนด์บ็อกซ์ — ไม่ใช่การจองจริง" };
const MESSAGES = new Set(["sendMessage", "editMessageText", "sendPhoto", "sendDocument"]);

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("a demo on the embedded sandbox (ALLOW_SANDBOX_WITH_REAL_BOT=1)", () => {
  it("marks every message of admins, agents and customers, in their language, and logs that it is a demo", async () => {
    h = await startHarness({
      env: {
        PARTNER_API_URL: "",
        PARTNER_API_KEY: "",
        ALLOW_SANDBOX_WITH_REAL_BOT: "1",
        ADMIN_IDS: String(ADMIN),
        AGENT_IDS: `${AGENT},${AGENT_TH}`,
      },
    });
    h.invariants.skip("a demo books at fairway's embedded sandbox, not at the harness's partner");
    expect(h.app.config.sandboxDemo).toBe(true);
    expect(h.app.partnerUrl).not.toBe(h.sandbox.url);
    expect(h.logs.filter((l) => l.includes("ALLOW_SANDBOX_WITH_REAL_BOT=1"))).toHaveLength(1);

    const admin = h.user(ADMIN, "en");
    admin.send("/balance");
    const thaiAgent = h.user(AGENT_TH, "th");
    thaiAgent.send("/help");
    await h.settle();

    // An agent books and pays: the flow's panels, sent and edited inside the conversation.
    const agent = h.user(AGENT, "en");
    await bookUntilHold(h, agent, { name: "Agent Demo" });
    tapData(agent, /:ok$/);
    await h.settle();

    // A customer of the agent books: the agent is told through the outbox.
    const link = await h.app.access.links.create({ agentId: AGENT });
    const customer = h.user(CUSTOMER, "en", "Malee", "stranger");
    customer.send(`/start ${link.token}`);
    await h.settle();
    customer.send("/cancel");
    await h.settle();
    await bookUntilHold(h, customer, { name: "Malee Demo" });
    tapData(customer, /:ok$/);
    await h.settle();

    const sent = h.telegram.calls.filter((c) => MESSAGES.has(c.method) && c.ok);
    const to = (chat: number) => sent.filter((c) => Number(c.params.chat_id) === chat);
    const textOf = (c: (typeof sent)[number]) => {
      const text: unknown = c.params.text ?? c.params.caption;
      return typeof text === "string" ? text : "";
    };
    for (const chat of [ADMIN, AGENT, AGENT_TH, CUSTOMER])
      expect(to(chat).length, `messages to ${chat}`).toBeGreaterThan(0);
    expect(to(ADMIN).some((c) => textOf(c).includes("Partner credit"))).toBe(true);
    expect(to(AGENT).some((c) => c.method === "editMessageText")).toBe(true);
    expect(to(AGENT).some((c) => textOf(c).includes("Malee Demo"))).toBe(true);
    expect(to(CUSTOMER).some((c) => textOf(c).includes("Malee Demo"))).toBe(true);
    for (const c of sent) {
      const mark = Number(c.params.chat_id) === AGENT_TH ? MARK.th : MARK.en;
      expect(textOf(c).startsWith(`${mark}\n`) || textOf(c) === mark, `${c.method}: ${textOf(c)}`).toBe(true);
    }
    expectTelegramRules(h);
  });
});
