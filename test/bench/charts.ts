/**
 * The chart benchmark (`npm run bench -- --charts`, or `npx tsx test/bench/charts.ts [--rounds 20]
 * [--bookings 5000]`): in the bench process, no bot. A year of `--bookings` paid bookings is counted
 * (`chartFigures`), drawn as SVG and as a PNG (`svgToPng`), in English and in Thai, `--rounds` times each;
 * the baseline, in the same run, is resvg drawing a blank SVG of the same size with the same fonts
 * (what any picture costs: the fonts read, the canvas encoded). Then the chart is drawn off the event
 * loop (`svgToPngOffThread`, as the bot does) while a timer ticks every millisecond: the longest the
 * event loop waited meanwhile. Prints the medians, their ratio to the baseline, and that wait.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CHART_PNG_WIDTH, chartText } from "../../src/bot/features/admin/report-chart.js";
import { createI18n } from "../../src/bot/i18n.js";
import { chartSvg, CHART_WIDTH } from "../../src/reports/charts/svg.js";
import { svgToPng, svgToPngOffThread } from "../../src/render/png.js";
import { chartFigures } from "../../src/reports/charts/figures.js";
import { SAMPLE_AGENTS, sampleBookings, sampleFigures } from "../helpers/chart-sample.js";
import { median } from "./measure.js";

/** The year 2026 on Bangkok's calendar, the sample's agents, no released holds. */
const YEAR = {
  from: "2026-01-01",
  to: "2026-12-31",
  releasedAt: [],
  agentIds: new Set(SAMPLE_AGENTS.keys()),
  names: SAMPLE_AGENTS,
  timeZone: "Asia/Bangkok",
};

/** Runs the chart benchmark with command-line `args` (without `--charts`) and prints its figures. */
export async function chartsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { rounds: { type: "string", default: "20" }, bookings: { type: "string", default: "5000" } },
  });
  const rounds = Number(values.rounds);
  const bookings = Number(values.bookings);
  const i18n = createI18n("en", () => undefined);
  const time = (work: () => unknown) => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const rows: [string, number, number][] = [];
  for (const locale of ["en", "th"] as const) {
    const t = (k: string, a?: Record<string, string | number>) => i18n.t(locale, k, a);
    const figures: number[] = [];
    const svgs: number[] = [];
    const pngs: number[] = [];
    const blanks: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const paid = sampleBookings("2026-01-01", bookings, (n) => n % 365);
      let f = sampleFigures("2026-01-01", "2026-12-31", 1, () => 0);
      figures.push(time(() => (f = chartFigures({ ...YEAR, paid }))));
      let svg = "";
      svgs.push(time(() => (svg = chartSvg(f, chartText(f, t, locale)))));
      pngs.push(time(() => svgToPng(svg, { width: CHART_PNG_WIDTH })));
      const height = /height="(\d+)"/.exec(svg)![1];
      const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${height}"><text x="0" y="0"> </text></svg>`;
      blanks.push(time(() => svgToPng(blank, { width: CHART_PNG_WIDTH })));
    }
    const base = median(blanks)!;
    rows.push([`${locale}: figures of ${bookings} bookings`, median(figures)!, base]);
    rows.push([`${locale}: SVG`, median(svgs)!, base]);
    rows.push([`${locale}: PNG (resvg)`, median(pngs)!, base]);
    rows.push([`${locale}: blank PNG (baseline)`, base, base]);
  }
  console.log(`median of ${rounds} rounds, ms (ratio to the blank PNG of the same size)`);
  for (const [name, ms, base] of rows)
    console.log(`${name.padEnd(34)} ${ms.toFixed(1).padStart(8)}  ×${(ms / base).toFixed(2)}`);

  // Off the event loop: the bot's way. The longest wait of a 1 ms timer while charts are drawn.
  const t = (k: string, a?: Record<string, string | number>) => i18n.t("th", k, a);
  const f = sampleFigures("2026-01-01", "2026-12-31", bookings, (n) => n % 365);
  const svg = chartSvg(f, chartText(f, t, "th"));
  for (const [how, draw] of [
    ["on the event loop", () => Promise.resolve(svgToPng(svg, { width: CHART_PNG_WIDTH }))],
    ["off the event loop", () => svgToPngOffThread(svg, { width: CHART_PNG_WIDTH })],
  ] as const) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const ticker = setInterval(() => undefined, 1);
    delay.enable();
    const started = performance.now();
    for (let i = 0; i < rounds; i++) {
      await draw();
      // A turn of the event loop between charts, so the timer's waits are seen either way.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const elapsed = performance.now() - started;
    delay.disable();
    clearInterval(ticker);
    console.log(
      `${how}: ${rounds} charts in ${elapsed.toFixed(0)} ms; a 1 ms timer waited at most ${(delay.max / 1e6).toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms)`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await chartsBench(process.argv.slice(2));
