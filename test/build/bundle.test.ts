/**
 * The start bundle (src/build/bundle.ts), what `npm start` and the Docker image run: its worker threads'
 * entries work from the bundle's folder, and it is rebuilt exactly when a file it was built from changed.
 * (Its start is tested by test/main.test.ts, test/lazy-boundary.test.ts and test/deploy/image.test.ts.)
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { OUT_DIR, packageOf, upToDate } from "../../src/build/bundle.js";
import { SLIP_LIMITS } from "../../src/payments/slip-image.js";
import { DIST } from "../helpers/child-build.js";
import { slipPhoto } from "../helpers/slips.js";

const workers: Worker[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The first message of `worker` that `pick` accepts; rejects on the worker's error or exit. */
function answer<T>(worker: Worker, pick: (message: unknown) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.on("message", (message: unknown) => {
      const found = pick(message);
      if (found !== undefined) resolve(found);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`worker exited ${code}`)));
  });
}

describe("the start bundle's worker threads", () => {
  it("the PNG worker, started from dist/bundle/ as the bundle starts it, draws an SVG with text in its fonts", async () => {
    const worker = new Worker(join(DIST, "bundle", "png-worker.js"), { workerData: { nice: 0 } });
    workers.push(worker);
    // Thai and Korean: the bundled fonts.ts finds its npm packages' files from dist/bundle/.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#0a0"/><text y="8" font-size="8">ก 골</text></svg>`;
    worker.postMessage({ id: 1, svg, width: 40 });
    const drawn = await answer(worker, (m) => m as { png?: Uint8Array; error?: string });
    expect(drawn.error).toBeUndefined();
    const png = drawn.png!;
    // PNG's signature, then the IHDR chunk's width: the SVG drawn 40 pixels wide.
    expect(Buffer.from(png.subarray(0, 8)).toString("hex")).toBe("89504e470d0a1a0a");
    expect(Buffer.from(png).readUInt32BE(16)).toBe(40);
  });

  it("the slip worker reads a slip's QR", async () => {
    const worker = new Worker(join(DIST, "bundle", "slip-worker.js"), { workerData: { limits: SLIP_LIMITS } });
    workers.push(worker);
    await answer(worker, (m) => ((m as { ready?: boolean }).ready ? true : undefined));
    worker.postMessage({ id: 7, bytes: await slipPhoto("0142026BUNDLE") });
    const read = await answer(worker, (m) => ((m as { id?: number }).id === 7 ? m : undefined));
    expect(read).toMatchObject({ id: 7, scan: { kind: "read", qr: { transRef: "0142026BUNDLE" } } });
  });
});

describe("when the start bundle is rebuilt", () => {
  /** A project with one source, a bundle built from it at `builtAt` and the package files at `installedAt`. */
  function project(builtAt: number, sourceAt: number, installedAt: number): string {
    const root = mkdtempSync(join(tmpdir(), "fairway-bundle-"));
    dirs.push(root);
    const out = join(root, OUT_DIR);
    mkdirSync(out, { recursive: true });
    mkdirSync(join(root, "src", "build"), { recursive: true });
    mkdirSync(join(root, "node_modules", "kysely"), { recursive: true });
    const files: [string, number][] = [
      ["src/main.ts", sourceAt],
      ["src/build/bundle.ts", 1_000],
      ["node_modules/kysely/index.js", installedAt],
      ["package.json", 1_000],
      ["node_modules/.package-lock.json", installedAt],
      [`${OUT_DIR}/main.js`, builtAt],
    ];
    for (const [file, at] of files) {
      writeFileSync(join(root, file), "");
      utimesSync(join(root, file), at, at);
    }
    const inputs = { "src/main.ts": {}, "node_modules/kysely/index.js": {} };
    writeFileSync(join(out, "meta.json"), JSON.stringify({ inputs, outputs: {} }));
    return root;
  }

  it("not when nothing it was built from changed", () => {
    const root = project(5_000, 4_000, 3_000);
    expect(upToDate(root, join(root, OUT_DIR))).toBe(true);
  });

  it("when a source file changed, or the installed packages, or the bundle is gone", () => {
    const edited = project(5_000, 6_000, 3_000);
    expect(upToDate(edited, join(edited, OUT_DIR)), "a source newer than the bundle").toBe(false);
    const installed = project(5_000, 4_000, 6_000);
    expect(upToDate(installed, join(installed, OUT_DIR)), "an npm install since").toBe(false);
    const gone = project(5_000, 4_000, 3_000);
    rmSync(join(gone, OUT_DIR, "meta.json"));
    expect(upToDate(gone, join(gone, OUT_DIR)), "a build that did not finish").toBe(false);
  });

  it("bundles only the packages it names: a bare import's package, never a relative path or a built-in", () => {
    expect(packageOf("kysely")).toBe("kysely");
    expect(packageOf("date-fns/format")).toBe("date-fns");
    expect(packageOf("@date-fns/tz")).toBe("@date-fns/tz");
    expect(packageOf("libphonenumber-js/max")).toBe("libphonenumber-js");
    expect(packageOf("./app.js")).toBeUndefined();
    expect(packageOf("node:fs")).toBeUndefined();
  });
});
