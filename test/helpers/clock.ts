/**
 * Time in the tests is an input, never the wall clock's hour, day or month.
 *
 * Every test world (harness, crash world, playground) runs on one `WorldClock`: it starts at an
 * instant the test names (`WORLD_START` unless it names another) and then moves with real elapsed time,
 * measured by `performance.now()`, so timers, polling and hold expiry behave as in production while
 * "today" is the same day whenever the suite runs. fairway, its reaper, the partner sandbox, the local
 * Bot API server and the invariant checker of a world all read that one clock; child processes of the
 * crash suites receive it through `clockEnv` and `clockFromEnv`.
 */

/** Wednesday 25 November 2026, 10:00 in Bangkok: mid-month, mid-morning, far from any edge. */
export const WORLD_START = Date.parse("2026-11-25T10:00:00+07:00");

/** The environment variable that carries a world's instant to a child process (`clockEnv`). */
export const WORLD_CLOCK_ENV = "FAIRWAY_TEST_WORLD_NOW";

export interface WorldClock {
  /** The world's now, epoch ms. */
  (): number;
  /** Moves the clock to `instant`; it runs on from there (or stays, if stopped). */
  set(instant: number): void;
  /** Moves the clock by `ms` (negative: back). */
  advance(ms: number): void;
  /** Stops the clock where it is: every read gives the same instant until `set`, `advance` or `run`. */
  stop(): void;
  /** Lets a stopped clock run on with real elapsed time. */
  run(): void;
}

/**
 * Where `worldClock()` registers each clock it makes, when the wall-clock guard
 * (`./wall-clock-guard.ts`) runs in this process: an instant a world's clock reads is not a wall-clock read.
 */
export const WORLD_CLOCKS = Symbol.for("fairway.worldClocks");

/** A world clock at `start` (default `WORLD_START`), running unless `{ stopped: true }`. */
export function worldClock(start: number = WORLD_START, options: { stopped?: boolean } = {}): WorldClock {
  let base = start;
  let since: number | undefined = options.stopped ? undefined : performance.now();
  const now = () => (since === undefined ? base : base + (performance.now() - since));
  const clock = (() => Math.floor(now())) as WorldClock;
  clock.set = (instant) => {
    base = instant;
    if (since !== undefined) since = performance.now();
  };
  clock.advance = (ms) => clock.set(now() + ms);
  clock.stop = () => {
    base = now();
    since = undefined;
  };
  clock.run = () => {
    if (since === undefined) since = performance.now();
  };
  (globalThis as { [WORLD_CLOCKS]?: Set<() => number> })[WORLD_CLOCKS]?.add(clock);
  return clock;
}

/** The environment that starts a child process on `clock` (read there by `clockFromEnv`). */
export function clockEnv(clock: () => number): Record<string, string> {
  return { [WORLD_CLOCK_ENV]: String(clock()) };
}

/**
 * In a child process: the world clock its parent handed over at spawn, running from the process's own
 * start (`performance.now()` counts from there). It never reads the child's `Date.now`, which under
 * libfaketime restarts at the faked instant in every new process.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv): (() => number) | undefined {
  const at = env[WORLD_CLOCK_ENV];
  if (at === undefined || at === "") return undefined;
  const start = Number(at);
  if (!Number.isFinite(start)) throw new Error(`${WORLD_CLOCK_ENV} is not an instant: ${at}`);
  return () => Math.floor(start + performance.now());
}

/** Epoch ms of a wall time in Bangkok (UTC+07:00, no daylight saving): `bangkok("2026-12-31T23:59")`. */
export function bangkok(localDateTime: string): number {
  const ms = Date.parse(`${localDateTime}+07:00`);
  if (!Number.isFinite(ms)) throw new Error(`not a Bangkok date-time: ${localDateTime}`);
  return ms;
}
