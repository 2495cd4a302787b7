/**
 * SVG → PNG off the event loop. A voucher takes 40–50 ms of CPU on an idle machine, 200 ms and more under
 * load, seconds with the CJK fonts (their collections are loaded each time): too long for the bot's thread.
 * So one worker thread (`png-worker.ts`), started with the first drawing, ended after `idleMs` idle and by
 * `close()`; drawings run one at a time.
 */
import { Worker } from "node:worker_threads";
import type { PngAnswer, PngJob } from "./png-worker.js";
import type { SvgToPngOptions } from "./png.js";

export interface PngRendererOptions {
  /** A worker idle this long is ended, ms (default 60 000); the next drawing starts one. */
  idleMs?: number;
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
  const pending = new Map<number, { resolve: (r: { png: Buffer; ms: number }) => void; reject: (e: Error) => void }>();
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const w = startWorker();
    w.on("message", (answer: PngAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if ("error" in answer) job.reject(new Error(answer.error));
      else job.resolve({ png: Buffer.from(answer.png), ms: answer.ms });
      if (pending.size === 0) {
        w.unref();
        idle = setTimeout(() => void end(), idleMs);
        idle.unref();
      }
    });
    w.on("error", (error) => failAll(error));
    w.on("exit", () => {
      if (worker === w) worker = undefined;
      failAll(new Error("png worker exited"));
    });
    return w;
  };

  const end = async () => {
    const w = worker;
    worker = undefined;
    clearTimeout(idle);
    if (w) await w.terminate();
  };

  return {
    render(svg, { width }) {
      clearTimeout(idle);
      worker ??= start();
      worker.ref();
      const id = nextId++;
      const w = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, svg, width } satisfies PngJob);
      });
    },
    close: end,
  };
}

function startWorker(): Worker {
  const sources = import.meta.url.endsWith(".ts");
  const entry = new URL(sources ? "./png-worker.ts" : "./png-worker.js", import.meta.url);
  const options = { execArgv: process.execArgv.filter((flag) => flag === "--enable-source-maps") };
  if (!sources) return new Worker(entry, options);
  const code = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
