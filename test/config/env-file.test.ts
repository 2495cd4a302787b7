import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnvFile } from "../../src/config/env-file.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory holding `files` (name → content). */
function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "fairway-env-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

const FILE = [
  "# fairway",
  "BOT_TOKEN=123456789:AAbbCCddEEffGGhhIIjjKKllMMnn",
  "HOLD_MINUTES=15",
  "LOG_LEVEL=debug",
  'ADMIN_IDS="1,2"',
  "PARTNER_API_URL=",
  "",
].join("\n");

describe("loadEnvFile", () => {
  it("adds the variables of .env that the environment does not set; the environment wins, an empty value too", () => {
    const cwd = dirWith({ ".env": FILE });
    const env: NodeJS.ProcessEnv = { HOLD_MINUTES: "30", LOG_LEVEL: "" };
    expect(loadEnvFile({ env, cwd })).toBe(join(cwd, ".env"));
    expect(env).toEqual({
      BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn",
      HOLD_MINUTES: "30",
      LOG_LEVEL: "",
      ADMIN_IDS: "1,2",
      PARTNER_API_URL: "",
    });
  });

  it("reads nothing without a .env, and ENV_FILE (relative to the directory) instead of it", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile({ env, cwd: dirWith({}) })).toBeUndefined();
    expect(env).toEqual({});
    const cwd = dirWith({ ".env": "HOLD_MINUTES=15\n", "demo.env": "HOLD_MINUTES=20\n" });
    const named: NodeJS.ProcessEnv = { ENV_FILE: "demo.env" };
    expect(loadEnvFile({ env: named, cwd })).toBe(join(cwd, "demo.env"));
    expect(named.HOLD_MINUTES).toBe("20");
  });

  it("refuses an ENV_FILE that is not there, naming it", () => {
    const cwd = dirWith({});
    expect(() => loadEnvFile({ env: { ENV_FILE: "missing.env" }, cwd })).toThrow(
      `ENV_FILE ${join(cwd, "missing.env")} cannot be read (ENOENT)`,
    );
  });
});
