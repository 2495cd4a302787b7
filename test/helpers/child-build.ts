/**
 * One build for every child process the suite starts (docs/testing.md): `dist/` from `tsconfig.build.json`,
 * what `npm start` runs (incremental, so a second run costs well under a second). Children then start
 * from it with plain `node` (`fairwayCommand()` of test/bench/processes.ts), not `node --import tsx`,
 * which compiled TypeScript again in every process.
 *
 * `test/global-setup.ts` calls `buildForChildren()` once per run, before any worker starts.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../bench/processes.js";

/** fairway's compiled sources, as `npm start` runs them. */
export const DIST = join(ROOT, "dist");

export function buildForChildren(): void {
  execFileSync(
    process.execPath,
    [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"],
    { cwd: ROOT, stdio: "inherit" },
  );
}
