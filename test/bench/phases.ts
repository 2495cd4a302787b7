/**
 * The phases run against one bot process: human-paced bookings, the month pager tapped 300 times, and
 * saturation (agents acting as soon as the answer arrived, stepped up). Each returns its figures.
 */
import { runAgents, newStats, type AgentStats } from "./agents.js";
import type { ChatRouter, Panel } from "./router.js";
import { cpuMs, latencyOf, median, sleep, type LatencyFigures } from "./measure.js";
import type { BotProcess } from "./processes.js";
import type { StorageProbe, StoredRow } from "./storage.js";
import type { World } from "./world.js";

/** Partner requests of a phase: in all, per paid booking, and by endpoint. */
export interface PartnerFigures {
  total: number;
  perBooking: number | null;
  byEndpoint: Record<string, number>;
  /** Reserve requests the partner refused (the tee time was taken by another agent meanwhile). */
  refusedReserves: number;
  /**
   * Per paid booking without the cost of those refusals: each costs both bots the refused reserve and
   * a re-read of the day's tee times (the list shown again), so 2 calls.
   */
  perBookingWithoutRefusals: number | null;
}

/** Figures of the human-paced phase. */
export interface HumanFigures {
  agents: number;
  /** How long agents started bookings. */
  seconds: number;
  /** How long they then took to finish the bookings in progress (and the bot to settle). */
  tailSeconds: number;
  /** Updates the simulated users sent (user actions), tail included. */
  actions: number;
  /** Of the updates sent while every agent was active (before the tail). */
  latency: LatencyFigures;
  cpuMs: number | null;
  cpuMsPerUpdate: number | null;
  /** The bot's CPU time over the phase's wall time (100 = one core busy). */
  cpuPercent: number | null;
  visibleCalls: number;
  visibleByMethod: Record<string, number>;
  /** Visible calls per user action, the e-vouchers' photos apart (one per paid booking, counted in `photos`). */
  visiblePerAction: number | null;
  /** Photos sent: in the human phase, the e-voucher of each paid booking. */
  photos: number;
  partner: PartnerFigures;
  stats: AgentStats;
  /** fairway only: the largest stored row seen during and right after the phase. */
  largestRow?: StoredRow;
  /** fairway only: one chat's stored rows at its hold step (before Confirm). */
  atHold?: { total: number; rows: StoredRow[] };
}

/** `GET /tee-time`, `POST /order/:id/confirm`: the sandbox's route with ids folded. */
function endpoint(method: string, path: string): string {
  return `${method} ${path.replace(/^\/api\/v1\/ext/, "").replace(/\/[0-9a-f]{20,24}(?=\/|$)/g, "/:id")}`;
}

/** The partner requests logged from index `from` on, per `paid` bookings. */
export function partnerFigures(world: World, from: number, paid: number): PartnerFigures {
  const requests = world.sandbox.requests.slice(from);
  const byEndpoint: Record<string, number> = {};
  for (const r of requests) byEndpoint[endpoint(r.method, r.path)] = (byEndpoint[endpoint(r.method, r.path)] ?? 0) + 1;
  const refusedReserves = requests.filter(
    (r) => endpoint(r.method, r.path) === "POST /order/reserve" && r.status >= 400,
  ).length;
  return {
    total: requests.length,
    perBooking: paid > 0 ? requests.length / paid : null,
    byEndpoint,
    refusedReserves,
    perBookingWithoutRefusals: paid > 0 ? (requests.length - 2 * refusedReserves) / paid : null,
  };
}

/** The human-paced phase: its agents, length and pace, and fairway's storage probe. */
export interface HumanOptions {
  agents: number[];
  seconds: number;
  thinkMs: number;
  jitter: number;
  probe?: StorageProbe;
}

/** A promise and the function that resolves it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** How long agents may take to finish the bookings in progress after the phase's time is up. */
const TAIL_MS = 60_000;

/**
 * Human-paced agents start bookings for `seconds`, then finish the ones in progress (up to a minute),
 * so every figure per booking counts whole bookings; then the bot settles. Latency is taken from the
 * updates of the `seconds` (every agent active), the rest over the whole phase.
 */
export async function humanPhase(world: World, bot: BotProcess, o: HumanOptions): Promise<HumanFigures> {
  const users = o.agents.map((id) => world.user(id));
  const chats = new Set(o.agents);
  const stats = newStats();
  const stop = gate();
  const abort = gate();
  let largestRow: StoredRow | undefined;
  let atHold: HumanFigures["atHold"];
  const sampleLargest = () => {
    const row = o.probe?.largest();
    if (row && (!largestRow || row.bytes > largestRow.bytes)) largestRow = row;
  };
  const sampler = o.probe ? setInterval(sampleLargest, 2000) : undefined;
  const t0 = performance.now();
  const cpu0 = cpuMs(bot.pid);
  const req0 = world.sandbox.requests.length;
  const running = runAgents(users, world.router, stats, {
    thinkMs: o.thinkMs,
    jitter: o.jitter,
    answerTimeoutMs: 30_000,
    stop: stop.promise,
    abort: abort.promise,
    onHeld: (agent) => {
      if (o.probe && !atHold) atHold = o.probe.bytesOf(agent.user.chatId);
    },
  });
  await sleep(o.seconds * 1000);
  stop.open();
  const tStop = performance.now();
  const capped = sleep(TAIL_MS, true).then(() => abort.open());
  await Promise.race([running, capped]);
  abort.open();
  await Promise.race([running, sleep(35_000, true)]);
  await world.telegram.idle({ quietMs: 300, timeoutMs: 60_000 }).catch(() => undefined);
  const t1 = performance.now();
  const cpu1 = cpuMs(bot.pid);
  if (sampler) clearInterval(sampler);
  sampleLargest();
  const samples = world.recorder.samplesOf(chats, t0, t1);
  const visible = world.recorder.visibleOf(chats, t0, t1 + 1);
  const visibleByMethod: Record<string, number> = {};
  for (const v of visible) visibleByMethod[v.method] = (visibleByMethod[v.method] ?? 0) + 1;
  const handled = samples.filter((s) => s.deliveredAt !== undefined).length;
  const cpu = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : null;
  return {
    agents: o.agents.length,
    seconds: (tStop - t0) / 1000,
    tailSeconds: (t1 - tStop) / 1000,
    actions: samples.length,
    latency: latencyOf(world.recorder.samplesOf(chats, t0, tStop)),
    cpuMs: cpu,
    cpuMsPerUpdate: cpu !== null && handled > 0 ? cpu / handled : null,
    cpuPercent: cpu !== null ? (100 * cpu) / (t1 - t0) : null,
    visibleCalls: visible.length,
    visibleByMethod,
    visiblePerAction: samples.length > 0 ? (visible.length - (visibleByMethod.sendPhoto ?? 0)) / samples.length : null,
    photos: visibleByMethod.sendPhoto ?? 0,
    partner: partnerFigures(world, req0, stats.paid),
    stats,
    ...(largestRow ? { largestRow } : {}),
    ...(atHold ? { atHold } : {}),
  };
}

/** Figures of the month-pager test. */
export interface TapFigures {
  taps: number;
  /** Update handed over → first visible answer of each tap, ms. */
  latencies: number[];
  firstTenMedian: number | null;
  lastTenMedian: number | null;
  ratio: number | null;
  /** fairway only: the chat's stored bytes after 3 taps and after the last. */
  bytesAfter3?: number;
  bytesAfterLast?: number;
  rowsAfterLast?: StoredRow[];
}

/** One agent opens /book, goes to the calendar and taps the month pager (next, previous, …) `taps` times. */
export async function monthTaps(world: World, id: number, taps: number, probe?: StorageProbe): Promise<TapFigures> {
  const user = world.user(id);
  const router: ChatRouter = world.router;
  const timeout = 60_000;
  const tap = (panel: Panel, pattern: RegExp) => {
    const data = panel.data.find((d) => pattern.test(d));
    if (!data) throw new Error(`tapper: no ${pattern} in ${panel.data.join(" ")}`);
    return router.act(id, () => user.tap({ data, messageId: panel.messageId }), ["calendar", "info"], timeout);
  };
  let panel = await router.act(id, () => user.send("/book"), ["courses"], timeout);
  panel = await tap(panel, /:c:0$/);
  panel = await tap(panel, /:go$/);
  const settled = () => world.telegram.idle({ quietMs: 150, timeoutMs: 30_000 }).catch(() => undefined);
  const from = world.recorder.samples.length;
  let bytesAfter3: number | undefined;
  for (let i = 1; i <= taps; i += 1) {
    panel = await tap(panel, /:m:\d{6}$/);
    if (i === 3 && probe) {
      await settled();
      bytesAfter3 = probe.bytesOf(id).total;
    }
  }
  await settled();
  const after = probe?.bytesOf(id);
  const samples = world.recorder.samples.slice(from).filter((s) => s.chatId === id && s.callback);
  const latencies = samples.map((s) =>
    s.visibleAt !== undefined && s.deliveredAt !== undefined ? s.visibleAt - s.deliveredAt : Number.NaN,
  );
  const firstTenMedian = median(latencies.slice(0, 10).filter(Number.isFinite));
  const lastTenMedian = median(latencies.slice(-10).filter(Number.isFinite));
  return {
    taps: samples.length,
    latencies: latencies.map((l) => Math.round(l * 100) / 100),
    firstTenMedian,
    lastTenMedian,
    ratio: firstTenMedian && lastTenMedian !== null ? lastTenMedian / firstTenMedian : null,
    ...(bytesAfter3 !== undefined ? { bytesAfter3 } : {}),
    ...(after ? { bytesAfterLast: after.total, rowsAfterLast: after.rows } : {}),
  };
}
