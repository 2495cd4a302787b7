/**
 * The playground on a bare local Bot API server (no bot): mounting, and the
 * command menu resolved the way Telegram resolves it for a private chat.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type BotApiServer, createBotApiServer } from "../../../src/local/bot-api-server/index.js";
import { PLAYGROUND_ADMIN_ID, PLAYGROUND_AGENT_ID, createPlayground } from "../../../src/local/playground/index.js";

let server: BotApiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<BotApiServer> {
  server = createBotApiServer();
  await server.listen(0);
  return server;
}

async function call(s: BotApiServer, method: string, params: unknown) {
  const res = await fetch(`${s.url}/bot${s.token}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(params),
  });
  return (await res.json()) as { ok: boolean };
}

const menu = async (s: BotApiServer, userId: number) =>
  (await (await fetch(`${s.url}/playground/commands?userId=${userId}`)).json()) as {
    scope: string | null;
    language_code: string | null;
    commands: { command: string }[];
  };

describe("mount", () => {
  it("lets a handler answer other paths; false, a throw or /bot paths keep the Bot API's answers", async () => {
    const s = await start();
    const seen: string[] = [];
    s.mount((req, res) => {
      seen.push(req.url ?? "");
      if (req.url === "/boom") throw new Error("boom");
      if (req.url !== "/hello") return false;
      res.end("hi");
      return true;
    });
    expect(await (await fetch(`${s.url}/hello`)).text()).toBe("hi");
    const missing = await fetch(`${s.url}/other`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    const boom = await fetch(`${s.url}/boom`);
    expect(boom.status).toBe(500);
    expect(await (await fetch(`${s.url}/bot${s.token}/getMe`)).json()).toMatchObject({ ok: true });
    expect((await fetch(`${s.url}/bot${s.token}/nope`)).status).toBe(404);
    expect(seen).toEqual(["/hello", "/other", "/boom"]);
    expect(s.calls.map((c) => c.method)).toEqual(["getMe", "nope"]);
    s.mount(undefined);
    expect((await fetch(`${s.url}/hello`)).status).toBe(404);
  });

  it("close() unmounts the playground", async () => {
    const s = await start();
    const playground = createPlayground({ telegram: s, partnerUrl: "http://127.0.0.1:9" });
    expect(playground.url).toBe(`${s.url}/`);
    expect((await fetch(playground.url)).status).toBe(200);
    playground.close();
    expect((await fetch(playground.url)).status).toBe(404);
  });

  it("ends open event streams on close, so stopping fairway never waits for a browser tab", async () => {
    const s = await start();
    const playground = createPlayground({ telegram: s, partnerUrl: "http://127.0.0.1:9" });
    const res = await fetch(`${s.url}/playground/events`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("retry: 1000");
    playground.close();
    await s.close();
    server = undefined;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  });

  it("answers `available: false` for a partner without sandbox state", async () => {
    const s = await start();
    createPlayground({ telegram: s, partnerUrl: "http://127.0.0.1:9" });
    const state = (await (await fetch(`${s.url}/playground/state`)).json()) as { available: boolean; reason: string };
    expect(state.available).toBe(false);
    expect(state.reason).toMatch(/could not read the sandbox state/);
  });
});

describe("command menu", () => {
  it("is empty until the bot sets one", async () => {
    const s = await start();
    createPlayground({ telegram: s, partnerUrl: "http://127.0.0.1:9" });
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toEqual({
      scope: null,
      language_code: null,
      commands: [],
      menuButton: { type: "default" },
    });
  });

  it("follows Telegram's order: the chat's scope, then all private chats, then default; the user's language before none", async () => {
    const s = await start();
    createPlayground({ telegram: s, partnerUrl: "http://127.0.0.1:9" });
    const set = (commands: string[], scope: unknown, language_code?: string) =>
      call(s, "setMyCommands", {
        commands: commands.map((command) => ({ command, description: `${command} (${language_code ?? "any"})` })),
        scope,
        ...(language_code ? { language_code } : {}),
      });

    await set(["start"], { type: "default" });
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toMatchObject({ scope: "default", language_code: null });
    await set(["help"], { type: "all_private_chats" });
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toMatchObject({
      scope: "all_private_chats",
      commands: [{ command: "help" }],
    });
    await set(["book", "link"], { type: "chat", chat_id: PLAYGROUND_AGENT_ID });
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toMatchObject({
      scope: "chat",
      language_code: null,
      commands: [{ command: "book" }, { command: "link" }],
    });
    expect(await menu(s, PLAYGROUND_ADMIN_ID)).toMatchObject({ scope: "all_private_chats" });

    // The agent's client is English; a Thai list for the chat only applies once they switch to Thai.
    await set(["book"], { type: "chat", chat_id: PLAYGROUND_AGENT_ID }, "th");
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toMatchObject({ scope: "chat", language_code: null });
    await fetch(`${s.url}/playground/language`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: PLAYGROUND_AGENT_ID, language: "th" }),
    });
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toMatchObject({
      scope: "chat",
      language_code: "th",
      commands: [{ command: "book", description: "book (th)" }],
    });

    await call(s, "deleteMyCommands", { scope: { type: "chat", chat_id: PLAYGROUND_AGENT_ID }, language_code: "th" });
    await call(s, "deleteMyCommands", { scope: { type: "chat", chat_id: PLAYGROUND_AGENT_ID } });
    expect(await menu(s, PLAYGROUND_AGENT_ID)).toMatchObject({ scope: "all_private_chats" });
  });
});
