/**
 * The report: one row per figure (fairway | baseline | ratio | target | met), printed as a table and
 * written with every raw figure to bench-results/bench-<ISO time>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HumanFigures, TapFigures } from "./phases.js";
import type { SaturationFigures } from "./saturation.js";
import { ROOT } from "./processes.js";

/** Everything measured for one bot. */
export interface BotFigures {
  name: "fairway" | "baseline" | "reference";
  command: string;
  coldStartsMs: number[];
  coldStartMedianMs: number | null;
  human: HumanFigures;
  taps: TapFigures;
  saturation: SaturationFigures;
  /** VmHWM at the end of the human phase: the start and the human-paced agents, before the month pager and saturation. */
  humanPeakRssBytes?: number | null;
  /** VmHWM at the end of the run, saturation included. */
  peakRssBytes: number | null;
  /** Log lines at warn or above while it ran. */
  warnings: number;
  /** fairway only: the key-value tables the storage probe read. */
  storageTables?: string[];
}

/** One line of the table. */
export interface Row {
  figure: string;
  fairway: string;
  baseline: string;
  ratio: string;
  target: string;
  /** "met", "missed", or "" when the figure has no target. */
  met: string;
}

const verdict = (ok: boolean | null) => (ok === null ? "n/a" : ok ? "met" : "missed");

type Pick = (b: BotFigures) => number | null | undefined;

const fmt = (v: number | null | undefined, digits = 1, unit = "") =>
  v === null || v === undefined || !Number.isFinite(v) ? "—" : `${v.toFixed(digits)}${unit}`;
const bytes = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : v >= 1024 ? `${(v / 1024).toFixed(1)} KB` : `${v} B`;

/** Builds the rows; targets are checked on fairway's figures (per-booking and per-action ones as shown, to 2 decimals). */
export function buildRows(f: BotFigures | undefined, b: BotFigures | undefined, agents: number): Row[] {
  const rows: Row[] = [];
  /** `ok` gives null when the figure cannot be judged (no baseline to compare with). */
  const add = (
    figure: string,
    pick: Pick,
    show: (v: number | null | undefined) => string,
    target?: { text: string; ok: (fv: number, ratio: number | null) => boolean | null },
    ratio = true,
  ) => {
    const fv = f ? pick(f) : undefined;
    const bv = b ? pick(b) : undefined;
    const r = ratio && typeof fv === "number" && typeof bv === "number" && bv !== 0 ? fv / bv : null;
    rows.push({
      figure,
      fairway: f ? show(fv) : "—",
      baseline: b ? show(bv) : "—",
      ratio: r === null ? "—" : `${r.toFixed(2)}×`,
      target: target?.text ?? "",
      met: !target ? "" : typeof fv !== "number" ? "missed" : verdict(target.ok(fv, r)),
    });
  };
  const ms = (v: number | null | undefined) => fmt(v, 1, " ms");
  const human = `${agents} human-paced agents`;
  add(`p50 update → first visible answer (${human})`, (x) => x.human.latency.visible.p50, ms);
  add(`p95 update → first visible answer`, (x) => x.human.latency.visible.p95, ms);
  add(`p99 update → first visible answer`, (x) => x.human.latency.visible.p99, ms, {
    text: "≤ 25 ms at 200 agents",
    ok: (v) => (agents === 200 ? v <= 25 : null),
  });
  add(`p50 update → answerCallbackQuery`, (x) => x.human.latency.callback.p50, ms);
  add(`p99 update → answerCallbackQuery`, (x) => x.human.latency.callback.p99, ms);
  add(`p99 tap → first visible answer (incl. wait to be fetched)`, (x) => x.human.latency.userVisible.p99, ms);
  add(
    `CPU per update (human pace)`,
    (x) => x.human.cpuMsPerUpdate,
    (v) => fmt(v, 2, " ms"),
    { text: "≤ 2× baseline", ok: (_v, r) => (r === null ? null : r <= 2) },
  );
  add(
    `CPU per update (saturation, best step)`,
    (x) => bestStep(x)?.cpuMsPerUpdate,
    (v) => fmt(v, 2, " ms"),
  );
  add(
    `bot CPU, human phase (100 % = one core)`,
    (x) => x.human.cpuPercent,
    (v) => fmt(v, 0, " %"),
  );
  add(
    `saturation: updates/s with p99 ≤ 250 ms`,
    (x) => x.saturation.best,
    (v) => fmt(v, 0, "/s"),
  );
  add(
    `  agents at that step`,
    (x) => x.saturation.bestAgents,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `  bot CPU / bench process CPU at that step`,
    (x) => bestStep(x)?.botCpuPercent,
    (v) => fmt(v, 0, " %"),
    undefined,
    false,
  );
  rows[rows.length - 1]!.fairway += f ? ` / ${fmt(bestStep(f)?.benchCpuPercent, 0, " %")}` : "";
  rows[rows.length - 1]!.baseline += b ? ` / ${fmt(bestStep(b)?.benchCpuPercent, 0, " %")}` : "";
  add(
    `partner calls per paid booking (human phase)`,
    (x) => x.human.partner.perBooking,
    (v) => fmt(v, 2),
  );
  add(
    `  without refused holds (reserve + re-read each)`,
    (x) => x.human.partner.perBookingWithoutRefusals,
    (v) => fmt(v, 2),
    { text: "≤ 4", ok: (v) => Math.round(v * 100) / 100 <= 4 },
  );
  const endpoints = new Set([
    ...Object.keys(f?.human.partner.byEndpoint ?? {}),
    ...Object.keys(b?.human.partner.byEndpoint ?? {}),
  ]);
  for (const e of [...endpoints].sort()) {
    add(
      `  ${e} per booking`,
      (x) => (x.human.stats.paid > 0 ? (x.human.partner.byEndpoint[e] ?? 0) / x.human.stats.paid : null),
      (v) => fmt(v, 2),
    );
  }
  add(
    `visible Bot API calls per user action (e-vouchers apart)`,
    (x) => x.human.visiblePerAction,
    (v) => fmt(v, 2),
    { text: "≤ 1.2", ok: (v) => Math.round(v * 100) / 100 <= 1.2 },
  );
  add(
    `e-voucher photos per paid booking`,
    (x) => (x.human.stats.paid > 0 ? (x.human.photos ?? 0) / x.human.stats.paid : null),
    (v) => fmt(v, 2),
    { text: "= 1", ok: (v) => Math.round(v * 100) / 100 === 1 },
    false,
  );
  const kb8 = { text: "≤ 8 KB", ok: (v: number) => v <= 8192 };
  add(`stored: largest row (human phase)`, (x) => x.human.largestRow?.bytes, bytes, kb8, false);
  add(`stored: one chat at the hold step`, (x) => x.human.atHold?.total, bytes, kb8, false);
  add(`stored: tapper's chat after 3 taps`, (x) => x.taps.bytesAfter3, bytes, kb8, false);
  add(
    `stored: tapper's chat after ${f?.taps.taps ?? b?.taps.taps ?? 300} taps`,
    (x) => x.taps.bytesAfterLast,
    bytes,
    kb8,
    false,
  );
  add(`month pager: median latency taps 1–10`, (x) => x.taps.firstTenMedian, ms);
  add(`month pager: median latency of the last 10 taps`, (x) => x.taps.lastTenMedian, ms);
  add(
    `month pager: last 10 / first 10`,
    (x) => x.taps.ratio,
    (v) => fmt(v, 2, "×"),
    { text: "≤ 1.25×", ok: (v) => v <= 1.25 },
  );
  add(
    `peak RSS, ${human} (VmHWM after them)`,
    (x) => (x.humanPeakRssBytes == null ? null : x.humanPeakRssBytes / 1024 / 1024),
    (v) => fmt(v, 0, " MB"),
    { text: "≤ 300 MB", ok: (v) => v <= 300 },
  );
  add(
    `peak RSS, whole run (saturation included)`,
    (x) => (x.peakRssBytes === null ? null : x.peakRssBytes / 1024 / 1024),
    (v) => fmt(v, 0, " MB"),
  );
  add(
    `cold start: spawn → first getUpdates (median)`,
    (x) => x.coldStartMedianMs,
    (v) => fmt(v, 0, " ms"),
    { text: "≤ 1 s", ok: (v) => v <= 1000 },
  );
  add(
    `bookings paid (human phase)`,
    (x) => x.human.stats.paid,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `user actions (human phase)`,
    (x) => x.human.actions,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `holds refused (tee time taken meanwhile)`,
    (x) => x.human.partner.refusedReserves,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `agent stalls (no answer in 30 s)`,
    (x) => x.human.stats.stalls + x.saturation.stats.stalls,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `announced follow-ups missing (.ics, share prompt)`,
    (x) => x.human.stats.trailingMissed + x.saturation.stats.trailingMissed,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `updates without a visible answer (human phase)`,
    (x) => x.human.latency.unanswered,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  add(
    `log lines at warn or above`,
    (x) => x.warnings,
    (v) => fmt(v, 0),
    undefined,
    false,
  );
  return rows;
}

function bestStep(x: BotFigures) {
  return x.saturation.steps.find((s) => s.agents === x.saturation.bestAgents);
}

/**
 * The conversations reference's line: its CPU per update (human pace), as a multiple of the bare
 * baseline's, and fairway's as a multiple of the reference's.
 */
export function referenceLine(r: BotFigures, f: BotFigures | undefined, b: BotFigures | undefined): string {
  const cpu = (x: BotFigures | undefined) => x?.human.cpuMsPerUpdate;
  const times = (x: number | null | undefined, y: number | null | undefined) =>
    typeof x === "number" && typeof y === "number" && y > 0 ? `${(x / y).toFixed(2)}×` : "—";
  return [
    `conversations reference (the baseline's flow in a conversations v2 conversation, in memory): ${r.human.stats.paid} bookings paid, ${r.human.stats.stalls} stalls, p99 ${fmt(r.human.latency.visible.p99, 1, " ms")}`,
    `  CPU per update (human pace) ${fmt(cpu(r), 2, " ms")} = ${times(cpu(r), cpu(b))} the bare baseline; fairway = ${times(cpu(f), cpu(r))} the reference`,
  ].join("\n");
}

/** The rows as an aligned text table. */
export function formatTable(rows: readonly Row[]): string {
  const head: Row = {
    figure: "figure",
    fairway: "fairway",
    baseline: "baseline",
    ratio: "ratio",
    target: "target",
    met: "",
  };
  const cols = ["figure", "fairway", "baseline", "ratio", "target", "met"] as const;
  const width = (c: (typeof cols)[number]) => Math.max(...[head, ...rows].map((r) => [...r[c]].length));
  const line = (r: Row) =>
    cols
      .map((c, i) => (i === 0 ? r[c].padEnd(width(c)) : i < 4 ? r[c].padStart(width(c)) : r[c].padEnd(width(c))))
      .join(" | ")
      .trimEnd();
  const rule = cols.map((c) => "-".repeat(width(c))).join("-|-");
  return [line(head), rule, ...rows.map(line)].join("\n");
}

/** Writes the report as JSON under bench-results/ (created if needed); returns its path. */
export function writeJson(label: string, report: unknown): string {
  const dir = join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `bench-${label.replaceAll(":", "-")}.json`);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
