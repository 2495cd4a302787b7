import { describe, it } from "vitest";
import { WORLD_START, worldClock } from "../helpers/clock.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntil, bookUntilHold, createLink, customerBooks, panel, tapData } from "../helpers/flow.js";

/**
 * Telegram misbehaving while fairway works: rate limits, server errors, messages the user deleted,
 * late answers to button taps, users who blocked the bot, and long polling that loses its connection.
 * Each case asserts what the user sees and that the chat keeps working afterwards; the harness checks
 * the ledger against the sandbox when it stops.
 */

const TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid";
const NOT_FOUND = "Bad Request: message to edit not found";
const NOT_MODIFIED =
  "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

/** Failed calls fairway made, as `method: description`. */
function failures(h: Harness): string[] {
  return h.telegram.calls
    .filter((c) => !c.ok && c.method !== "getUpdates")
    .map((c) => `${c.method}: ${c.error?.description ?? ""}`);
}

/** Log lines at error level (pino level 50 and above). */
function errorLogs(h: Harness): string[] {
  return h.logs.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
}

describe.concurrent("Telegram rate limits and server errors", { timeout: 30_000 }, () => {
  it("429 with retry_after on sendMessage outside the flow: auto-retry waits the time asked, and the user gets the menu once", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7101);
    h.telegram.failNext({ method: "sendMessage", error_code: 429, retry_after: 1 });
    const started = Date.now();
    agent.send("/start");
    await h.settle();
    const sends = h.telegram.callsTo("sendMessage");
    expect(sends.map((c) => c.ok)).toEqual([false, true]);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(agent.messages()).toHaveLength(1);
    expect(agent.lastMessage()?.text).toContain("Book a tee time");
    expect(errorLogs(h)).toEqual([]);
  });

  it("429 on the panel edit inside the booking flow: the bounded auto-retry waits, and the next step is shown", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7102);
    await bookUntil(h, agent, "course");
    h.telegram.failNext({ method: "editMessageText", error_code: 429, retry_after: 1 });
    tapData(agent, /:c:0$/);
    await h.settle();
    expect(h.telegram.callsTo("editMessageText").map((c) => c.ok)).toEqual([false, true]);
    expect(panel(agent).data.some((d) => d.endsWith(":go"))).toBe(true);
    // The flow goes on from there.
    tapData(agent, /:go$/);
    await h.settle();
    expect(panel(agent).text).toContain("choose a date");
    expect(errorLogs(h)).toEqual([]);
  });

  // Telegram's retry_after is honoured for that chat (the outgoing budget holds its sends until then).
  // Longer than the flow's short retry (3 s), the panel's view waits it out (up to 25 s) and arrives:
  // the tap never leaves the panel as it was.
  it("429 asking for longer than the flow's short retry: the view arrives once retry_after has passed, and the flow goes on", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7103);
    await bookUntil(h, agent, "course");
    h.telegram.failNext({ method: "editMessageText", error_code: 429, retry_after: 5 });
    tapData(agent, /:c:0$/);
    await h.settle();
    const edits = h.telegram.callsTo("editMessageText");
    expect(edits.map((c) => c.ok)).toEqual([false, true]);
    expect(edits[1]!.at - edits[0]!.at).toBeGreaterThanOrEqual(4_900);
    expect(panel(agent).data.some((d) => d.endsWith(":go"))).toBe(true);
    expect(agent.messages().some((m) => m.text?.includes("something went wrong"))).toBe(false);
    expect(errorLogs(h)).toEqual([]);
    tapData(agent, /:go$/);
    await h.settle();
    expect(panel(agent).text).toContain("choose a date");
  });

  it.for<[string, { error_code: number; retry_after?: number; description?: string; times?: number }]>([
    ["a 429 beyond the flow's wait", { error_code: 429, retry_after: 5 }],
    ["a 5xx twice", { error_code: 500, description: "Internal Server Error", times: 2 }],
  ])(
    "paid, but the receipt edit fails (%s): the receipt still reaches the user, never 'nothing was charged'",
    async ([, fault], { expect, onTestFinished }) => {
      const h = await startHarness();
      onTestFinished(() => h.stop());
      const agent = h.user(7105);
      await bookUntilHold(h, agent);
      // The confirm is slow enough to arm the fault after the "Confirming…" edit and before the receipt.
      h.sandbox.faults.set({ latencyMs: 300 });
      const edits = h.telegram.callsTo("editMessageText").length;
      tapData(agent, /:ok$/);
      await expect
        .poll(() => h.telegram.callsTo("editMessageText").length, { timeout: 5_000, interval: 10 })
        .toBe(edits + 1);
      h.telegram.failNext({ method: "editMessageText", ...fault });
      await h.settle();
      expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID"]);
      const texts = agent.messages().map((m) => m.text ?? "");
      expect(texts.some((t) => t.includes("Booking confirmed"))).toBe(true);
      expect(texts.some((t) => /Nothing was charged/.test(t))).toBe(false);
      expect(agent.messages().some((m) => m.document?.file_name?.endsWith(".ics"))).toBe(true);
    },
  );

  it("a 5xx on a send is retried after the back-off, and the user gets the message once", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7104);
    h.telegram.failNext({ method: "sendMessage", error_code: 502, description: "Bad Gateway" });
    agent.send("/book");
    await h.settle();
    const sends = h.telegram.callsTo("sendMessage");
    expect(sends.map((c) => c.ok)).toEqual([false, true]);
    expect(agent.messages()).toHaveLength(1);
    expect(panel(agent).text).toContain("Choose a golf course");
    expect(errorLogs(h)).toEqual([]);
  }, 30_000);
});

describe.concurrent("messages and buttons that are gone or late", () => {
  it("the user deleted the panel (message to edit not found): the next step comes as a new panel", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7201);
    await bookUntil(h, agent, "course");
    const old = panel(agent).message!.message_id;
    h.telegram.failNext({ method: "editMessageText", error_code: 400, description: NOT_FOUND });
    tapData(agent, /:c:0$/);
    await h.settle();
    const now = panel(agent);
    expect(now.message!.message_id).toBeGreaterThan(old);
    expect(now.data.some((d) => d.endsWith(":go"))).toBe(true);
    // The old panel's buttons are gone; the new one works.
    const oldMessage = agent.messages().find((m) => m.message_id === old);
    expect(oldMessage?.reply_markup?.inline_keyboard.flat() ?? []).toEqual([]);
    tapData(agent, /:go$/);
    await h.settle();
    expect(panel(agent).text).toContain("choose a date");
    expect(errorLogs(h)).toEqual([]);
  });

  it("'message is not modified' on an edit is not an error: the flow goes on", async ({ expect, onTestFinished }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7202);
    await bookUntil(h, agent, "course");
    h.telegram.failNext({ method: "editMessageText", error_code: 400, description: NOT_MODIFIED });
    tapData(agent, /:c:0$/);
    await h.settle();
    // The edit "changed nothing"; the next tap is on the panel as it stands and still works.
    expect(agent.messages().some((m) => /something went wrong/i.test(m.text ?? ""))).toBe(false);
    tapData(agent, /:c:0$/);
    await h.settle();
    expect(panel(agent).data.some((d) => d.endsWith(":go"))).toBe(true);
    expect(errorLogs(h)).toEqual([]);
  });

  it("'query is too old' when answering a tap in the booking flow: the step still proceeds", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7203);
    await bookUntil(h, agent, "course");
    h.telegram.failNext({ method: "answerCallbackQuery", error_code: 400, description: TOO_OLD });
    tapData(agent, /:c:0$/);
    await h.settle();
    expect(panel(agent).data.some((d) => d.endsWith(":go"))).toBe(true);
    expect(agent.messages().some((m) => /something went wrong/i.test(m.text ?? ""))).toBe(false);
    expect(errorLogs(h)).toEqual([]);
  });

  it.for([
    ["the main menu's Book button", "g:book"],
    ["the main menu's My bookings button", "mb:list"],
  ] as const)(
    "'query is too old' when answering %s: the step still proceeds",
    async ([, data], { expect, onTestFinished }) => {
      const h = await startHarness();
      onTestFinished(() => h.stop());
      const agent = h.user(7204);
      agent.send("/start");
      await h.settle();
      h.telegram.failNext({ method: "answerCallbackQuery", error_code: 400, description: TOO_OLD });
      tapData(agent, new RegExp(`^${data}$`));
      await h.settle();
      expect(agent.messages().some((m) => /something went wrong/i.test(m.text ?? ""))).toBe(false);
      expect(panel(agent).text).toMatch(data === "g:book" ? /Choose a golf course/ : /bookings/i);
      expect(errorLogs(h)).toEqual([]);
    },
  );
});

describe.concurrent("a user who blocked the bot", () => {
  it("the reaper's notice to a blocked user is logged, nothing crashes, and the hold is still released", async ({
    expect,
    onTestFinished,
  }) => {
    const clock = worldClock(WORLD_START, { stopped: true });
    const h = await startHarness({ clock });
    onTestFinished(() => h.stop());
    const agent = h.user(7301);
    await bookUntilHold(h, agent);
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    agent.block();
    clock.advance(11 * 60_000);
    expect(await h.app.reaper.tick()).toBe(1);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL"]);
    const [booking] = await h.app.bookings.listForUser(7301);
    expect(booking?.state).toBe("RELEASED");
    expect(failures(h)).toEqual(["sendMessage: Forbidden: bot was blocked by the user"]);
    expect(h.logs.some((l) => l.includes("notification not delivered") && l.includes("reaper-expired"))).toBe(true);
    expect(errorLogs(h)).toEqual([]);
    // Unblocking (writing again) gives a working bot: the flow is still there, and starting over works.
    agent.send("/book");
    await h.settle();
    tapData(agent, /^g:restart$/);
    await h.settle();
    expect(panel(agent).text).toContain("Choose a golf course");
  });

  it("the agent of a customer's booking has blocked the bot: the notice is logged as not delivered, the customer is served and paid once", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7304, "en", "Anan");
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    agent.block();
    const customer = h.user(7305, "en", "Nok", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    await customerBooks(h, customer);
    expect(customer.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);
    const [booking] = await h.app.bookings.listForUser(7305);
    expect(booking).toMatchObject({ state: "PAID", agent_id: 7304 });
    expect(h.sandbox.count("POST", /\/confirm$/)).toBe(1);
    expect(failures(h)).toEqual(["sendMessage: Forbidden: bot was blocked by the user"]);
    expect(h.logs.some((l) => l.includes("notification not delivered") && l.includes("agent-booking"))).toBe(true);
    expect(errorLogs(h)).toEqual([]);
  });

  it("a user who blocks the bot while a reply is on its way: logged as blocked, no error reply attempted, other users served", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7302);
    const other = h.user(7303);
    h.telegram.failNext({
      method: "sendMessage",
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    agent.send("/start");
    await h.settle();
    expect(h.logs.some((l) => l.includes("user blocked the bot"))).toBe(true);
    expect(h.telegram.callsTo("sendMessage")).toHaveLength(1);
    other.send("/start");
    await h.settle();
    expect(other.lastMessage()?.text).toContain("Book a tee time");
    expect(errorLogs(h)).toEqual([]);
  });
});

describe.concurrent("long polling loses its connection", () => {
  it("dropConnections() while polling: polling resumes; every update is handled exactly once", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const users = [h.user(7401), h.user(7402), h.user(7403)];
    await expect.poll(() => h.telegram.polling, { timeout: 5_000, interval: 20 }).toBe(true);
    h.telegram.dropConnections();
    for (const u of users) u.send("/start");
    await h.settle();
    for (const u of users) {
      expect(u.messages()).toHaveLength(1);
      expect(u.lastMessage()?.text).toContain("Book a tee time");
    }
    expect(h.telegram.pendingUpdates()).toEqual([]);
    expect(h.logs.filter((l) => l.includes("duplicate update ignored"))).toEqual([]);
  }, 30_000);

  it("dropNext('getUpdates') with updates waiting: they are delivered after the retry, each handled once", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness();
    onTestFinished(() => h.stop());
    const agent = h.user(7404);
    await bookUntil(h, agent, "course");
    await expect.poll(() => h.telegram.polling, { timeout: 5_000, interval: 20 }).toBe(true);
    // The poll in progress ends with the next update; the one after it is dropped.
    h.telegram.dropNext("getUpdates");
    tapData(agent, /:c:0$/);
    await h.settle();
    agent.send("/mybookings");
    await h.settle();
    expect(h.telegram.callsTo("answerCallbackQuery")).toHaveLength(1);
    expect(panel(agent).text).toMatch(/bookings/i);
    expect(
      agent
        .messages()
        .filter((m) =>
          (m.reply_markup?.inline_keyboard.flat() ?? []).some(
            (b) => "callback_data" in b && b.callback_data.endsWith(":go"),
          ),
        ),
    ).toHaveLength(1);
    expect(h.telegram.pendingUpdates()).toEqual([]);
  }, 30_000);
});
