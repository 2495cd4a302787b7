/**
 * One build for every child process the suite starts (docs/testing.md): `dist/` from `tsconfig.build.json`
 * (incremental, so a second run costs well under a second) and the start bundle `npm start` runs. Children then start
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

/** The start bundle (`src/build/bundle.ts`): what `npm start` and the Docker image run. */
export const START_BUNDLE = join(DIST, "bundle", "main.js");

export function buildForChildren(): void {
  execFileSync(
    process.execPath,
    [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"],
    { cwd: ROOT, stdio: "inherit" },
  );
  // As `npm run build`: the bundle, rebuilt only when its sources changed.
  execFileSync(process.execPath, [join(DIST, "build", "bundle.js")], { cwd: ROOT, stdio: "inherit" });
}
