/**
 * The update middleware and the Bot API transformer on a real grammY Bot: `botInfo` preset, updates fed
 * through `handleUpdate`, and a fake API transformer answering in Telegram's place (no network).
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { Bot, GrammyError, HttpError, type Transformer } from "grammy";
import type { Update } from "grammy/types";
import { register } from "prom-client";
import { describe, expect, it } from "vitest";
import { markUpdateOutcome, telegramApiMetrics, updateMetrics } from "../../src/runtime/index.js";
import { botInfo, sample, testMetrics } from "./helpers.js";

const from = { id: 7, is_bot: false, first_name: "Somchai" };
const chat = { id: 7, type: "private" as const, first_name: "Somchai" };

let nextId = 1;
const message = (text: string): Update => ({
  update_id: nextId++,
  message: {
    message_id: nextId,
    date: 0,
    chat,
    from,
    text,
    ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.length }] } : {}),
  },
});
const callback = (data: string): Update => ({
  update_id: nextId++,
  callback_query: {
    id: String(nextId),
    from,
    chat_instance: "c",
    data,
    message: { message_id: 1, date: 0, chat, text: "x" },
  },
});
const inline = (): Update => ({ update_id: nextId++, inline_query: { id: "i", from, query: "", offset: "" } });
const edited = (): Update => ({
  update_id: nextId++,
  edited_message: { message_id: 1, date: 0, edit_date: 1, chat, from, text: "x" },
});

/** Answers every call as Telegram would, without a network; `answers` scripts failures per method. */
function fakeTelegram(answers: Record<string, ("ok" | 429 | 400 | "network")[]> = {}) {
  const calls: string[] = [];
  const transformer: Transformer = (_prev, method) => {
    calls.push(method);
    const next = answers[method]?.shift() ?? "ok";
    if (next === "network") return Promise.reject(new HttpError("Network request failed", new Error("ECONNRESET")));
    if (next === 429)
      return Promise.resolve({
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 0",
        parameters: { retry_after: 0 },
      } as never);
    if (next === 400)
      return Promise.resolve({ ok: false, error_code: 400, description: "Bad Request: chat not found" } as never);
    return Promise.resolve({ ok: true, result: { message_id: 1, date: 0, chat, text: "ok" } } as never);
  };
  return { calls, transformer };
}

function bot(metrics: ReturnType<typeof testMetrics>, telegram = fakeTelegram()) {
  const b = new Bot("123456:AAHfakeTokenForTestsOnly_0123456789", { botInfo });
  b.api.config.use(telegram.transformer, telegramApiMetrics(metrics));
  b.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 1 }));
  b.use(updateMetrics(metrics));
  return b;
}

describe("updateMetrics", () => {
  it("counts updates by type, with ok as the outcome, and times them", async () => {
    const metrics = testMetrics();
    const b = bot(metrics);
    b.on("message", (ctx) => ctx.reply("hi"));
    b.on("callback_query", (ctx) => ctx.answerCallbackQuery());
    await b.handleUpdate(message("/start"));
    await b.handleUpdate(message("hello"));
    await b.handleUpdate(callback("b:slot:1"));
    await b.handleUpdate(inline());
    await b.handleUpdate(edited());
    const text = await metrics.text();
    expect(sample(text, 'fairway_updates_total{type="message",outcome="ok"}')).toBe(2);
    expect(sample(text, 'fairway_updates_total{type="callback_query",outcome="ok"}')).toBe(1);
    expect(sample(text, 'fairway_updates_total{type="inline_query",outcome="ok"}')).toBe(1);
    expect(sample(text, 'fairway_updates_total{type="other",outcome="ok"}')).toBe(1);
    expect(sample(text, 'fairway_update_duration_seconds_count{type="message"}')).toBe(2);
    expect(sample(text, 'fairway_update_duration_seconds_bucket{le="10",type="message"}')).toBe(2);
  });

  it("counts an update whose handler throws as an error and rethrows the same error", async () => {
    const metrics = testMetrics();
    const b = bot(metrics);
    const boom = new Error("handler failed");
    b.on("message", () => {
      throw boom;
    });
    const thrown = await b.handleUpdate(message("x")).catch((e: unknown) => e);
    expect((thrown as { error?: unknown }).error).toBe(boom);
    const text = await metrics.text();
    expect(sample(text, 'fairway_updates_total{type="message",outcome="error"}')).toBe(1);
    expect(sample(text, 'fairway_updates_total{type="message",outcome="ok"}')).toBeUndefined();
  });

  it("records the outcome a middleware marked: duplicate, rejected", async () => {
    const metrics = testMetrics();
    const b = bot(metrics);
    b.command("dup", (ctx) => markUpdateOutcome(ctx, "duplicate"));
    b.on("callback_query", (ctx) => markUpdateOutcome(ctx, "rejected"));
    await b.handleUpdate(message("/dup"));
    await b.handleUpdate(callback("forged"));
    const text = await metrics.text();
    expect(sample(text, 'fairway_updates_total{type="message",outcome="duplicate"}')).toBe(1);
    expect(sample(text, 'fairway_updates_total{type="callback_query",outcome="rejected"}')).toBe(1);
  });

  it("uses its own registry, never prom-client's global one", async () => {
    const metrics = testMetrics();
    metrics.update("message", "ok", 0.01);
    expect(await register.metrics()).not.toContain("fairway_");
    expect(metrics.registry).not.toBe(register);
  });
});

describe("telegramApiMetrics", () => {
  it("counts every failed attempt below auto-retry, 429s as rate limited, and changes no answer", async () => {
    const metrics = testMetrics();
    const telegram = fakeTelegram({ sendMessage: [429, 429, "ok", 400] });
    const b = bot(metrics, telegram);
    // Auto-retry waits out the two 429s: the caller sees the third attempt's answer.
    const sent = await b.api.sendMessage(7, "hello");
    expect(sent.message_id).toBe(1);
    // The 400 reaches the caller as grammY's own error.
    const error = await b.api.sendMessage(7, "again").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(400);
    expect(telegram.calls).toEqual(["sendMessage", "sendMessage", "sendMessage", "sendMessage"]);
    const text = await metrics.text();
    expect(sample(text, 'fairway_telegram_api_errors_total{method="sendMessage",error_code="429"}')).toBe(2);
    expect(sample(text, 'fairway_telegram_api_errors_total{method="sendMessage",error_code="400"}')).toBe(1);
    expect(sample(text, 'fairway_telegram_rate_limited_total{method="sendMessage"}')).toBe(2);
  });

  it("counts a call with no answer as network and rethrows it; a deliberately aborted call is not counted", async () => {
    const metrics = testMetrics();
    const telegram = fakeTelegram({ getChat: ["network"] });
    const b = new Bot("123456:AAHfakeTokenForTestsOnly_0123456789", { botInfo });
    b.api.config.use(telegram.transformer, telegramApiMetrics(metrics));
    await expect(b.api.getChat(7)).rejects.toBeInstanceOf(HttpError);
    const aborted = new AbortController();
    aborted.abort();
    const hanging: Transformer = (_prev, _method, _payload, signal) =>
      signal?.aborted ? Promise.reject(new Error("aborted")) : new Promise(() => undefined);
    const polling = new Bot("123456:AAHfakeTokenForTestsOnly_0123456789", { botInfo });
    polling.api.config.use(hanging, telegramApiMetrics(metrics));
    await expect(polling.api.getUpdates({ timeout: 30 }, aborted.signal as never)).rejects.toThrow();
    const text = await metrics.text();
    expect(sample(text, 'fairway_telegram_api_errors_total{method="getChat",error_code="network"}')).toBe(1);
    expect(text).not.toContain('method="getUpdates"');
  });
});
