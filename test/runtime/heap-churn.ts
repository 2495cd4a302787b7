/**
 * A child for test/runtime/heap.test.ts: fairway's start sets the heap growing factor (HEAP_GROWING_PERCENT, 0: V8's
 * own), then the program keeps about 40 MB alive while replacing it piece by piece, so that what it drops has
 * been promoted to the old generation first (as an update in flight at 200 agents' pace is). Prints the largest
 * heap V8 reserved meanwhile (heapTotal) and what the last full collection kept, in MB, as JSON.
 */
import { applyHeapGrowing } from "../../src/runtime/heap.js";

applyHeapGrowing(Number(process.env.HEAP_GROWING_PERCENT ?? "0"));
const ring: unknown[] = new Array(40_000).fill(null);
let peak = 0;
for (let i = 0; i < 300_000; i++) {
  // about 1 KB a piece: 40,000 pieces alive at any time
  ring[i % ring.length] = { at: i, name: `piece ${i}`, rows: Array.from({ length: 24 }, (_, j) => ({ j, i })) };
  if (i % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal);
}
const mb = (bytes: number) => Math.round(bytes / 1048576);
process.stdout.write(
  JSON.stringify({ peakHeapMb: mb(peak), keptMb: mb(process.memoryUsage().heapUsed), size: ring.length }),
);
