/**
 * The flood benchmark (`npm run bench -- --flood`, or `npx tsx test/bench/flood.ts [--agents 20]
 * [--messages 600] [--seconds 3] [--think-ms 1000] [--jitter 500] [--runs 1]`): fairway as its own process (`test/helpers/world-main.ts`,
 * the production start on the world clock), a partner sandbox and a local Bot API server that enforces
 * Telegram's flood limits (`rateLimits: true`), on a fresh SQLite file per run. N agents book at once
 * (/book → paid, each pausing `--think-ms` + up to `--jitter` ms before each action, as a person reads;
 * with no pause 20 agents ask for more than Telegram's 30 messages a second, and every answer waits for
 * the budget, flood or not); in the flood run one stranger sends M
 * messages spread over S seconds meanwhile. Printed: the p95 of tap → answer over every step of every
 * booking, with and without the flood, their ratio (target ≤ 2), the stranger's replies (≤ 2) and the
 * 429s the server sent (0).
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { startBotProcess } from "../helpers/bot-process.js";
import { worldClock } from "../helpers/clock.js";
import { sqliteDatabase } from "../helpers/databases.js";
import { flood, quantile, timedBooking } from "../helpers/flood.js";
import { TEST_BOT_TOKEN, testEnv } from "../helpers/harness.js";

/** Runs the flood benchmark with command-line `args` (without `--flood`) and prints its figures. */
export async function floodBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      agents: { type: "string", default: "20" },
      messages: { type: "string", default: "600" },
      seconds: { type: "string", default: "3" },
      runs: { type: "string", default: "1" },
      "think-ms": { type: "string", default: "1000" },
      jitter: { type: "string", default: "500" },
    },
  });
  const settings: FloodSettings = {
    agents: Number(values.agents),
    messages: Number(values.messages),
    seconds: Number(values.seconds),
    thinkMs: Number(values["think-ms"]),
    jitter: Number(values.jitter),
  };
  const { agents, messages, seconds, thinkMs, jitter } = settings;
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const runs = Number(values.runs);
  for (let i = 0; i < runs; i++) {
    const quiet = await run(settings, false);
    const flooded = await run(settings, true);
    console.log(
      `flood benchmark: ${agents} agents booking at once (think ${thinkMs} ms + up to ${jitter} ms); flood: one stranger, ${messages} messages in ${seconds} s; server enforces Telegram's limits`,
    );
    console.table({
      "without flood": {
        "p50 tap→answer": ms(quiet.p50),
        "p95 tap→answer": ms(quiet.p95),
        max: ms(quiet.max),
        paid: quiet.paid,
        "stranger replies": "-",
        "429s sent": quiet.refused429,
      },
      "with flood": {
        "p50 tap→answer": ms(flooded.p50),
        "p95 tap→answer": ms(flooded.p95),
        max: ms(flooded.max),
        paid: flooded.paid,
        "stranger replies": flooded.strangerReplies,
        "429s sent": flooded.refused429,
      },
    });
    const ratio = flooded.p95 / quiet.p95;
    console.log(`p95 ratio (flood / no flood): ${ratio.toFixed(2)} (target ≤ 2: ${ratio <= 2 ? "met" : "missed"})`);
  }
}

interface FloodSettings {
  agents: number;
  messages: number;
  seconds: number;
  thinkMs: number;
  jitter: number;
}

interface Run {
  p95: number;
  p50: number;
  max: number;
  paid: number;
  strangerReplies: number;
  refused429: number;
}

async function run({ agents, messages, seconds, thinkMs, jitter }: FloodSettings, withFlood: boolean): Promise<Run> {
  const clock = worldClock();
  const sandbox = createSandbox({ clock });
  const partnerUrl = await sandbox.listen(0);
  const telegram = createBotApiServer({ token: TEST_BOT_TOKEN, clock, rateLimits: true });
  const apiRoot = await telegram.listen(0);
  const db = sqliteDatabase();
  const ids = Array.from({ length: agents }, (_, i) => 9100 + i);
  const bot = startBotProcess(
    {
      ...testEnv({ apiRoot, partnerUrl, apiKey: sandbox.apiKey, db }, { productionLimits: true }),
      AGENT_IDS: ids.join(","),
      LOG_LEVEL: "info",
      PARTNER_TIMEOUT_MS: "30000",
    },
    clock,
  );
  try {
    await bot.ready;
    const stranger = telegram.user({ id: 9099, language_code: "en" });
    const users = ids.map((id) => telegram.user({ id, language_code: "en" }));
    const flooding = withFlood ? flood(stranger, messages, seconds * 1000) : Promise.resolve();
    const latencies = (
      await Promise.all(
        users.map((u, i) =>
          timedBooking(telegram, u, i, { stepTimeoutMs: 60_000, thinkMs: () => thinkMs + Math.random() * jitter }),
        ),
      )
    ).flat();
    await flooding;
    await new Promise((r) => setTimeout(r, 1000));
    return {
      p95: quantile(latencies, 0.95),
      p50: quantile(latencies, 0.5),
      max: Math.max(...latencies),
      paid: sandbox.reservations().filter((r) => r.status === "PAID").length,
      strangerReplies: stranger.messages().filter((m) => m.from?.is_bot).length,
      refused429: telegram.rateLimited().length,
    };
  } finally {
    await bot.kill();
    await telegram.close();
    await sandbox.close();
    await db.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  floodBench(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `flood bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
