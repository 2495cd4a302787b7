/**
 * The chart as people see it: drawn by resvg in the fonts of src/render/fonts.ts (npm packages), compared with
 * reviewed reference images (test/fixtures/charts/, read back with pngjs) within `TOLERANCE`
 * (test/helpers/image-references.ts), so a change of layout shows while a font's hinting does not.
 * `UPDATE_CHART_REFERENCES=1` writes them anew (review them!).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { CHART_PNG_WIDTH, chartPng, chartText } from "../../../src/bot/features/admin/report-chart.js";
import { createI18n } from "../../../src/bot/i18n.js";
import { fontFilesFor } from "../../../src/render/fonts.js";
import { svgToPng } from "../../../src/render/png.js";
import { chartSvg } from "../../../src/reports/charts/svg.js";
import { sampleFigures } from "../../helpers/chart-sample.js";
import {
  CHART_REFERENCES,
  chartReference as reference,
  differing,
  referenceChartFigures,
  TOLERANCE,
} from "../../helpers/image-references.js";

const i18n = createI18n("en", () => undefined);

describe("the chart's picture", () => {
  it("draws with the npm packages' Latin and Thai fonts, named by file, and their CJK faces only for CJK text", () => {
    const files = (text: string) => fontFilesFor(text).map((f) => f.split(/[\\/]/).slice(-3).join("/"));
    expect(files("Sales ยอดขาย")).toEqual([
      "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
      "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
      "noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf",
      "noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf",
    ]);
    expect(files("골프 ゴルフ 高尔夫").slice(4)).toEqual([
      "fonts-kr/fonts/NotoSansKR-Regular.otf",
      "fonts-kr/fonts/NotoSansKR-Bold.otf",
      "fonts-jp/fonts/NotoSansJP-Regular.otf",
      "fonts-jp/fonts/NotoSansJP-Bold.otf",
      "fonts-sc/fonts/NotoSansHans-Regular.otf",
      "fonts-sc/fonts/NotoSansHans-Bold.otf",
    ]);
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

  it.each(CHART_REFERENCES)(
    "$locale, $period: a PNG as wide as asked, like the reviewed reference",
    async ({ name, locale, period }) => {
      const f = referenceChartFigures(period);
      const png = (await chartPng(f, (k, a) => i18n.t(locale, k, a), locale))!;
      const drawn = PNG.sync.read(png);
      expect(drawn.width).toBe(CHART_PNG_WIDTH);
      expect(drawn.height).toBeGreaterThan(700);
      expect(drawn.height).toBeLessThan(900);
      expect(png.length).toBeLessThan(200_000);
      if (process.env.UPDATE_CHART_REFERENCES === "1" || !existsSync(reference(name))) {
        writeFileSync(reference(name), png);
        if (process.env.UPDATE_CHART_REFERENCES !== "1")
          throw new Error(`${name}.png written: review it, then run again`);
      }
      const expected = PNG.sync.read(readFileSync(reference(name)));
      expect([drawn.width, drawn.height]).toEqual([expected.width, expected.height]);
      expect(differing(drawn, expected)).toBeLessThan(TOLERANCE.share);
    },
  );
});
