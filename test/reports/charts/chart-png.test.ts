/**
 * The chart as people see it: drawn by resvg in the fonts the image installs, compared with reviewed
 * reference images (test/fixtures/charts/, read back with pngjs) within a tolerance, so a change of
 * layout shows while a font's hinting does not. `UPDATE_CHART_REFERENCES=1` writes them anew (review them!).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { CHART_PNG_WIDTH, chartPng, chartText } from "../../../src/bot/features/admin/report-chart.js";
import { createI18n } from "../../../src/bot/i18n.js";
import { fontFilesFor } from "../../../src/render/fonts.js";
import { svgToPng } from "../../../src/render/png.js";
import { chartSvg } from "../../../src/reports/charts/svg.js";
import { sampleFigures } from "../../helpers/chart-sample.js";

const i18n = createI18n("en", () => undefined);
const reference = (name: string) => fileURLToPath(new URL(`../../fixtures/charts/${name}.png`, import.meta.url));

/** The share of pixels whose colour differs by more than `threshold` in some channel (same size required). */
function differing(a: PNG, b: PNG, threshold = 48): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4)
    if ([0, 1, 2].some((c) => Math.abs(a.data[i + c]! - b.data[i + c]!) > threshold)) count += 1;
  return count / (a.width * a.height);
}

describe("the chart's picture", () => {
  it("draws with Debian's Latin and Thai fonts, named by file", () => {
    expect(fontFilesFor("Sales ยอดขาย").map((f) => f.split("/").at(-1))).toEqual([
      "DejaVuSans.ttf",
      "DejaVuSans-Bold.ttf",
      "Loma.ttf",
      "Loma-Bold.ttf",
    ]);
    expect(fontFilesFor("골프").at(-1)).toMatch(/NotoSansCJK-Regular\.ttc$/);
  });

  it("writes people's names as text, whatever characters they hold", () => {
    const f = sampleFigures("2026-11-01", "2026-11-14", 12, (i) => i);
    f.agents[0]!.name = `</text><script>alert("x")</script> & 'Co'`;
    const text = chartText(f, (k, a) => i18n.t("en", k, a), "en");
    const svg = chartSvg(f, text);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;/text&#62;&#60;script&#62;alert(");
    const png = svgToPng(svg, { width: 400 });
    expect(PNG.sync.read(png).width).toBe(400);
  });

  it.each([
    ["en", "two weeks, by day"],
    ["th", "two weeks, by day"],
    ["en", "a year, by month"],
  ] as const)("%s, %s: a PNG as wide as asked, like the reviewed reference", async (locale, period) => {
    const f =
      period === "a year, by month"
        ? sampleFigures("2026-01-01", "2026-12-31", 73, (i) => i * 5)
        : sampleFigures("2026-11-01", "2026-11-14", 40, (i) => i % 14);
    const png = (await chartPng(f, (k, a) => i18n.t(locale, k, a), locale))!;
    const drawn = PNG.sync.read(png);
    expect(drawn.width).toBe(CHART_PNG_WIDTH);
    expect(drawn.height).toBeGreaterThan(700);
    expect(drawn.height).toBeLessThan(900);
    expect(png.length).toBeLessThan(200_000);
    const name = `report-${locale}-${period === "a year, by month" ? "year" : "14-days"}`;
    if (process.env.UPDATE_CHART_REFERENCES === "1" || !existsSync(reference(name))) {
      writeFileSync(reference(name), png);
      if (process.env.UPDATE_CHART_REFERENCES !== "1")
        throw new Error(`${name}.png written: review it, then run again`);
    }
    const expected = PNG.sync.read(readFileSync(reference(name)));
    expect([drawn.width, drawn.height]).toEqual([expected.width, expected.height]);
    expect(differing(drawn, expected)).toBeLessThan(0.005);
  });
});
