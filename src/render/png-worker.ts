/** The PNG renderer's thread (`renderer.ts`): draws one SVG at a time with `svgToPng` and posts the PNG back. */
import { setPriority } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { svgToPng } from "./png.js";

/**
 * resvg's pixmaps live outside V8's heap and are freed only once V8 collects their handles, which it
 * rarely does in this thread (its own heap stays small): the process grew by about 5 MB a drawing, 1.1 GB
 * after the bench's 400 vouchers. A young-generation collection after each drawing, once the answer is
 * posted (`setImmediate`), frees them: a drawing's objects never outlive it, so they are all still young.
 * A full collection there instead costs about 4 ms a drawing and, run inside the message's handler, kept the
 * pixmaps alive (100 drawings in a row: 638 MB against 84–93 MB; `test/render/renderer.test.ts` draws 60 and
 * bounds the growth). One full collection every `FULL_EVERY` drawings catches whatever was promoted anyway.
 * (`--expose-gc` set at run time: a worker takes no V8 flags of its own.)
 */
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;
const FULL_EVERY = 50;
let drawings = 0;

/** What the renderer starts this thread with. */
export interface PngWorkerData {
  /** This thread's nice value (0–19). */
  nice: number;
}

/**
 * This thread draws at a lower priority, the lowest by default: a drawing (about 50 ms of CPU) takes only
 * what the bot's own thread leaves, so the answers to users never wait behind a voucher. On Linux a nice
 * value is a thread's own (`setpriority` on the calling thread), so only this worker is lowered; elsewhere
 * it would be the whole process's, so it is left alone there.
 */
const { nice } = (workerData ?? { nice: 19 }) as PngWorkerData;
if (process.platform === "linux" && nice > 0) {
  try {
    setPriority(0, nice);
  } catch {
    // Not allowed here (a sandbox without the syscall): the drawing runs at the bot's priority.
  }
}

/** What the renderer posts: an SVG to draw. */
export interface PngJob {
  id: number;
  svg: string;
  width: number;
}

/** What the worker posts back: the PNG, or what `svgToPng` threw. */
export type PngAnswer = { id: number; png: Uint8Array; ms: number } | { id: number; error: string };

parentPort?.on("message", ({ id, svg, width }: PngJob) => {
  const started = performance.now();
  try {
    const png = svgToPng(svg, { width });
    parentPort?.postMessage({ id, png, ms: performance.now() - started } satisfies PngAnswer);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PngAnswer);
  }
  drawings++;
  setImmediate(() => collect(drawings % FULL_EVERY === 0 ? { type: "major" } : { type: "minor" }));
});
