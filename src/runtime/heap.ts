/**
 * How far the JavaScript heap may grow between full collections. V8 sets the next full collection's limit at
 * the heap kept by the last one times a factor it picks from the collector's and the program's speeds, up to 4×.
 * fairway keeps about 50 MB alive, but at 200 agents' pace the objects that outlive two young collections (an
 * update in flight, a partner answer awaited) are promoted fast, and V8 let the old generation's pages grow to
 * 200–280 MB of which a quarter was alive: the process's peak RSS was 350–550 MB (`npm run bench`, docs/
 * performance.md). With the factor fixed at 1.25, full collections come more often (each mostly concurrent,
 * on V8's helper thread) and the peak stays at 250–290 MB for the same CPU per update.
 *
 * V8 reads `--heap-growing-percent` each time it sets a limit, so setting it at start applies to the whole
 * run (test/runtime/heap.test.ts watches a child's heap with and without it). A flag given on node's command
 * line wins.
 */
import { setFlagsFromString } from "node:v8";

const GIVEN = /^--heap[-_]growing[-_]percent\b/;

/**
 * Sets V8's heap growing factor to 1 + `percent` / 100, unless `percent` is 0 or node's command line
 * (`execArgv`) already sets it; returns the flag set, if any.
 */
export function applyHeapGrowing(percent: number, execArgv: readonly string[] = process.execArgv): string | undefined {
  if (percent <= 0 || execArgv.some((arg) => GIVEN.test(arg))) return undefined;
  const flag = `--heap-growing-percent=${percent}`;
  setFlagsFromString(flag);
  return flag;
}
