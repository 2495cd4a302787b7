import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createBotApiServer, type BotApiServer } from "../../../src/local/bot-api-server/index.js";
import { hostnameOf } from "../../../src/local/bot-api-server/hosts.js";

function get(url: string, host: string): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("allowedHosts (DNS rebinding)", () => {
  let server: BotApiServer | undefined;
  afterEach(() => server?.close());

  it("answers 127.0.0.1, localhost and [::1] with any port; any other Host gets 403, Bot API and mounted page alike", async () => {
    server = createBotApiServer({ allowedHosts: ["127.0.0.1", "localhost", "[::1]"] });
    const root = await server.listen();
    server.mount((_req, res) => {
      res.end("page");
      return true;
    });
    const getMe = `${root}/bot${server.token}/getMe`;
    expect(await get(getMe, "127.0.0.1:1234")).toBe(200);
    expect(await get(getMe, "LOCALHOST")).toBe(200);
    expect(await get(getMe, "[::1]:8080")).toBe(200);
    expect(await get(getMe, "evil.example")).toBe(403);
    expect(await get(`${root}/`, "evil.example:8080")).toBe(403);
    expect(await get(`${root}/`, "127.0.0.1.evil.example")).toBe(403);
    expect(await get(`${root}/`, "localhost:8080")).toBe(200);
  });

  it("without the option every Host is answered (tests, a real deployment of the server)", async () => {
    server = createBotApiServer();
    const root = await server.listen();
    expect(await get(`${root}/bot${server.token}/getMe`, "anything.example")).toBe(200);
  });

  it("hostnameOf drops the port and lower-cases", () => {
    expect(hostnameOf("LocalHost:80")).toBe("localhost");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
    expect(hostnameOf(undefined)).toBe("");
  });
});
