/**
 * CPU per booking step (`npm run bench -- --steps [--seconds 30] [--warmup 10]`): where fairway's CPU
 * per update goes, next to the baseline's. For each bot in turn, in its own fresh world (as `main.ts`):
 * one agent books again and again with no pause (`agents.ts`), `--warmup` seconds unmeasured, then
 * `--seconds` measured. The bot's CPU (user + system, every thread, from /proc) is read before each
 * action and once its answer has come, and summed per step (the panel acted on → the panel answered);
 * the clock's 10 ms ticks average out over hundreds of bookings. Also printed: CPU per paid booking over
 * the whole window (idle work included) and the Bot API and partner calls per booking, which should
 * match between the bots. Figures only: it asserts nothing and is not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { worldClock, type WorldClock } from "../helpers/clock.js";
import { Agent, newStats } from "./agents.js";
import { cpuMs, sleep } from "./measure.js";
import { baselineCommand, fairwayCommand, killAll, referenceCommand, type Command } from "./processes.js";
import { writeJson } from "./report.js";
import { classify, type ChatRouter, type Kind } from "./router.js";
import { flowTexts } from "./texts.js";
import { agentIds, botEnv, createWorld, startPolling } from "./world.js";

interface StepFigures {
  name: string;
  bookings: number;
  cpuPerBookingMs: number;
  /** Step (`from→to`) → actions and CPU ms in all. */
  steps: Record<string, { n: number; cpuMs: number }>;
  botApiPerBooking: Record<string, number>;
  partnerPerBooking: Record<string, number>;
}

/** Runs the steps benchmark with command-line `args` (without `--steps`) and prints its figures. */
export async function stepsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: "string", default: "30" },
      warmup: { type: "string", default: "10" },
      reference: { type: "boolean", default: false },
    },
  });
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  if (!(seconds > 0) || !(warmup >= 0)) throw new Error("--seconds > 0 and --warmup ≥ 0");
  const label = new Date().toISOString();
  const clock = worldClock();
  const tmp = mkdtempSync(join(tmpdir(), "fairway-steps-"));
  try {
    const fairway = await measure("fairway", fairwayCommand(), clock, join(tmp, "fairway.sqlite"), warmup, seconds);
    const baseline = await measure("baseline", baselineCommand(), clock, join(tmp, "baseline.sqlite"), warmup, seconds);
    const reference = values.reference
      ? await measure("reference", referenceCommand(), clock, join(tmp, "reference.sqlite"), warmup, seconds)
      : undefined;
    const per = (f: StepFigures, step: string) => {
      const s = f.steps[step];
      return s && s.n > 0 ? s.cpuMs / s.n : undefined;
    };
    const steps = Object.keys(fairway.steps).sort(
      (a, b) => (baseline.steps[b]?.n ?? 0) - (baseline.steps[a]?.n ?? 0) || a.localeCompare(b),
    );
    const fmt = (v: number | undefined) => (v === undefined ? "-" : `${v.toFixed(2)} ms`);
    console.log(`CPU per step: one agent booking with no pause, ${warmup} s warm-up, ${seconds} s measured per bot`);
    console.table(
      Object.fromEntries(
        steps.map((step) => {
          const f = per(fairway, step);
          const b = per(baseline, step);
          const r = reference ? { reference: fmt(per(reference, step)) } : {};
          return [
            step,
            {
              fairway: fmt(f),
              baseline: fmt(b),
              ...r,
              "fairway − baseline": f !== undefined && b !== undefined ? fmt(f - b) : "-",
              ratio: f !== undefined && b ? `${(f / b).toFixed(2)}×` : "-",
              actions: fairway.steps[step]?.n ?? 0,
            },
          ];
        }),
      ),
    );
    console.log(
      `CPU per paid booking: fairway ${fairway.cpuPerBookingMs.toFixed(1)} ms (${fairway.bookings} bookings), baseline ${baseline.cpuPerBookingMs.toFixed(1)} ms (${baseline.bookings}): ${(fairway.cpuPerBookingMs / baseline.cpuPerBookingMs).toFixed(2)}×`,
    );
    if (reference) {
      const { cpuPerBookingMs: r, bookings } = reference;
      console.log(
        `conversations reference: ${r.toFixed(1)} ms (${bookings}): ${(r / baseline.cpuPerBookingMs).toFixed(2)}× the baseline; fairway ${(fairway.cpuPerBookingMs / r).toFixed(2)}× the reference`,
      );
    }
    for (const f of reference ? [fairway, baseline, reference] : [fairway, baseline]) {
      const list = (r: Record<string, number>) =>
        Object.entries(r)
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join(", ");
      console.log(
        `${f.name}: Bot API calls per booking: ${list(f.botApiPerBooking)}; partner: ${list(f.partnerPerBooking)}`,
      );
    }
    console.log(
      `figures in ${writeJson(`steps-${label}`, { label, seconds, warmup, fairway, baseline, ...(reference ? { reference } : {}) })}`,
    );
  } finally {
    await killAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function measure(
  name: string,
  command: Command,
  clock: WorldClock,
  dbPath: string,
  warmup: number,
  seconds: number,
): Promise<StepFigures> {
  const world = await createWorld(clock);
  try {
    const ids = agentIds(1);
    for (const id of [...ids.human, ...ids.saturation, ids.tapper]) world.user(id);
    const { bot } = await startPolling(world, command, botEnv(world, dbPath, ids));
    const texts = flowTexts();
    const steps: StepFigures["steps"] = {};
    let measuring = false;
    let last = "start";
    // The agents' router, with each action's CPU added to its step while measuring.
    const router: ChatRouter = Object.create(world.router) as ChatRouter;
    router.act = async (chatId: number, action: () => void, kinds: readonly Kind[], timeoutMs: number) => {
      const before = cpuMs(bot.pid) ?? 0;
      const panel = await world.router.act(chatId, action, kinds, timeoutMs);
      const kind = classify(panel, texts);
      if (measuring) {
        const step = (steps[`${last}→${kind}`] ??= { n: 0, cpuMs: 0 });
        step.n += 1;
        step.cpuMs += (cpuMs(bot.pid) ?? before) - before;
      }
      last = kind;
      return panel;
    };
    const stats = newStats();
    let stopAgent!: () => void;
    const stop = new Promise<void>((resolve) => (stopAgent = resolve));
    const agent = new Agent(world.user(ids.human[0]!), router, stats, {
      thinkMs: 0,
      jitter: 0,
      answerTimeoutMs: 30_000,
      stop,
      abort: new Promise<void>(() => undefined),
    });
    const running = agent.run();
    await sleep(warmup * 1000, true);
    measuring = true;
    const cpu0 = cpuMs(bot.pid) ?? 0;
    const paid0 = stats.paid;
    const calls0 = world.telegram.calls.length;
    const requests0 = world.sandbox.requests.length;
    await sleep(seconds * 1000, true);
    const cpu = (cpuMs(bot.pid) ?? cpu0) - cpu0;
    const bookings = stats.paid - paid0;
    const calls = world.telegram.calls.slice(calls0);
    const requests = world.sandbox.requests.slice(requests0);
    measuring = false;
    stopAgent();
    await running;
    await bot.kill();
    const perBooking = (keys: string[]) => {
      const counts: Record<string, number> = {};
      for (const k of keys) counts[k] = (counts[k] ?? 0) + 1;
      return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / Math.max(1, bookings)]));
    };
    console.log(`${name}: ${bookings} bookings in ${seconds} s, ${stats.stalls} stalls`);
    return {
      name,
      bookings,
      cpuPerBookingMs: cpu / Math.max(1, bookings),
      steps,
      botApiPerBooking: perBooking(calls.map((c) => c.method)),
      partnerPerBooking: perBooking(
        requests.map(
          (r) =>
            `${r.method} ${r.path
              .replace(/^\/api\/v1\/ext/, "")
              .replace(/\/[0-9a-f]{20,24}(?=\/|$)/g, "/:id")
              .replace(/\?.*$/, "")}`,
        ),
      ),
    };
  } finally {
    await world.close();
  }
}
