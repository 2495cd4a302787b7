import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntilHold, expectTelegramRules, panel, tapData } from "../helpers/flow.js";

const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;

describe("money safety in the booking flow", () => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("a triple tap on Confirm pays once", async () => {
    h = await startHarness();
    const agent = h.user(2001);
    const before = h.sandbox.balance();
    await bookUntilHold(h, agent);
    h.sandbox.faults.set({ latencyMs: 150 });
    const ok = panel(agent).data.find((d) => d.endsWith(":ok"))!;
    const messageId = agent.lastMessage()!.message_id;
    agent.tap({ data: ok, messageId });
    agent.tap({ data: ok, messageId });
    agent.tap({ data: ok, messageId });
    await h.settle();
    h.sandbox.faults.set({ latencyMs: 0 });
    expect(h.sandbox.count("POST", CONFIRM)).toBe(1);
    expect(h.sandbox.count("POST", RESERVE)).toBe(1);
    const [reservation] = h.sandbox.reservations();
    expect(reservation?.status).toBe("PAID");
    expect(h.sandbox.balance()).toBe(before - reservation!.amount);
    expect(agent.messages().filter((m) => m.text?.includes("Booking confirmed"))).toHaveLength(1);
    expectTelegramRules(h);
  });

  it("an update Telegram delivers twice is handled once", async () => {
    h = await startHarness();
    const agent = h.user(2002);
    await bookUntilHold(h, agent);
    const seen: unknown[] = [];
    const off = h.telegram.on("update", (u) => seen.push(u));
    tapData(agent, /:ok$/);
    off();
    await h.settle();
    const confirmTap = seen[0] as { update_id: number; callback_query: unknown };
    const callsBefore = h.telegram.calls.filter((c) => c.method !== "getUpdates").length;
    h.telegram.redeliver(confirmTap as never);
    await expect.poll(() => h.logs.some((l) => l.includes("duplicate update ignored")), { timeout: 5000 }).toBe(true);
    await h.settle();
    expect(h.telegram.calls.filter((c) => c.method !== "getUpdates").length).toBe(callsBefore);
    expect(h.sandbox.count("POST", CONFIRM)).toBe(1);
  });

  it("a confirm whose answer is lost is settled by reading the reservation: paid once, receipt shown", async () => {
    h = await startHarness();
    const agent = h.user(2003);
    const before = h.sandbox.balance();
    await bookUntilHold(h, agent);
    h.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-reset" });
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.count("POST", CONFIRM)).toBe(1);
    const [reservation] = h.sandbox.reservations();
    expect(reservation?.status).toBe("PAID");
    expect(h.sandbox.balance()).toBe(before - reservation!.amount);
    expect(agent.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);
    const booking = await h.app.bookings.findByReservation(reservation!.id);
    expect(booking?.state).toBe("PAID");
  });

  it("too little credit: says so before confirming, keeps the hold and the choices, and pays after a top-up", async () => {
    h = await startHarness();
    const agent = h.user(2004);
    await bookUntilHold(h, agent);
    h.sandbox.setBalance(100);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.count("POST", CONFIRM)).toBe(0);
    const view = panel(agent);
    expect(view.text).toContain("doesn't have enough credit");
    expect(view.text).not.toMatch(/฿1(\.00)?\b/); // the balance itself is not shown to an agent
    expect(view.text).toContain("Your tee time is on hold");
    expect(h.sandbox.reservations()[0]?.status).toBe("PENDING");
    h.sandbox.setBalance(10_000_000);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations()[0]?.status).toBe("PAID");
    expectTelegramRules(h);
  });

  it("a partner outage at confirm leaves the hold and a way forward, then pays on retry", async () => {
    h = await startHarness();
    const agent = h.user(2005);
    await bookUntilHold(h, agent);
    h.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "html", status: 502 });
    tapData(agent, /:ok$/);
    await h.settle();
    const view = panel(agent);
    expect(view.text).not.toMatch(/<html|<body|nginx/i);
    expect(view.data.some((d) => d.endsWith(":ok"))).toBe(true);
    expect(h.sandbox.reservations()[0]?.status).toBe("PENDING");
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations()[0]?.status).toBe("PAID");
    expect(h.sandbox.count("POST", CONFIRM)).toBe(2);
    expectTelegramRules(h);
  });
});
