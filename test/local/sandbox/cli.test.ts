import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST } from "../../helpers/child-build.js";
import { basic } from "./helpers.js";

describe("npm run sandbox (src/local/sandbox/main.ts)", () => {
  it("prints its URL and key, serves the API, and exits cleanly on SIGTERM", async () => {
    // What `npm run sandbox` runs: the build test/global-setup.ts made of src/ (dist/local/sandbox/main.js).
    const child = spawn(process.execPath, [join(DIST, "local", "sandbox", "main.js")], {
      env: {
        ...process.env,
        SANDBOX_PORT: "0",
        SANDBOX_HOST: "127.0.0.1",
        SANDBOX_API_KEY: "cli-key",
        SANDBOX_SEED: "5",
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const [line] = (await once(lines, "line")) as [string];
      const match = /^fairway sandbox listening on (http:\/\/127\.0\.0\.1:\d+) \(API key: cli-key\)$/.exec(line);
      expect(match, line).not.toBeNull();
      const res = await fetch(`${match![1]}/api/v1/ext/balance`, { headers: { authorization: basic("cli-key") } });
      expect(await res.json()).toEqual({ balance: 10_000_000 });
      const exit = once(child, "exit");
      child.kill("SIGTERM");
      const [code] = (await exit) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
