/**
 * The sales chart as SVG text (drawn to PNG by `render/png.ts`): per bar the selling total with its
 * margin inside it, the paid tee times as a line on their own scale, then the courses and the agents
 * ranked by selling total and the holds that ended unpaid. Every word and number arrives formatted in
 * the reader's language (`ChartText`); this file only places them.
 */
import { fontFamilyCss } from "../../render/fonts.js";
import { svgText } from "../../render/svg-text.js";
import type { ChartBucket, ChartFigures } from "./figures.js";

/** The chart's words and formats, in the reader's language. */
export interface ChartText {
  /** The reader's language (fairway's locale), for the order of the fonts. */
  language: string;
  title: string;
  selling: string;
  margin: string;
  teeTimes: string;
  courses: string;
  agents: string;
  /** The line on holds that ended unpaid, with their number. */
  unpaidHolds: string;
  /** The line of totals under the title. */
  totals: string;
  /** Satang as baht, e.g. `฿12,500`. */
  money: (satang: number) => string;
  /** A bar's label (its first day, or its month). */
  bucket: (bucket: ChartBucket) => string;
  /** A course's name, an agent's name. */
  course: (c: ChartFigures["courses"][number]) => string;
  agent: (a: ChartFigures["agents"][number]) => string;
  /** The last line of a ranking longer than `RANKED_LINES`: how many more. */
  more: (count: number) => string;
}

/** The chart's width in SVG units (the PNG's width scales it). */
export const CHART_WIDTH = 800;
/** Lines of each ranking; the rest are counted on one more line. */
export const RANKED_LINES = 8;

const COLORS = {
  selling: "#9cc9a8",
  margin: "#2e7d4f",
  teeTimes: "#d9822b",
  grid: "#e3e3e3",
  text: "#222",
  dim: "#666",
};
const PLOT = { left: 78, right: CHART_WIDTH - 52, top: 92, bottom: 330 };
const ROW = 22;

/** Cuts a name to `max` characters (Thai marks count, so a little short of what fits). */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

function text(x: number, y: number, body: string, attrs = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}"${attrs ? ` ${attrs}` : ""}>${svgText(body)}</text>`;
}

/** A filled rectangle, its position and size to a tenth of a pixel. */
function rect(x: number, y: number, width: number, height: number, fill: string): string {
  const n = (v: number) => v.toFixed(1);
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}"/>`;
}

/** A "nice" axis maximum at or above `max` (1, 2, 2.5 or 5 times a power of ten) and its step. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: step * ticks, step };
}

/** The bars, the line and their axes. */
function plot(f: ChartFigures, t: ChartText): string[] {
  const { left, right, top, bottom } = PLOT;
  const n = f.buckets.length;
  const slot = (right - left) / n;
  const barWidth = Math.max(2, slot * 0.7);
  // Money on the left axis in whole baht; tee times on the right, whole numbers.
  const money = niceScale(Math.max(...f.buckets.map((b) => b.selling)) / 100);
  const countStep = Math.max(1, Math.ceil(niceScale(Math.max(...f.buckets.map((b) => b.teeTimes))).step));
  const countTop = countStep * 4;
  const yMoney = (satang: number) => bottom - (satang / 100 / money.top) * (bottom - top);
  const yCount = (n: number) => bottom - (n / countTop) * (bottom - top);
  const out: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const y = bottom - (i / 4) * (bottom - top);
    out.push(`<line x1="${left}" x2="${right}" y1="${y}" y2="${y}" stroke="${COLORS.grid}"/>`);
    out.push(
      text(
        left - 6,
        y + 4,
        t.money(Math.round(money.step * i * 100)),
        `text-anchor="end" font-size="11" fill="${COLORS.dim}"`,
      ),
    );
    out.push(text(right + 6, y + 4, String(countStep * i), `font-size="11" fill="${COLORS.teeTimes}"`));
  }
  // Labels under the bars: as many as fit without touching (about 48 units each).
  const every = Math.max(1, Math.ceil(48 / slot));
  f.buckets.forEach((b, i) => {
    const x = left + slot * i + (slot - barWidth) / 2;
    const ySelling = yMoney(b.selling);
    const yMargin = yMoney(Math.max(0, b.margin));
    out.push(rect(x, ySelling, barWidth, bottom - ySelling, COLORS.selling));
    if (b.margin > 0) out.push(rect(x, yMargin, barWidth, bottom - yMargin, COLORS.margin));
    if (i % every === 0)
      out.push(
        text(
          left + slot * (i + 0.5),
          bottom + 16,
          t.bucket(b),
          `text-anchor="middle" font-size="11" fill="${COLORS.dim}"`,
        ),
      );
  });
  const points = f.buckets.map((b, i) => `${(left + slot * (i + 0.5)).toFixed(1)},${yCount(b.teeTimes).toFixed(1)}`);
  out.push(`<polyline points="${points.join(" ")}" fill="none" stroke="${COLORS.teeTimes}" stroke-width="2"/>`);
  if (n <= 62)
    for (const p of points) {
      const [cx, cy] = p.split(",");
      out.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${COLORS.teeTimes}"/>`);
    }
  out.push(`<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="${COLORS.dim}"/>`);
  return out;
}

/** One ranking (courses or agents): a title, then a bar and its amount per line, at `x`, from `y`. */
function ranking<T extends { selling: number }>(
  title: string,
  items: readonly T[],
  label: (item: T) => string,
  t: ChartText,
  at: { x: number; y: number; width: number },
): string[] {
  const shown = items.slice(0, RANKED_LINES);
  const max = Math.max(1, ...shown.map((i) => i.selling));
  const nameWidth = at.width * 0.42;
  const barSpace = at.width * 0.34;
  const out = [text(at.x, at.y, title, `font-size="14" font-weight="bold" fill="${COLORS.text}"`)];
  shown.forEach((item, i) => {
    const y = at.y + ROW * (i + 1);
    const w = Math.max(1, (item.selling / max) * barSpace);
    out.push(text(at.x, y, cut(label(item), 24), `font-size="12" fill="${COLORS.text}"`));
    out.push(rect(at.x + nameWidth, y - 11, w, 13, COLORS.selling));
    out.push(text(at.x + nameWidth + w + 5, y, t.money(item.selling), `font-size="11" fill="${COLORS.dim}"`));
  });
  if (items.length > shown.length)
    out.push(
      text(
        at.x,
        at.y + ROW * (shown.length + 1),
        t.more(items.length - shown.length),
        `font-size="11" fill="${COLORS.dim}"`,
      ),
    );
  return out;
}

/**
 * The chart of `f` as an SVG document `CHART_WIDTH` units wide (its height follows the rankings).
 * Throws for an empty period: there is nothing to draw, and the caller says so in words instead.
 */
export function chartSvg(f: ChartFigures, t: ChartText): string {
  if (f.empty) throw new RangeError("an empty period has no chart");
  const longest = Math.max(f.courses.length, f.agents.length);
  // The rankings' lines, and one more when a ranking says how many it left out.
  const rankedLines = Math.min(RANKED_LINES, longest) + (longest > RANKED_LINES ? 1 : 0);
  const rankTop = PLOT.bottom + 52;
  const holdsY = rankTop + ROW * (rankedLines + 1) + 6;
  const height = holdsY + 22;
  const half = (CHART_WIDTH - 40) / 2;
  const legend = [
    `<rect x="20" y="52" width="12" height="12" fill="${COLORS.selling}"/>`,
    text(37, 62, t.selling, `font-size="12" fill="${COLORS.text}"`),
    `<rect x="210" y="52" width="12" height="12" fill="${COLORS.margin}"/>`,
    text(227, 62, t.margin, `font-size="12" fill="${COLORS.text}"`),
    `<line x1="400" x2="420" y1="58" y2="58" stroke="${COLORS.teeTimes}" stroke-width="2"/>`,
    text(426, 62, t.teeTimes, `font-size="12" fill="${COLORS.text}"`),
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${height}" viewBox="0 0 ${CHART_WIDTH} ${height}">`,
    `<g font-family="${fontFamilyCss(t.language)}">`,
    text(20, 26, t.title, `font-size="17" font-weight="bold" fill="${COLORS.text}"`),
    text(20, 44, t.totals, `font-size="12" fill="${COLORS.dim}"`),
    ...legend,
    ...plot(f, t),
    ...ranking(t.courses, f.courses, t.course, t, { x: 20, y: rankTop, width: half }),
    ...ranking(t.agents, f.agents, t.agent, t, { x: 20 + half + 20, y: rankTop, width: half }),
    text(20, holdsY, t.unpaidHolds, `font-size="12" fill="${COLORS.text}"`),
    "</g>",
    "</svg>",
  ].join("\n");
}
