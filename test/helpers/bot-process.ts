import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fairwayCommand } from "../bench/processes.js";
import { clockEnv } from "./clock.js";
import { addToTally } from "./tally.js";

/** The server's time zone and libfaketime's settings reach the child, as they would a production process. */
function inheritedTimeEnv(): Record<string, string> {
  const names = [
    "TZ",
    "LD_PRELOAD",
    "FAKETIME",
    "FAKETIME_DONT_RESET",
    "FAKETIME_NO_CACHE",
    "DYLD_INSERT_LIBRARIES",
    "DYLD_FORCE_FLAT_NAMESPACE",
  ];
  return Object.fromEntries(
    names.flatMap((n) => {
      const value = process.env[n];
      return value !== undefined ? [[n, value]] : [];
    }),
  );
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * fairway's real start (`runFairway`, as `src/main.ts` calls it) in a child process, so a test can
 * SIGKILL it; it runs on the test world's clock, handed over in `env` by `clockEnv` (test/helpers/clock.ts).
 */
export interface BotProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the bot logged that it is running. */
  ready: Promise<void>;
  /** Ends the process (SIGKILL unless told otherwise), e.g. when a test cleans up. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** A crash: SIGKILL, counted in the run's figures. */
  crash(): Promise<void>;
}

export function startBotProcess(env: Record<string, string>, clock: () => number): BotProcess {
  // runFairway of the dist/ that test/global-setup.ts built, on this world's clock (as the bench starts it).
  const command = fairwayCommand();
  const child = spawn(command.file, command.args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...inheritedTimeEnv(),
      ...env,
      ...clockEnv(clock),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    // A safety net, not a measurement: on a loaded CI machine a child waits for the CPU and for the
    // set-up lock that every PostgreSQL test's instances take in turn (a cold start is about 1 s alone).
    const timer = setTimeout(() => reject(new Error(`bot did not start within 60 s:\n${out}`)), 60_000);
    const check = () => {
      if (out.includes("fairway is running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bot exited with ${code}:\n${out}`));
    });
  });
  ready.catch(() => undefined);
  addToTally({ bots: 1 });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => out,
    ready,
    kill(signal = "SIGKILL") {
      if (!running()) return Promise.resolve();
      return new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill(signal);
      });
    },
    crash() {
      if (running()) addToTally({ sigkills: 1 });
      return this.kill("SIGKILL");
    },
  };
}
