/**
 * `node dist/healthcheck.js`, the image's HEALTHCHECK, in each mode against a stand-in server that
 * records what it was asked: with a BOT_TOKEN, `/healthz` on PORT (its status decides); without, the
 * playground's page on PLAYGROUND_PORT; a port of 0 or a wrong environment is a failed check. The image
 * test (image.test.ts) runs it against fairway itself.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST } from "../helpers/child-build.js";
import { TEST_BOT_TOKEN } from "../helpers/harness.js";
import { freePort } from "../helpers/round-robin-proxy.js";

/** A production environment: a bot token, and the partner it sells for. */
const WITH_TOKEN = { BOT_TOKEN: TEST_BOT_TOKEN, PARTNER_API_URL: "http://127.0.0.1:9", PARTNER_API_KEY: "key" };

/** Runs the check with only `env`; resolves with its exit code and output. */
function healthcheck(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(DIST, "healthcheck.js")], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("the image's HEALTHCHECK (dist/healthcheck.js)", () => {
  let server: Server;
  let port: number;
  const asked: string[] = [];
  let status = 200;
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("with a BOT_TOKEN asks /healthz on PORT: 200 passes, 503 (stopping) fails", async () => {
    status = 200;
    const ok = await healthcheck({ ...WITH_TOKEN, PORT: String(port) });
    expect(ok).toEqual({ code: 0, output: `http://127.0.0.1:${port}/healthz: 200\n` });
    status = 503;
    expect((await healthcheck({ ...WITH_TOKEN, PORT: String(port) })).code).toBe(1);
    expect(asked.splice(0)).toEqual(["/healthz", "/healthz"]);
  });

  it("without a BOT_TOKEN asks the playground's page on PLAYGROUND_PORT", async () => {
    status = 200;
    expect((await healthcheck({ PLAYGROUND_PORT: String(port) })).code).toBe(0);
    expect(asked.splice(0)).toEqual(["/"]);
  });

  it("fails, saying why, when nothing listens, the port is 0, or the environment is wrong", async () => {
    const nobody = await freePort();
    const closed = await healthcheck({ ...WITH_TOKEN, PORT: String(nobody) });
    expect(closed).toEqual({
      code: 1,
      output: `http://127.0.0.1:${nobody}/healthz: connect ECONNREFUSED 127.0.0.1:${nobody}\n`,
    });
    expect(await healthcheck({ ...WITH_TOKEN, PORT: "0" })).toEqual({
      code: 1,
      output: "PORT=0 (any free port): nothing known to ask\n",
    });
    const wrong = await healthcheck({ REQUIRE_BOT_TOKEN: "1" });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("BOT_TOKEN is required here");
    expect(asked).toEqual([]);
  });
});
