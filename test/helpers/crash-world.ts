/**
 * A world for crash tests: the partner sandbox and the local Bot API server in the test's process,
 * fairway's real entry point in child processes that a test can SIGKILL (`startBotProcess`), and a
 * SQLite file that outlives them. The waits poll the simulated users, since the bot runs elsewhere.
 * The world runs on one clock (`worldClock()`, from WORLD_START), which every child process receives.
 */
import { Writable } from "node:stream";
import { onTestFailed } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { createConfig } from "../../src/config/index.js";
import { createLogger } from "../../src/logger.js";
import { createBotApiServer, type SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { startBotProcess, type BotProcess } from "./bot-process.js";
import { WORLD_START, worldClock, type WorldClock } from "./clock.js";
import { sqliteDatabase } from "./databases.js";
import { TEST_BOT_TOKEN, testEnv } from "./harness.js";
import { tomorrow } from "./flow.js";
import { addToTally, serverFigures } from "./tally.js";
import { buttons } from "./buttons.js";

export interface CrashWorld {
  sandbox: ReturnType<typeof createSandbox>;
  telegram: ReturnType<typeof createBotApiServer>;
  db: ReturnType<typeof sqliteDatabase>;
  /** The world's clock: the sandbox, the Bot API server and every fairway process of this world read it. */
  clock: WorldClock;
  /** The environment every fairway process of this world starts with. */
  env: Record<string, string>;
  /** Every process started with `start`, killed by `closeCrashWorld`. */
  processes: BotProcess[];
  initialBalance: number;
  /** Starts fairway (`runFairway`, as `src/main.ts` does, on this world's clock) in a child process and waits until it runs. */
  start(): Promise<BotProcess>;
}

export async function startCrashWorld(agentIds: number[], extraEnv: Record<string, string> = {}): Promise<CrashWorld> {
  const clock = worldClock();
  const sandbox = createSandbox({ clock });
  const partnerUrl = await sandbox.listen(0);
  const telegram = createBotApiServer({ token: TEST_BOT_TOKEN, clock });
  const apiRoot = await telegram.listen(0);
  const db = sqliteDatabase();
  const env = {
    ...testEnv({ apiRoot, partnerUrl, apiKey: sandbox.apiKey, db }),
    PARTNER_TIMEOUT_MS: "30000",
    AGENT_IDS: agentIds.join(","),
    LOG_LEVEL: "info",
    ...extraEnv,
  };
  const processes: BotProcess[] = [];
  // A failing crash test shows what fairway printed (its processes run apart from the test's output).
  try {
    onTestFailed(() => {
      for (const [i, p] of processes.entries())
        console.error(
          `fairway process ${i + 1} of ${processes.length}, its last output (${p.output().length} chars):\n${p.output().slice(-6000)}`,
        );
    });
  } catch {
    // Not inside a test (a hook): nothing to report to.
  }
  return {
    sandbox,
    telegram,
    db,
    clock,
    env,
    processes,
    initialBalance: sandbox.balance(),
    async start() {
      const child = startBotProcess(env, clock);
      processes.push(child);
      await child.ready;
      return child;
    },
  };
}

/** Kills what still runs, stops `app` (fairway restarted in the test's process, if any), closes the rest. */
export async function closeCrashWorld(w: CrashWorld, app?: App): Promise<void> {
  for (const p of w.processes) await p.kill();
  addToTally({ bots: app ? 1 : 0, ...serverFigures(w.sandbox, w.telegram) });
  await app?.stop();
  await w.telegram.close();
  await w.sandbox.close();
  await w.db.cleanup();
}

/** Polls `read` until it gives a value (not undefined, not false); fails naming `what` after `timeout` ms. */
export async function until<T>(what: string, read: () => T | undefined, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits for a button whose data matches (the `nth` such button), taps it, returns the panel's message id. */
export async function tapWhen(user: SimulatedUser, pattern: RegExp, nth = 0, timeout?: number): Promise<number> {
  const { data, id } = await until(
    `${pattern} for ${user.chatId}`,
    () => {
      const b = buttons(user);
      const d = b.data.filter((x) => pattern.test(x))[nth];
      return d === undefined ? undefined : { data: d, id: b.messageId! };
    },
    timeout,
  );
  user.tap({ data, messageId: id });
  return id;
}

/** Waits for a message of the user's chat containing `text` (or matching it); returns its text. */
export async function waitText(user: SimulatedUser, text: string | RegExp, timeout?: number): Promise<string> {
  try {
    return await until(
      `"${String(text)}" for ${user.chatId}`,
      () =>
        user
          .messages()
          .map((m) => m.text ?? "")
          .find((t) => (typeof text === "string" ? t.includes(text) : text.test(t))),
      timeout,
    );
  } catch (error) {
    // A timeout says what the chat shows instead (CI keeps no other trace of it).
    const last = user
      .messages()
      .slice(-4)
      .map(
        (m) =>
          `  #${m.message_id}: ${(m.text ?? "").slice(0, 160).replaceAll("\n", " / ")} [${buttons(user).data.join(" ")}]`,
      );
    throw new Error(`${(error as Error).message}; the chat's last messages:\n${last.join("\n")}`);
  }
}

/** The data of tomorrow's button in the date picker (a crash world starts at WORLD_START, far from midnight). */
export const TOMORROW = new RegExp(`:d:${tomorrow(WORLD_START).replaceAll("-", "")}$`);

/** A name for the golfer of agent `id` (letters only: names take no digits). */
function nameOf(id: number): string {
  const letters = [...String(id)].map((d) => "abcdefghij"[Number(d)]).join("");
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/** The steps an agent can be left at when the process dies, in flow order. */
const STEPS = ["course", "info", "date", "slots", "players", "name", "email", "mobile", "held"] as const;
export type Step = (typeof STEPS)[number];

/**
 * Drives a new agent through /book up to (showing) `step`; `pick` spreads agents over courses and tee
 * times (0: the first course, its first tee time tomorrow). Each step may take `timeout` ms to show.
 */
export async function driveTo(user: SimulatedUser, step: Step, pick: number, timeout?: number): Promise<void> {
  const stop = STEPS.indexOf(step);
  user.send("/book");
  await waitText(user, "Choose a golf course", timeout);
  if (stop < 1) return;
  await tapWhen(user, new RegExp(`:c:${pick % 5}$`), 0, timeout);
  if (stop < 2) return;
  await tapWhen(user, /:go$/, 0, timeout);
  if (stop < 3) return;
  await tapWhen(user, TOMORROW, 0, timeout);
  if (stop < 4) return;
  await tapWhen(user, /:s:\d+$/, Math.floor(pick / 5) * 2, timeout);
  if (stop < 5) return;
  await tapWhen(user, /:p:\d+$/, 0, timeout);
  await waitText(user, "Customer's full name", timeout);
  if (stop < 6) return;
  user.send(`Golfer ${nameOf(user.chatId)}`);
  await waitText(user, "Customer's e-mail", timeout);
  if (stop < 7) return;
  user.send(`golfer${user.chatId}@example.com`);
  await waitText(user, "Customer's mobile number", timeout);
  if (stop < 8) return;
  user.send("081-234-5678");
  await waitText(user, "Your tee time is on hold", timeout);
}

export { buttons };

/** fairway started again in this process on the killed one's database, with a clock the test moves. */
export async function restartInProcess(w: CrashWorld): Promise<{ app: App; logs: string[] }> {
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const config = { ...createConfig(w.env), database: w.db.config };
  const logger = createLogger({ level: "info", secrets: config.secrets, destination });
  const app = await createApp({ config, logger, now: w.clock, reaperIntervalMs: 60_000 });
  await app.start();
  return { app, logs };
}
