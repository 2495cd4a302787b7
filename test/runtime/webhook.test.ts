import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { createWebhook, type WebhookOptions } from "../../src/runtime/webhook.js";

const SECRET = "s3cret_token-1";
const update = (id: number): Update => ({
  update_id: id,
  message: {
    message_id: 1,
    date: 0,
    chat: { id: 5, type: "private", first_name: "A" },
    from: { id: 5, is_bot: false, first_name: "A" },
    text: "hi",
  },
});

describe("the webhook endpoint", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  async function serve(options: Partial<WebhookOptions> & Pick<WebhookOptions, "handleUpdate">) {
    const hook = createWebhook({ secret: SECRET, logger: createLogger({ level: "silent" }), ...options });
    server = createServer((req, res) => void hook.handle(req, res));
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const post = (
      body: string | Buffer,
      headers: Record<string, string> = { "x-telegram-bot-api-secret-token": SECRET },
    ) => fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    return { hook, post };
  }

  it("hands a well-formed update with the right secret to the bot, once, and answers 200", async () => {
    const seen: number[] = [];
    const { post } = await serve({ handleUpdate: (u) => Promise.resolve(void seen.push(u.update_id)) });
    const res = await post(JSON.stringify(update(11)));
    expect(res.status).toBe(200);
    expect(seen).toEqual([11]);
  });

  it("a missing or wrong secret gets 401 and the bot sees nothing", async () => {
    const seen: number[] = [];
    const { post } = await serve({ handleUpdate: (u) => Promise.resolve(void seen.push(u.update_id)) });
    expect((await post(JSON.stringify(update(1)), {})).status).toBe(401);
    expect(
      (await post(JSON.stringify(update(2)), { "x-telegram-bot-api-secret-token": "s3cret_token-2" })).status,
    ).toBe(401);
    expect((await post(JSON.stringify(update(3)), { "x-telegram-bot-api-secret-token": "short" })).status).toBe(401);
    expect(seen).toEqual([]);
  });

  it("a body over 1 MB is refused with 413, declared or streamed; a non-update gets 400", async () => {
    const seen: number[] = [];
    const { post } = await serve({ handleUpdate: (u) => Promise.resolve(void seen.push(u.update_id)) });
    const big = JSON.stringify({ ...update(4), padding: "x".repeat(1024 * 1024) });
    expect((await post(big)).status).toBe(413);
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({ hello: 1 }))).status).toBe(400);
    expect(seen).toEqual([]);
  });

  it("a slow update: Telegram gets its 200 in time while the update goes on; drain waits for it", async () => {
    let finished = false;
    let release: () => void = () => undefined;
    const { hook, post } = await serve({
      answerWithinMs: 100,
      handleUpdate: () => new Promise<void>((r) => (release = r)).then(() => void (finished = true)),
    });
    const res = await post(JSON.stringify(update(7)));
    expect(res.status).toBe(200);
    expect(finished).toBe(false);
    expect(hook.inFlight()).toBe(1);
    const drained = hook.drain(5_000);
    // Draining: a new delivery is refused so Telegram sends it to another instance.
    expect((await post(JSON.stringify(update(8)))).status).toBe(503);
    release();
    expect(await drained).toBe(true);
    expect(finished).toBe(true);
  });

  it("drain gives up after its bound when an update never ends", async () => {
    const { hook, post } = await serve({ answerWithinMs: 20, handleUpdate: () => new Promise(() => undefined) });
    expect((await post(JSON.stringify(update(9)))).status).toBe(200);
    expect(await hook.drain(100)).toBe(false);
  });
});
