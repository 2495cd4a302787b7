/**
 * What fairway loads before its first update, the compiled build (`dist/`, the global setup's) as
 * `npm start` runs it: the libraries only some updates need (the slip reader's, the QR and PNG
 * drawers', the partner's HTTP client, PostgreSQL's driver on SQLite) are loaded by their `lazy()`
 * wrappers when first needed (src/runtime/README.md), never at start. A child node records every module it loads: an ESM resolve
 * hook for what is imported, `require.cache` for what those CommonJS packages require.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { INLINE } from "../src/build/bundle.js";
import { DIST, START_BUNDLE } from "./helpers/child-build.js";

/** Packages loaded with the first slip, QR, voucher, chart or partner request, or only on PostgreSQL. */
const LAZY_PACKAGES = ["@resvg/resvg-js", "jsqr", "jpeg-js", "pngjs", "qrcode", "pg", "ofetch"];

/** The resolve hook (off the main thread): every URL resolved is posted to the main thread. */
const HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`;

/**
 * Preloaded (--import): registers the hook; at exit (or at the first getUpdates request, then it
 * exits) writes every module loaded to the file named by LOADED_OUT, one path a line.
 */
const RECORDER = `import { register, createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import dc from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";
const { port1, port2 } = new MessageChannel();
port1.unref();
register("./hooks.mjs", import.meta.url, { data: { port: port2 }, transferList: [port2] });
const urls = new Set();
process.on("exit", () => {
  for (let m; (m = receiveMessageOnPort(port1)); ) urls.add(m.message);
  const required = Object.keys(createRequire(import.meta.url).cache);
  writeFileSync(process.env.LOADED_OUT, [...urls, ...required].join("\\n"));
});
dc.subscribe("http.client.request.start", ({ request }) => {
  if (request.path.includes("/getUpdates")) process.exit(0);
});`;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  // A child that never reached its first getUpdates (the test failed on its time-out) is ended here.
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs node with the recorder preloaded in a fresh folder; resolves with the modules it loaded. */
async function modulesLoaded(
  args: string[],
  options: { env?: Record<string, string>; at?: string } = {},
): Promise<string[]> {
  const env = options.env ?? {};
  const dir = mkdtempSync(join(tmpdir(), "fairway-lazy-"));
  dirs.push(dir);
  writeFileSync(join(dir, "hooks.mjs"), HOOKS);
  writeFileSync(join(dir, "recorder.mjs"), RECORDER);
  writeFileSync(join(dir, "empty.env"), "");
  const out = join(dir, "loaded.txt");
  const node = [process.execPath, "--import", pathToFileURL(join(dir, "recorder.mjs")).href, ...args];
  // At a named instant (libfaketime's `faketime`, UTC), not the machine's: what a start does depends on the hour.
  const [file, ...rest] = options.at ? ["faketime", "-f", `@${options.at}`, ...node] : node;
  const child = spawn(file!, rest, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      ...(options.at ? { TZ: "UTC" } : {}),
      LOADED_OUT: out,
      // No configuration, as a first `npm start`: the embedded sandbox and the local Bot API server.
      ENV_FILE: join(dir, "empty.env"),
      DATABASE_URL: `sqlite:${join(dir, "fairway.sqlite")}`,
      PLAYGROUND_PORT: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code, stderr).toBe(0);
  return readFileSync(out, "utf8").split("\n");
}

/** Whether Debian's `faketime` is on the PATH. */
function hasFaketime(): boolean {
  return spawnSync("faketime", ["--version"]).status === 0;
}

/** The lazy packages among `modules`, by name. */
function lazyAmong(modules: string[]): string[] {
  return LAZY_PACKAGES.filter((name) => modules.some((m) => m.includes(`/node_modules/${name}/`)));
}

describe("what fairway loads before its first update", () => {
  it("the start bundle inlines none of the lazy packages (it would load them with the rest)", () => {
    expect(LAZY_PACKAGES.filter((name) => INLINE.has(name))).toEqual([]);
  });

  it("importing dist/app.js loads grammY and Kysely but no slip, QR, PNG, partner HTTP or PostgreSQL library", async () => {
    const app = pathToFileURL(join(DIST, "app.js")).href;
    const modules = await modulesLoaded(["--input-type=module", "--eval", `await import(${JSON.stringify(app)});`]);
    // The recorder sees packages loaded both ways: grammY is CommonJS, Kysely an ES module.
    expect(modules.some((m) => m.includes("/node_modules/grammy/"))).toBe(true);
    expect(modules.some((m) => m.includes("/node_modules/kysely/"))).toBe(true);
    expect(lazyAmong(modules)).toEqual([]);
  });

  // Started at 05:00 in Bangkok: in the hour from 08:00 (DIGEST_TIME) a first start sends the day's digest at
  // once, and its figures read the partner's balance, which loads the partner's client (a job's, not an update's).
  // The instant is the test's, by libfaketime, which .ci/run installs.
  it.runIf(hasFaketime())(
    "the start bundle (node dist/bundle/main.js) with no configuration reaches its first getUpdates without them",
    async () => {
      const modules = await modulesLoaded([START_BUNDLE], { at: "2026-11-24 22:00:00" });
      // It got as far as polling its local Bot API server (a chunk of the bundle, loaded without a BOT_TOKEN).
      expect(modules.some((m) => /\/dist\/bundle\/bot-api-server-\w+\.js$/.test(m))).toBe(true);
      // The bundle is the start: fairway's modules and the libraries it inlines are not loaded one by one.
      expect(modules.filter((m) => m.includes("/node_modules/kysely/"))).toEqual([]);
      expect(modules.filter((m) => m.includes(`${DIST}/`) && !m.includes(`${DIST}/bundle/`))).toEqual([]);
      expect(lazyAmong(modules)).toEqual([]);
    },
  );
});
