/**
 * Saturation: agents that act as soon as the previous answer arrived (no thinking time), their number
 * stepped up (1, 2, 4, … up to the saturation agents), to find the highest rate of answered updates
 * the bot sustains while the p99 latency stays within the limit. The limit is checked on the user's
 * latency (tap → first visible answer), which also counts time an update waits before the bot fetches
 * it: a bot that handles one update at a time falls behind there, not after the hand-over.
 */
import { Agent, newStats, type AgentStats } from "./agents.js";
import { cpuMs, latencyOf, sleep, type Percentiles } from "./measure.js";
import { gate } from "./phases.js";
import type { BotProcess } from "./processes.js";
import type { World } from "./world.js";

/** One step: `agents` closed-loop agents measured for a window. */
export interface SaturationStep {
  agents: number;
  seconds: number;
  /** Updates answered (first visible answer) per second within the window. */
  updatesPerSecond: number;
  /** Tap → first visible answer. */
  user: Percentiles;
  /** Hand-over by getUpdates → first visible answer. */
  delivered: Percentiles;
  cpuMsPerUpdate: number | null;
  /** The bot's CPU time over the window (100 = one core busy). */
  botCpuPercent: number | null;
  /** The bench process's own CPU (the agents, the Bot API server, the sandbox): near 100, it is the limit. */
  benchCpuPercent: number;
  withinLimit: boolean;
}

/** The steps run and the best rate within the limit. */
export interface SaturationFigures {
  limitMs: number;
  steps: SaturationStep[];
  /** The highest updates/s of a step whose p99 stayed within the limit (null: not even one agent did). */
  best: number | null;
  bestAgents: number | null;
  stats: AgentStats;
}

/** The saturation agents, each step's warm-up and measured window, and the p99 limit. */
export interface SaturationOptions {
  agents: number[];
  stepSeconds: number;
  warmupSeconds: number;
  limitMs: number;
}

/** The agent counts of the steps: powers of two below `max`, then `max`. */
export function stepCounts(max: number): number[] {
  const counts: number[] = [];
  for (let n = 1; n < max; n *= 2) counts.push(n);
  counts.push(max);
  return counts;
}

/** Runs the steps until one misses the limit (or all agents run); the agents then stop and the bot settles. */
export async function saturationPhase(world: World, bot: BotProcess, o: SaturationOptions): Promise<SaturationFigures> {
  const stats = newStats();
  const stop = gate();
  const abort = gate();
  const plan = { thinkMs: 0, jitter: 0, answerTimeoutMs: 30_000, stop: stop.promise, abort: abort.promise };
  const running: Promise<void>[] = [];
  const chats = new Set<number>();
  const steps: SaturationStep[] = [];
  try {
    for (const count of stepCounts(o.agents.length)) {
      for (const id of o.agents.slice(chats.size, count)) {
        chats.add(id);
        running.push(new Agent(world.user(id), world.router, stats, plan).run());
      }
      await sleep(o.warmupSeconds * 1000);
      const t0 = performance.now();
      const cpu0 = cpuMs(bot.pid);
      const bench0 = process.cpuUsage();
      await sleep(o.stepSeconds * 1000);
      const t1 = performance.now();
      const cpu1 = cpuMs(bot.pid);
      const bench = process.cpuUsage(bench0);
      const samples = world.recorder
        .samplesOf(chats, t0 - 60_000, t1)
        .filter((s) => s.visibleAt !== undefined && s.visibleAt >= t0 && s.visibleAt < t1);
      const latency = latencyOf(samples);
      const handled = world.recorder
        .samplesOf(chats, t0 - 60_000, t1)
        .filter((s) => s.deliveredAt !== undefined && s.deliveredAt >= t0 && s.deliveredAt < t1).length;
      const step: SaturationStep = {
        agents: count,
        seconds: (t1 - t0) / 1000,
        updatesPerSecond: samples.length / ((t1 - t0) / 1000),
        user: latency.userVisible,
        delivered: latency.visible,
        cpuMsPerUpdate: cpu0 !== undefined && cpu1 !== undefined && handled > 0 ? (cpu1 - cpu0) / handled : null,
        botCpuPercent: cpu0 !== undefined && cpu1 !== undefined ? (100 * (cpu1 - cpu0)) / (t1 - t0) : null,
        benchCpuPercent: (100 * (bench.user + bench.system)) / 1000 / (t1 - t0),
        withinLimit: latency.userVisible.p99 !== null && latency.userVisible.p99 <= o.limitMs,
      };
      steps.push(step);
      process.stdout.write(
        `  saturation: ${count} agents → ${step.updatesPerSecond.toFixed(0)} updates/s, p99 ${step.user.p99?.toFixed(1) ?? "-"} ms (tap → answer), ${step.delivered.p99?.toFixed(1) ?? "-"} ms (hand-over → answer); CPU: bot ${step.botCpuPercent?.toFixed(0) ?? "-"} %, bench ${step.benchCpuPercent.toFixed(0)} %\n`,
      );
      if (!step.withinLimit) break;
    }
  } finally {
    // The agents finish the booking in progress (at saturation pace, seconds), then stop.
    stop.open();
    await Promise.race([Promise.all(running), sleep(30_000, true)]);
    abort.open();
    await Promise.race([Promise.all(running), sleep(35_000, true)]);
    await world.telegram.idle({ quietMs: 300, timeoutMs: 60_000 }).catch(() => undefined);
  }
  const ok = steps.filter((s) => s.withinLimit);
  const best = ok.length > 0 ? ok.reduce((a, b) => (b.updatesPerSecond > a.updatesPerSecond ? b : a)) : undefined;
  return { limitMs: o.limitMs, steps, best: best?.updatesPerSecond ?? null, bestAgents: best?.agents ?? null, stats };
}
