import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Bot, webhookCallback } from "grammy";
import type { Update, WebhookInfo } from "grammy/types";
import { afterEach, describe, expect, test } from "vitest";
import type { BotApiServer } from "../../../src/local/bot-api-server/index.js";
import { botFor, call, startServer, until } from "./helpers.js";
import { sleep, startReceiver } from "./webhook-receiver.js";

const text = (u: Update): string | undefined => u.message?.text;

async function webhookInfo(server: BotApiServer): Promise<WebhookInfo> {
  return (await call<WebhookInfo>(server, "getWebhookInfo")).json.result;
}

describe("setWebhook parameters", () => {
  test("secret_token: other characters → 400 unallowed, > 256 → 400 too long; empty means none", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const bad = await call(server, "setWebhook", { url: "https://example.com/hook", secret_token: "abc+def" });
    expect(bad.status).toBe(400);
    expect(bad.json.description).toBe("Bad Request: secret token contains unallowed characters");
    const long = await call(server, "setWebhook", { url: "https://example.com/hook", secret_token: "a".repeat(257) });
    expect(long.json.description).toBe("Bad Request: secret token is too long");
    expect(server.webhook()).toBeUndefined();
    expect(
      (await call(server, "setWebhook", { url: "https://example.com/hook", secret_token: `A-z_9${"x".repeat(251)}` }))
        .json.ok,
    ).toBe(true);
    await call(server, "setWebhook", { url: "https://example.com/hook", secret_token: "" });
    expect(server.webhook()?.secret_token).toBeUndefined();
  });

  test("plain HTTP → 400 unless allowHttpWebhooks, and then only to this machine", async () => {
    const strict = await startServer();
    const refused = await call(strict, "setWebhook", { url: "http://127.0.0.1:9/hook" });
    expect(refused.status).toBe(400);
    expect(refused.json.description).toBe("Bad Request: bad webhook: An HTTPS URL must be provided for webhook");

    const lax = await startServer({ allowHttpWebhooks: true });
    for (const url of ["http://127.0.0.1:9/hook", "http://localhost:9/", "http://[::1]:9/x"]) {
      expect((await call(lax, "setWebhook", { url })).json.ok).toBe(true);
    }
    expect((await call(lax, "setWebhook", { url: "http://example.com/hook" })).status).toBe(400);
    expect((await call(lax, "setWebhook", { url: "not a url" })).status).toBe(400);
  });

  test("getWebhookInfo: max_connections defaults to 40 and is clamped to 1–100; allowed_updates kept", async () => {
    const server = await startServer();
    await call(server, "setWebhook", { url: "https://example.com/hook", allowed_updates: ["message"] });
    expect(await webhookInfo(server)).toEqual({
      url: "https://example.com/hook",
      has_custom_certificate: false,
      pending_update_count: 0,
      max_connections: 40,
      allowed_updates: ["message"],
    });
    await call(server, "setWebhook", { url: "https://example.com/hook", max_connections: 1000 });
    expect(await webhookInfo(server)).toMatchObject({ max_connections: 100, allowed_updates: ["message"] });
    await call(server, "setWebhook", { url: "https://example.com/hook", max_connections: 0 });
    expect((await webhookInfo(server)).max_connections).toBe(1);
    await call(server, "deleteWebhook");
    expect(await webhookInfo(server)).toEqual({ url: "", has_custom_certificate: false, pending_update_count: 0 });
  });

  test("setWebhook ends a held-open getUpdates with the webhook-active 409", async () => {
    const server = await startServer();
    const poll = call(server, "getUpdates", { timeout: 5 });
    await until(() => server.polling);
    await call(server, "setWebhook", { url: "https://example.com/hook" });
    const res = await poll;
    expect(res.status).toBe(409);
    expect(res.json.description).toContain("can't use getUpdates method while webhook is active");
  });
});

describe("delivery", () => {
  test("POSTs JSON with the secret header, including updates queued before setWebhook", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const receiver = await startReceiver();
    const alice = server.user({ id: 1 });
    alice.send("before");
    await call(server, "setWebhook", { url: receiver.url, secret_token: "s3cr3t_-" });
    alice.send("after");
    await server.idle();
    expect(receiver.received.map((r) => text(r.update))).toEqual(["before", "after"]);
    for (const r of receiver.received) {
      expect(r.headers["x-telegram-bot-api-secret-token"]).toBe("s3cr3t_-");
      expect(r.headers["content-type"]).toBe("application/json");
    }
    expect(server.pendingUpdates()).toEqual([]);
    expect(server.webhookDeliveries.map((d) => [d.chat_id, d.attempt, d.ok, d.status])).toEqual([
      [1, 1, true, 200],
      [1, 1, true, 200],
    ]);
    expect((await webhookInfo(server)).pending_update_count).toBe(0);
  });

  test("no secret → no secret header", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const receiver = await startReceiver();
    await call(server, "setWebhook", { url: receiver.url });
    server.user({ id: 1 }).send("hi");
    await server.idle();
    expect(receiver.received[0]?.headers["x-telegram-bot-api-secret-token"]).toBeUndefined();
  });

  test("at most max_connections requests in flight", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const receiver = await startReceiver(async () => {
      await sleep(40);
      return 200;
    });
    await call(server, "setWebhook", { url: receiver.url, max_connections: 3 });
    for (let id = 1; id <= 10; id++) server.user({ id }).send(`from ${id}`);
    await server.idle();
    expect(receiver.received).toHaveLength(10);
    expect(receiver.maxConcurrent).toBe(3);
    // The server's own log tells the same: never more than 3 overlapping attempts.
    const log = server.webhookDeliveries;
    const overlap = Math.max(
      ...log.map((d) => log.filter((o) => o.startedAt <= d.startedAt && (o.endedAt ?? Infinity) > d.startedAt).length),
    );
    expect(overlap).toBe(3);
  });

  test("one update per chat at a time, in order, while two chats interleave in parallel", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    // Alice's first update is answered only once all of Bob's are through (or after 5 s): deliveries
    // that made Bob wait for Alice would hold his until hers gave up. No race against a sleep.
    let bobThrough: () => void = () => undefined;
    const bobAllThrough = new Promise<void>((resolve) => (bobThrough = resolve));
    const receiver = await startReceiver(async (u) => {
      if (u.message?.chat.id === 1) {
        if (text(u) === "a1") await Promise.race([bobAllThrough, sleep(5_000)]);
        else await sleep(10);
      } else {
        await sleep(10);
        if (text(u) === "b5") bobThrough();
      }
      return 200;
    });
    await call(server, "setWebhook", { url: receiver.url });
    const alice = server.user({ id: 1 });
    const bob = server.user({ id: 2 });
    for (let i = 1; i <= 5; i++) {
      alice.send(`a${i}`);
      bob.send(`b${i}`);
    }
    await server.idle();
    const of = (chat: number) => receiver.received.filter((r) => r.update.message?.chat.id === chat);
    expect(of(1).map((r) => text(r.update))).toEqual(["a1", "a2", "a3", "a4", "a5"]);
    expect(of(2).map((r) => text(r.update))).toEqual(["b1", "b2", "b3", "b4", "b5"]);
    for (const chat of [of(1), of(2)]) {
      for (let i = 1; i < chat.length; i++) expect(chat[i]!.startedAt).toBeGreaterThanOrEqual(chat[i - 1]!.endedAt!);
    }
    // Bob did not wait for Alice: all of his updates went out while her first was still open.
    expect(of(2).at(-1)!.startedAt).toBeLessThan(of(1)[0]!.endedAt!);
    expect(receiver.maxConcurrent).toBe(2);
  });

  test("500 → retried with backoff until a 2xx; getWebhookInfo shows the error and the pending count", async () => {
    const server = await startServer({ allowHttpWebhooks: true, webhookRetryMinMs: 50, webhookRetryMaxMs: 200 });
    const receiver = await startReceiver((_u, received) => (received.length <= 3 ? 500 : 200));
    await call(server, "setWebhook", { url: receiver.url });
    server.user({ id: 1 }).send("again and again");
    await until(() => server.webhookDeliveries.some((d) => d.ok === false));
    const info = await webhookInfo(server);
    expect(info).toMatchObject({
      pending_update_count: 1,
      last_error_message: "Wrong response from the webhook: 500 Internal Server Error",
    });
    expect(Math.abs(info.last_error_date! - Date.now() / 1000)).toBeLessThan(2);
    await server.idle();
    const log = server.webhookDeliveries;
    expect(log.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(new Set(log.map((d) => d.update_id)).size).toBe(1);
    // Delays double: ~50, ~100, ~200 ms between the end of a failure and the next attempt.
    const gaps = log.slice(1).map((d, i) => d.startedAt - log[i]!.endedAt!);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    expect(receiver.received).toHaveLength(4);
    expect((await webhookInfo(server)).pending_update_count).toBe(0);
  });

  test("a failing chat does not hold back the others", async () => {
    const server = await startServer({ allowHttpWebhooks: true, webhookRetryMinMs: 100 });
    const receiver = await startReceiver((u, received) =>
      u.message?.chat.id === 1 && received.filter((r) => r.update.message?.chat.id === 1).length === 1 ? 500 : 200,
    );
    await call(server, "setWebhook", { url: receiver.url });
    server.user({ id: 1 }).send("a1");
    server.user({ id: 1 }).send("a2");
    server.user({ id: 2 }).send("b1");
    await server.idle();
    const of = (chat: number) => receiver.received.filter((r) => r.update.message?.chat.id === chat);
    expect(of(1).map((r) => [text(r.update), r.status])).toEqual([
      ["a1", 500],
      ["a1", 200],
      ["a2", 200],
    ]);
    expect(of(2).map((r) => [text(r.update), r.status])).toEqual([["b1", 200]]);
    expect(of(2)[0]!.endedAt!).toBeLessThan(of(1)[1]!.startedAt); // Bob was served during Alice's backoff
  });

  test("connection refused → retried until the receiver is up", async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const server = await startServer({ allowHttpWebhooks: true, webhookRetryMinMs: 20, webhookRetryMaxMs: 50 });
    await call(server, "setWebhook", { url: `http://127.0.0.1:${port}/hook` });
    server.user({ id: 1 }).send("knock");
    await until(() => server.webhookDeliveries.length >= 2);
    expect(server.webhookDeliveries[0]).toMatchObject({ attempt: 1, ok: false, error: "Connection refused" });
    expect((await webhookInfo(server)).last_error_message).toBe("Connection refused");
    const receiver = await startReceiver(() => 200, port);
    await server.idle();
    expect(receiver.received.map((r) => text(r.update))).toEqual(["knock"]);
    expect(server.webhookDeliveries.at(-1)).toMatchObject({ ok: true, status: 200 });
  });

  test("no answer within webhookTimeoutMs → Read timeout expired, then redelivered", async () => {
    const server = await startServer({ allowHttpWebhooks: true, webhookTimeoutMs: 100, webhookRetryMinMs: 10 });
    const receiver = await startReceiver((_u, received) => (received.length === 1 ? "hang" : 200));
    await call(server, "setWebhook", { url: receiver.url });
    server.user({ id: 1 }).send("slow");
    await server.idle();
    expect(server.webhookDeliveries.map((d) => [d.attempt, d.ok, d.error])).toEqual([
      [1, false, "Read timeout expired"],
      [2, true, undefined],
    ]);
  });
});

describe("leaving webhook mode", () => {
  test("deleteWebhook stops delivery; undelivered updates come through getUpdates", async () => {
    const server = await startServer({ allowHttpWebhooks: true, webhookRetryMinMs: 20 });
    const receiver = await startReceiver(() => 503);
    await call(server, "setWebhook", { url: receiver.url });
    const alice = server.user({ id: 1 });
    alice.send("one");
    alice.send("two");
    await until(() => server.webhookDeliveries.some((d) => d.ok === false));
    expect((await call(server, "deleteWebhook")).json.ok).toBe(true);
    await until(() => server.webhookDeliveries.every((d) => d.endedAt !== undefined));
    const attempts = server.webhookDeliveries.length;
    await sleep(150);
    expect(server.webhookDeliveries).toHaveLength(attempts);
    expect(receiver.received.every((r) => text(r.update) === "one")).toBe(true); // "two" waited for "one"
    const polled = await call<Update[]>(server, "getUpdates", {});
    expect(polled.status).toBe(200);
    expect(polled.json.result.map(text)).toEqual(["one", "two"]);
  });

  test("drop_pending_updates on setWebhook: earlier updates are never delivered", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const receiver = await startReceiver();
    server.user({ id: 1 }).send("stale");
    await call(server, "setWebhook", { url: receiver.url, drop_pending_updates: true });
    server.user({ id: 1 }).send("fresh");
    await server.idle();
    expect(receiver.received.map((r) => text(r.update))).toEqual(["fresh"]);
  });

  test("drop_pending_updates on deleteWebhook: the failing backlog is gone and not retried", async () => {
    const server = await startServer({ allowHttpWebhooks: true, webhookRetryMinMs: 20 });
    const receiver = await startReceiver(() => 500);
    await call(server, "setWebhook", { url: receiver.url });
    server.user({ id: 1 }).send("doomed");
    await until(() => server.webhookDeliveries.some((d) => d.ok === false));
    await call(server, "deleteWebhook", { drop_pending_updates: true });
    expect(server.pendingUpdates()).toEqual([]);
    expect((await call<Update[]>(server, "getUpdates", {})).json.result).toEqual([]);
  });

  test("close() aborts a delivery in flight and resolves promptly", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const receiver = await startReceiver(() => "hang");
    await call(server, "setWebhook", { url: receiver.url });
    server.user({ id: 1 }).send("never answered");
    await until(() => receiver.received.length === 1);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.webhookDeliveries[0]).toMatchObject({ ok: false, error: "Delivery aborted: server closing" });
  });
});

describe("a grammY bot in webhook mode", () => {
  const servers: { close(cb: () => void): void; closeAllConnections(): void }[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
  });

  test("webhookCallback on node:http receives updates through the server and the user sees the replies", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const bot = botFor(server);
    bot.command("start", (ctx) => ctx.reply(`Hello, ${ctx.from?.first_name ?? "?"}`));
    bot.on("message:text", async (ctx) => {
      await sleep(5);
      await ctx.reply(`echo ${ctx.message.text}`);
    });
    const handle = webhookCallback(bot, "http", { secretToken: "hook_secret" });
    const http = createServer((req, res) => {
      void handle(req, res);
    });
    servers.push(http);
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/telegram`;
    await bot.api.setWebhook(url, { secret_token: "hook_secret", max_connections: 5 });
    expect((await bot.api.getWebhookInfo()).url).toBe(url);

    const alice = server.user({ id: 42, first_name: "Alice" });
    const bob = server.user({ id: 43, first_name: "Bob" });
    alice.send("/start");
    bob.send("/start");
    alice.send("one");
    alice.send("two");
    await server.idle();
    expect(alice.messages().map((m) => m.text)).toEqual(["Hello, Alice", "echo one", "echo two"]);
    expect(bob.lastMessage()?.text).toBe("Hello, Bob");
    expect(server.webhookDeliveries.every((d) => d.ok === true && d.attempt === 1)).toBe(true);
    expect((await bot.api.getWebhookInfo()).pending_update_count).toBe(0);

    // A wrong secret makes grammY answer 401: the update stays queued and is retried.
    await bot.api.setWebhook(url, { secret_token: "other" });
    alice.send("three");
    await until(() => server.webhookDeliveries.some((d) => d.ok === false));
    expect((await bot.api.getWebhookInfo()).last_error_message).toBe(
      "Wrong response from the webhook: 401 Unauthorized",
    );
    await bot.api.setWebhook(url, { secret_token: "hook_secret" });
    await server.idle();
    expect(alice.lastMessage()?.text).toBe("echo three");
  });

  test("webhook replies (canUseWebhookReply): the method in the 2xx answer runs as if called", async () => {
    const server = await startServer({ allowHttpWebhooks: true });
    const bot = new Bot(server.token, {
      client: { apiRoot: server.url, canUseWebhookReply: (method) => method === "sendMessage" },
    });
    bot.on("message:text", (ctx) => ctx.reply(`<b>${ctx.message.text}</b>`, { parse_mode: "HTML" }));
    const handle = webhookCallback(bot, "http");
    const http = createServer((req, res) => {
      void handle(req, res);
    });
    servers.push(http);
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    await bot.api.setWebhook(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`);
    const alice = server.user({ id: 42 });
    alice.send("in the answer");
    await server.idle();
    expect(alice.lastMessage()).toMatchObject({ text: "in the answer", html: "<b>in the answer</b>" });
    expect(server.callsTo("sendMessage")).toMatchObject([{ ok: true, via: "webhook-reply", params: { chat_id: 42 } }]);
  });
});
