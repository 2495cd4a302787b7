/**
 * The slip worker's thread, started by `slip-reader.ts`: says it is ready once loaded, then reads one
 * slip image at a time (`scanSlip`) and posts back what came of it and how long it took.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SlipLimits } from "./slip-image.js";
import { scanSlip, type SlipScan } from "./slip-scan.js";

/** What the reader posts: an image to read. */
export interface SlipJob {
  id: number;
  bytes: Uint8Array;
}

/** What the worker posts back for a job. `error`: what `scanSlip` threw (then `scan` is unreadable). */
export interface SlipAnswer {
  id: number;
  scan: SlipScan;
  ms: number;
  error?: string;
}

/** What the worker posts: `{ ready: true }` once loaded (a job's deadline starts then), then answers. */
export type SlipWorkerMessage = { ready: true } | SlipAnswer;

/** What the reader gives the worker when it starts. */
export interface SlipWorkerData {
  limits: SlipLimits;
}

const { limits } = workerData as SlipWorkerData;

parentPort?.on("message", ({ id, bytes }: SlipJob) => {
  const started = performance.now();
  let answer: SlipAnswer;
  try {
    answer = { id, scan: scanSlip(bytes, limits), ms: 0 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    answer = { id, scan: { kind: "unreadable", why: "decoder" }, ms: 0, error: message };
  }
  answer.ms = performance.now() - started;
  parentPort?.postMessage(answer satisfies SlipWorkerMessage);
});

parentPort?.postMessage({ ready: true } satisfies SlipWorkerMessage);
