/** The PNG renderer's worker draws what `svgToPng` draws, and starts and ends as documented. */
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { svgToPng } from "../../src/render/png.js";
import { createPngRenderer, type PngRenderer } from "../../src/render/renderer.js";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="40" font-size="24">สวัสดี golf</text></svg>`;

let renderer: PngRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
});

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
    "draws at the lowest priority: its thread's nice value is 19, the rest of the process keeps its own",
    async () => {
      // Each thread's nice value, from /proc (field 19 of its stat line).
      const nices = () =>
        readdirSync("/proc/self/task").map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        });
      const before = nices();
      expect(before.filter((n) => n === 19)).toEqual([]);
      renderer = createPngRenderer();
      await renderer.render(SVG, { width: 400 });
      const after = nices();
      expect(after.filter((n) => n === 19)).toHaveLength(1);
      expect(after.filter((n) => n !== 19).every((n) => n === before[0])).toBe(true);
    },
  );

  it("rejects with what the drawing threw", async () => {
    renderer = createPngRenderer();
    await expect(renderer.render("<svg", { width: 100 })).rejects.toThrow();
  });
});
