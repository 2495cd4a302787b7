/**
 * The search benchmark (`npm run bench -- --find`, or `npx tsx test/bench/find.ts [--latency-ms 150]
 * [--runs 5]`): fairway as its own process (production's start on the world clock), the partner sandbox
 * answering every API call after `--latency-ms`, and the local Bot API server. An agent sends `/find <day>`
 * (every course in the catalog, one day) once per run, each run on a day not searched before, and again
 * within the minute with another time of day. Printed per run: the courses searched, the partner's
 * tee-time reads for the first search and for the repeat (target: one per course and date, then none),
 * the time from the message to the results (the Bot API server's clock of the send), the slowest single
 * tee-time read of that day measured by a client in the bench process, and their ratio (target ≤ 1.5).
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { addDaysToDateKey, courseToday } from "../../src/bot/format/dates.js";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { createPartnerClient } from "../../src/partner/index.js";
import { startBotProcess } from "../helpers/bot-process.js";
import { worldClock } from "../helpers/clock.js";
import { sqliteDatabase } from "../helpers/databases.js";
import { quantile, waitUntil } from "../helpers/flood.js";
import { TEST_BOT_TOKEN, testEnv } from "../helpers/harness.js";

const TEE_TIMES = /\/tee-time$/;
const AGENT = 9300;

interface FindRun {
  date: string;
  courses: number;
  reads: number;
  repeatReads: number;
  answerMs: number;
  slowestReadMs: number;
}

/** Runs the search benchmark with command-line `args` (without `--find`) and prints its figures. */
export async function findBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { "latency-ms": { type: "string", default: "150" }, runs: { type: "string", default: "5" } },
  });
  const latencyMs = Number(values["latency-ms"]);
  const runs = Number(values.runs);
  const clock = worldClock();
  const sandbox = createSandbox({ clock });
  const partnerUrl = await sandbox.listen(0);
  const telegram = createBotApiServer({ token: TEST_BOT_TOKEN, clock });
  const apiRoot = await telegram.listen(0);
  const db = sqliteDatabase();
  const bot = startBotProcess(
    {
      ...testEnv({ apiRoot, partnerUrl, apiKey: sandbox.apiKey, db }),
      AGENT_IDS: String(AGENT),
      LOG_LEVEL: "info",
    },
    clock,
  );
  const client = createPartnerClient({ baseURL: partnerUrl, apiKey: sandbox.apiKey, timeoutMs: 30_000 });
  const results: FindRun[] = [];
  try {
    await bot.ready;
    const agent = telegram.user({ id: AGENT, language_code: "en" });
    // Warm up: the course list (cached for 10 minutes) and the process, on a day no run searches.
    const today = courseToday(clock(), "Asia/Bangkok");
    await search(agent, `/find ${dayMonth(today)}`);
    sandbox.faults.set({ latencyMs });
    const courses = (await client.listCourses()).filter((c) => c.status.toUpperCase() !== "CLOSED");
    for (let i = 1; i <= runs; i++) {
      const date = addDaysToDateKey(today, i);
      const before = sandbox.count("GET", TEE_TIMES);
      const answerMs = await search(agent, `/find ${dayMonth(date)}`);
      const reads = sandbox.count("GET", TEE_TIMES) - before;
      await search(agent, `/find ${dayMonth(date)} afternoon`);
      const repeatReads = sandbox.count("GET", TEE_TIMES) - before - reads;
      // The slowest single read of that day, one at a time.
      let slowestReadMs = 0;
      for (const course of courses) {
        const t0 = performance.now();
        await client.listTeeTimes(course.id, date);
        slowestReadMs = Math.max(slowestReadMs, performance.now() - t0);
      }
      results.push({ date, courses: courses.length, reads, repeatReads, answerMs, slowestReadMs });
    }
  } finally {
    await bot.kill();
    await telegram.close();
    await sandbox.close();
    await db.cleanup();
  }

  /** Sends `text` and resolves with the ms until the bot's results message arrives. */
  async function search(agent: ReturnType<typeof telegram.user>, text: string): Promise<number> {
    const count = () => agent.messages().filter((m) => m.from?.is_bot && m.text?.includes("Find a tee time")).length;
    const seen = count();
    const t0 = performance.now();
    agent.send(text);
    await waitUntil(telegram, "the search's results", () => count() > seen, 60_000);
    return performance.now() - t0;
  }

  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`search benchmark: /find <day> over every course, partner latency ${latencyMs} ms per call`);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.date,
        {
          courses: r.courses,
          "tee-time reads": r.reads,
          "reads, repeat within a minute": r.repeatReads,
          "message → results": ms(r.answerMs),
          "slowest single read": ms(r.slowestReadMs),
          ratio: (r.answerMs / r.slowestReadMs).toFixed(2),
        },
      ]),
    ),
  );
  const ratios = results.map((r) => r.answerMs / r.slowestReadMs);
  const worst = Math.max(...ratios);
  const readsMet = results.every((r) => r.reads <= r.courses && r.repeatReads === 0);
  console.log(
    `ratio median ${quantile(ratios, 0.5).toFixed(2)}, worst ${worst.toFixed(2)} (target ≤ 1.5: ${worst <= 1.5 ? "met" : "missed"}); ` +
      `reads: at most one per course and date, none on the repeat (${readsMet ? "met" : "missed"})`,
  );
}

/** `YYYY-MM-DD` → `dd/mm`, as an agent types a date. */
function dayMonth(date: string): string {
  return `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  findBench(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `find bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
