/**
 * What the benchmark measures and how: a recorder on the local Bot API server's events (update
 * queued, handed over by getUpdates, first visible answer, callback answer), readers of a child
 * process's /proc files (CPU ticks, peak RSS) and percentiles. Times are `performance.now()` in the
 * bench process; nothing here reads the wall clock.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Update } from "grammy/types";
import type { BotApiServer, CallRecord } from "../../src/local/bot-api-server/index.js";

/** Bot API methods whose call the user sees in the chat (send*, edit*, delete* of messages). */
export function isVisibleMethod(method: string): boolean {
  return /^(send|edit|delete|copy|forward)/.test(method) && !/(Webhook|Commands|ChatAction|StickerSet)$/.test(method);
}

/** One update a simulated user caused, with the moments the benchmark cares about. */
export interface UpdateSample {
  updateId: number;
  chatId: number;
  /** A button tap (callback query) rather than a message. */
  callback: boolean;
  /** The user sent it (queued in the server). */
  queuedAt: number;
  /** getUpdates handed it to the bot. */
  deliveredAt?: number;
  /** The first visible call (send/edit/delete) for its chat after delivery. */
  visibleAt?: number;
  /** answerCallbackQuery for it. */
  answeredAt?: number;
}

/** A successful visible call, by chat. */
export interface VisibleCall {
  chatId: number;
  method: string;
  at: number;
}

/** Updates not answered within this long are no longer matched with a later answer. */
const MATCH_WINDOW_MS = 30_000;

/** Records every update and every visible answer of one Bot API server, from its events. */
export class Recorder {
  readonly samples: UpdateSample[] = [];
  readonly visible: VisibleCall[] = [];
  private readonly byId = new Map<number, UpdateSample>();
  private readonly byQuery = new Map<string, UpdateSample>();
  /** Delivered updates of each chat still waiting for their first visible answer, oldest first. */
  private readonly open = new Map<number, UpdateSample[]>();
  private readonly offs: (() => void)[] = [];

  constructor(server: BotApiServer) {
    this.offs.push(server.on("update", (u) => this.onUpdate(u)));
    this.offs.push(server.on("call", (c) => this.onCall(c)));
  }

  /** Stops listening. */
  close(): void {
    for (const off of this.offs) off();
  }

  private onUpdate(u: Update): void {
    const chatId = u.message?.chat.id ?? u.callback_query?.message?.chat.id ?? u.callback_query?.from.id;
    if (chatId === undefined) return;
    const sample: UpdateSample = {
      updateId: u.update_id,
      chatId,
      callback: u.callback_query !== undefined,
      queuedAt: performance.now(),
    };
    this.samples.push(sample);
    this.byId.set(u.update_id, sample);
    if (u.callback_query) this.byQuery.set(u.callback_query.id, sample);
  }

  private onCall(call: CallRecord): void {
    const now = performance.now();
    if (!call.ok) return;
    if (call.method === "getUpdates") {
      for (const u of (call.result as Update[] | undefined) ?? []) {
        const sample = this.byId.get(u.update_id);
        if (!sample || sample.deliveredAt !== undefined) continue;
        sample.deliveredAt = now;
        const list = this.open.get(sample.chatId) ?? [];
        list.push(sample);
        this.open.set(sample.chatId, list);
      }
      return;
    }
    if (call.method === "answerCallbackQuery") {
      const sample = this.byQuery.get(String(call.params.callback_query_id));
      if (sample && sample.answeredAt === undefined) sample.answeredAt = now;
      return;
    }
    if (!isVisibleMethod(call.method)) return;
    const chatId = Number(call.params.chat_id);
    if (!Number.isFinite(chatId)) return;
    this.visible.push({ chatId, method: call.method, at: now });
    const list = this.open.get(chatId);
    while (list && list.length > 0) {
      const sample = list.shift()!;
      if (now - sample.deliveredAt! > MATCH_WINDOW_MS) continue;
      sample.visibleAt = now;
      break;
    }
  }

  /** The samples of `chats` queued within [from, to). */
  samplesOf(chats: ReadonlySet<number>, from: number, to: number): UpdateSample[] {
    return this.samples.filter((s) => chats.has(s.chatId) && s.queuedAt >= from && s.queuedAt < to);
  }

  /** Visible calls for `chats` within [from, to). */
  visibleOf(chats: ReadonlySet<number>, from: number, to: number): VisibleCall[] {
    return this.visible.filter((v) => chats.has(v.chatId) && v.at >= from && v.at < to);
  }
}

/** The latency figures of a set of samples, ms. */
export interface LatencyFigures {
  count: number;
  /** Update handed over by getUpdates → first visible answer. */
  visible: Percentiles;
  /** Update handed over → answerCallbackQuery (taps only). */
  callback: Percentiles;
  /** The user's tap or message (queued) → first visible answer: includes time waiting to be fetched. */
  userVisible: Percentiles;
  /** Updates that got no visible answer. */
  unanswered: number;
}

/** Nearest-rank percentiles of a set of latencies, ms (null when there were none). */
export interface Percentiles {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/** Nearest-rank percentile `p` (0–100) of ascending `sorted`; null when empty. */
function rank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** Nearest-rank percentile `p` (0–100) of `values`; null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  return rank(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** p50, p95, p99 and max of `values`. */
export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: rank(sorted, 50),
    p95: rank(sorted, 95),
    p99: rank(sorted, 99),
    max: rank(sorted, 100),
  };
}

/** The median of `values`, or null. */
export function median(values: readonly number[]): number | null {
  return percentile(values, 50);
}

/** Latency figures of `samples` (see {@link LatencyFigures}). */
export function latencyOf(samples: readonly UpdateSample[]): LatencyFigures {
  const delivered = samples.filter((s) => s.deliveredAt !== undefined);
  const answered = delivered.filter((s) => s.visibleAt !== undefined);
  return {
    count: samples.length,
    visible: percentiles(answered.map((s) => s.visibleAt! - s.deliveredAt!)),
    callback: percentiles(
      delivered.filter((s) => s.answeredAt !== undefined).map((s) => s.answeredAt! - s.deliveredAt!),
    ),
    userVisible: percentiles(answered.map((s) => s.visibleAt! - s.queuedAt)),
    unanswered: samples.length - answered.length,
  };
}

let clockTicks: number | undefined;

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 when it cannot be read). */
export function clockTicksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      const value = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
      clockTicks = Number.isFinite(value) && value > 0 ? value : 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** CPU time (user + system) the process `pid` has used so far, ms; undefined once it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at field 3 (state); utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / clockTicksPerSecond();
  } catch {
    return undefined;
  }
}

/** The peak resident set size of process `pid` (VmHWM), bytes; undefined once it is gone. */
export function peakRssBytes(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves after `ms`; an `unref`ed wait does not keep the process alive (a cap raced against work). */
export function sleep(ms: number, unref = false): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });
}
