/**
 * Images are drawn without the system's fonts. What the renderer gives resvg names none: the system's fonts
 * are not loaded, no folder is scanned, and every file is in an npm package. And a child process with a mount
 * namespace of its own (`unshare`), an empty tmpfs over every folder of system fonts that resvg's font database
 * and fontconfig read (`/usr/share/fonts`, `/usr/local/share/fonts`, `/etc/fonts`) and an empty HOME
 * (`~/.fonts`, `~/.local/share/fonts`), draws every reviewed reference voucher and chart with the compiled
 * renderer (dist/, as production runs it: vouchers in the PNG worker, charts on libuv's pool), and each must
 * match its reference (test/helpers/image-references.ts). The hiding is checked too: inside, resvg asked to
 * load the system's fonts finds none and draws no ink, where outside it draws the same text.
 *
 * The child needs Linux's mount namespaces: elsewhere it is skipped, and in CI (CI=true) that is a failure.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHART_PNG_WIDTH } from "../../src/bot/features/admin/report-chart.js";
import { renderOptions } from "../../src/render/png.js";
import { ROOT } from "../bench/processes.js";
import { DIST } from "../helpers/child-build.js";
import {
  CHART_REFERENCES,
  chartReference,
  differing,
  referenceChartSvg,
  referenceVoucherSvg,
  TOLERANCE,
  VOUCHER_REFERENCE_WIDTH,
  VOUCHER_REFERENCES,
  voucherReference,
} from "../helpers/image-references.js";

/** Where Linux keeps fonts for every user (fontdb's own list, and fontconfig's configuration). */
const SYSTEM_FONT_FOLDERS = ["/usr/share/fonts", "/usr/local/share/fonts", "/etc/fonts"];

/** `unshare`'s flags for a private mount namespace: as root directly, otherwise inside a user namespace. */
const UNSHARE = [...(process.getuid?.() === 0 ? [] : ["--map-root-user"]), "--mount", "--propagation", "private"];
const CAN_HIDE =
  process.platform === "linux" && spawnSync("unshare", [...UNSHARE, "true"], { stdio: "ignore" }).status === 0;
if (!CAN_HIDE && !process.env.CI)
  process.stderr.write("no-system-fonts test skipped: no mount namespace here (Linux's unshare)\n");

/** Text asked of the system's fonts: ink when resvg finds any font, none when it finds none. */
const SYSTEM_FONT_PROBE = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><text x="10" y="42" font-size="32">Golf กอล์ฟ</text></svg>`;

/** The dark pixels of a PNG drawn on white. */
function darkPixels(png: Buffer): number {
  const image = PNG.sync.read(png);
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! < 128) dark++;
  return dark;
}

/**
 * The child: draws each job's SVG with dist/'s renderer into `out`, and writes what it saw of the hidden
 * folders and resvg's system fonts to `out/seen.json`. Plain JavaScript run by node; PNG decoding is left
 * to the parent.
 */
const CHILD = `
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";
const [dist, root, out, ...folders] = process.argv.slice(1);
const { createPngRenderer } = await import(pathToFileURL(join(dist, "render", "renderer.js")).href);
const { svgToPngOffThread } = await import(pathToFileURL(join(dist, "render", "png.js")).href);
const { Resvg } = createRequire(join(root, "package.json"))("@resvg/resvg-js");
const jobs = JSON.parse(readFileSync(join(out, "jobs.json"), "utf8"));
const probe = new Resvg(jobs.probe, { font: { loadSystemFonts: true }, background: "white" }).render().asPng();
writeFileSync(join(out, "probe.png"), probe);
writeFileSync(join(out, "seen.json"), JSON.stringify(Object.fromEntries(folders.map((f) => [f, readdirSync(f)]))));
const renderer = createPngRenderer({ nice: 0 });
try {
  for (const job of jobs.drawings) {
    const png = job.worker
      ? (await renderer.render(job.svg, { width: job.width })).png
      : await svgToPngOffThread(job.svg, { width: job.width });
    writeFileSync(join(out, job.name + ".png"), png);
  }
} finally {
  await renderer.close();
}
`;

interface Drawing {
  name: string;
  svg: string;
  width: number;
  /** Drawn in the PNG worker (vouchers) rather than on libuv's pool (charts). */
  worker: boolean;
  reference: string;
}

const DRAWINGS: Drawing[] = [
  ...VOUCHER_REFERENCES.map(({ name, locale, kind }) => ({
    name: `voucher-${name}`,
    svg: referenceVoucherSvg(locale, kind),
    width: VOUCHER_REFERENCE_WIDTH,
    worker: true,
    reference: voucherReference(name),
  })),
  ...CHART_REFERENCES.map(({ name, locale, period }) => ({
    name: `chart-${name}`,
    svg: referenceChartSvg(locale, period),
    width: CHART_PNG_WIDTH,
    worker: false,
    reference: chartReference(name),
  })),
];

/** Runs CHILD with the system's font folders hidden; rejects with its output when it fails. */
function drawWithoutSystemFonts(out: string, home: string): Promise<void> {
  const folders = SYSTEM_FONT_FOLDERS.filter((f) => existsSync(f));
  const hide = `for d in "$@"; do mount -t tmpfs -o ro tmpfs "$d"; done; exec "$NODE" --input-type=module -e "$CHILD" "$DIST" "$ROOT" "$OUT" "$@"`;
  return new Promise((resolve, reject) => {
    const child = spawn("unshare", [...UNSHARE, "sh", "-c", hide, "sh", ...folders], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        XDG_DATA_HOME: join(home, "data"),
        XDG_CONFIG_HOME: join(home, "config"),
        NODE: process.execPath,
        CHILD,
        DIST,
        ROOT,
        OUT: out,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`the drawing without system fonts exited ${code}:\n${output}`)),
    );
  });
}

describe("what the renderer gives resvg", () => {
  it("no system font: loadSystemFonts off, no font folder, and only files of packages in node_modules", () => {
    for (const text of ["Golf กอล์ฟ", "골프 ゴルフ 高尔夫"]) {
      const { font } = renderOptions(`<svg xmlns="http://www.w3.org/2000/svg"><text>${text}</text></svg>`, {
        width: 10,
      });
      expect(font?.loadSystemFonts).toBe(false);
      expect(font?.fontDirs).toBeUndefined();
      expect(font?.fontFiles?.length).toBeGreaterThan(0);
      for (const file of font?.fontFiles ?? [])
        expect(file.startsWith(join(ROOT, "node_modules", sep)), file).toBe(true);
    }
  });
});

describe.runIf(CAN_HIDE || process.env.CI)("drawing without the system's fonts", () => {
  let temp: string;
  const out = () => join(temp, "out");

  beforeAll(async () => {
    expect(CAN_HIDE, "a mount namespace (unshare) to hide the system's fonts in").toBe(true);
    temp = mkdtempSync(join(tmpdir(), "fairway-fonts-"));
    mkdirSync(out());
    mkdirSync(join(temp, "home"));
    writeFileSync(join(out(), "jobs.json"), JSON.stringify({ probe: SYSTEM_FONT_PROBE, drawings: DRAWINGS }));
    await drawWithoutSystemFonts(out(), join(temp, "home"));
  }, 180_000);

  afterAll(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it("hides them: the folders are empty there, and resvg asked for the system's fonts draws no text", () => {
    const seen = JSON.parse(readFileSync(join(out(), "seen.json"), "utf8")) as Record<string, string[]>;
    expect(Object.keys(seen)).toContain("/usr/share/fonts");
    for (const [folder, entries] of Object.entries(seen)) expect(entries, folder).toEqual([]);
    expect(darkPixels(readFileSync(join(out(), "probe.png")))).toBe(0);
  });

  // The control: the same probe in this process, where the system's fonts are visible, draws its text.
  const systemFonts = existsSync("/usr/share/fonts") && readdirSync("/usr/share/fonts", { recursive: true }).length > 0;
  it.runIf(systemFonts)("while here, with this machine's fonts visible, resvg draws that text", () => {
    const probe = new Resvg(SYSTEM_FONT_PROBE, { font: { loadSystemFonts: true }, background: "white" });
    expect(darkPixels(probe.render().asPng())).toBeGreaterThan(0);
  });

  it.each(DRAWINGS)("$name matches its reviewed reference", ({ name, reference }) => {
    const drawn = PNG.sync.read(readFileSync(join(out(), `${name}.png`)));
    const expected = PNG.sync.read(readFileSync(reference));
    expect([drawn.width, drawn.height]).toEqual([expected.width, expected.height]);
    expect(differing(drawn, expected)).toBeLessThanOrEqual(TOLERANCE.share);
  });
});
