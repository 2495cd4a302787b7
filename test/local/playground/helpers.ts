/**
 * fairway as `npm start` runs it with no BOT_TOKEN: embedded sandbox, local Bot
 * API server with the playground mounted on it (port 0), a temporary SQLite
 * file. Plus small clients for the playground's JSON and SSE API.
 */
import { Writable } from "node:stream";
import { createApp, type App, type AppOptions } from "../../../src/app.js";
import type { BotApiServer } from "../../../src/local/bot-api-server/index.js";
import { createConfig } from "../../../src/config/index.js";
import { createLogger } from "../../../src/logger.js";
import { worldClock, type WorldClock } from "../../helpers/clock.js";
import { sqliteDatabase } from "../../helpers/databases.js";
import { tomorrow } from "../../helpers/flow.js";
import { trackHandling } from "../../helpers/handling.js";

/** A JSON body as the tests read it: untyped, exactly what `JSON.parse` returns. */
export type Json = ReturnType<typeof JSON.parse>;

export interface PlaygroundApp {
  app: App;
  telegram: BotApiServer;
  /** The world's clock, which fairway hands to its embedded sandbox and local Bot API server. */
  clock: WorldClock;
  /** The page, e.g. http://127.0.0.1:40123/ */
  url: string;
  logs: string[];
  /** How many updates the local Bot API server has queued for the bot (the page's taps and messages among them). */
  updates(): number;
  /** Waits until fairway handled every update it received and has nothing in flight. */
  settle(): Promise<void>;
  get(path: string): Promise<{ status: number; json: Json }>;
  post(path: string, body: unknown, contentType?: string): Promise<{ status: number; json: Json }>;
  stop(): Promise<void>;
}

/**
 * What a playground test may set of `createApp`'s options besides the configuration: the leader jobs'
 * intervals, so a job runs by itself on the moved clock (`{ tripJobsIntervalMs: 250 }`) as it would in a day.
 */
export type PlaygroundAppOptions = Omit<Partial<AppOptions>, "config" | "logger" | "now">;

/** Starts fairway with no BOT_TOKEN (the playground), on a fresh SQLite file. */
export async function startPlaygroundApp(
  env: Record<string, string> = {},
  options: PlaygroundAppOptions = {},
): Promise<PlaygroundApp> {
  const db = sqliteDatabase();
  if (db.config.kind !== "sqlite") throw new Error("the playground tests run on SQLite");
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const config = createConfig({
    DATABASE_URL: `sqlite:${db.config.path}`,
    PLAYGROUND_PORT: "0",
    DEFAULT_LOCALE: "en",
    LOG_LEVEL: "debug",
    // Vouchers drawn at the bot's priority, not the lowest (production's 19): on a machine the rest of the suite
    // loads, a thread at nice 19 waits tens of seconds for a core, and the voucher's test its 30 s (as the harness).
    VOUCHER_RENDER_NICE: "0",
    ...env,
  });
  const logger = createLogger({ level: config.logLevel, secrets: config.secrets, destination });
  const clock = worldClock();
  const app = await createApp({ reaperIntervalMs: 60_000, ...options, config, logger, now: clock });
  const handling = trackHandling();
  handling.track(app.bot);
  await app.start();
  const telegram = app.localTelegram;
  if (!telegram || !app.playground) throw new Error("no local Bot API server / playground: was BOT_TOKEN set?");
  let updates = 0;
  telegram.on("update", () => (updates += 1));
  const base = telegram.url;
  const parse = async (res: Response) => {
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, json: text };
    }
  };
  return {
    app,
    telegram,
    clock,
    url: app.playground.url,
    logs,
    updates: () => updates,
    settle: () => handling.settle(telegram, app),
    get: async (path) => parse(await fetch(`${base}${path}`)),
    post: async (path, body, contentType = "application/json") =>
      parse(
        await fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": contentType },
          body: JSON.stringify(body),
        }),
      ),
    async stop() {
      await app.stop();
      await db.cleanup();
    },
  };
}

export interface SseEvent {
  event: string;
  data: Json;
}

/** A Server-Sent Events reader: every event so far, and waiting for the next matching one. */
export interface EventStream {
  events: SseEvent[];
  next(predicate: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens `/playground/events` and collects its events. */
export async function openEvents(baseUrl: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}playground/events`, { signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const events: SseEvent[] = [];
  const waiters: { predicate: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === undefined || data === undefined) continue;
          const parsed: SseEvent = { event, data: JSON.parse(data) };
          events.push(parsed);
          for (const w of [...waiters]) {
            if (w.predicate(parsed)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(parsed);
            }
          }
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    events,
    next(predicate, timeoutMs = 10_000) {
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no matching event in ${timeoutMs} ms; got: ${events.map((e) => e.event).join(", ")}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => abort.abort(),
  };
}

/** The bot's newest message in a chat (as the page sees it) with a button whose data matches. */
export async function lastWithButton(p: PlaygroundApp, userId: number, pattern: RegExp) {
  const { json } = await p.get(`/playground/chat?userId=${userId}`);
  const messages = (json.messages as Json[]).filter((m) => m.from?.is_bot);
  for (const message of messages.reverse()) {
    const button = ((message.reply_markup?.inline_keyboard ?? []) as Json[][])
      .flat()
      .find((b) => typeof b.callback_data === "string" && pattern.test(b.callback_data));
    if (button) return { message, data: button.callback_data as string };
  }
  throw new Error(`no button matches ${String(pattern)} in chat ${userId}`);
}

/** Taps (through the API) the newest button whose callback data matches, then settles. */
export async function tapData(p: PlaygroundApp, userId: number, pattern: RegExp) {
  const { message, data } = await lastWithButton(p, userId, pattern);
  const res = await p.post("/playground/tap", { userId, messageId: message.message_id, data });
  if (res.status !== 200) throw new Error(`tap ${data}: ${JSON.stringify(res.json)}`);
  await p.settle();
  return res.json.query_id as string;
}

/** Sends a text (through the API) and settles. */
export async function say(p: PlaygroundApp, userId: number, text: string) {
  const res = await p.post("/playground/send", { userId, text });
  if (res.status !== 200) throw new Error(`send ${text}: ${JSON.stringify(res.json)}`);
  await p.settle();
}

/** Books tomorrow's first open tee time at the first course through the API, as `userId`; resolves at the paid confirmation. */
export async function bookThroughApi(p: PlaygroundApp, userId: number) {
  await say(p, userId, "/book");
  await tapData(p, userId, /:c:0$/);
  await tapData(p, userId, /:go$/);
  const day = tomorrow(p.clock()).replaceAll("-", "");
  try {
    await tapData(p, userId, new RegExp(`:d:${day}$`));
  } catch {
    await tapData(p, userId, new RegExp(`:m:${day.slice(0, 6)}$`));
    await tapData(p, userId, new RegExp(`:d:${day}$`));
  }
  await tapData(p, userId, /:s:\d+$/);
  await tapData(p, userId, /:p:\d+$/);
  try {
    await tapData(p, userId, /:nc$/);
  } catch {
    // this course has no caddy question
  }
  await say(p, userId, "Somchai Jaidee");
  await say(p, userId, "somchai@example.com");
  await say(p, userId, "081-234-5678");
  await tapData(p, userId, /:ok$/);
}

/** A sandbox reservation as the side panel's state shows it (the fields tests read). */
export interface PanelReservation {
  id: string;
  code: string;
  status: string;
  amount: number;
  refundedAmount?: number;
  endedByCourse?: boolean;
  slotTime: number;
}

/** The side panel's sandbox state (`GET /playground/state`): the balance and the reservations. */
export async function sandboxState(p: PlaygroundApp): Promise<{ balance: number; reservations: PanelReservation[] }> {
  const { json } = await p.get("/playground/state");
  if (json.available !== true) throw new Error("the sandbox's state is not available");
  return json.state as { balance: number; reservations: PanelReservation[] };
}
