/**
 * `npm start` as an operator runs it: the start bundle, `node dist/bundle/main.js` (the build the global
 * setup made), in a directory of its own, with a `.env` there.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { START_BUNDLE } from "./helpers/child-build.js";
import { SANDBOX_WITH_REAL_BOT_PROBLEM } from "../src/config/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `node dist/bundle/main.js` in `cwd` with only `env` (and PATH); resolves with its exit code and output. */
function start(cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [START_BUNDLE], {
      cwd,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm start", () => {
  it("reads .env (the environment wins) and refuses a real bot on the sandbox in one message, without a stack trace", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "fairway-start-"));
    dirs.push(cwd);
    // The file's HOLD_MINUTES is wrong, the environment's is right: only the file's BOT_TOKEN is a problem.
    writeFileSync(join(cwd, ".env"), "BOT_TOKEN=123456789:AAbbCCddEEffGGhhIIjjKKllMMnn\nHOLD_MINUTES=zero\n");
    const run = await start(cwd, { HOLD_MINUTES: "15" });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `Configuration error:\n  - ${SANDBOX_WITH_REAL_BOT_PROBLEM}\nSee README.md (Configuration) and .env.example.\n`,
    );
  });
});
