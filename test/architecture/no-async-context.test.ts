/**
 * No async context on the update path. On Node 20 an `AsyncLocalStorage` that has run once hooks every
 * promise the process makes for the rest of its life (`promiseInitHook`, `_propagate`): about 5 % of the
 * bot's CPU in the bench's profile (docs/performance.md). The bot passes what a call needs in the call
 * (a tap's answer finds its tap by the callback query's id, the outbox has a background client of its
 * own). Only the sandbox demo's mark uses one (`ALLOW_SANDBOX_WITH_REAL_BOT=1`, never in production).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SRC = join(ROOT, "src");
/** The files allowed an async context, and why. */
const ALLOWED: Record<string, string> = {
  "src/bot/sandbox-mark.ts": "the sandbox demo's mark: only with ALLOW_SANDBOX_WITH_REAL_BOT=1",
};

function usersOfAsyncHooks(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .filter((f) =>
      /from\s+["'](?:node:)?async_hooks["']|require\(["'](?:node:)?async_hooks["']\)/.test(
        readFileSync(join(SRC, f), "utf8"),
      ),
    )
    .map((f) => relative(ROOT, join(SRC, f)).split("\\").join("/"))
    .sort();
}

describe("no async context on the update path", () => {
  it("finds the files under src/ that import async_hooks (the demo's mark is one)", () => {
    expect(usersOfAsyncHooks()).toContain("src/bot/sandbox-mark.ts");
  });

  it("no other file under src/ imports async_hooks", () => {
    expect(usersOfAsyncHooks().filter((f) => !(f in ALLOWED))).toEqual([]);
  });
});
