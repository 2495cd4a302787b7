/**
 * Slip images read off the event loop. Decoding a photo and looking for its QR takes a second or more
 * of CPU; on the bot's thread every chat would wait meanwhile. So the header is checked here (size
 * only, microseconds) and the image read in a worker thread (`slip-worker.ts`): a small pool, started
 * with the first slip (a cold start never pays for it), ended after a minute idle (its memory given
 * back) and by `close()`. Each image has a deadline: past it, its worker is ended and replaced and the
 * image counts as unreadable, which the payment flow already handles (the agent checks the slip by eye).
 *
 * The waiting line is fair between senders: each slip names its sender (`read(bytes, { sender })`, a
 * customer), a sender has at most `maxWaitingPerSender` slips waiting (one more is `busy`), and the worker
 * takes the senders in turn, one slip each. So a customer's flood of slips takes one place in the turn,
 * never the whole line: another customer's slip waits for at most one slip of each other sender.
 */
import { Worker } from "node:worker_threads";
import type { Logger } from "../logger.js";
import { checkSlipImage, SLIP_LIMITS, type SlipLimits } from "./slip-image.js";
import type { SlipScan } from "./slip-scan.js";
import type { SlipJob, SlipWorkerData, SlipWorkerMessage } from "./slip-worker.js";

export type { SlipQr } from "./slip-scan.js";

/**
 * What came of reading a slip: `scanSlip`'s outcomes, or unreadable because its worker took too long
 * (`timeout`) or died (`crashed`), too many images were waiting (`busy`), or the reader was closed (`closed`).
 */
export type SlipRead = SlipScan | { kind: "unreadable"; why: "timeout" | "crashed" | "busy" | "closed" };

export interface SlipReaderOptions {
  /** Worker threads (default 1: on a two-core machine the other core stays the bot's). */
  workers?: number;
  /** How long one image may take in a worker, ms (default 10 000); then the worker is replaced. */
  timeoutMs?: number;
  /** Images waiting for a worker (default 8); one more is not read (`busy`) rather than answered late. */
  maxWaiting?: number;
  /** Images of one sender waiting for a worker (default 2); one more of theirs is `busy`, others' still wait. */
  maxWaitingPerSender?: number;
  /** A worker idle this long is ended, giving its memory back, ms (default 60 000); the next slip starts one. */
  idleMs?: number;
  /** Default `SLIP_LIMITS`. */
  limits?: SlipLimits;
  logger?: Logger;
}

export interface SlipReader {
  readonly limits: SlipLimits;
  /**
   * Reads a slip image's QR; never rejects. `sender`: whose slip it is (a customer), for the fair turn
   * between senders; a slip without one is a sender of its own.
   */
  read(bytes: Uint8Array, options?: { sender?: string }): Promise<SlipRead>;
  /** Worker threads running now: none before the first image, nor after `close()`. */
  workers(): number;
  /** Ends the workers; images being read or waiting come out `closed`. */
  close(): Promise<void>;
}

interface Job {
  bytes: Uint8Array;
  resolve: (read: SlipRead) => void;
}

interface Slot {
  worker: Worker;
  /** Loaded: a job's deadline runs from then. */
  ready: boolean;
  running?: Job & { id: number; timer?: NodeJS.Timeout };
  /** Ends a worker that never says it is ready. */
  startTimer: NodeJS.Timeout;
  /** Ends a worker idle for `idleMs`. */
  idleTimer?: NodeJS.Timeout;
}

/** A worker that is not ready by then is taken for broken (tsx compiling the sources included). */
const WORKER_START_MS = 60_000;

/** A slip reader with its own pool of worker threads (none until the first `read`). */
export function createSlipReader(options: SlipReaderOptions = {}): SlipReader {
  const size = Math.max(1, options.workers ?? 1);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxWaiting = options.maxWaiting ?? 8;
  const maxWaitingPerSender = Math.max(1, options.maxWaitingPerSender ?? 2);
  const idleMs = options.idleMs ?? 60_000;
  const limits = options.limits ?? SLIP_LIMITS;
  const log = options.logger;
  const slots: Slot[] = [];
  /** The images waiting, by sender, the senders in their turn (a Map keeps its keys' order). */
  const waiting = new Map<string, Job[]>();
  let waitingCount = 0;
  let nextId = 0;
  let anonymous = 0;
  let closed = false;

  const spawn = (): Slot => {
    const worker = startWorker({ limits });
    const slot: Slot = { worker, ready: false, startTimer: setTimeout(() => retire(slot, "crashed"), WORKER_START_MS) };
    slot.startTimer.unref();
    worker.on("message", (message: SlipWorkerMessage) => {
      if ("ready" in message) {
        clearTimeout(slot.startTimer);
        slot.ready = true;
        if (slot.running) startDeadline(slot);
        return;
      }
      const job = slot.running;
      if (!job || job.id !== message.id) return;
      if (message.error) log?.warn({ err: message.error }, "slip image could not be read");
      log?.debug({ outcome: message.scan.kind, ms: Math.round(message.ms) }, "slip image read");
      clearTimeout(job.timer);
      slot.running = undefined;
      worker.unref();
      job.resolve(message.scan);
      drain();
      if (!slot.running) {
        slot.idleTimer = setTimeout(() => retire(slot, "idle"), idleMs);
        slot.idleTimer.unref();
      }
    });
    worker.on("error", (error) => {
      log?.warn({ err: error.message }, "slip worker failed");
      retire(slot, "crashed");
    });
    worker.on("exit", () => retire(slot, "crashed"));
    // An idle worker does not keep the process alive; one reading an image does (`start`).
    worker.unref();
    return slot;
  };

  const startDeadline = (slot: Slot) => {
    if (slot.running) slot.running.timer = setTimeout(() => retire(slot, "timeout"), timeoutMs);
  };

  /**
   * Ends a slot's worker (idle, timed out, failed, exited or closed): the image it was reading is
   * unreadable; the next image gets a new worker.
   */
  const retire = (slot: Slot, why: "idle" | "timeout" | "crashed" | "closed") => {
    const at = slots.indexOf(slot);
    if (at === -1) return;
    slots.splice(at, 1);
    clearTimeout(slot.startTimer);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
    const job = slot.running;
    slot.running = undefined;
    if (job && why !== "idle") {
      clearTimeout(job.timer);
      job.resolve({ kind: "unreadable", why });
    }
    if (why === "timeout") log?.warn({ timeoutMs }, "slip image took too long: its worker was replaced");
    drain();
  };

  const idleSlot = (): Slot | undefined => {
    const idle = slots.find((s) => !s.running);
    if (idle || slots.length >= size) return idle;
    const slot = spawn();
    slots.push(slot);
    return slot;
  };

  const start = (slot: Slot, job: Job) => {
    const id = ++nextId;
    clearTimeout(slot.idleTimer);
    slot.running = { ...job, id };
    if (slot.ready) startDeadline(slot);
    slot.worker.ref();
    // Copied, not transferred: a caller's Buffer may share Node's pool with others.
    slot.worker.postMessage({ id, bytes: job.bytes } satisfies SlipJob);
  };

  /** The first sender's first image; that sender, if it has more, goes to the end of the turn. */
  const nextWaiting = (): Job | undefined => {
    const [sender, jobs] = waiting.entries().next().value ?? [];
    if (sender === undefined || !jobs) return undefined;
    const job = jobs.shift()!;
    waiting.delete(sender);
    if (jobs.length > 0) waiting.set(sender, jobs);
    waitingCount -= 1;
    return job;
  };

  const drain = () => {
    while (!closed && waitingCount > 0) {
      const slot = idleSlot();
      if (!slot) return;
      start(slot, nextWaiting()!);
    }
  };

  return {
    limits,
    read(bytes, readOptions = {}) {
      if (closed) return Promise.resolve({ kind: "unreadable", why: "closed" });
      // Refused on the header alone: never decoded, no worker needed.
      const check = checkSlipImage(bytes, limits);
      if (check.kind === "too-large") return Promise.resolve({ kind: "too-large" });
      if (check.kind === "unsupported") return Promise.resolve({ kind: "unreadable", why: "format" });
      const sender = readOptions.sender ?? `#${++anonymous}`;
      return new Promise<SlipRead>((resolve) => {
        const slot = waitingCount === 0 ? idleSlot() : undefined;
        if (slot) return start(slot, { bytes, resolve });
        const theirs = waiting.get(sender) ?? [];
        if (waitingCount >= maxWaiting || theirs.length >= maxWaitingPerSender)
          return resolve({ kind: "unreadable", why: "busy" });
        theirs.push({ bytes, resolve });
        waiting.set(sender, theirs);
        waitingCount += 1;
        drain();
      });
    },
    workers: () => slots.length,
    async close() {
      closed = true;
      for (const job of [...waiting.values()].flat()) job.resolve({ kind: "unreadable", why: "closed" });
      waiting.clear();
      waitingCount = 0;
      const ending = slots.map((slot) => slot.worker);
      for (const slot of [...slots]) retire(slot, "closed");
      await Promise.all(ending.map((worker) => worker.terminate()));
    },
  };
}

/**
 * The worker: compiled JavaScript next to this module (`dist/`); or, running from the TypeScript
 * sources (vitest, tsx), the `.ts` file, compiled by tsx inside the worker. Node 20 does not run a
 * worker's entry through `--import` loaders given in `execArgv`, so the worker registers tsx itself
 * (a devDependency, found from the working directory: the repository's, wherever the sources run).
 */
function startWorker(data: SlipWorkerData): Worker {
  const sources = import.meta.url.endsWith(".ts");
  const entry = new URL(sources ? "./slip-worker.ts" : "./slip-worker.js", import.meta.url);
  // Not the process's own flags: a worker refuses some (`--input-type` of a start by `--eval`).
  const options = { workerData: data, execArgv: process.execArgv.filter((flag) => flag === "--enable-source-maps") };
  if (!sources) return new Worker(entry, options);
  const code = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
