/**
 * The limits benchmark (`npm run bench -- --limits [--agents 200] [--below 40] [--seconds 30]
 * [--think-ms 3000] [--jitter 0.5] [--only one|three]`): fairway against a local Bot API server that
 * enforces Telegram's flood limits (`rateLimits: true`: 429 with retry_after over about 30 sends a
 * second, and one a second per chat after a burst), with production's settings, on PostgreSQL in
 * webhook mode behind a round-robin balancer: one instance, then three (one SIGKILLed halfway through
 * the run, as a crash would). Each deployment meets two loads of agents booking at human pace (the
 * bench's agents, `agents.ts`): `--below` agents ask for less than Telegram allows, `--agents` for far
 * more; below the limit, three instances also run without a kill (the steady state, apart from the
 * updates a crash makes Telegram deliver again). Printed per run: the 429s Telegram answered, bookings paid of those started, agents' stalls (an
 * answer that never came), and the p50/p99 of action → the panel the agent waited for. Written to
 * bench-results/bench-limits-<ISO time>.json.
 */
import { parseArgs } from "node:util";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { worldClock, type WorldClock } from "../helpers/clock.js";
import { postgresDatabase, TEST_POSTGRES_URL } from "../helpers/databases.js";
import { quantile } from "../helpers/flood.js";
import { freePort, startRoundRobinProxy } from "../helpers/round-robin-proxy.js";
import { newStats, runAgents, type AgentStats } from "./agents.js";
import { sleep } from "./measure.js";
import { fairwayCommand, killAll, startBot, type BotProcess } from "./processes.js";
import { writeJson } from "./report.js";
import { ChatRouter } from "./router.js";
import { BENCH_BOT_TOKEN } from "./world.js";

interface Settings {
  agents: number;
  below: number;
  seconds: number;
  thinkMs: number;
  jitter: number;
  only?: "one" | "three";
}

/** One run's figures. */
interface RunFigures {
  instances: number;
  agents: number;
  killed: boolean;
  rateLimited: number;
  started: number;
  paid: number;
  stalls: number;
  slotTaken: number;
  actions: number;
  p50: number;
  p99: number;
  /** Sends and edits per second Telegram accepted while the agents started bookings. */
  sendsPerSecond: number;
  /** Of the sends through the outgoing budget, how many waited for it (every live instance's, at the end). */
  sendsWaited: number | null;
  seconds: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Runs the limits benchmark with command-line `args` (without `--limits`) and prints its figures. */
export async function limitsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      agents: { type: "string", default: "200" },
      below: { type: "string", default: "40" },
      seconds: { type: "string", default: "30" },
      "think-ms": { type: "string", default: "3000" },
      jitter: { type: "string", default: "0.5" },
      only: { type: "string" },
    },
  });
  const settings: Settings = {
    agents: Number(values.agents),
    below: Number(values.below),
    seconds: Number(values.seconds),
    thinkMs: Number(values["think-ms"]),
    jitter: Number(values.jitter),
    ...(values.only === "one" || values.only === "three" ? { only: values.only } : {}),
  };
  const label = new Date().toISOString(); // the file name's time, a label: the only wall-clock read
  const started = performance.now();
  const runs: RunFigures[] = [];
  try {
    for (const instances of settings.only === "one" ? [1] : settings.only === "three" ? [3] : [1, 3]) {
      const plan: { agents: number; kill: boolean }[] = [
        ...(instances > 1 ? [{ agents: settings.below, kill: false }] : []),
        { agents: settings.below, kill: instances > 1 },
        { agents: settings.agents, kill: instances > 1 },
      ];
      for (const { agents, kill } of plan) {
        log(`${instances} instance${instances > 1 ? "s" : ""}${kill ? " (1 SIGKILLed)" : ""}, ${agents} agents…`);
        const figures = await run(settings, { count: instances, agents, kill });
        runs.push(figures);
        log(
          `  ${figures.rateLimited} × 429, ${figures.paid} paid of ${figures.started} started, ${figures.stalls} stalls, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ${figures.sendsPerSecond.toFixed(1)} sends/s`,
        );
      }
    }
  } finally {
    await killAll();
  }
  log("");
  log(
    `limits benchmark: agents booking at human pace (${settings.thinkMs} ms ± ${settings.jitter * 100}% between actions, ${settings.seconds} s of new bookings), production's settings, PostgreSQL, webhook, against a Bot API server enforcing Telegram's limits`,
  );
  console.table(
    Object.fromEntries(
      runs.map((r) => [
        `${r.instances} instance${r.instances > 1 ? "s" : ""}${r.killed ? " (1 SIGKILLed)" : ""}, ${r.agents} agents`,
        {
          "429s": r.rateLimited,
          "paid / started": `${r.paid} / ${r.started}`,
          stalls: r.stalls,
          "p50 action→panel": `${(r.p50 / 1000).toFixed(2)} s`,
          "p99 action→panel": `${(r.p99 / 1000).toFixed(2)} s`,
          "sends/s": r.sendsPerSecond.toFixed(1),
        },
      ]),
    ),
  );
  const path = writeJson(`limits-${label}`, {
    label,
    settings,
    runs,
    runSeconds: (performance.now() - started) / 1000,
  });
  log(`figures in ${path}; run took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function run(
  settings: Settings,
  { count, agents, kill }: { count: number; agents: number; kill: boolean },
): Promise<RunFigures> {
  const clock: WorldClock = worldClock();
  const sandbox = createSandbox({ clock, initialBalance: 1_000_000_000_000 });
  const partnerUrl = await sandbox.listen(0, "127.0.0.1");
  const telegram = createBotApiServer({ token: BENCH_BOT_TOKEN, clock, rateLimits: true, allowHttpWebhooks: true });
  const apiRoot = await telegram.listen(0, "127.0.0.1");
  const db = postgresDatabase();
  const schema = db.config.kind === "postgres" ? db.config.schema : "";
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  // Each instance's operator port (/readyz, /metrics), by its public one (the balancer's).
  const operatorPorts = new Map(await Promise.all(ports.map(async (port) => [port, await freePort()] as const)));
  const operatorOf = (port: number) => operatorPorts.get(port)!;
  const alive = new Set(ports);
  const proxy = await startRoundRobinProxy(() => [...alive]);
  const ids = Array.from({ length: agents }, (_, i) => 100_001 + i);
  const env = (port: number) => ({
    BOT_TOKEN: BENCH_BOT_TOKEN,
    TELEGRAM_API_ROOT: apiRoot,
    PARTNER_API_URL: partnerUrl,
    PARTNER_API_KEY: sandbox.apiKey,
    DATABASE_URL: `${TEST_POSTGRES_URL}?schema=${schema}`,
    AGENT_IDS: ids.join(","),
    DEFAULT_LOCALE: "en",
    LOG_LEVEL: "warn",
    PORT: String(port),
    OPERATOR_PORT: String(operatorOf(port)),
    WEBHOOK_URL: `${proxy.url}/telegram/webhook`,
  });
  const router = new ChatRouter(telegram);
  const bots: BotProcess[] = [];
  try {
    // One after the other: the first applies the migrations, the others find them done.
    for (const port of ports) {
      const bot = startBot(fairwayCommand(), env(port), clock);
      bots.push(bot);
      await until(`instance on ${port} to be ready`, () => ready(operatorOf(port)), 60_000);
    }
    await until(
      `every instance to see ${count}`,
      async () =>
        (await Promise.all(ports.map((port) => instancesSeen(operatorOf(port))))).every((n) => n === count)
          ? true
          : undefined,
      30_000,
    );

    // Every action's latency: from the agent's tap or message to the panel it waited for.
    const latencies: number[] = [];
    const act = router.act.bind(router);
    router.act = (chatId, action, kinds, timeoutMs) => {
      const t0 = performance.now();
      return act(chatId, action, kinds, timeoutMs).then((panel) => {
        latencies.push(panel.at - t0);
        return panel;
      });
    };
    const users = ids.map((id) => telegram.user({ id, first_name: `Agent ${id}`, language_code: "en" }));
    const stats: AgentStats = newStats();
    let stop: () => void = () => undefined;
    let abort: () => void = () => undefined;
    const plan = {
      thinkMs: settings.thinkMs,
      jitter: settings.jitter,
      answerTimeoutMs: 60_000,
      stop: new Promise<void>((r) => (stop = r)),
      abort: new Promise<void>((r) => (abort = r)),
    };
    const countedBefore = counted(telegram);
    const startedAt = performance.now();
    const agentsDone = runAgents(users, router, stats, plan);
    let killed = false;
    if (kill) {
      await sleep((settings.seconds * 1000) / 2);
      await bots[1]!.kill("SIGKILL");
      killed = true;
      // The balancer's health check takes it out a second later; until then it answers 502.
      setTimeout(() => alive.delete(ports[1]!), 1_000);
      await sleep((settings.seconds * 1000) / 2);
    } else {
      await sleep(settings.seconds * 1000);
    }
    const sendsPerSecond = (counted(telegram) - countedBefore) / ((performance.now() - startedAt) / 1000);
    stop();
    const tail = setTimeout(() => abort(), 180_000);
    await agentsDone;
    clearTimeout(tail);
    const live = ports.filter((p) => alive.has(p));
    const waited = await metric(operatorOf(live[0]!), "fairway_fleet_sends_waited").catch(() => null);
    return {
      instances: count,
      agents,
      killed,
      rateLimited: telegram.rateLimited().length,
      started: stats.started,
      paid: stats.paid,
      stalls: stats.stalls,
      slotTaken: stats.slotTaken,
      actions: latencies.length,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      sendsPerSecond,
      sendsWaited: waited,
      seconds: (performance.now() - startedAt) / 1000,
    };
  } finally {
    router.close();
    for (const bot of bots) await bot.kill("SIGKILL");
    await proxy.close();
    await telegram.close();
    await sandbox.close();
    await db.cleanup();
  }
}

/** Sends and edits Telegram accepted (the methods its flood limits count). */
function counted(telegram: ReturnType<typeof createBotApiServer>): number {
  return telegram.calls.filter((c) => c.ok && /^(send(?!ChatAction)|edit|copy|forward)/i.test(c.method)).length;
}

/** A metric's value on the instance whose operator port is `port`. */
async function metric(port: number, name: string): Promise<number | null> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? null : Number(line.split(" ")[1]);
}

/** True once the instance answers /readyz on its operator port with 200 (its webhook registered, the database and partner answered). */
async function ready(port: number): Promise<true | undefined> {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
  return response?.status === 200 ? true : undefined;
}

async function instancesSeen(port: number): Promise<number | null> {
  return metric(port, "fairway_instances").catch(() => null);
}

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
