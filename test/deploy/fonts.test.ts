/**
 * The fonts charts and vouchers are drawn with come from npm: every file `src/render/fonts.ts` names is in a
 * production dependency (so `npm ci --omit=dev` and the Docker image have it), pinned to one version in
 * package.json and package-lock.json (so every install draws the same pixels), and is where fonts.ts finds it:
 * in this checkout's node_modules. Neither the image nor CI installs a font package for them: CI's only ones
 * are Chromium's, for its screenshots. (test/deploy/image.test.ts finds them in the image's file set.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FONT_FILES, fontPath } from "../../src/render/fonts.js";
import { parseDockerfile } from "./dockerfile.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
interface Lock {
  packages: Record<string, { version: string; dev?: boolean; license?: string }>;
}

describe("the fonts images are drawn with", () => {
  const manifest = JSON.parse(read("package.json")) as Manifest;
  const lock = JSON.parse(read("package-lock.json")) as Lock;
  const packages = [...new Set(FONT_FILES.map((f) => f.package))];

  it("come from production dependencies pinned to one version in package.json and package-lock.json", () => {
    for (const name of packages) {
      const wanted = manifest.dependencies[name];
      expect(wanted, `${name} is a production dependency`).toMatch(/^\d+\.\d+\.\d+$/);
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked?.version, `${name} is locked at the version package.json pins`).toBe(wanted);
      expect(locked?.dev, `${name} is installed by npm ci --omit=dev`).toBeUndefined();
    }
  });

  it("are found in this checkout's node_modules, in their packages' folders", () => {
    for (const font of FONT_FILES) {
      expect(fontPath(font), `${font.package}/${font.path}`).toBe(join(ROOT, "node_modules", font.package, font.path));
    }
  });

  it("are installed by neither the Docker image nor CI: CI's font packages are Chromium's, installed with it", () => {
    const runtime = parseDockerfile(read("Dockerfile")).at(-1)!;
    for (const run of runtime.runs)
      expect(run, "the image's runtime stage installs no package").not.toMatch(/apt-get|apk /);
    const ci = read(".ci/run").split("\n");
    const chromium = ci.filter((line) => line.includes("$CHROMIUM_FONTS") && /apt-get install/.test(line));
    expect(chromium, "Chromium's fonts are installed with Chromium").toEqual([expect.stringMatching(/\bchromium\b/)]);
    const others = ci.filter((line) => !line.startsWith("CHROMIUM_FONTS=") && !line.trimStart().startsWith("#"));
    for (const line of others) expect(line, "a font package outside Chromium's").not.toMatch(/\bfonts-[a-z]/);
  });
});
