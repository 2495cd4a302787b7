/** The PNG renderer's worker draws what `svgToPng` draws, and starts and ends as documented. */
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { svgToPng } from "../../src/render/png.js";
import { createPngRenderer, type PngRenderer } from "../../src/render/renderer.js";
import { referenceVoucherSvg } from "../helpers/image-references.js";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="40" font-size="24">สวัสดี golf</text></svg>`;

let renderer: PngRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
});

/** A thread's nice value, from /proc (field 19 of its stat line). Other tests' threads share this process. */
function niceOf(path: string): number {
  const stat = readFileSync(path, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

describe("the PNG renderer", () => {
  it("draws in its worker the same PNG as on the main thread, one drawing after another, and again after close()", async () => {
    renderer = createPngRenderer();
    const expected = svgToPng(SVG, { width: 400 });
    const [a, b] = await Promise.all([renderer.render(SVG, { width: 400 }), renderer.render(SVG, { width: 400 })]);
    expect(a.png.equals(expected)).toBe(true);
    expect(b.png.equals(expected)).toBe(true);
    expect(a.ms).toBeGreaterThan(0);
    await renderer.close();
    expect((await renderer.render(SVG, { width: 400 })).png.equals(expected)).toBe(true);
  });

  it.runIf(process.platform === "linux")(
    "draws at the lowest priority: a thread at nice 19 appears with the worker, the process's and this thread keep theirs",
    async () => {
      const own = niceOf("/proc/thread-self/stat");
      const main = niceOf(`/proc/self/task/${process.pid}/stat`);
      renderer = createPngRenderer();
      await renderer.render(SVG, { width: 400 });
      const threads = readdirSync("/proc/self/task").map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
      expect(threads).toContain(19);
      expect(niceOf("/proc/thread-self/stat")).toBe(own);
      expect(niceOf(`/proc/self/task/${process.pid}/stat`)).toBe(main);
      expect(own).not.toBe(19);
    },
  );

  it.runIf(process.platform === "linux")(
    "draws at the nice value it is given (VOUCHER_RENDER_NICE): a thread at nice 10 appears with the worker",
    async () => {
      const threads = () => readdirSync("/proc/self/task").map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
      expect(threads()).not.toContain(10);
      renderer = createPngRenderer({ nice: 10 });
      await renderer.render(SVG, { width: 400 });
      expect(threads()).toContain(10);
    },
  );

  it("frees each drawing's pixels: 60 vouchers in a row grow the process by less than 150 MB", async () => {
    renderer = createPngRenderer({ nice: 0 });
    const svg = referenceVoucherSvg("th", "group");
    await renderer.render(svg, { width: 900 });
    const before = process.memoryUsage().rss;
    let peak = before;
    for (let i = 0; i < 60; i++) {
      await renderer.render(svg, { width: 900 });
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect((peak - before) / 1e6).toBeLessThan(150);
  });

  it("rejects with what the drawing threw", async () => {
    renderer = createPngRenderer();
    await expect(renderer.render("<svg", { width: 100 })).rejects.toThrow();
  });
});
