/**
 * The hostile suite's figures: each file prints its own (`reportFigures`) and stores them under
 * test-results/hostile/<run>/, where <run> is the vitest process (the workers' parent), so concurrent
 * runs in one checkout do not mix; `test/global-setup.ts` prints the total once the run ends
 * (`hostileTotal`), when every hostile file ran.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "test-results", "hostile");

/** The files whose figures make a total. */
export const HOSTILE_FILES = ["strangers", "members", "callbacks", "links", "details"] as const;

export interface Figures {
  /** Generated cases sent to the bot. */
  cases: number;
  /** Generated cases checked against a function directly (validators), reported apart. */
  direct?: number;
  batches: number;
  violations: number;
  seed: number;
  ms: number;
}

/** Prints this file's figures and stores them for the run's total. */
export function reportFigures(name: (typeof HOSTILE_FILES)[number], figures: Figures): void {
  const dir = join(ROOT, String(process.ppid));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ name, ...figures, at: new Date().toISOString() }));
  const direct = figures.direct ? ` (+ ${figures.direct} direct)` : "";
  console.log(
    `hostile/${name}: ${figures.cases} cases${direct} in ${figures.batches} batches, ${figures.violations} violations, seed ${figures.seed}, ${(figures.ms / 1000).toFixed(1)} s`,
  );
}

/**
 * The total line of the run `runPid` (`hostile: N cases through the bot (+ M direct), V violations`),
 * kept in test-results/hostile/summary.txt; undefined unless every hostile file reported. Removes the
 * run's folder.
 */
export function hostileTotal(runPid: number): string | undefined {
  const dir = join(ROOT, String(runPid));
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return undefined;
  }
  const all = files.map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Figures & { name: string });
  rmSync(dir, { recursive: true, force: true });
  if (!HOSTILE_FILES.every((n) => all.some((r) => r.name === n))) return undefined;
  const total = all.reduce(
    (t, r) => ({
      cases: t.cases + r.cases,
      direct: t.direct + (r.direct ?? 0),
      violations: t.violations + r.violations,
    }),
    { cases: 0, direct: 0, violations: 0 },
  );
  const line = `hostile: ${total.cases} cases through the bot (+ ${total.direct} direct), ${total.violations} violations (${all.map((r) => `${r.name} ${r.cases}`).join(", ")})`;
  writeFileSync(join(ROOT, "summary.txt"), `${line}\n`);
  return line;
}
