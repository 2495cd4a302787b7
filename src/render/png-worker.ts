/** The PNG renderer's thread (`renderer.ts`): draws one SVG at a time with `svgToPng` and posts the PNG back. */
import { parentPort } from "node:worker_threads";
import { svgToPng } from "./png.js";

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
});
