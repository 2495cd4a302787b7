/**
 * The voucher benchmark (`npm run bench -- --vouchers`, or `npx tsx test/bench/main.ts --vouchers [--rounds 60]`):
 * in the bench process, no bot. The Thai group voucher of the reviewed references (900 px wide, as sent) is
 * 1. encoded from the same drawing by resvg's own encoder (`asPng`, the baseline), by pngjs, and by fairway's
 *    (`src/render/png-encode.ts`): the median CPU of each and the file's size;
 * 2. drawn `--rounds` times in a row through the renderer's worker, as the outbox has it drawn: the CPU of the
 *    whole process per drawing and how far the process's RSS rose above its level after the first drawing.
 * CPU is `process.cpuUsage()` (every thread of this process). Ratios compare within the run.
 */
import { Resvg } from "@resvg/resvg-js";
import { parseArgs } from "node:util";
import { PNG } from "pngjs";
import { encodePng } from "../../src/render/png-encode.js";
import { renderOptions } from "../../src/render/png.js";
import { createPngRenderer } from "../../src/render/renderer.js";
import { VOUCHER_PNG_WIDTH } from "../../src/vouchers/vouchers.js";
import { referenceVoucherSvg } from "../helpers/image-references.js";
import { median } from "./measure.js";

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs the voucher benchmark with command-line `args` (without `--vouchers`) and prints its figures. */
export async function vouchersBench(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { rounds: { type: "string", default: "60" } } });
  const rounds = Number(values.rounds);
  const svg = referenceVoucherSvg("th", "group");
  const image = new Resvg(svg, renderOptions(svg, { width: VOUCHER_PNG_WIDTH })).render();
  const encoders: [string, () => Buffer][] = [
    ["resvg's asPng (baseline)", () => image.asPng()],
    [
      "pngjs, default filters",
      () =>
        PNG.sync.write(Object.assign(new PNG({ width: image.width, height: image.height }), { data: image.pixels })),
    ],
    ["fairway's encodePng", () => encodePng(image)],
  ];
  const out: string[] = [`voucher ${image.width}×${image.height} px, median of ${rounds} rounds`];
  let baseline = 0;
  for (const [name, encode] of encoders) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < Math.min(rounds, 20); i++) {
      const c = cpuMs();
      bytes = encode().length;
      times.push(cpuMs() - c);
    }
    const ms = median(times) ?? 0;
    if (baseline === 0) baseline = ms;
    out.push(
      `  encode: ${name.padEnd(26)} ${ms.toFixed(1).padStart(6)} ms CPU (${(ms / baseline).toFixed(2)}×), ${bytes} bytes`,
    );
  }

  const renderer = createPngRenderer({ nice: 0 });
  try {
    await renderer.render(svg, { width: VOUCHER_PNG_WIDTH });
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const c = cpuMs();
    for (let i = 0; i < rounds; i++) {
      await renderer.render(svg, { width: VOUCHER_PNG_WIDTH });
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const perDrawing = (cpuMs() - c) / rounds;
    out.push(
      `  the renderer's worker, ${rounds} drawings in a row: ${perDrawing.toFixed(1)} ms CPU per drawing (every thread), ` +
        `RSS up ${((peak - rss0) / 1e6).toFixed(0)} MB at its peak`,
    );
  } finally {
    await renderer.close();
  }
  process.stdout.write(`${out.join("\n")}\n`);
}
