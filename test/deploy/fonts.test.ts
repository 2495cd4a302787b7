/**
 * The fonts charts are drawn with come from Debian's packages, installed where fairway runs: the Docker
 * image's runtime stage and CI (`.ci/run`) install each package of `FONT_PACKAGES`, and on this machine
 * (set up by `.ci/run`) every file `fonts.ts` names is there and belongs to one of them (dpkg says so).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FONT_FILES, FONT_PACKAGES } from "../../src/render/fonts.js";
import { parseDockerfile } from "./dockerfile.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");

describe("the chart fonts", () => {
  it("the image's runtime stage and CI install their packages", () => {
    const runtime = parseDockerfile(read("Dockerfile")).at(-1)!;
    const installs = runtime.runs.filter((r) => /apt-get install/.test(r)).join("\n");
    const ci = read(".ci/run");
    for (const pkg of FONT_PACKAGES) {
      expect(installs, `the image installs ${pkg}`).toMatch(new RegExp(`\\b${pkg}\\b`));
      expect(ci, `CI installs ${pkg}`).toMatch(new RegExp(`apt-get install[^\\n]*\\b${pkg}\\b`));
    }
  });

  it("every font file is on this machine, from those packages (or the ones they depend on)", () => {
    for (const file of FONT_FILES) {
      expect(existsSync(file), file).toBe(true);
      const owner = execFileSync("dpkg", ["-S", file], { encoding: "utf8" }).split(":")[0]!;
      // fonts-thai-tlwg is a metapackage: its fonts come in fonts-tlwg-<name>-ttf.
      expect(
        FONT_PACKAGES.some((p) => p === owner || (p === "fonts-thai-tlwg" && /^fonts-tlwg-\w+-ttf$/.test(owner))),
        `${file} belongs to ${owner}`,
      ).toBe(true);
    }
  });
});
