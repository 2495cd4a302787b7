/**
 * The Docker image is what runs, so its file set is tested, without Docker (none on these machines):
 * the Dockerfile's COPY lines are read (test/deploy/dockerfile.ts) and carried out into a temporary
 * folder, one per stage, and the image's CMD runs there as production would, against the local Bot API
 * server and a partner sandbox.
 *
 * The build stage's results are made as its RUN lines say: `npm ci` then `npm prune --omit=dev` is
 * `npm ci --omit=dev`, run for real in the build stage's folder (the npm registry, or its cache);
 * `npm run build` is the checkout's `dist/`, which test/global-setup.ts compiled with the same
 * `tsc -b tsconfig.build.json`. One shortcut: install scripts are skipped, and a native addon
 * (better-sqlite3) gets the binary the checkout's own install built for this Node. Its install would
 * otherwise download a prebuilt binary from GitHub, which these machines cannot reach, and then compile
 * SQLite for minutes; the image's build stage does either for the image's Node.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { FONT_FILES } from "../../src/render/fonts.js";
import { until } from "../helpers/crash-world.js";
import { TEST_BOT_TOKEN } from "../helpers/harness.js";
import { freePort } from "../helpers/round-robin-proxy.js";
import { landings, parseDockerfile, type Copy, type Stage } from "./dockerfile.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const stages = parseDockerfile(readFileSync(join(ROOT, "Dockerfile"), "utf8"));
const image = stages.at(-1)!;
const METRICS_TOKEN = "image-test-token-0123456789abcdef";

/** A stage's folder on this machine: `root` stands for its `/`. */
interface StageFolder {
  stage: Stage;
  root: string;
}

/** A path of a stage's file system, in its folder. */
const inFolder = (folder: StageFolder, path: string) => join(folder.root, path);

/**
 * Carries out one COPY line from `source` (the build context, or another stage's folder) into `folder`.
 * With `move`, a stage's results are moved rather than copied: the image is the build stage's last
 * reader, and copying node_modules again (some 10,000 files) takes a loaded machine a minute.
 */
function carryOut(copy: Copy, folder: StageFolder, source: (path: string) => string, move = false): string[] {
  for (const path of copy.sources) if (!existsSync(source(path))) throw new Error(`COPY ${path}: not there`);
  const targets = landings(copy, (path) => statSync(source(path)).isDirectory());
  copy.sources.forEach((path, i) => {
    const target = inFolder(folder, targets[i]!);
    mkdirSync(dirname(target), { recursive: true });
    if (move && !existsSync(target)) renameSync(source(path), target);
    else cpSync(source(path), target, { recursive: true });
  });
  return targets;
}

/** The build stage, as its RUN lines make it: production dependencies installed, and the compiled `dist/`. */
async function makeBuildStage(folder: StageFolder): Promise<void> {
  const runs = folder.stage.runs.join("\n");
  for (const step of ["npm ci", "npm run build", "npm prune --omit=dev"])
    expect(runs, `the build stage runs ${step}`).toContain(step);
  for (const copy of folder.stage.copies) {
    if (copy.from) throw new Error(`the build stage copies from ${copy.from}: not known to this test`);
    carryOut(copy, folder, (path) => join(ROOT, path));
  }
  const app = inFolder(folder, folder.stage.workdir);
  await run("npm", ["ci", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], app);
  // Each production package with an install script gets the native binaries the checkout's install built.
  const lock = JSON.parse(readFileSync(join(app, "package-lock.json"), "utf8")) as {
    packages: Record<string, { hasInstallScript?: boolean; dev?: boolean }>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!entry.hasInstallScript || entry.dev) continue;
    const release = join(ROOT, path, "build", "Release");
    const binaries = existsSync(release) ? readdirSync(release).filter((f) => f.endsWith(".node")) : [];
    if (binaries.length === 0) throw new Error(`${path} has an install script, and the checkout has no binary of it`);
    mkdirSync(join(app, path, "build", "Release"), { recursive: true });
    for (const file of binaries) cpSync(join(release, file), join(app, path, "build", "Release", file));
  }
  const outDir = (JSON.parse(readFileSync(join(app, "tsconfig.build.json"), "utf8")) as OutDir).compilerOptions.outDir;
  cpSync(join(ROOT, outDir), join(app, outDir), { recursive: true });
}

interface OutDir {
  compilerOptions: { outDir: string };
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(file: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${file} ${args.join(" ")} exited ${code}:\n${out}`)),
    );
  });
}

/** A process started from the image's folder, as the container starts it: only the image's environment and `env`. */
function startInImage(folder: StageFolder, command: string[], env: Record<string, string>) {
  const [program, ...args] = command;
  expect(program, "the image's commands run node").toBe("node");
  const child = spawn(process.execPath, args, {
    cwd: inFolder(folder, folder.stage.workdir),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...folder.stage.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, output: () => out, exited };
}

/** Stops a child still running, and waits for it. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile());
}

describe("the Docker image's file set, run without Docker", () => {
  let temp: string;
  let built: StageFolder;
  let img: StageFolder;
  /** Where the image's COPY lines put things, absolute in the image. */
  const copied: string[] = [];

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "fairway-image-"));
    const buildStage = stages.find((s) => s.name === "build");
    if (!buildStage || buildStage === image) throw new Error("the Dockerfile has no build stage named build");
    built = { stage: buildStage, root: join(temp, "build") };
    img = { stage: image, root: join(temp, "image") };
    await makeBuildStage(built);
    for (const copy of image.copies) {
      if (copy.from !== undefined && copy.from !== "build") throw new Error(`COPY --from=${copy.from}: unknown stage`);
      if (copy.from) copied.push(...carryOut(copy, img, (path) => inFolder(built, path), true));
      else copied.push(...carryOut(copy, img, (path) => join(ROOT, path)));
    }
    // npm ci can take a minute or more on a loaded machine; the first run fills npm's cache.
  }, 600_000);

  afterAll(async () => {
    if (temp) await rm(temp, { recursive: true, force: true });
  }, 180_000);

  it(".dockerignore lets in exactly what the Dockerfile copies from the build context", () => {
    const patterns = readFileSync(join(ROOT, ".dockerignore"), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("#"));
    expect(patterns[0], "everything left out first").toBe("*");
    const admitted = patterns.slice(1).map((p) => {
      expect(p, "then only exceptions").toMatch(/^!/);
      return p.slice(1).replace(/\/$/, "");
    });
    const copied = stages.flatMap((s) => s.copies.filter((c) => c.from === undefined).flatMap((c) => c.sources));
    // Each source lies in an admitted path, and each admitted path is copied somewhere.
    for (const source of copied)
      expect(
        admitted.some((a) => source === a || source.startsWith(`${a}/`)),
        `${source} is in the build context`,
      ).toBe(true);
    for (const path of admitted)
      expect(
        copied.some((s) => s === path || s.startsWith(`${path}/`)),
        `${path} is copied`,
      ).toBe(true);
  });

  it("holds the code and every folder the compiled runtime reads beside itself, and nothing else", () => {
    const app = inFolder(img, image.workdir);
    // Folders the code reads at run time: named next to it (`new URL("<path>", import.meta.url)`) or from the
    // project's root (`projectPath("<path>")`, src/runtime/project-path.ts), in tsc's build; the start bundle
    // (dist/bundle/, built from the same sources) reads the same ones.
    const reads = new Map<string, string>();
    const bundleReads = new Set<string>();
    for (const file of filesUnder(join(app, "dist")).filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(join(app, "dist", file), "utf8");
      const found = [
        ...[...text.matchAll(/new URL\(\s*"([^"]+)"\s*,\s*import\.meta\.url\s*\)/g)].map(([, path]) =>
          relative(app, resolve(dirname(join(app, "dist", file)), path!)),
        ),
        ...[...text.matchAll(/projectPath\d*\(\s*"([^"]+)"\s*\)/g)].map(([, path]) => relative(app, join(app, path!))),
      ];
      if (file.startsWith("bundle/")) for (const path of found) bundleReads.add(path);
      else for (const path of found) reads.set(path, `dist/${file}`);
    }
    expect([...bundleReads].sort(), "the start bundle reads what tsc's build reads").toEqual([...reads.keys()].sort());
    // The local stand-ins (the playground, the local Bot API server) run only without a BOT_TOKEN,
    // which the image refuses (REQUIRE_BOT_TOKEN=1): their files stay out of it.
    const production = [...reads].filter(([, by]) => !by.startsWith("dist/local/")).map(([path]) => path);
    const standIns = [...reads].filter(([, by]) => by.startsWith("dist/local/")).map(([path]) => path);
    expect(production.sort()).toEqual(["locales", "src/mini-app/public"]);
    expect(standIns).toEqual(["src/local/playground/public"]);
    for (const path of production) expect(existsSync(join(app, path)), `${path} is in the image`).toBe(true);
    for (const path of standIns) expect(existsSync(join(app, path)), `${path} is not in the image`).toBe(false);
    expect(image.env.REQUIRE_BOT_TOKEN).toBe("1");
    // The code itself: package.json (Node reads its "type": "module"), dist/ and its production dependencies.
    expect(copied.map((path) => relative(image.workdir, path)).sort()).toEqual(
      ["dist", "node_modules", "package.json", ...production].sort(),
    );
    expect(existsSync(join(app, "node_modules", "vitest")), "no dev dependency").toBe(false);
  });

  it("holds every font file src/render/fonts.ts names, in its production dependencies, where the image's own code finds them", async () => {
    const app = inFolder(img, image.workdir);
    const code = `import("./dist/render/fonts.js").then(({ FONT_FILES, fontPath }) => console.log(JSON.stringify(FONT_FILES.map(fontPath))))`;
    const found = startInImage(img, ["node", "--input-type=module", "-e", code], {});
    expect(await found.exited, found.output()).toBe(0);
    const expected = FONT_FILES.map((font) => join(app, "node_modules", font.package, font.path));
    expect(JSON.parse(found.output()) as string[]).toEqual(expected);
    for (const file of expected) expect(statSync(file).size, file).toBeGreaterThan(10_000);
  });

  describe("run as the container runs it", () => {
    const sandbox = createSandbox();
    const telegram = createBotApiServer({ token: TEST_BOT_TOKEN });
    let fairway: ReturnType<typeof startInImage> | undefined;
    afterAll(async () => {
      await stop(fairway?.child);
      await telegram.close();
      await sandbox.close();
    });

    it("with a BOT_TOKEN: PORT serves /healthz and the tee sheet with its assets, the operator's port /readyz and /metrics; HEALTHCHECK passes until it stops", async () => {
      const partnerUrl = await sandbox.listen(0);
      const apiRoot = await telegram.listen(0);
      const [port, operatorPort] = [await freePort(), await freePort()];
      const env = {
        BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: apiRoot,
        PARTNER_API_URL: partnerUrl,
        PARTNER_API_KEY: sandbox.apiKey,
        PORT: String(port),
        OPERATOR_PORT: String(operatorPort),
        METRICS_TOKEN,
        MINI_APP_URL: `http://127.0.0.1:${port}`,
      };
      fairway = startInImage(img, image.cmd!, env);
      const { output } = fairway;
      const exitedEarly = fairway.exited.then((code) => {
        throw new Error(`fairway exited with ${code}:\n${output()}`);
      });
      exitedEarly.catch(() => undefined);
      await Promise.race([
        until("fairway is running", () => output().includes("fairway is running"), 90_000),
        exitedEarly,
      ]).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${output()}`);
      });

      const publicUrl = `http://127.0.0.1:${port}`;
      expect((await fetch(`${publicUrl}/healthz`)).status).toBe(200);
      const page = await fetch(`${publicUrl}/tee-sheet/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const assets = [
        ...[...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
        ...[...html.matchAll(/<link\b[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!),
      ];
      // Every file of the page's folder is one of them.
      const files = filesUnder(join(ROOT, "src/mini-app/public")).filter((f) => f !== "index.html");
      expect(
        assets.map((a) => new URL(a, `${publicUrl}/tee-sheet/`).pathname.slice("/tee-sheet/".length)).sort(),
      ).toEqual(files.sort());
      for (const asset of assets)
        expect((await fetch(new URL(asset, `${publicUrl}/tee-sheet/`))).status, asset).toBe(200);
      for (const path of ["/metrics", "/readyz"]) expect((await fetch(`${publicUrl}${path}`)).status, path).toBe(404);

      const operatorUrl = `http://127.0.0.1:${operatorPort}`;
      const auth = { headers: { authorization: `Bearer ${METRICS_TOKEN}` } };
      expect((await fetch(`${operatorUrl}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${operatorUrl}/metrics`, auth);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("fairway_bookings");
      expect((await fetch(`${operatorUrl}/readyz`, auth)).status).toBe(200);

      // The locales are read: a stranger is answered in English and in Thai.
      const [en, th] = [
        telegram.user({ id: 7001, language_code: "en" }),
        telegram.user({ id: 7002, language_code: "th" }),
      ];
      en.send("/start");
      th.send("/start");
      expect(await until("an English answer", () => en.lastMessage()?.text, 30_000)).toMatch(/agent/i);
      expect(await until("a Thai answer", () => th.lastMessage()?.text, 30_000)).toMatch(/[\u0E00-\u0E7F]/);

      const healthcheck = startInImage(img, image.healthcheck!, env);
      expect(await healthcheck.exited, healthcheck.output()).toBe(0);
      expect(healthcheck.output()).toContain(`http://127.0.0.1:${port}/healthz: 200`);

      // SIGTERM, as `docker stop` sends it: a clean exit, after which the health check fails.
      fairway.child.kill("SIGTERM");
      expect(await fairway.exited, output()).toBe(0);
      const after = startInImage(img, image.healthcheck!, env);
      expect(await after.exited).toBe(1);
    }, 180_000);

    it("without a BOT_TOKEN: refuses to start, saying so, instead of running the playground", async () => {
      const env = { PORT: String(await freePort()), OPERATOR_PORT: String(await freePort()) };
      const started = startInImage(img, image.cmd!, env);
      expect(await started.exited, started.output()).toBe(1);
      expect(started.output()).toContain("BOT_TOKEN is required here (REQUIRE_BOT_TOKEN=1, as in the Docker image)");
      const healthcheck = startInImage(img, image.healthcheck!, env);
      expect(await healthcheck.exited).toBe(1);
    }, 60_000);
  });
});
