/**
 * The cold-start benchmark (`npm run bench -- --cold-start`, or `npx tsx test/bench/cold-start.ts
 * [--runs 7]`; it builds first, as `npm run build`): how long the compiled fairway takes from its spawn to its first `getUpdates`, started as
 * an operator starts it with no configuration (the embedded sandbox, the local Bot API server and the
 * playground, all in its own process). Each figure is the median and the maximum of `--runs` starts
 * after one start not counted (it creates the database and warms the disk cache):
 *
 * - `node dist/bundle/main.js`: spawn → its first getUpdates request (seen in the child by a preloaded
 *   `diagnostics_channel` subscriber that prints one line; it costs about a millisecond);
 * - `npm start` with nothing changed (`tsc -b` finds the build up to date, the bundle's check finds it up
 *   to date, then the same start), and `tsc -b tsconfig.build.json` alone;
 * - importing `dist/app.js`, in a fresh `node` each time.
 *
 * Baselines in the same run: a minimal grammY bot (`new Bot(token).start()`, nothing else) spawned →
 * its first getUpdates against a local Bot API server in the bench process; `node` running an empty
 * script; importing `grammy` alone. Every child gets PLAYGROUND_PORT=0 (no clash with a playground
 * running on 8080), a database in a temporary folder and an empty ENV_FILE (a developer's `.env` is not
 * read). Prints a table and writes bench-results/bench-cold-start-<ISO time>.json.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { cpuMs, median } from "./measure.js";
import { buildForChildren } from "../helpers/child-build.js";
import { ROOT } from "./processes.js";
import { writeJson } from "./report.js";

/** What the child prints on stderr when it sends its first getUpdates. */
const MARK = "fairway-bench: first getUpdates";

/**
 * Preloaded into a bot's process (`--import`): prints MARK once, when the first getUpdates request
 * starts (grammY's client sends it through node:http).
 */
const MARKER = `data:text/javascript,${encodeURIComponent(
  `import dc from "node:diagnostics_channel";
let seen = false;
dc.subscribe("http.client.request.start", ({ request }) => {
  if (!seen && request.path.includes("/getUpdates")) {
    seen = true;
    process.stderr.write("\\n${MARK}\\n");
  }
});`,
)}`;

/** A minimal grammY bot: its token and API root from the environment, nothing but `start()`. */
const GRAMMY_BOT = `import { Bot } from "grammy";
const bot = new Bot(process.env.BOT_TOKEN, { client: { apiRoot: process.env.TELEGRAM_API_ROOT } });
bot.catch(() => undefined);
void bot.start();`;

interface Run {
  /** spawn → MARK (a start) or → exit (an import, an empty script, tsc), ms. */
  ms: number;
  /** What the child printed on stdout (an import's own time). */
  stdout: string;
  /** The child's CPU (user + system, every thread) at MARK, ms, in clock ticks (10 ms): it moves less with the machine's load. */
  cpuMs?: number;
}

/** The process groups of the children running now: killed if the bench is stopped (Ctrl-C) or fails. */
const groups = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Spawns `file args` in ROOT; resolves at MARK on stderr (then kills its process group) or at its exit. */
function timed(
  file: string,
  args: string[],
  env: Record<string, string>,
  until: "mark" | "exit",
  timeoutMs = 60_000,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Its own process group: `npm start` runs a shell and then node; the group is killed at once.
    const child = spawn(file, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const group = child.pid;
    if (group !== undefined) groups.add(group);
    let stdout = "";
    let stderr = "";
    let ms: number | undefined;
    let cpu: number | undefined;
    const timer = setTimeout(() => stop(new Error(`${file} ${args.join(" ")} took over ${timeoutMs} ms`)), timeoutMs);
    const stop = (error?: Error) => {
      clearTimeout(timer);
      if (group !== undefined) killGroup(group);
      if (error) reject(error);
    };
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8192);
      if (until === "mark" && ms === undefined && stderr.includes(MARK)) {
        ms = performance.now() - started;
        cpu = child.pid !== undefined ? cpuMs(child.pid) : undefined;
        stop();
      }
    });
    child.once("error", (error) => stop(error));
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (group !== undefined) {
        // The group may outlive its leader (npm's shell and node): end it whatever way the leader went.
        killGroup(group);
        groups.delete(group);
      }
      if (until === "exit" && code === 0) resolve({ ms: performance.now() - started, stdout });
      else if (until === "mark" && ms !== undefined)
        resolve({ ms, stdout, ...(cpu !== undefined ? { cpuMs: cpu } : {}) });
      else reject(new Error(`${file} ${args.join(" ")} exited (${code}) early:\n${stderr}`));
    });
  });
}

interface Figure {
  figure: string;
  command: string;
  times: number[];
  median: number;
  max: number;
  baseline?: { figure: string; median: number; ratio: number };
  target?: string;
}

function figure(name: string, command: string, times: number[], baseline?: Figure, target?: string): Figure {
  const m = median(times) ?? Number.NaN;
  return {
    figure: name,
    command,
    times,
    median: m,
    max: Math.max(...times),
    ...(baseline ? { baseline: { figure: baseline.figure, median: baseline.median, ratio: m / baseline.median } } : {}),
    ...(target ? { target } : {}),
  };
}

/** Runs the cold-start benchmark with command-line `args` (without `--cold-start`) and prints its figures. */
export async function coldStartBench(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { runs: { type: "string", default: "7" } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number ≥ 1");
  // The build first (`npm run build`: tsc, then the start bundle), so every `npm start` below finds nothing changed.
  buildForChildren();
  const label = new Date().toISOString();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const tmp = mkdtempSync(join(tmpdir(), "fairway-cold-start-"));
  const telegram = createBotApiServer();
  const killAll = () => {
    for (const group of groups) killGroup(group);
  };
  process.once("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      killAll();
      rmSync(tmp, { recursive: true, force: true });
      process.exit(130);
    });
  try {
    const envFile = join(tmp, "empty.env");
    writeFileSync(envFile, "");
    const base = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmp,
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
    };
    const fairwayEnv = {
      ...base,
      ENV_FILE: envFile,
      DATABASE_URL: `sqlite:${join(tmp, "fairway.sqlite")}`,
      PLAYGROUND_PORT: "0",
    };
    const node = process.execPath;
    /** A fresh node importing `url`: the import's own time, as the child measured it. */
    const importTime = async (url: string): Promise<Run> => {
      const code = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
      const run = await timed(node, ["--input-type=module", "--eval", code], base, "exit");
      return { ...run, ms: Number(run.stdout) };
    };
    const grammyEnv = { ...base, BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: await telegram.listen(0) };
    // npm and tsc get the marker too (NODE_OPTIONS); only fairway sends a getUpdates.
    const npmEnv = { ...fairwayEnv, NODE_OPTIONS: `--import=${MARKER}` };
    const tscBin = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const appUrl = pathToFileURL(join(ROOT, "dist", "app.js")).href;
    const measures: Record<string, () => Promise<Run>> = {
      fairway: () => timed(node, ["--import", MARKER, "dist/bundle/main.js"], fairwayEnv, "mark"),
      grammy: () => timed(node, ["--import", MARKER, "--input-type=module", "--eval", GRAMMY_BOT], grammyEnv, "mark"),
      npmStart: () => timed("npm", ["start"], npmEnv, "mark"),
      tsc: () => timed(node, [tscBin, "-b", "tsconfig.build.json"], base, "exit"),
      bare: () => timed(node, ["--eval", ""], base, "exit"),
      appImport: () => importTime(appUrl),
      grammyImport: () => importTime("grammy"),
    };
    const times: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    const ms = (name: string) => times[name] ?? [];
    const cpuOf = (name: string) => cpu[name] ?? [];
    // Round after round, each figure once a round: the machine's load (shared with others) weighs on every
    // figure alike, so their ratios hold. Round 0 is not counted.
    log(`cold start: ${runs} rounds after one not counted (${ROOT})`);
    for (let round = 0; round <= runs; round++) {
      for (const [name, measure] of Object.entries(measures)) {
        const run = await measure();
        if (round === 0) continue;
        (times[name] ??= []).push(run.ms);
        if (run.cpuMs !== undefined) (cpu[name] ??= []).push(run.cpuMs);
      }
      if (round > 0)
        log(
          `  round ${round}: node dist/bundle/main.js ${ms("fairway").at(-1)!.toFixed(0)} ms, npm start ${ms("npmStart").at(-1)!.toFixed(0)} ms`,
        );
    }
    const grammy = figure(
      "minimal grammY bot: spawn → first getUpdates",
      "node -e 'new Bot(token).start()'",
      ms("grammy"),
    );
    const fairway = figure(
      "node dist/bundle/main.js: spawn → first getUpdates",
      "node dist/bundle/main.js",
      ms("fairway"),
      grammy,
      "≤ 1000 ms",
    );
    const grammyCpu = figure("minimal grammY bot: CPU to first getUpdates", "(the same starts)", cpuOf("grammy"));
    const fairwayCpu = figure(
      "node dist/bundle/main.js: CPU to first getUpdates",
      "(the same starts)",
      cpuOf("fairway"),
      grammyCpu,
    );
    const bare = figure("node, an empty script: spawn → exit", "node -e ''", ms("bare"));
    const tsc = figure(
      "tsc -b tsconfig.build.json, up to date: spawn → exit",
      "tsc -b tsconfig.build.json",
      ms("tsc"),
      bare,
    );
    const npmStart = figure(
      "npm start, nothing changed: spawn → first getUpdates",
      "npm start",
      ms("npmStart"),
      fairway,
      `≤ node dist/bundle/main.js + 500 ms (${(fairway.median + 500).toFixed(0)} ms)`,
    );
    const grammyImport = figure("import grammy (in a fresh node)", "await import('grammy')", ms("grammyImport"));
    const appImport = figure(
      "import dist/app.js (in a fresh node)",
      "await import('./dist/app.js')",
      ms("appImport"),
      grammyImport,
    );
    const figures = [fairway, grammy, fairwayCpu, grammyCpu, npmStart, tsc, bare, appImport, grammyImport];
    log("");
    log("| figure | median | max | against | ratio | target |");
    log("|---|---|---|---|---|---|");
    for (const f of figures)
      log(
        `| ${f.figure} | ${f.median.toFixed(0)} ms | ${f.max.toFixed(0)} ms | ${f.baseline ? `${f.baseline.figure.split(":")[0]} (${f.baseline.median.toFixed(0)} ms)` : ""} | ${f.baseline ? `${f.baseline.ratio.toFixed(2)}×` : ""} | ${f.target ?? ""} |`,
      );
    // Paired by round: both starts of a round ran under about the same load.
    const extra = median(ms("npmStart").map((t, i) => t - ms("fairway")[i]!)) ?? Number.NaN;
    log(
      `\nnpm start − node dist/bundle/main.js, median of the rounds' differences: ${extra.toFixed(0)} ms (target ≤ 500 ms)`,
    );
    const path = writeJson(`cold-start-${label}`, {
      label,
      runs,
      node: process.version,
      figures,
      npmStartExtraMs: extra,
    });
    log(`figures in ${path}`);
  } finally {
    await telegram.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  coldStartBench(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
