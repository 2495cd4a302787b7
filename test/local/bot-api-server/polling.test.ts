import { GrammyError, HttpError } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, test } from "vitest";
import { botFor, call, startPolling, startServer, until } from "./helpers.js";

describe("routing", () => {
  test("wrong token → 401 Unauthorized, unknown method → 404 Not Found", async () => {
    const server = await startServer();
    const wrong = await fetch(`${server.url}/bot999:WRONG/getMe`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });

    const unknown = await call(server, "sendSticker", { chat_id: 1, sticker: "x" });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    expect(server.calls.at(-1)).toMatchObject({ method: "sendSticker", ok: false, error: { error_code: 404 } });
  });

  test("getMe over GET and POST, method names case-insensitive", async () => {
    const server = await startServer({ botInfo: { username: "other_bot" } });
    const get = await fetch(`${server.url}/bot${server.token}/getme`);
    expect(await get.json()).toMatchObject({ ok: true, result: { id: 123456, is_bot: true, username: "other_bot" } });
    const me = await botFor(server).api.getMe();
    expect(me.first_name).toBe("fairway");
  });

  test("form-urlencoded bodies are parsed", async () => {
    const server = await startServer();
    const alice = server.user({ id: 7 });
    const res = await fetch(`${server.url}/bot${server.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        chat_id: "7",
        text: "hi",
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: "A", callback_data: "a" }]] }),
      }),
    });
    expect(res.status).toBe(200);
    expect(alice.lastMessage()?.reply_markup?.inline_keyboard[0]?.[0]).toEqual({ text: "A", callback_data: "a" });
    expect(server.callsTo("sendMessage")[0]?.params).toMatchObject({
      chat_id: 7,
      reply_markup: { inline_keyboard: [[{ text: "A" }]] },
    });
  });
});

describe("getUpdates", () => {
  test("offset confirms: each update is delivered until confirmed, then never again", async () => {
    const server = await startServer();
    const alice = server.user({ id: 1 });
    alice.send("one");
    alice.send("two");
    const first = await call<Update[]>(server, "getUpdates", {});
    expect(first.json.result.map((u) => u.message?.text)).toEqual(["one", "two"]);
    const [a, b] = first.json.result as [Update, Update];
    expect(b.update_id).toBe(a.update_id + 1);

    const again = await call<Update[]>(server, "getUpdates", { offset: a.update_id });
    expect(again.json.result).toHaveLength(2); // nothing confirmed below the first id
    const next = await call<Update[]>(server, "getUpdates", { offset: b.update_id, limit: 1 });
    expect(next.json.result.map((u) => u.message?.text)).toEqual(["two"]);
    const done = await call<Update[]>(server, "getUpdates", { offset: b.update_id + 1 });
    expect(done.json.result).toEqual([]);
    expect(server.pendingUpdates()).toEqual([]);
  });

  test("limit caps the batch", async () => {
    const server = await startServer();
    const alice = server.user({ id: 1 });
    for (const t of ["a", "b", "c"]) alice.send(t);
    const res = await call<Update[]>(server, "getUpdates", { limit: 2 });
    expect(res.json.result.map((u) => u.message?.text)).toEqual(["a", "b"]);
  });

  test("timeout holds the request open until an update arrives", async () => {
    const server = await startServer();
    const pending = call<Update[]>(server, "getUpdates", { timeout: 5 });
    await new Promise((r) => setTimeout(r, 50));
    server.user({ id: 1 }).send("late");
    const res = await pending;
    expect(res.json.result.map((u) => u.message?.text)).toEqual(["late"]);
  });

  test("timeout expires with an empty list", async () => {
    const server = await startServer();
    const started = Date.now();
    const res = await call<Update[]>(server, "getUpdates", { timeout: 1 });
    expect(res.json).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  test("a second poller terminates the first with 409 Conflict", async () => {
    const server = await startServer();
    const first = call<Update[]>(server, "getUpdates", { timeout: 5 });
    await new Promise((r) => setTimeout(r, 50));
    const second = call<Update[]>(server, "getUpdates", { timeout: 0 });
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(409);
    expect(a.json.description).toBe(
      "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    );
    expect(b.json.ok).toBe(true);
  });

  test("getUpdates while a webhook is set → 409; deleteWebhook restores polling", async () => {
    const server = await startServer();
    const bot = botFor(server);
    await bot.api.setWebhook("https://example.com/hook");
    expect((await bot.api.getWebhookInfo()).url).toBe("https://example.com/hook");
    const err = await bot.api.getUpdates().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrammyError);
    expect((err as GrammyError).error_code).toBe(409);
    await bot.api.deleteWebhook();
    expect(await bot.api.getUpdates()).toEqual([]);
    expect(await bot.api.setWebhook("http://insecure.example.com").catch((e: GrammyError) => e.description)).toBe(
      "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
    );
  });

  test("deleteWebhook drop_pending_updates forgets the queue", async () => {
    const server = await startServer();
    server.user({ id: 1 }).send("old");
    await botFor(server).api.deleteWebhook({ drop_pending_updates: true });
    expect(server.pendingUpdates()).toEqual([]);
  });

  test("a real polling bot handles every update exactly once, in order", async () => {
    const server = await startServer();
    const bot = botFor(server);
    const seen: string[] = [];
    bot.on("message:text", async (ctx) => {
      seen.push(ctx.message.text);
      await ctx.reply(`got ${ctx.message.text}`);
    });
    await startPolling(bot);
    const alice = server.user({ id: 10 });
    const bob = server.user({ id: 11 });
    alice.send("a1");
    bob.send("b1");
    alice.send("a2");
    await server.idle();
    expect(seen).toEqual(["a1", "b1", "a2"]);
    expect(alice.messages().map((m) => m.text)).toEqual(["got a1", "got a2"]);
    expect(bob.messages().map((m) => m.text)).toEqual(["got b1"]);
    expect(server.pendingUpdates()).toEqual([]);
  });

  test("a dropped long poll is a network error; grammY retries and still gets the update", async () => {
    const server = await startServer();
    const bot = botFor(server);
    bot.on("message:text", (ctx) => ctx.reply("pong"));
    await startPolling(bot);
    await until(() => server.polling); // the long poll is held open
    server.dropConnections();
    const alice = server.user({ id: 5 });
    alice.send("ping");
    const reply = await server.waitForCall((c) => c.method === "sendMessage", 10_000);
    expect(reply.ok).toBe(true);
    expect(alice.lastMessage()?.text).toBe("pong");
    expect(server.calls.some((c) => c.method === "getUpdates" && c.error?.error_code === 499)).toBe(true);
  });

  test("dropNext makes one call fail with a network error (HttpError in grammY)", async () => {
    const server = await startServer();
    server.dropNext("getMe");
    const bot = botFor(server);
    await expect(bot.api.getMe()).rejects.toBeInstanceOf(HttpError);
    await expect(bot.api.getMe()).resolves.toMatchObject({ id: 123456 });
    server.dropConnections();
    expect(server.faultsInjected()).toBe(2);
  });
});

describe("pushUpdate", () => {
  test("raw updates make their chat known; bot.init() + handleUpdate works without polling", async () => {
    const server = await startServer();
    const bot = botFor(server);
    bot.on("message:text", (ctx) => ctx.reply(`hello ${ctx.chat.type}`));
    await bot.init();
    const update = server.pushUpdate({
      message: {
        message_id: 10,
        date: 1_700_000_000,
        chat: { id: -100123, type: "supergroup", title: "Golfers" },
        from: { id: 9, is_bot: false, first_name: "Gary" },
        text: "hi all",
      },
    });
    expect(server.pendingUpdates()).toEqual([update]);
    await bot.handleUpdate(update);
    await server.idle();
    expect(server.messages(-100123).map((m) => [m.message_id, m.text])).toEqual([
      [10, "hi all"],
      [11, "hello supergroup"],
    ]);
  });
});
