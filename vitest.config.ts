/**
 * Two projects, so both cores work (docs/testing.md, "Running the tests"):
 *
 * - `unit`: tests of one part on its own (parsers, formatters, the partner client against the sandbox,
 *   storage, the Bot API server). They share module imports in worker threads (`isolate: false`),
 *   instead of a fresh process re-importing grammY, Kysely and pg for every file.
 * - `world`: tests that run fairway itself (the harness, a crash world, the playground, a child
 *   process). Each file gets its own process; most of their time is spent waiting on sockets and
 *   timers, so more of them run at once than there are cores.
 *
 * A file belongs to `world` when it starts one of those (`WORLD` below), found by reading it: a new
 * test lands in the right project without anyone listing it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

const WORLD =
  /\b(startHarness|startCrashWorld|startPgWorld|startInstances|startPlaygroundApp|startBotProcess|World\.create|spawn)\(/;

const tests = readdirSync("test", { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => join("test", f).replaceAll("\\", "/"));
const world = tests.filter((f) => WORLD.test(readFileSync(f, "utf8")));
const unit = tests.filter((f) => !world.includes(f));

/** Files that run fairway at once: CPU-light, they mostly wait; more and they start to slow each other. */
const WORLD_FORKS = Number(process.env.TEST_WORLD_FORKS ?? 4);

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/helpers/wall-clock-guard.ts"],
    // Guards against a hang, not a measure of speed: a test that takes 4 s on a quiet machine took over
    // 20 s in a CI run on a machine some three times slower than usual (every file was).
    testTimeout: 45_000,
    hookTimeout: 45_000,
    poolOptions: {
      threads: { isolate: false, maxThreads: 2, minThreads: 1 },
      forks: { isolate: true, maxForks: WORLD_FORKS, minForks: 1 },
    },
    projects: [
      { extends: true, test: { name: "unit", include: unit, pool: "threads" } },
      { extends: true, test: { name: "world", include: world, pool: "forks" } },
    ],
  },
});
