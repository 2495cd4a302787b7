/**
 * SVG → PNG off the event loop. A voucher takes 40–50 ms of CPU on an idle machine, 200 ms and more under
 * load, up to a second more with the CJK faces (read each time): too long for the bot's thread.
 * So one worker thread (`png-worker.ts`), started with the first drawing, ended after `idleMs` idle and by
 * `close()`; drawings run one at a time.
 */
import { Worker } from "node:worker_threads";
import type { PngAnswer, PngJob, PngWorkerData } from "./png-worker.js";
import type { SvgToPngOptions } from "./png.js";

export interface PngRendererOptions {
  /** A worker idle this long is ended, ms (default 60 000); the next drawing starts one. */
  idleMs?: number;
  /**
   * The worker thread's nice value on Linux (default 19, the lowest priority: a drawing takes only what
   * the bot's own thread leaves). 0 draws at the bot's priority, for a machine whose other work would
   * starve a drawing at 19 (a test run keeping both cores busy).
   */
  nice?: number;
}

export interface PngRenderer {
  /** Draws `svg` as a PNG in the worker; rejects with what the drawing threw (a missing font). */
  render(svg: string, options: SvgToPngOptions): Promise<{ png: Buffer; ms: number }>;
  /** Ends the worker; drawings in progress reject. */
  close(): Promise<void>;
}

/** A renderer with its own worker thread (none until the first drawing). */
export function createPngRenderer(options: PngRendererOptions = {}): PngRenderer {
  const idleMs = options.idleMs ?? 60_000;
  const nice = options.nice ?? 19;
  let current: Running | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  /** A worker and the drawings it owes (a worker ended fails its own, never the next worker's). */
  interface Running {
    worker: Worker;
    jobs: Map<number, { resolve: (r: { png: Buffer; ms: number }) => void; reject: (e: Error) => void }>;
  }

  const failAll = (running: Running, error: Error) => {
    for (const job of running.jobs.values()) job.reject(error);
    running.jobs.clear();
  };

  const start = (): Running => {
    const running: Running = { worker: startWorker({ nice } satisfies PngWorkerData), jobs: new Map() };
    const { worker, jobs } = running;
    worker.on("message", (answer: PngAnswer) => {
      const job = jobs.get(answer.id);
      if (!job) return;
      jobs.delete(answer.id);
      if ("error" in answer) job.reject(new Error(answer.error));
      else job.resolve({ png: Buffer.from(answer.png), ms: answer.ms });
      if (jobs.size === 0 && current === running) {
        worker.unref();
        idle = setTimeout(() => void end(), idleMs);
        idle.unref();
      }
    });
    worker.on("error", (error) => failAll(running, error));
    worker.on("exit", () => {
      if (current === running) current = undefined;
      failAll(running, new Error("png worker exited"));
    });
    return running;
  };

  const end = async () => {
    const running = current;
    current = undefined;
    clearTimeout(idle);
    if (running) await running.worker.terminate();
  };

  return {
    render(svg, { width }) {
      clearTimeout(idle);
      const running = (current ??= start());
      running.worker.ref();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        running.jobs.set(id, { resolve, reject });
        running.worker.postMessage({ id, svg, width } satisfies PngJob);
      });
    },
    close: end,
  };
}

function startWorker(workerData: PngWorkerData): Worker {
  const sources = import.meta.url.endsWith(".ts");
  const entry = new URL(sources ? "./png-worker.ts" : "./png-worker.js", import.meta.url);
  const options = { execArgv: process.execArgv.filter((flag) => flag === "--enable-source-maps"), workerData };
  if (!sources) return new Worker(entry, options);
  const code = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
