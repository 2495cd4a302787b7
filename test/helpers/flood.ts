/**
 * Floods and timed bookings for the abuse-control tests and the `--flood` benchmark: a user who sends
 * a burst of messages, and agents who book (/book → paid) acting as soon as the bot answered, each
 * step timed from the user's action to the answer the agent waits for (event-driven: the server's
 * `call` events, so the figure is not a polling interval).
 */
import type { BotApiServer, SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { addDaysToDateKey, courseToday } from "../../src/bot/format/dates.js";
import { buttons } from "./buttons.js";
import { WORLD_START } from "./clock.js";

// No vitest import here (flow.ts, crash-world.ts have one): test/bench/flood.ts runs this outside vitest.

/** The data of tomorrow's button in the date picker, for a world that starts at WORLD_START. */
export const TOMORROW = new RegExp(
  `:d:${addDaysToDateKey(courseToday(WORLD_START, "Asia/Bangkok"), 1).replaceAll("-", "")}$`,
);

/** Sends `count` messages from `user`, spread evenly over `ms` (in batches every 10 ms). */
export async function flood(user: SimulatedUser, count: number, ms: number, text = "spam"): Promise<void> {
  const batches = Math.max(1, Math.round(ms / 10));
  let sent = 0;
  for (let b = 0; b < batches; b++) {
    const upTo = Math.round(((b + 1) * count) / batches);
    for (; sent < upTo; sent++) user.send(`${text} ${sent}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves when `test()` holds, checked after every Bot API call the server answers; fails after `timeoutMs`. */
export function waitUntil(telegram: BotApiServer, what: string, test: () => boolean, timeoutMs: number): Promise<void> {
  if (test()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!test()) return;
      finish();
      resolve();
    };
    const off = telegram.on("call", check);
    const poll = setInterval(check, 100);
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    function finish() {
      off();
      clearInterval(poll);
      clearTimeout(timer);
    }
  });
}

/** The live panel (the bot's latest message with buttons, edited in place) shows `text`. */
const hasText = (user: SimulatedUser, text: string) => buttons(user).text.includes(text);
const hasButton = (user: SimulatedUser, pattern: RegExp) => buttons(user).data.some((d) => pattern.test(d));

/** Taps the `nth` button matching `pattern` on the live panel (the first if there are fewer). */
export function tap(user: SimulatedUser, pattern: RegExp, nth = 0): void {
  const b = buttons(user);
  const data = b.data.filter((d) => pattern.test(d))[nth] ?? b.data.filter((d) => pattern.test(d))[0];
  if (data === undefined) throw new Error(`no button ${String(pattern)} for ${user.chatId}: ${b.text.slice(0, 80)}`);
  user.tap({ data, messageId: b.messageId! });
}

/**
 * One agent's whole booking, acting as soon as each answer arrived; `pick` spreads agents over the
 * five courses and tee times; `from` goes on from a step already shown (the calendar: tap tomorrow).
 * `thinkMs` is a pause before each action (a person reading), not counted. Returns each step's latency (action → the answer waited for), ms.
 */
export async function timedBooking(
  telegram: BotApiServer,
  user: SimulatedUser,
  pick: number,
  options: { stepTimeoutMs?: number; from?: "start" | "calendar" | "tee times"; thinkMs?: () => number } = {},
): Promise<number[]> {
  const stepTimeoutMs = options.stepTimeoutMs ?? 30_000;
  const latencies: number[] = [];
  let skip = { start: 0, calendar: 3, "tee times": 4 }[options.from ?? "start"];
  const step = async (what: string, act: () => void, done: () => boolean) => {
    if (skip-- > 0) return;
    const think = options.thinkMs?.() ?? 0;
    if (think > 0) await new Promise((r) => setTimeout(r, think));
    const started = performance.now();
    act();
    await waitUntil(telegram, `${what} for ${user.chatId}`, done, stepTimeoutMs);
    latencies.push(performance.now() - started);
  };
  await step(
    "courses",
    () => user.send("/book"),
    () => hasText(user, "Choose a golf course") && hasButton(user, /:c:\d+$/),
  );
  await step(
    "course",
    () => tap(user, new RegExp(`:c:${pick % 5}$`)),
    () => hasButton(user, /:go$/),
  );
  await step(
    "calendar",
    () => tap(user, /:go$/),
    () => hasButton(user, TOMORROW),
  );
  await step(
    "tee times",
    () => tap(user, TOMORROW),
    () => hasButton(user, /:s:\d+$/),
  );
  await step(
    "players",
    () => tap(user, /:s:\d+$/, Math.floor(pick / 5) * 2),
    () => hasButton(user, /:p:\d+$/),
  );
  await step(
    "name",
    () => tap(user, /:p:\d+$/),
    () => hasText(user, "Customer's full name"),
  );
  await step(
    "e-mail",
    () => user.send("Golfer Somchai"),
    () => hasText(user, "Customer's e-mail"),
  );
  await step(
    "mobile",
    () => user.send(`golfer${user.chatId}@example.com`),
    () => hasText(user, "Customer's mobile number"),
  );
  await step(
    "hold",
    () => user.send("081-234-5678"),
    () => hasButton(user, /:ok$/),
  );
  await step(
    "receipt",
    () => tap(user, /:ok$/),
    () => user.messages().some((m) => (m.text ?? "").includes("Booking confirmed")),
  );
  return latencies;
}

/** The `q` quantile (0–1) of `values`, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export { buttons };
