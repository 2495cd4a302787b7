/** The PNG renderer's thread (`renderer.ts`): draws one SVG at a time with `svgToPng` and posts the PNG back. */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { svgToPng } from "./png.js";

/**
 * resvg's pixmaps live outside V8's heap and are freed only once V8 collects their handles, which it
 * rarely does in this thread (its own heap stays small): the process grew by about 5 MB a drawing, 1.1 GB
 * after the bench's 400 vouchers. A full collection after each drawing (about 4 ms, here, off the bot's
 * thread) keeps it flat. (`--expose-gc` set at run time: a worker takes no V8 flags of its own.)
 */
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

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
  collect();
});
