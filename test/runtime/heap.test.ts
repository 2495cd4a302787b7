import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createConfig } from "../../src/config/index.js";
import { applyHeapGrowing } from "../../src/runtime/heap.js";

const run = promisify(execFile);

/** heap-churn.ts in a child of its own (node's flags are per process), with fairway's HEAP_GROWING_PERCENT. */
async function churn(percent: number): Promise<{ peakHeapMb: number; keptMb: number }> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "test/runtime/heap-churn.ts"], {
    env: { ...process.env, HEAP_GROWING_PERCENT: String(percent) },
  });
  return JSON.parse(stdout) as { peakHeapMb: number; keptMb: number };
}

describe("the heap's growth between full collections", () => {
  it("set at start (HEAP_GROWING_PERCENT=25, the default), keeps the heap V8 reserves near what is alive", async () => {
    expect(createConfig({}).heapGrowingPercent).toBe(25);
    const [own, capped] = await Promise.all([churn(0), churn(25)]);
    // Measured: V8's own factor reserved 263–278 MB for this program, 25 % reserved 119–128 MB.
    expect(capped.peakHeapMb).toBeLessThan(own.peakHeapMb * 0.6);
  }, 60_000);

  it("leaves V8's factor alone at 0, or when node's command line sets it", () => {
    expect(applyHeapGrowing(0, [])).toBeUndefined();
    expect(applyHeapGrowing(25, ["--heap-growing-percent=50"])).toBeUndefined();
    expect(applyHeapGrowing(25, ["--heap_growing_percent=50"])).toBeUndefined();
  });
});
