/**
 * The start bundle: `dist/bundle/main.js`, what `npm start` and the Docker image run. `npm run build` compiles
 * src/ with tsc (the type check, and dist/ for the other commands: the sandbox, the doctor, the health
 * check), then runs this (`node dist/build/bundle.js`), which bundles src/main.ts and the two worker
 * threads' entries with esbuild.
 *
 * Why: Node's ESM loader spends about a millisecond on each module it resolves and links, and fairway's start
 * loaded some 1,000 of them (Kysely alone is 262 files, libphonenumber-js 93, date-fns 62, fairway 276):
 * most of the compiled start went there, not into fairway's own work. In the bundle, fairway's modules and
 * the pure-ESM libraries loaded at start (`INLINE`) are a few files. Every other package stays in
 * node_modules, loaded as before: native addons (better-sqlite3, resvg), CommonJS packages (grammY and its
 * plugins, pino with its transports' threads, i18n's Deno shim, which reads `__dirname`; a try with grammY
 * bundled never reached its first getUpdates), and the libraries `lazy()` loads with their first use
 * (src/runtime/lazy.ts), which must stay out of the start.
 *
 * The output is flat (entries and shared chunks in one folder), so a module that starts a worker finds its
 * entry beside itself (a URL relative to its own `import.meta.url`), as in dist/. It is rebuilt only when
 * a file it was built from is newer than it (`upToDate`; `--force` rebuilds). `npm start` runs this with
 * `--start` (`start`): the check, then the bundle's main.js in the same process, so a start with nothing
 * changed costs neither tsc's up-to-date check (a few hundred milliseconds) nor a second node.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Metafile, Plugin } from "esbuild";
import { projectRoot } from "../runtime/project-path.js";

/** Packages bundled: pure ESM, loaded at start. Any other package is imported from node_modules at run time. */
export const INLINE = new Set([
  "kysely",
  "date-fns",
  "@date-fns/tz",
  "libphonenumber-js",
  "valibot",
  "promptparse",
  "p-limit",
  "yocto-queue",
]);

/** Entry points under src/, and the folder (under the root) the bundle is written to. */
/**
 * main.ts is what starts; run.ts is its `runFairway` as an entry of its own (`dist/bundle/run.js`), so the
 * benchmark runs the bundled start on its own clock (test/bench/processes.ts); the workers' entries follow.
 */
export const ENTRIES = ["src/main.ts", "src/run.ts", "src/render/png-worker.ts", "src/payments/slip-worker.ts"];
export const OUT_DIR = "dist/bundle";

/** The package a bare import names (`@scope/name` or `name`), or undefined for a relative or `node:` one. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Bare imports of packages outside `INLINE` (and Node's built-ins) are left to Node at run time. */
const externals: Plugin = {
  name: "fairway-externals",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const pkg = packageOf(args.path);
      return pkg !== undefined && INLINE.has(pkg) ? undefined : { external: true };
    });
  },
};

/**
 * Whether the bundle in `outDir` is newer than every source file its last build read and than the
 * installed packages (npm rewrites node_modules/.package-lock.json on every install, so the packages'
 * own files need no look each).
 */
export function upToDate(root: string, outDir: string): boolean {
  const main = join(outDir, "main.js");
  const meta = join(outDir, "meta.json");
  if (!existsSync(main) || !existsSync(meta)) return false;
  const builtAt = statSync(main).mtimeMs;
  const inputs = Object.keys((JSON.parse(readFileSync(meta, "utf8")) as Metafile).inputs)
    .filter((path) => !path.startsWith("node_modules/"))
    .map((path) => join(root, path));
  const installed = [join(root, "package.json"), join(root, "node_modules", ".package-lock.json")];
  const builder = join(root, "src", "build", "bundle.ts");
  for (const file of [...inputs, ...installed, builder]) {
    if (!existsSync(file) || statSync(file).mtimeMs > builtAt) return false;
  }
  return true;
}

/** Builds the bundle unless it is up to date; returns whether it built. */
export async function bundle(options: { root?: string; force?: boolean } = {}): Promise<boolean> {
  const root = options.root ?? projectRoot();
  const outDir = join(root, OUT_DIR);
  if (!options.force && upToDate(root, outDir)) return false;
  // A fresh folder: the chunks' names carry their content's hash, so an old build's chunks would stay.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // Loaded here, not at the top: a start with nothing changed needs only the check above.
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    entryNames: "[name]",
    chunkNames: "[name]-[hash]",
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: "warning",
    plugins: [externals],
  });
  // Written last: a build that failed half-way leaves no metafile, so the next start builds again.
  writeFileSync(join(outDir, "meta.json"), JSON.stringify(result.metafile));
  return true;
}

/** Runs node with `args` in the project's root, its output shown; exits with its code when it fails. */
function node(args: string[]): void {
  const result = spawnSync(process.execPath, args, { cwd: projectRoot(), stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * `npm start`: when the bundle is up to date, starts it at once in this process. Otherwise first what `npm
 * run build` does: tsc (whose type errors stop the start, as they always did), then the bundle, built by the
 * builder tsc just compiled (in a child, in case it is this file that changed).
 */
async function start(): Promise<void> {
  const root = projectRoot();
  if (!upToDate(root, join(root, OUT_DIR))) {
    node([join(root, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"]);
    node([join(root, "dist", "build", "bundle.js")]);
  }
  // A computed specifier: the bundle is the build's output, not a module tsc could resolve.
  await import(pathToFileURL(join(root, OUT_DIR, "main.js")).href);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const force = process.argv.includes("--force");
  (process.argv.includes("--start") ? start() : bundle({ force }).then(() => undefined)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
