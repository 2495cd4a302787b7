import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntilHold, expectTelegramRules, panel, tapData, tomorrow } from "../helpers/flow.js";
import { formatTime } from "../../src/bot/format/dates.js";

const COURSES = /^\/api\/v1\/ext\/course$/;
const TEE_TIMES = /^\/api\/v1\/ext\/tee-time$/;
const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;

function expectNoRawError(text: string) {
  expect(text).not.toMatch(/<html|<\/|stack|Error:|at .*\.ts:\d+|HTTP \d{3}/i);
}

describe("partner failures during a booking", () => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("course list down (HTML 502 from a proxy, retried reads exhausted): a clear message and Try again", async () => {
    h = await startHarness();
    const agent = h.user(5001);
    h.sandbox.faults.add({ method: "GET", path: COURSES, kind: "html", status: 502, times: 3 });
    agent.send("/book");
    await h.settle();
    const view = panel(agent);
    expect(view.text).toContain("not responding");
    expectNoRawError(view.text);
    expect(view.data.some((d) => d.endsWith(":retry"))).toBe(true);
    tapData(agent, /:retry$/);
    await h.settle();
    expect(panel(agent).text).toContain("Choose a golf course");
    expectTelegramRules(h);
  });

  it("tee times time out: the user stays in the flow with Try again, and other users keep being served", async () => {
    h = await startHarness();
    const agent = h.user(5002);
    const other = h.user(5003);
    agent.send("/book");
    await h.settle();
    tapData(agent, /:c:0$/);
    await h.settle();
    tapData(agent, /:go$/);
    await h.settle();
    h.sandbox.faults.add({ method: "GET", path: TEE_TIMES, kind: "hang", times: 3 });
    tapData(agent, new RegExp(`:d:${tomorrow(h.clock()).replaceAll("-", "")}$`));
    other.send("/start");
    await h.settle();
    expect(other.lastMessage()?.text).toContain("Book a tee time");
    const view = panel(agent);
    expect(view.text).toContain("not responding");
    expectNoRawError(view.text);
    tapData(agent, /:retry$/);
    await h.settle();
    expect(panel(agent).data.some((d) => /:s:\d+$/.test(d))).toBe(true);
    expectTelegramRules(h);
  });

  it("reserve answered 503 (outcome unknown to fairway): nothing charged, every choice kept, one tap back to a hold", async () => {
    h = await startHarness();
    const agent = h.user(5004);
    h.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "status", status: 503 });
    await bookUntilHold(h, agent);
    const view = panel(agent);
    expect(view.text).toContain("Nothing has been charged");
    expectNoRawError(view.text);
    expect(h.sandbox.reservations()).toHaveLength(0);
    tapData(agent, /:s:\d+$/);
    await h.settle();
    tapData(agent, /:p:\d+$/);
    await h.settle();
    expect(panel(agent).text).toContain("Your tee time is on hold");
    expect(panel(agent).text).toContain("Somchai Jaidee");
    expect(h.sandbox.reservations()).toHaveLength(1);
    expect(h.sandbox.count("POST", RESERVE)).toBe(2);
    expectTelegramRules(h);
  });

  it("a lost reserve answer is never retried: the user is told the outcome is unknown, nothing was charged", async () => {
    h = await startHarness();
    const agent = h.user(5005);
    h.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "apply-then-reset" });
    await bookUntilHold(h, agent);
    const view = panel(agent);
    expect(view.text).toContain("could not tell whether the partner placed the hold");
    expect(view.data.some((d) => /:s:\d+$/.test(d))).toBe(true);
    expect(h.sandbox.count("POST", RESERVE)).toBe(1);
    const [orphan] = h.sandbox.reservations();
    expect(orphan?.status).toBe("PENDING");
    const [booking] = await h.app.bookings.listForUser(5005);
    expect(booking?.state).toBe("RESERVE_UNKNOWN");
    // The refreshed list no longer offers the slot the lost hold took.
    const time = formatTime(booking!.slot_starts_at, "Asia/Bangkok", "en");
    expect(view.labels.some((l) => l.startsWith(`${time} ·`))).toBe(false);
    expect(h.logs.some((l) => l.includes("reserve answer lost"))).toBe(true);
    expectTelegramRules(h);
  });

  it("the partner key is refused (401 after a key rotation): a clear message, and the key is in no message or log", async () => {
    h = await startHarness({ sandbox: { apiKey: "rotated-key" }, env: { PARTNER_API_KEY: "old-key-before-rotation" } });
    const agent = h.user(5006);
    agent.send("/book");
    await h.settle();
    const view = panel(agent);
    expect(view.text).toContain("refused our credentials");
    const key = "old-key-before-rotation";
    const keyB64 = Buffer.from(key).toString("base64");
    for (const m of agent.messages()) expect(m.text ?? "").not.toContain(key);
    expect(h.logs.length).toBeGreaterThan(0);
    for (const line of h.logs) {
      expect(line).not.toContain(key);
      expect(line).not.toContain(keyB64);
    }
    expectTelegramRules(h);
  });
});
