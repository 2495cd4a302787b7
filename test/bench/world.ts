/**
 * A bench world: the partner sandbox and the local Bot API server in the bench process, over HTTP on
 * 127.0.0.1 (port 0), on the run's one world clock; the recorder and the agents' router on the server;
 * and the simulated agents. Each bot gets a fresh world on the same clock, so fairway and the baseline
 * meet the same tee times and the same empty chats.
 */
import { createBotApiServer, type BotApiServer, type SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import type { WorldClock } from "../helpers/clock.js";
import { ChatRouter } from "./router.js";
import { Recorder } from "./measure.js";
import { startBot, type BotProcess, type Command } from "./processes.js";

/** Any well-formed token: the local Bot API server accepts the one it was made with. */
export const BENCH_BOT_TOKEN = "123456:AAHfakeTokenForBenchOnly_0123456789";

/** Agent ids: the human-paced agents, the saturation agents and the one tapping the month pager. */
export interface AgentIds {
  human: number[];
  saturation: number[];
  tapper: number;
}

/** `agents` human-paced agents, up to 256 saturation agents (never more than `agents`), one tapper. */
export function agentIds(agents: number): AgentIds {
  const range = (base: number, n: number) => Array.from({ length: n }, (_, i) => base + i);
  return { human: range(100_001, agents), saturation: range(200_001, Math.min(agents, 256)), tapper: 300_001 };
}

/** One bot's world: sandbox, Bot API server, recorder, router and agents. */
export interface World {
  clock: WorldClock;
  sandbox: ReturnType<typeof createSandbox>;
  telegram: BotApiServer;
  apiRoot: string;
  partnerUrl: string;
  recorder: Recorder;
  router: ChatRouter;
  /** The simulated user of an agent id (their chat with the bot is their id). */
  user(id: number): SimulatedUser;
  close(): Promise<void>;
}

/** Starts a fresh sandbox (with credit for every booking of the run) and Bot API server on `clock`. */
export async function createWorld(clock: WorldClock): Promise<World> {
  const sandbox = createSandbox({ clock, initialBalance: 1_000_000_000_000 });
  const partnerUrl = await sandbox.listen(0, "127.0.0.1");
  const telegram = createBotApiServer({ token: BENCH_BOT_TOKEN, clock });
  const apiRoot = await telegram.listen(0, "127.0.0.1");
  const recorder = new Recorder(telegram);
  const router = new ChatRouter(telegram);
  return {
    clock,
    sandbox,
    telegram,
    apiRoot,
    partnerUrl,
    recorder,
    router,
    user: (id) => telegram.user({ id, first_name: `Agent ${id}`, language_code: "en" }),
    async close() {
      router.close();
      recorder.close();
      await telegram.close();
      await sandbox.close();
    },
  };
}

/** The production environment of a bot in `world` (fairway and the baseline get the same one). */
export function botEnv(world: World, databasePath: string, ids: AgentIds): Record<string, string> {
  return {
    BOT_TOKEN: BENCH_BOT_TOKEN,
    TELEGRAM_API_ROOT: world.apiRoot,
    PARTNER_API_URL: world.partnerUrl,
    PARTNER_API_KEY: world.sandbox.apiKey,
    DATABASE_URL: `sqlite:${databasePath}`,
    AGENT_IDS: [...ids.human, ...ids.saturation, ids.tapper].join(","),
    DEFAULT_LOCALE: "en",
    LOG_LEVEL: "warn",
    // Production serves /healthz (and the Mini App) on PORT, /readyz and /metrics on OPERATOR_PORT too; any free ports here.
    PORT: "0",
    OPERATOR_PORT: "0",
    // The bench's agents are machines (the tapper, saturation) and its Bot API server enforces no flood
    // limits: the per-user limit and the outgoing budget are raised out of the way (the flood benchmark,
    // flood.ts, runs with production's).
    USER_RATE_BURST: "10000",
    USER_RATE_PER_MINUTE: "60000",
    TELEGRAM_SENDS_PER_SECOND: "1000",
    TELEGRAM_CHAT_BURST: "10000",
  };
}

/** Spawns the bot and resolves once its first getUpdates request reaches the server, with the time that took. */
export async function startPolling(
  world: World,
  command: Command,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ bot: BotProcess; coldStartMs: number }> {
  let off: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  const seen = new Promise<number>((resolve) => {
    off = world.telegram.on("request", (r) => {
      if (r.method === "getUpdates") resolve(r.receivedAt);
    });
  });
  const bot = startBot(command, env, world.clock);
  const exited = new Promise<never>((_, reject) =>
    bot.child.once("exit", (code) =>
      reject(new Error(`${command.display} exited (${code}) before polling:\n${bot.output()}`)),
    ),
  );
  exited.catch(() => undefined); // handled by the race; an exit after polling began is no failure here
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${command.display} did not poll within ${timeoutMs} ms:\n${bot.output()}`)),
      timeoutMs,
    );
  });
  try {
    const at = await Promise.race([seen, exited, late]);
    return { bot, coldStartMs: at - bot.spawnedAt };
  } catch (error) {
    await bot.kill();
    throw error;
  } finally {
    off();
    clearTimeout(timer);
  }
}

/** `n` cold starts (spawn → first getUpdates seen), each process killed right after; the times in ms. */
export async function coldStarts(
  world: World,
  command: Command,
  env: Record<string, string>,
  n: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const { bot, coldStartMs } = await startPolling(world, command, env);
    times.push(coldStartMs);
    await bot.kill();
  }
  return times;
}
