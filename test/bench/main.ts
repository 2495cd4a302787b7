/**
 * `npm run bench` (`npx tsx test/bench/main.ts [--agents N] [--seconds S] …`): fairway in its own
 * process against a bare grammY baseline, both driven by the same simulated agents through the local
 * Bot API server and the partner sandbox (all on 127.0.0.1), one bot after the other. Prints a table
 * (figure | fairway | baseline | ratio | target) and writes it with the raw figures to
 * bench-results/bench-<ISO time>.json. Never part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { worldClock, type WorldClock } from "../helpers/clock.js";
import { median, peakRssBytes } from "./measure.js";
import { humanPhase, monthTaps } from "./phases.js";
import {
  baselineCommand,
  fairwayCommand,
  killAll,
  killAllNow,
  referenceCommand,
  staleBuild,
  type Command,
} from "./processes.js";
import { buildRows, formatTable, referenceLine, writeJson, type BotFigures } from "./report.js";
import { saturationPhase } from "./saturation.js";
import { StorageProbe } from "./storage.js";
import { agentIds, botEnv, coldStarts, createWorld, startPolling, type AgentIds } from "./world.js";

interface Options {
  agents: number;
  seconds: number;
  thinkMs: number;
  jitter: number;
  taps: number;
  stepSeconds: number;
  coldStarts: number;
  only?: "fairway" | "baseline";
  /** Run `node dist/main.js` itself (on the machine's clock) instead of its start on the world clock. */
  literalStart?: boolean;
  /** Directory for fairway's `.cpuprofile` (node --cpu-prof); fairway is then stopped with SIGTERM. */
  profile?: string;
  /** File for fairway's SQLite statements, counted by SQL text (sql-stats.ts). */
  sqlStats?: string;
  /** Also run the conversations reference (conversation-bot.ts) after the baseline. */
  reference?: boolean;
}

const USAGE = `usage: npx tsx test/bench/main.ts [options]
  --agents N        human-paced agents (default 200; saturation uses up to min(N, 256))
  --seconds S       how long the human-paced agents start bookings, per bot (default 45;
                    they then finish the bookings in progress)
  --think-ms MS     pause between an agent's actions (default 3000)
  --jitter J        the pause varies by ± J of it (default 0.5)
  --taps N          month-pager taps of the growth test (default 300)
  --step-seconds S  measured window of each saturation step (default 4)
  --cold-starts N   cold starts per bot (default 3)
  --only NAME       fairway or baseline only
  --literal-start   with a build, run \`node dist/main.js\` itself (on the machine's clock: then the
                    dates fairway offers depend on the machine's date) instead of its start on the
                    bench world's clock
  --profile DIR     start fairway with node --cpu-prof --cpu-prof-dir DIR and stop it with SIGTERM
                    so the profile is written (its cold starts are killed and leave none)
  --sql-stats FILE  count fairway's SQLite statements by SQL text (count, wall and CPU ms on the
                    main thread; test/bench/sql-stats.ts) into FILE, a tab-separated table
  --reference       also run the conversations reference (test/bench/conversation-bot.ts: the
                    baseline's flow inside a conversations v2 conversation, in memory) after the
                    baseline, and print its CPU per update next to both`;

/** Parses `--name value` and `--name=value`; exits with the usage on anything else. */
function parseArgs(argv: string[]): Options {
  const o: Options = { agents: 200, seconds: 45, thinkMs: 3000, jitter: 0.5, taps: 300, stepSeconds: 4, coldStarts: 3 };
  const numbers: Record<
    string,
    Exclude<keyof Options, "only" | "literalStart" | "profile" | "sqlStats" | "reference">
  > = {
    agents: "agents",
    seconds: "seconds",
    "think-ms": "thinkMs",
    jitter: "jitter",
    taps: "taps",
    "step-seconds": "stepSeconds",
    "cold-starts": "coldStarts",
  };
  const fail = (why: string): never => {
    process.stderr.write(`${why}\n${USAGE}\n`);
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === "--literal-start") {
      o.literalStart = true;
      continue;
    }
    if (arg === "--reference") {
      o.reference = true;
      continue;
    }
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg) ?? fail(`unknown argument ${arg}`);
    const name = match[1]!;
    const value = match[2] ?? argv[++i] ?? fail(`--${name} needs a value`);
    if (name === "only") {
      if (value !== "fairway" && value !== "baseline") fail("--only is fairway or baseline");
      o.only = value as "fairway" | "baseline";
      continue;
    }
    if (name === "profile") {
      o.profile = resolve(value);
      continue;
    }
    if (name === "sql-stats") {
      o.sqlStats = resolve(value);
      process.env.FAIRWAY_BENCH_SQL_STATS = o.sqlStats;
      continue;
    }
    const key = numbers[name] ?? fail(`unknown option --${name}`);
    const n = Number(value);
    if (
      !Number.isFinite(n) ||
      n < 0 ||
      (key !== "jitter" && key !== "seconds" && key !== "stepSeconds" && !Number.isInteger(n))
    )
      fail(`--${name} must be a number ≥ 0`);
    o[key] = n;
  }
  if (o.agents < 1 || o.taps < 10 || o.coldStarts < 1 || o.jitter > 1)
    fail("--agents ≥ 1, --taps ≥ 10, --cold-starts ≥ 1, --jitter ≤ 1");
  return o;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Every phase against one bot, in its own fresh world on the run's clock. */
async function benchBot(
  name: BotFigures["name"],
  command: Command,
  clock: WorldClock,
  ids: AgentIds,
  dbPath: string,
  o: Options,
): Promise<BotFigures> {
  const world = await createWorld(clock);
  try {
    for (const id of [...ids.human, ...ids.saturation, ids.tapper]) world.user(id);
    const env = botEnv(world, dbPath, ids);
    log(`${name}: ${command.display}`);
    const cold = await coldStarts(world, command, env, o.coldStarts);
    log(`  cold starts: ${cold.map((t) => `${t.toFixed(0)} ms`).join(", ")}`);
    const { bot } = await startPolling(world, command, env);
    const probe = name === "fairway" ? new StorageProbe(dbPath) : undefined;
    try {
      log(
        `  human pace: ${ids.human.length} agents for ${o.seconds} s, ${o.thinkMs} ms ± ${o.jitter * 100}% between actions`,
      );
      const human = await humanPhase(world, bot, {
        agents: ids.human,
        seconds: o.seconds,
        thinkMs: o.thinkMs,
        jitter: o.jitter,
        ...(probe ? { probe } : {}),
      });
      log(
        `  … ${human.actions} actions, ${human.stats.paid} bookings paid, p99 ${human.latency.visible.p99?.toFixed(1) ?? "-"} ms, ${human.stats.stalls} stalls`,
      );
      for (const note of human.stats.stallNotes) log(`    stall: ${note}`);
      // The high-water mark so far: the start and the human-paced agents (the target's load), before saturation.
      const humanPeakRss = peakRssBytes(bot.pid) ?? null;
      log(`  month pager: ${o.taps} taps`);
      const taps = await monthTaps(world, ids.tapper, o.taps, probe);
      log(
        `  … median ${taps.firstTenMedian?.toFixed(1) ?? "-"} ms (taps 1–10) → ${taps.lastTenMedian?.toFixed(1) ?? "-"} ms (last 10)`,
      );
      log(`  saturation: up to ${ids.saturation.length} agents, ${o.stepSeconds} s a step`);
      const saturation = await saturationPhase(world, bot, {
        agents: ids.saturation,
        stepSeconds: o.stepSeconds,
        warmupSeconds: 1,
        limitMs: 250,
      });
      return {
        name,
        command: command.display,
        coldStartsMs: cold,
        coldStartMedianMs: median(cold),
        human,
        taps,
        saturation,
        humanPeakRssBytes: humanPeakRss,
        peakRssBytes: peakRssBytes(bot.pid) ?? null,
        warnings: bot.warnings(),
        ...(probe ? { storageTables: probe.describe() } : {}),
      };
    } finally {
      probe?.close();
      // A profiled fairway must exit by itself for node to write its .cpuprofile.
      await bot.kill(name === "fairway" && o.profile !== undefined ? "SIGTERM" : "SIGKILL");
    }
  } finally {
    await world.close();
  }
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  // The file name's time is the only wall-clock read, a label: every figure runs on the world clock and performance.now().
  const label = new Date().toISOString();
  const clock = worldClock();
  const tmp = mkdtempSync(join(tmpdir(), "fairway-bench-"));
  const cleanup = () => {
    killAllNow();
    rmSync(tmp, { recursive: true, force: true });
  };
  process.once("exit", cleanup);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanup();
      process.exit(130);
    });
  }
  const started = performance.now();
  try {
    const ids = agentIds(o.agents);
    const stale = staleBuild();
    if (stale)
      log(`warning: dist/ is older than ${stale}: fairway runs the last build (npm run build to measure the sources)`);
    const fairway =
      o.only !== "baseline"
        ? await benchBot(
            "fairway",
            fairwayCommand({
              literal: o.literalStart === true,
              ...(o.profile !== undefined ? { profileDir: o.profile } : {}),
              ...(o.sqlStats !== undefined ? { sqlStats: true } : {}),
            }),
            clock,
            ids,
            join(tmp, "fairway.sqlite"),
            o,
          )
        : undefined;
    const baseline =
      o.only !== "fairway"
        ? await benchBot("baseline", baselineCommand(), clock, ids, join(tmp, "baseline.sqlite"), o)
        : undefined;
    const reference = o.reference
      ? await benchBot("reference", referenceCommand(), clock, ids, join(tmp, "reference.sqlite"), o)
      : undefined;
    const rows = buildRows(fairway, baseline, o.agents);
    log("");
    log(formatTable(rows));
    if (reference) log(`\n${referenceLine(reference, fairway, baseline)}`);
    const path = writeJson(label, {
      label,
      options: o,
      staleBuild: stale ?? null,
      runSeconds: (performance.now() - started) / 1000,
      rows,
      fairway,
      baseline,
      ...(reference ? { reference } : {}),
    });
    log(
      `\n${rows.filter((r) => r.met === "missed").length} of ${rows.filter((r) => r.met === "met" || r.met === "missed").length} targets missed; figures in ${path}`,
    );
    log(`run took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await killAll();
    cleanup();
  }
}

// `npm run bench -- --flood`: the flood benchmark (flood.ts) instead; `-- --steps`: CPU per booking step
// (steps.ts); `-- --find`: the search across courses (find.ts); `-- --limits`: one and three instances
// against a Bot API server enforcing Telegram's limits (limits.ts); `-- --slips`: slips checked by the
// slip-check stand-in, slip → confirmed (slip-checks.ts); `-- --slips --reading`: another user's taps
// while payment slips are read (slips.ts); `-- --charts`: drawing /report's chart (charts.ts); `-- --vouchers`:
// encoding and drawing the e-voucher (vouchers.ts); `-- --cold-start`:
// the compiled start to its first getUpdates, `npm start` and importing dist/app.js (cold-start.ts);
// `-- --course-changes`: the course-changes poll over N upcoming bookings on a simulated clock (course-changes.ts);
// `-- --scale[=N]`: the commands and jobs on a ledger of N bookings against the few bookings they list (scale.ts).
const argv = process.argv.slice(2);
/** The other benchmarks, by their flag (given the arguments without it). */
const MODES: Record<string, (args: string[]) => Promise<unknown>> = {
  "--flood": (args) => import("./flood.js").then((m) => m.floodBench(args)),
  "--limits": (args) => import("./limits.js").then((m) => m.limitsBench(args)),
  "--find": (args) => import("./find.js").then((m) => m.findBench(args)),
  "--steps": (args) => import("./steps.js").then((m) => m.stepsBench(args)),
  "--slips": (args) =>
    args.includes("--reading") || args.includes("--sweep")
      ? import("./slips.js").then((m) => m.slipsBench(args.filter((a) => a !== "--reading")))
      : import("./slip-checks.js").then((m) => m.slipChecksBench(args)),
  "--charts": (args) => import("./charts.js").then((m) => m.chartsBench(args)),
  "--vouchers": (args) => import("./vouchers.js").then((m) => m.vouchersBench(args)),
  "--cold-start": (args) => import("./cold-start.js").then((m) => m.coldStartBench(args)),
  "--course-changes": (args) => import("./course-changes.js").then((m) => m.courseChangesBench(args)),
};
const mode = Object.keys(MODES).find((flag) => argv.includes(flag));
const run = argv.some((a) => a === "--scale" || a.startsWith("--scale="))
  ? import("./scale.js").then((m) => m.scaleBench(argv))
  : mode
    ? MODES[mode]!(argv.filter((a) => a !== mode))
    : main();
run.catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
