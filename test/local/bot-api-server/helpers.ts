import { Bot, type Context } from "grammy";
import { afterEach } from "vitest";
import {
  type BotApiServer,
  type BotApiServerOptions,
  createBotApiServer,
} from "../../../src/local/bot-api-server/index.js";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A listening server, closed after the test. */
export async function startServer(options?: BotApiServerOptions): Promise<BotApiServer> {
  const server = createBotApiServer(options);
  await server.listen();
  cleanups.push(() => server.close());
  return server;
}

const serverOfBot = new WeakMap<object, BotApiServer>();

/** A grammY bot wired to the server through apiRoot, the production code path. */
export function botFor(server: BotApiServer): Bot {
  const bot = new Bot(server.token, { client: { apiRoot: server.url } });
  serverOfBot.set(bot, server);
  return bot;
}

/**
 * Starts long polling and resolves once the server holds the bot's first
 * getUpdates open; stops it after the test. grammY's `onStart` runs before that
 * first request, and `idle()` cannot count updates as unconfirmed for a bot it
 * has not yet seen poll: a test that pushed an update in between, on a stalled
 * event loop, would find the server idle before the bot ever fetched it.
 */
export async function startPolling<C extends Context>(bot: Bot<C>): Promise<void> {
  const errors: unknown[] = [];
  bot.catch((err) => {
    errors.push(err.error);
  });
  await new Promise<void>((resolve, reject) => {
    bot.start({ onStart: () => resolve() }).catch(reject);
  });
  cleanups.push(async () => {
    if (bot.isRunning()) await bot.stop();
    if (errors.length > 0) throw new AggregateError(errors, "bot handlers threw");
  });
  const server = serverOfBot.get(bot);
  if (server !== undefined) await until(() => server.polling, 5_000);
}

export interface ApiResponse<T> {
  ok: boolean;
  result: T;
  error_code?: number;
  description?: string;
}

/** A plain fetch call to the Bot API, returning status and JSON. */
export async function call<T = unknown>(
  server: BotApiServer,
  method: string,
  body?: unknown,
): Promise<{ status: number; json: ApiResponse<T> }> {
  const res = await fetch(`${server.url}/bot${server.token}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, json: (await res.json()) as ApiResponse<T> };
}

/** Polls a condition every 5 ms (fails after 2 s). */
export async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}
