/**
 * The slip reader: images read in a worker thread, started with the first slip, replaced after a
 * deadline, ended by `close()`; the bot's event loop stays free meanwhile. Here from the TypeScript
 * sources (the worker compiled by tsx), and once from `dist/` as production runs it.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSlipReader, type SlipRead, type SlipReader } from "../../src/payments/slip-reader.js";
import { DIST } from "../helpers/child-build.js";
import { pngHeaderOnly, slipJpeg, slipPhoto, slipPng } from "../helpers/slips.js";

let reader: SlipReader | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await reader?.close();
  reader = undefined;
});

describe("the slip reader", () => {
  it("reads JPEG and PNG slips in one worker, started by the first slip and ended by close()", async () => {
    reader = createSlipReader();
    expect(reader.workers()).toBe(0);
    expect(await reader.read(await slipPhoto("0142026WORKER"))).toMatchObject({
      kind: "read",
      qr: { sendingBank: "014", transRef: "0142026WORKER" },
      pixels: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(reader.workers()).toBe(1);
    const png = slipPng({ transRef: "0042026WORKERPNG", sendingBank: "004", width: 720, height: 1560, qrShare: 0.3 });
    expect(await reader.read(png)).toMatchObject({ kind: "read", qr: { transRef: "0042026WORKERPNG" } });
    expect(reader.workers()).toBe(1);
    await reader.close();
    expect(reader.workers()).toBe(0);
    expect(await reader.read(await slipPhoto("0142026LATE"))).toEqual({ kind: "unreadable", why: "closed" });
  });

  it("ends a worker left idle, and starts another for the next slip", async () => {
    reader = createSlipReader({ idleMs: 50 });
    expect(await reader.read(await slipPhoto("0142026IDLE"))).toMatchObject({ kind: "read" });
    await vi.waitFor(() => expect(reader!.workers()).toBe(0), { timeout: 10_000 });
    expect(await reader.read(await slipPhoto("0142026AGAIN"))).toMatchObject({ kind: "read" });
    expect(reader.workers()).toBe(1);
  });

  it("refuses an image over the limits, or no JPEG or PNG, from its header: no worker starts", async () => {
    reader = createSlipReader();
    expect(await reader.read(pngHeaderOnly(8000, 6000))).toEqual({ kind: "too-large" });
    expect(await reader.read(Buffer.from("GIF89a", "latin1"))).toEqual({ kind: "unreadable", why: "format" });
    expect(reader.workers()).toBe(0);
  });

  it("replaces a worker past the deadline: that image is unreadable, the next one is read", async () => {
    // The deadline on a fake clock: the test says when it has passed, whatever the machine's load.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    reader = createSlipReader({ timeoutMs: 10_000 });
    expect(await reader.read(await slipPhoto("0142026BEFORE"))).toMatchObject({ kind: "read" });
    const late = reader.read(await slipPhoto("0142026LATE"));
    vi.advanceTimersByTime(10_000);
    expect(await late).toEqual({ kind: "unreadable", why: "timeout" });
    expect(reader.workers()).toBe(0);
    expect(await reader.read(await slipPhoto("0142026AFTER"))).toMatchObject({
      kind: "read",
      qr: { transRef: "0142026AFTER" },
    });
    expect(reader.workers()).toBe(1);
  });

  it("keeps images beyond the waiting line out rather than answering late", async () => {
    reader = createSlipReader({ maxWaiting: 1 });
    const photo = await slipPhoto("0142026QUEUE");
    const reads = await Promise.all([reader.read(photo), reader.read(photo), reader.read(photo)]);
    expect(reads.map((r) => r.kind)).toEqual(["read", "read", "unreadable"]);
    expect(reads[2]).toEqual({ kind: "unreadable", why: "busy" });
  });

  it("takes senders in turn: one customer's flood of slips never makes another's busy, nor waits it behind the flood", async () => {
    reader = createSlipReader();
    const flood = await slipPhoto("0142026FLOOD");
    // Drawn before the flood: drawing it after would let the flood's second slip finish meanwhile on a busy machine.
    const otherPhoto = await slipPhoto("0142026OTHER");
    await reader.read(flood, { sender: "warm" }); // the worker started and compiled
    const finished: string[] = [];
    const track = (name: string, read: Promise<SlipRead>) => read.then((r) => (finished.push(name), r));
    const floods = Array.from({ length: 20 }, (_, i) => track(`a${i}`, reader!.read(flood, { sender: "customer:a" })));
    const other = track("b", reader.read(otherPhoto, { sender: "customer:b" }));
    expect(await other).toMatchObject({ kind: "read", qr: { transRef: "0142026OTHER" } });
    const reads = await Promise.all(floods);
    // The flood: one being read, two waiting, the rest refused at once (busy) rather than queued.
    expect(reads.map((r) => r.kind)).toEqual([
      ...Array<string>(3).fill("read"),
      ...Array<string>(17).fill("unreadable"),
    ]);
    // The other customer's slip came in turn: after the flood's slip being read and its first in line, not its last.
    expect(finished.filter((name) => ["a0", "a1", "a2", "b"].includes(name))).toEqual(["a0", "a1", "b", "a2"]);
  });

  // Seconds of CPU (the photo drawn and encoded here, then read): more time than the default on a loaded machine.
  it(
    "leaves the event loop free while a 6.5-megapixel photo is decoded and scanned",
    { timeout: 120_000 },
    async () => {
      const photo = slipJpeg({ transRef: "0142026LARGE", width: 2560, height: 2560, qrShare: 0.1 });
      // A deadline out of the way: this test is about the main thread, on a machine however loaded.
      reader = createSlipReader({ timeoutMs: 120_000 });
      await reader.read(await slipPhoto("0142026WARM")); // the worker started and compiled
      let last = performance.now();
      let maxGap = 0;
      let ticks = 0;
      const tick = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        ticks += 1;
      }, 5);
      const started = performance.now();
      const read = await reader.read(photo);
      const took = performance.now() - started;
      clearInterval(tick);
      expect(read).toMatchObject({ kind: "read", qr: { transRef: "0142026LARGE" } });
      // The timer kept ticking all along: no pause of the main thread is more than a small part of the read.
      expect(ticks).toBeGreaterThan(2);
      expect(maxGap, `longest pause ${maxGap.toFixed(0)} ms of a ${took.toFixed(0)} ms read`).toBeLessThan(took / 4);
    },
  );

  it("works from dist/ (compiled JavaScript, as `node dist/main.js` runs it)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fairway-slip-"));
    try {
      const file = join(dir, "slip.jpg");
      writeFileSync(file, await slipPhoto("0142026DIST"));
      const module = pathToFileURL(join(DIST, "payments", "slip-reader.js")).href;
      const code = [
        `import { readFileSync } from "node:fs";`,
        `import { createSlipReader } from ${JSON.stringify(module)};`,
        `const reader = createSlipReader();`,
        `console.log(JSON.stringify(await reader.read(readFileSync(${JSON.stringify(file)}))));`,
        `await reader.close();`,
      ].join("\n");
      const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "--eval", code]);
      expect(JSON.parse(stdout)).toMatchObject({ kind: "read", qr: { sendingBank: "014", transRef: "0142026DIST" } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
