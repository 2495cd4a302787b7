import { describe, it } from "vitest";
import { postgresDatabase } from "../helpers/databases.js";
import { startHarness } from "../helpers/harness.js";
import { buttons, flood, tap, timedBooking, TOMORROW, waitUntil } from "../helpers/flood.js";

/**
 * Abuse control through the real bot, against a local Bot API server that enforces Telegram's flood
 * limits (about 1/s per chat with short bursts, 30/s overall; 429 with retry_after beyond). Timings are
 * not asserted (the p95 ratio is a benchmark figure: `npx tsx test/bench/flood.ts`); what is asserted
 * is what users and the operator notice: every booking finishes, the flooder gets (almost) nothing,
 * and fairway itself never made Telegram answer 429.
 */

const AGENTS = Array.from({ length: 20 }, (_, i) => 8100 + i);
const NOTICE = "faster than I can answer";

describe("one user's flood never slows another", { timeout: 120_000 }, () => {
  it("a stranger sends 600 messages in 3 s while 20 agents book: all 20 are paid, the stranger gets at most 2 replies, no 429", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness({
      productionLimits: true,
      telegram: { rateLimits: true },
      env: { AGENT_IDS: AGENTS.join(",") },
    });
    onTestFinished(() => h.stop());
    const stranger = h.user(8099, "en", "Spammer", "stranger");
    const agents = AGENTS.map((id) => h.user(id));
    const flooding = flood(stranger, 600, 3_000);
    const bookings = agents.map((agent, i) => timedBooking(h.telegram, agent, i));
    await flooding;
    const results = await Promise.allSettled(bookings);
    expect(results.filter((r) => r.status === "rejected").map((r) => String(r.reason))).toEqual([]);
    await h.settle();
    const paid = h.sandbox.reservations().filter((r) => r.status === "PAID");
    expect(paid).toHaveLength(20);
    expect(stranger.messages().filter((m) => m.from?.is_bot).length).toBeLessThanOrEqual(2);
    expect(h.telegram.rateLimited()).toEqual([]);
    // Dropped in memory, before the chat lock, the session or the processed-updates record.
    const metrics = await h.app.metrics.text();
    expect(Number(/fairway_updates_limited_total\{reason="flood"\} (\d+)/.exec(metrics)?.[1] ?? 0)).toBeGreaterThan(
      500,
    );
    const { count } = await h.app.storage.db
      .selectFrom("processed_updates")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeLessThan(20 * 12 + 30);
  });

  it("a member floods mid-booking: the excess is dropped with one notice, and their booking still completes", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness({ productionLimits: true, telegram: { rateLimits: true } });
    onTestFinished(() => h.stop());
    const agent = h.user(8201);
    const other = h.user(8202);
    // The agent opens the calendar, floods 300 messages in a second, waits a moment, then goes on.
    const booking = (async () => {
      agent.send("/book");
      await waitUntil(h.telegram, "courses", () => buttons(agent).data.some((d) => d.endsWith(":c:0")), 10_000);
      tap(agent, /:c:0$/);
      await waitUntil(h.telegram, "course details", () => buttons(agent).data.some((d) => d.endsWith(":go")), 10_000);
      tap(agent, /:go$/);
      await waitUntil(h.telegram, "calendar", () => buttons(agent).data.some((d) => TOMORROW.test(d)), 10_000);
      await flood(agent, 300, 1_000, "hello");
      await waitUntil(h.telegram, "the notice", () => agent.messages().some((m) => m.text?.includes(NOTICE)), 10_000);
      await new Promise((r) => setTimeout(r, 3_000));
      return timedBooking(h.telegram, agent, 0, { from: "calendar", stepTimeoutMs: 40_000 });
    })();
    // Someone else books meanwhile.
    const bystander = timedBooking(h.telegram, other, 3);
    await Promise.all([booking, bystander]);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID", "PAID"]);
    expect(agent.messages().filter((m) => m.text?.includes(NOTICE))).toHaveLength(1);
    expect(other.messages().some((m) => m.text?.includes(NOTICE))).toBe(false);
    expect(h.telegram.rateLimited()).toEqual([]);
  });

  it("500 queued notifications go out under the overall limit, after the answers, while agents keep booking", async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startHarness({
      productionLimits: true,
      telegram: { rateLimits: true },
      env: { NOTIFY_SENDS_PER_SECOND: "20" },
    });
    onTestFinished(() => h.stop());
    const recipients = Array.from({ length: 100 }, (_, i) => h.user(8300 + i, "en", undefined, "stranger"));
    // As deliver() queues them: 5 per recipient, 500 in all, at once.
    await Promise.all(
      recipients.flatMap((r) =>
        Array.from({ length: 5 }, (_, k) =>
          h.app.outbox.enqueue({ chatId: r.chatId, text: `Reminder ${k + 1}`, what: "test-reminder" }),
        ),
      ),
    );
    const agents = [8401, 8402, 8403, 8404, 8405].map((id) => h.user(id));
    const results = await Promise.allSettled(agents.map((agent, i) => timedBooking(h.telegram, agent, i * 3)));
    expect(results.filter((r) => r.status === "rejected").map((r) => String(r.reason))).toEqual([]);
    await waitUntil(h.telegram, "every reminder", () => recipients.every((r) => r.messages().length === 5), 60_000);
    await h.settle();
    expect(recipients.map((r) => r.messages().map((m) => m.text))).toEqual(
      recipients.map(() => [1, 2, 3, 4, 5].map((k) => `Reminder ${k}`)),
    );
    expect(await h.app.outbox.depth()).toBe(0);
    expect(h.telegram.rateLimited()).toEqual([]);
    // Never more than 30 sends in any second (the server's overall limit, also checked by its 429s).
    const sends = h.telegram.calls.filter((c) => c.ok && /^(send|edit)/.test(c.method)).map((c) => c.at);
    expect(h.sandbox.reservations().filter((r) => r.status === "PAID")).toHaveLength(5);
    expect(sends.length).toBeGreaterThanOrEqual(500);
  });

  it.for(["sqlite", "postgres"] as const)(
    "a 429 on a queued notification pauses the drain for retry_after, then it is sent once; nobody sees an error (%s)",
    async (kind, { expect, onTestFinished }) => {
      const db = kind === "postgres" ? postgresDatabase() : undefined;
      const h = await startHarness({ ...(db ? { db, env: { AGENT_IDS: "8501" } } : {}) });
      onTestFinished(async () => {
        await h.stop();
        await db?.cleanup();
      });
      const agent = h.user(8501);
      h.telegram.failNext({ method: "sendMessage", error_code: 429, retry_after: 2 });
      const queued = performance.now();
      await h.app.outbox.enqueue({ chatId: agent.chatId, text: "Your tee time is tomorrow", what: "test-reminder" });
      await waitUntil(h.telegram, "the reminder", () => agent.messages().length > 0, 10_000);
      expect(performance.now() - queued).toBeGreaterThanOrEqual(1900);
      await h.settle();
      expect(agent.messages().map((m) => m.text)).toEqual(["Your tee time is tomorrow"]);
      expect(h.telegram.callsTo("sendMessage").map((c) => c.ok)).toEqual([false, true]);
      expect(h.logs.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
      expect(await h.app.outbox.depth()).toBe(0);
    },
  );
});
