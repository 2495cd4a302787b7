import { afterEach, describe, expect, it } from "vitest";
import { createBotApiServer, type SimulatedUser } from "../../src/bot-api-server/index.js";
import { createSandbox } from "../../src/sandbox/index.js";
import { startBotProcess, type BotProcess } from "../helpers/bot-process.js";
import { sqliteDatabase } from "../helpers/databases.js";
import { TEST_BOT_TOKEN, testEnv } from "../helpers/harness.js";
import { tomorrow } from "../helpers/flow.js";
import { addToTally, serverFigures } from "../helpers/tally.js";

const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;

/** Waits until the user's latest message with buttons offers data matching `pattern`, then taps it. */
async function tapWhenShown(user: SimulatedUser, pattern: RegExp): Promise<void> {
  let data: string | undefined;
  await expect
    .poll(
      () => {
        const last = [...user.messages()].reverse().find((m) => (m.reply_markup?.inline_keyboard.length ?? 0) > 0);
        data = last?.reply_markup?.inline_keyboard.flat().flatMap((b) => ("callback_data" in b ? [b.callback_data] : [])).find((d) => pattern.test(d));
        return data;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBeDefined();
  user.tap({ data: data! });
}

async function waitForText(user: SimulatedUser, text: string): Promise<void> {
  await expect.poll(() => user.messages().some((m) => m.text?.includes(text)), { timeout: 10_000, interval: 50 }).toBe(true);
}

describe("a crash right after the partner was paid", () => {
  const processes: BotProcess[] = [];
  afterEach(async () => {
    for (const p of processes) await p.kill();
  });

  /** Books up to the hold in a child process, then kills it while the partner's paid answer is lost. */
  async function crashWhilePaying() {
    const sandbox = createSandbox();
    const partnerUrl = await sandbox.listen(0);
    const telegram = createBotApiServer({ token: TEST_BOT_TOKEN });
    const apiRoot = await telegram.listen(0);
    const db = sqliteDatabase();
    const env = {
      ...testEnv({ apiRoot, partnerUrl, apiKey: sandbox.apiKey, db }),
      PARTNER_TIMEOUT_MS: "30000",
      AGENT_IDS: "4001",
      LOG_LEVEL: "info",
    };
    const cleanup = async () => {
      for (const p of processes) await p.kill();
      addToTally(serverFigures(sandbox, telegram));
      await telegram.close();
      await sandbox.close();
      await db.cleanup();
    };
    const first = startBotProcess(env);
    processes.push(first);
    await first.ready;
    const agent = telegram.user({ id: 4001, language_code: "en" });
    agent.send("/book");
    await tapWhenShown(agent, /:c:0$/);
    await tapWhenShown(agent, /:go$/);
    await tapWhenShown(agent, new RegExp(`:d:${tomorrow().replaceAll("-", "")}$`));
    await tapWhenShown(agent, /:s:\d+$/);
    await tapWhenShown(agent, /:p:\d+$/);
    await waitForText(agent, "Customer's full name");
    agent.send("Somchai Jaidee");
    await waitForText(agent, "Customer's e-mail");
    agent.send("somchai@example.com");
    await waitForText(agent, "Customer's mobile number");
    agent.send("0812345678");
    await waitForText(agent, "Your tee time is on hold");
    const before = sandbox.balance();

    // The partner takes the money, and its answer never arrives: the process dies waiting for it.
    sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-hang" });
    await tapWhenShown(agent, /:ok$/);
    await expect.poll(() => sandbox.reservations()[0]?.status, { timeout: 10_000, interval: 20 }).toBe("PAID");
    await first.kill("SIGKILL");
    sandbox.faults.clear();

    const second = startBotProcess(env);
    processes.push(second);
    await second.ready;
    const expectPaidOnce = () => {
      expect(sandbox.count("POST", RESERVE)).toBe(1);
      expect(sandbox.count("POST", CONFIRM)).toBe(1);
      const [reservation] = sandbox.reservations();
      expect(reservation?.status).toBe("PAID");
      expect(sandbox.balance()).toBe(before - reservation!.amount);
    };
    return { agent, cleanup, expectPaidOnce };
  }

  it("SIGKILL while the confirm answer is in flight: after a restart the user resumes and gets the receipt; paid once", async () => {
    const { agent, cleanup, expectPaidOnce } = await crashWhilePaying();
    try {
      // The panel still says "Confirming…" with no buttons. The user asks again: /book offers to resume,
      // the summary comes back (the conversation was stored before the fatal tap), and Confirm settles it.
      agent.send("/book");
      await tapWhenShown(agent, /^g:resume$/);
      await tapWhenShown(agent, /:ok$/);
      await waitForText(agent, "Booking confirmed");
      expectPaidOnce();
    } finally {
      await cleanup();
    }
  }, 60_000);

  it("SIGKILL while the confirm answer is in flight: the restarted reaper finds the payment and tells the user, unasked", async () => {
    const { agent, cleanup, expectPaidOnce } = await crashWhilePaying();
    try {
      await expect.poll(() => agent.messages().some((m) => m.text?.includes("is confirmed (code GT")), { timeout: 30_000, interval: 200 }).toBe(true);
      expectPaidOnce();
    } finally {
      await cleanup();
    }
  }, 60_000);
});
