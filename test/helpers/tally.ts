/**
 * The figures of a test run that docs/testing.md's "Reliability" section quotes: every harness (and crash
 * world) adds what it saw when it stops; `test/global-setup.ts` adds them up once the run ends.
 *
 * Each test worker appends lines to test-results/tally/<run>/<worker>.jsonl, where <run> is the
 * vitest process (the workers' parent), so concurrent runs in one checkout do not mix.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "test-results", "tally");

export interface Tally {
  /** Running copies of fairway: in-process harnesses and crash worlds. */
  bots: number;
  /** Requests the partner sandbox received from them. */
  partnerRequests: number;
  /** Of those, answered with an injected fault (before or after applying the operation). */
  partnerFaults: number;
  /** Bot API calls the local Telegram server received (long polls included). */
  telegramCalls: number;
  /** Injected Telegram faults: errors, dropped calls and dropped connections. */
  telegramFaults: number;
  /** fairway processes killed with SIGKILL. */
  sigkills: number;
  /** Invariant checks run (ledger against the sandbox, to the satang) and the violations they found. */
  invariantChecks: number;
  violations: number;
}

const EMPTY_TALLY: Tally = {
  bots: 0,
  partnerRequests: 0,
  partnerFaults: 0,
  telegramCalls: 0,
  telegramFaults: 0,
  sigkills: 0,
  invariantChecks: 0,
  violations: 0,
};

/** What a test's partner sandbox and Telegram server saw. */
export function serverFigures(
  sandbox: { requests: readonly { fault?: string | undefined }[] },
  telegram: { calls: readonly unknown[]; faultsInjected(): number },
): Partial<Tally> {
  return {
    partnerRequests: sandbox.requests.length,
    partnerFaults: sandbox.requests.filter((r) => r.fault !== undefined).length,
    telegramCalls: telegram.calls.length,
    telegramFaults: telegram.faultsInjected(),
  };
}

/** Adds one bot's figures to this run's tally. Never fails a test. */
export function addToTally(figures: Partial<Tally>): void {
  try {
    const dir = join(ROOT, String(process.ppid));
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(figures)}\n`);
  } catch {
    // the figures are a report, not a check
  }
}

/** The sum of a run's figures (the run = the vitest process `runPid`); removes its folder. */
export function collectTally(runPid: number): Tally {
  const dir = join(ROOT, String(runPid));
  const total = { ...EMPTY_TALLY };
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
  } catch {
    return total;
  }
  for (const file of files) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const figures = JSON.parse(line) as Partial<Tally>;
      for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += figures[key] ?? 0;
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return total;
}

/** One line for people, as printed at the end of `npm test`. */
export function formatTally(t: Tally): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return (
    `reliability: ${n(t.bots)} bots run, ${n(t.partnerRequests)} partner requests (${n(t.partnerFaults)} faults injected), ` +
    `${n(t.telegramCalls)} Telegram calls (${n(t.telegramFaults)} faults injected), ${n(t.sigkills)} SIGKILLs, ` +
    `${n(t.invariantChecks)} invariant checks, ${n(t.violations)} violations`
  );
}

/** Keeps the line in test-results/tally/summary.txt. */
export function keepTally(line: string): void {
  mkdirSync(ROOT, { recursive: true });
  writeFileSync(join(ROOT, "summary.txt"), `${line}\n`);
}
