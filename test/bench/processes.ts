/**
 * The bots under test run as their own processes, as in production: fairway's start command and the
 * bare grammY baseline, each spawned with its environment and the bench world's clock (`clockEnv`).
 * Every process started here is remembered and killed by `killAll` (the bench calls it in `finally`
 * and on SIGINT/SIGTERM).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { WORLD_CLOCK_ENV, clockEnv } from "../helpers/clock.js";

/** The repository's root (the children's working directory). */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A command line: the executable and its arguments, run in ROOT. */
export interface Command {
  file: string;
  args: string[];
  /** How the report names it. */
  display: string;
}

/**
 * fairway's start command. With a compiled build (`dist/main.js`): production's start, `runFairway`
 * from the start bundle's `dist/bundle/run.js` (what `npm start` runs; tsc's `dist/run.js` when there is no
 * bundle) exactly as `main.js` calls it, but on the bench world's clock (read from
 * FAIRWAY_TEST_WORLD_NOW, as test/helpers/world-main.ts does for the sources), so "today" and
 * "tomorrow" do not depend on the machine's date; `literal` runs `node dist/main.js` itself, on the
 * machine's clock. Without a build: `node --import tsx test/helpers/world-main.ts`. With `profileDir`,
 * node's `--cpu-prof` writes a .cpuprofile there when the process exits cleanly. With `sqlStats`, the
 * SQLite statements are counted (`sql-stats.ts`, loaded with tsx) into the file the environment's
 * FAIRWAY_BENCH_SQL_STATS names.
 */
export function fairwayCommand(options: { literal?: boolean; profileDir?: string; sqlStats?: boolean } = {}): Command {
  // --cpu-prof writes the profile when the process exits normally (the bench then stops it with SIGTERM).
  const prof = [
    ...(options.profileDir !== undefined ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : []),
    // The statements' counter (sql-stats.mjs), writing to FAIRWAY_BENCH_SQL_STATS.
    ...(options.sqlStats
      ? ["--import", "tsx", "--import", pathToFileURL(join(ROOT, "test", "bench", "sql-stats.ts")).href]
      : []),
  ];
  if (existsSync(join(ROOT, "dist", "main.js"))) {
    if (options.literal)
      return {
        file: process.execPath,
        args: [...prof, "dist/main.js"],
        display: "node dist/main.js (on the machine's clock)",
      };
    // The bundle's run.js when `npm run build` made one: the code `npm start` runs; tsc's dist/run.js else.
    const bundled = existsSync(join(ROOT, "dist", "bundle", "run.js"));
    const run = JSON.stringify(pathToFileURL(join(ROOT, "dist", ...(bundled ? ["bundle"] : []), "run.js")).href);
    const at = `process.env.${WORLD_CLOCK_ENV}`;
    const code = [
      `import { exitOnStartFailure, runFairway } from ${run};`,
      `const at = Number(${at});`,
      `runFairway(process.env, ${at} && Number.isFinite(at) ? { now: () => Math.floor(at + performance.now()) } : {}).catch(exitOnStartFailure);`,
    ].join("\n");
    return {
      file: process.execPath,
      args: [...prof, "--input-type=module", "--eval", code],
      display: bundled
        ? "npm start's start bundle (runFairway of dist/bundle/run.js) on the world clock"
        : "node dist/main.js's start (runFairway of dist/run.js) on the world clock",
    };
  }
  const args = [...prof, "--import", "tsx", "test/helpers/world-main.ts"];
  return { file: process.execPath, args, display: `node ${args.join(" ")}` };
}

/**
 * When `dist/` exists but a file under `src/` is newer than the build: the newest such file. The build
 * is as new as its newest file (`tsc -b` rewrites only the outputs of changed sources).
 */
export function staleBuild(): string | undefined {
  if (!existsSync(join(ROOT, "dist", "main.js"))) return undefined;
  const newest = (dir: string): { path: string; at: number } | undefined =>
    readdirSync(dir, { withFileTypes: true })
      .map((e) =>
        e.isDirectory()
          ? newest(join(dir, e.name))
          : { path: join(dir, e.name), at: statSync(join(dir, e.name)).mtimeMs },
      )
      .reduce<{ path: string; at: number } | undefined>((a, b) => (b && (!a || b.at > a.at) ? b : a), undefined);
  const built = newest(join(ROOT, "dist"));
  const latest = newest(join(ROOT, "src"));
  return built && latest && latest.at > built.at ? relative(ROOT, latest.path) : undefined;
}

/** The bare grammY baseline bot (test/bench/baseline-bot.ts). */
export function baselineCommand(): Command {
  const args = ["--import", "tsx", "test/bench/baseline-bot.ts"];
  return { file: process.execPath, args, display: `node ${args.join(" ")}` };
}

/**
 * The conversations reference (test/bench/conversation-bot.ts): the baseline's flow inside a
 * conversations v2 conversation, in memory (`npm run bench -- --reference`).
 */
export function referenceCommand(): Command {
  const args = ["--import", "tsx", "test/bench/conversation-bot.ts"];
  return { file: process.execPath, args, display: `node ${args.join(" ")}` };
}

/** A bot in a child process. */
export interface BotProcess {
  child: ChildProcess;
  pid: number;
  /** `performance.now()` just before the spawn. */
  spawnedAt: number;
  /** The last 64 KB of its stdout and stderr. */
  output(): string;
  /** Lines of its output that look like warnings or errors (pino level ≥ 40), counted. */
  warnings(): number;
  /** SIGKILL (unless told otherwise), resolved when it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Whether it is still running. */
  running(): boolean;
}

const live = new Set<BotProcess>();

/** The environment a child gets: PATH and HOME, the time zone, then `env`, then the world clock. */
function childEnv(env: Record<string, string>, clock: () => number): Record<string, string> {
  const inherited = [
    "PATH",
    "HOME",
    "TZ",
    "LD_PRELOAD",
    "FAKETIME",
    "FAKETIME_DONT_RESET",
    "FAKETIME_NO_CACHE",
    "FAIRWAY_BENCH_SQL_STATS",
    "HEAP_GROWING_PERCENT",
    "NODE_OPTIONS", // an experiment's V8 flags or preloaded module reach the bots too
  ].flatMap((n) => {
    const value = process.env[n];
    return value !== undefined ? [[n, value] as const] : [];
  });
  return { ...Object.fromEntries(inherited), ...env, ...clockEnv(clock) };
}

/** Spawns `command` with `env` on `clock`; the process is killed by `killAll` if still running. */
export function startBot(command: Command, env: Record<string, string>, clock: () => number): BotProcess {
  const spawnedAt = performance.now();
  const child = spawn(command.file, command.args, {
    cwd: ROOT,
    env: childEnv(env, clock),
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error(`could not spawn ${command.display}`);
  let out = "";
  let warnings = 0;
  const collect = (d: Buffer) => {
    const text = d.toString();
    warnings += (text.match(/"level":(4|5|6)0/g) ?? []).length;
    out = (out + text).slice(-65_536);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const proc: BotProcess = {
    child,
    pid: child.pid,
    spawnedAt,
    output: () => out,
    warnings: () => warnings,
    running,
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      if (running()) child.kill(signal);
      await exited;
      live.delete(proc);
    },
  };
  live.add(proc);
  void exited.then(() => live.delete(proc));
  return proc;
}

/** Kills every bot process still running (SIGKILL) and waits for them to exit. */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map((p) => p.kill("SIGKILL")));
}

/** Kills every bot process at once, synchronously (for `process.on("exit")`). */
export function killAllNow(): void {
  for (const p of live) if (p.running()) p.child.kill("SIGKILL");
}
