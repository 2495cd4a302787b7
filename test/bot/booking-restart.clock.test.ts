import { afterEach, describe, expect, it } from "vitest";
import { WORLD_START, worldClock } from "../helpers/clock.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntilHold, expectTelegramRules, keyboardPanel, panel, tapData, tomorrow } from "../helpers/flow.js";
import { BOOKING_FLOW_VERSION } from "../../src/bot/conversations/booking/index.js";

const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;

describe("restarts, deploys and expiring holds", () => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("a restart in the middle of a booking resumes where the user was (same database, new bot)", async () => {
    h = await startHarness();
    const agent = h.user(3001);
    agent.send("/book");
    await h.settle();
    tapData(agent, /:c:1$/);
    await h.settle();
    tapData(agent, /:go$/);
    await h.settle();
    await h.restart();
    tapData(agent, new RegExp(`:d:${tomorrow(h.clock()).replaceAll("-", "")}$`));
    await h.settle();
    expect(panel(agent).data.some((d) => /:s:\d+$/.test(d))).toBe(true);
    tapData(agent, /:s:\d+$/);
    await h.settle();
    tapData(agent, /:p:\d+$/);
    await h.settle();
    await h.restart();
    agent.send("Malee Srisuk");
    await h.settle();
    agent.send("malee@example.com");
    await h.settle();
    await h.restart();
    agent.send("0891234567");
    await h.settle();
    expect(panel(agent).text).toContain("Your tee time is on hold");
    expect(panel(agent).text).toContain(h.sandbox.courses()[1]!.name);
    await h.restart();
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.count("POST", RESERVE)).toBe(1);
    expect(h.sandbox.count("POST", CONFIRM)).toBe(1);
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
    expectTelegramRules(h);
  });

  it("a new version of the flow tells the user kindly to start again and releases the orphaned hold", async () => {
    h = await startHarness();
    const agent = h.user(3002);
    await bookUntilHold(h, agent);
    expect(h.sandbox.reservations()[0]?.status).toBe("PENDING");
    await h.restart({ flowVersion: BOOKING_FLOW_VERSION + 1 });
    tapData(agent, /:ok$/);
    await h.settle();
    const answer = h.telegram.callbackAnswers.at(-1) as { text?: string } | undefined;
    expect(answer?.text).toContain("This booking has expired");
    expect(h.sandbox.count("POST", CONFIRM)).toBe(0);
    expect(h.sandbox.reservations()[0]?.status).toBe("CANCEL");
    agent.send("/book");
    await h.settle();
    expect(panel(agent).text).toContain("Choose a golf course");
    expectTelegramRules(h);
  });

  it("a hold nobody confirms is released by the reaper in time, across a restart, and the user is told", async () => {
    const clock = worldClock(WORLD_START, { stopped: true });
    h = await startHarness({ clock, env: { HOLD_MINUTES: "2" }, reaperIntervalMs: 10_000 });
    const agent = h.user(3003);
    await bookUntilHold(h, agent);
    expect(h.sandbox.reservations()[0]?.status).toBe("PENDING");
    await h.restart();
    clock.advance(60_000);
    expect(await h.app.reaper.tick()).toBe(0);
    expect(h.sandbox.reservations()[0]?.status).toBe("PENDING");
    clock.advance(60_000);
    expect(await h.app.reaper.tick()).toBe(1);
    await h.settle();
    expect(h.sandbox.reservations()[0]?.status).toBe("CANCEL");
    expect(agent.lastMessage()?.text).toMatch(/was not confirmed in time and has been released/);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.count("POST", CONFIRM)).toBe(0);
    expect(keyboardPanel(agent).text).toContain("Your hold has ended");
    expectTelegramRules(h);
  });
});
