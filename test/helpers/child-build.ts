/**
 * One build for every child process the suite starts (issue 22): `dist/` from `tsconfig.build.json`
 * (what `npm start` runs; incremental, so a second run costs well under a second), and the crash
 * suites' entry point `test/helpers/world-main.ts` bundled once into `test-results/world-main.mjs`,
 * its imports of `src/` pointed at that `dist/`. Children then start with plain `node`, not
 * `node --import tsx`, which compiled TypeScript again in every process.
 *
 * `test/global-setup.ts` calls `buildForChildren()` once per run, before any worker starts.
 */
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The bundled crash-world entry point children run (`node WORLD_MAIN`). */
export const WORLD_MAIN = join(ROOT, "test-results", "world-main.mjs");

/** fairway's compiled sources, as `npm start` runs them. */
export const DIST = join(ROOT, "dist");

export async function buildForChildren(): Promise<void> {
  execFileSync(
    process.execPath,
    [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"],
    { cwd: ROOT, stdio: "inherit" },
  );
  const src = join(ROOT, "src");
  await build({
    entryPoints: [join(ROOT, "test", "helpers", "world-main.ts")],
    outfile: WORLD_MAIN,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
    plugins: [
      {
        name: "src-from-dist",
        setup(b) {
          // fairway itself comes from dist/ (the build above), never a second copy in the bundle.
          b.onResolve({ filter: /\/src\// }, (args) => {
            const target = resolve(args.resolveDir, args.path);
            if (!target.startsWith(src)) return undefined;
            return { path: join(DIST, target.slice(src.length)), external: true };
          });
        },
      },
    ],
  });
}
