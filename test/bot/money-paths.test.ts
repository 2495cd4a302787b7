/**
 * Where the money paths meet on one booking, through the bot against the real parts (fairway, the
 * sandbox over HTTP, the local Bot API server): a move waiting for its approval owns its booking, so an
 * admin's refund, a cancellation request and the agent's next booking neither take nor kill it; and a
 * tee time that has started is not moved (a move would refund a round already played).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  bookUntilHold,
  callbackAnswerText,
  expectTelegramRules,
  otherTeeTime,
  paidBooking,
  panel,
  tapData,
} from "../helpers/flow.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { checkInvariants } from "../helpers/invariants.js";

const ADMIN = 9401;
const AGENT = 9402;
const ENV = { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) };
const REFUND = /^\/api\/v1\/ext\/order\/[^/]+\/refund$/;
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("a move waiting for its approval owns its booking", () => {
  it("an admin's /refund meanwhile is refused with the reason, nothing refunded; the move then approved refunds once and confirms once", async () => {
    h = await startHarness({ env: ENV });
    const x = h;
    const agent = x.user(AGENT, "en", "Anan");
    const admin = x.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(x, agent, "Somchai Owned");
    const { date, time } = otherTeeTime(x, old);
    agent.send(`/move ${old.reservation_code} ${date} ${time}`);
    await x.settle();
    expect(agent.lastMessage()?.text).toContain("Sent to the administrators for approval.");

    admin.send(`/refund ${old.reservation_code}`);
    await x.settle();
    const question = panel(admin);
    // Either the question is not offered, or its confirmation is refused: no refund either way.
    if (question.data.some((d) => d.startsWith("ad:rf:"))) {
      tapData(admin, /^ad:rf:/);
      await x.settle();
    }
    const said = admin
      .messages()
      .map((m) => m.text ?? "")
      .join("\n");
    expect(said).toContain(`${old.reservation_code} has a move that is not over`);
    expect(x.sandbox.count("POST", REFUND)).toBe(0);

    tapData(admin, /^mv:a:/);
    await x.settle();
    const [move] = await x.app.bookings.movesOf(old.id);
    const view = await x.app.bookings.getMove(move!.id);
    expect(view.move.state).toBe("DONE");
    expect(view.old.state).toBe("REFUNDED");
    expect(view.new.state).toBe("PAID");
    expect(x.sandbox.count("POST", REFUND)).toBe(1);
    // One confirm for the first booking, one for the move's new tee time.
    expect(x.sandbox.count("POST", CONFIRM)).toBe(2);
    await checkInvariants(x);
    expectTelegramRules(x);
  });

  it("a cancellation request while the move waits is refused with the reason, and no card reaches the admins", async () => {
    h = await startHarness({ env: ENV });
    const x = h;
    const agent = x.user(AGENT, "en", "Anan");
    const admin = x.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(x, agent, "Somchai Cancel");
    const { date, time } = otherTeeTime(x, old);
    agent.send(`/move ${old.reservation_code} ${date} ${time}`);
    await x.settle();
    agent.send("/mybookings");
    await x.settle();
    tapData(agent, new RegExp(`^mb:view:${old.id}$`));
    await x.settle();
    const tap = tapData(agent, new RegExp(`^cr:${old.id}$`));
    await x.settle();
    expect(callbackAnswerText(x, tap)).toContain("A move of this booking is waiting for approval");
    expect(admin.messages().some((m) => m.text?.includes("Cancellation request"))).toBe(false);
    await checkInvariants(x);
    expectTelegramRules(x);
  });

  it("the agent's next booking for another customer leaves the move's hold alone: the move is still approved into the new tee time", async () => {
    h = await startHarness({ env: ENV });
    const x = h;
    const agent = x.user(AGENT, "en", "Anan");
    const admin = x.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(x, agent, "Somchai First");
    const { date, time } = otherTeeTime(x, old);
    agent.send(`/move ${old.reservation_code} ${date} ${time}`);
    await x.settle();
    const [move] = await x.app.bookings.movesOf(old.id);
    expect((await x.app.bookings.getMove(move!.id)).move.state).toBe("HELD");

    // Another customer's booking, started and held while the move waits.
    await bookUntilHold(x, agent, { name: "Malee Second", courseIndex: 1 });
    const texts = agent.messages().map((m) => m.text ?? "");
    expect(texts.some((t) => t.includes("Your earlier hold that was not confirmed has been released"))).toBe(false);
    expect(texts.some((t) => t.includes(`The move of ${old.reservation_code} is off`))).toBe(false);
    const waiting = await x.app.bookings.getMove(move!.id);
    expect(waiting.move.state).toBe("HELD");
    expect(waiting.new.state).toBe("HELD");

    tapData(admin, /^mv:a:/);
    await x.settle();
    const done = await x.app.bookings.getMove(move!.id);
    expect(done.move.state).toBe("DONE");
    expect(done.new.state).toBe("PAID");
    await checkInvariants(x);
    expectTelegramRules(x);
  });
});

describe("a tee time that has started", () => {
  it("is not moved: /move after its start is refused with the reason, no hold and no refund", async () => {
    h = await startHarness({ env: ENV });
    const x = h;
    const admin = x.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(x, admin, "Somchai Played");
    const { date, time } = otherTeeTime(x, old);
    const reserves = x.sandbox.count("POST", /\/order\/reserve$/);
    // The round started a minute ago (the course's clock).
    x.clock.set(old.slot_starts_at + 60_000);
    admin.send(`/move ${old.reservation_code} ${date} ${time}`);
    await x.settle();
    const said = admin
      .messages()
      .map((m) => m.text ?? "")
      .join("\n");
    expect(said).toMatch(/has started|is not moved|tee time is over|not movable/);
    expect(x.sandbox.count("POST", /\/order\/reserve$/)).toBe(reserves);
    expect(x.sandbox.count("POST", REFUND)).toBe(0);
    expect(await x.app.bookings.movesOf(old.id)).toEqual([]);
    expectTelegramRules(x);
  });
});
