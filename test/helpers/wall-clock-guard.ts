/**
 * The wall-clock guard (docs/testing.md, "Time in the tests"): a test file not named `*.clock.test.ts` fails if
 * it — or fairway code it runs in this process — reads the day, the hour or the month of the machine's
 * clock. Such a read makes a test pass or fail by when it runs; the files named `*.clock.test.ts`
 * are the ones about dates and times, and `.ci/clock` runs exactly those again under libfaketime at
 * month- and year-end instants and in another `TZ`.
 *
 * How a read is recognised: a calendar accessor of a `Date` (`getDate`, `getHours`, `toISOString`,
 * `toLocaleString`, …), or an `Intl.DateTimeFormat` format, applied to an instant within a few seconds
 * of the machine's now — and not within a few seconds of any test world's clock (`worldClock()`, which
 * can stand at the same instant by chance) or of its wall time in a time zone (the world's now shifted
 * by a zone's offset, as course-time formatting does), and not a whole minute (a tee time's, shifted
 * or not) — made directly by code in `src/` or `test/`. Reads that Node or a library makes for its own purposes (an
 * HTTP `Date` header, Kysely's migration timestamps, date-fns' and @date-fns/tz's own offset lookups)
 * do not count. Not seen: the wall clock's now handed straight to date-fns (`format(Date.now(), …)`,
 * `new TZDate()`): ESLint forbids `Date()`, `new Date()` and `new TZDate()` without an argument in `src/`.
 * `Date.now()` alone is elapsed time (timeouts, durations), not a reading of the day. Child processes are not guarded:
 * the crash suites that start them are clock tests, and run under libfaketime.
 *
 * Installed by vitest's `setupFiles` for every file; inactive in `*.clock.test.ts`.
 */
import { afterEach, beforeAll, beforeEach, expect } from "vitest";
import { WORLD_CLOCKS } from "./clock.js";

const NEAR_MS = 5_000;
/** Every time zone's offset is a multiple of a quarter hour. */
const QUARTER_HOUR_MS = 15 * 60_000;
const GUARD = Symbol.for("fairway.wallClockGuard");

interface GuardState {
  active: boolean;
  reads: string[];
  /** The world clocks of this worker's current file (`worldClock()` adds each one it makes). */
  worlds: Set<() => number>;
}

type GuardedGlobal = typeof globalThis & { [GUARD]?: GuardState; [WORLD_CLOCKS]?: Set<() => number> };

function install(): GuardState {
  const g = globalThis as GuardedGlobal;
  const existing = g[GUARD];
  if (existing) return existing;
  const state: GuardState = { active: false, reads: [], worlds: new Set() };
  g[GUARD] = state;
  g[WORLD_CLOCKS] = state.worlds;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const getTime = RealDate.prototype.getTime;
  const root = new URL("../..", import.meta.url).pathname;
  const ours = (frame: string) => frame.includes(root) && !frame.includes("/node_modules/");

  /** Records a read when the code that made it directly (the first frame below the guard) is fairway's or a test's. */
  const stackOf = (depth: number): string[] => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = depth;
    try {
      return (new Error().stack ?? "")
        .split("\n")
        .slice(1)
        .filter((f) => !f.includes("test/helpers/wall-clock-guard"));
    } finally {
      Error.stackTraceLimit = limit;
    }
  };
  const note = (what: string) => {
    // A short stack first (date libraries construct dates without arguments all the time).
    const caller = stackOf(8)[0];
    if (caller === undefined || !ours(caller)) return;
    const frames = stackOf(30);
    const where = frames
      .filter(ours)
      .slice(0, 4)
      .map((f) => f.trim().replace(root, ""));
    state.reads.push(`${what}\n      ${where.join("\n      ")}`);
  };
  const isWallNow = (t: number) => {
    if (!Number.isFinite(t) || Math.abs(t - realNow()) > NEAR_MS) return false;
    // A whole minute is a schedule's time (a tee time, a midnight), not a reading of now: a real
    // reading falls on one once in 60,000. Code that formats a course's wall time shifts an instant
    // by the zone's offset; a tee time so shifted can stand at the machine's now by chance (when the
    // machine's date is in the test world's weeks).
    if (t % 60_000 === 0) return false;
    for (const world of state.worlds) {
      // The world's now, or its wall time in some zone (shifted by a multiple of a quarter hour).
      const off = (((t - world()) % QUARTER_HOUR_MS) + QUARTER_HOUR_MS) % QUARTER_HOUR_MS;
      if (off <= NEAR_MS || off >= QUARTER_HOUR_MS - NEAR_MS) return false;
    }
    return true;
  };
  const check = (what: string, t: number) => {
    if (isWallNow(t)) note(what);
  };

  const accessors = [
    "getFullYear",
    "getMonth",
    "getDate",
    "getDay",
    "getHours",
    "getUTCFullYear",
    "getUTCMonth",
    "getUTCDate",
    "getUTCDay",
    "getUTCHours",
    "toISOString",
    "toJSON",
    "toString",
    "toDateString",
    "toTimeString",
    "toUTCString",
    "toLocaleString",
    "toLocaleDateString",
    "toLocaleTimeString",
  ] as const;
  const proto = RealDate.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of accessors) {
    const original = proto[name]!;
    const what = `Date#${name} of the wall clock's now`;
    // No rest parameters: date libraries call these in their inner loops.
    proto[name] = function (this: Date, a?: unknown, b?: unknown) {
      if (state.active) check(what, getTime.call(this));
      return a === undefined ? original.call(this) : original.call(this, a, b);
    };
  }

  const fmt = Intl.DateTimeFormat.prototype;
  for (const name of ["format", "formatToParts"] as const) {
    const descriptor = Object.getOwnPropertyDescriptor(fmt, name);
    const original =
      (descriptor?.get ? descriptor.get : undefined) ??
      (descriptor?.value as ((...args: unknown[]) => unknown) | undefined);
    if (!original || !descriptor) continue;
    if (descriptor.get) {
      // `format` is a getter returning a bound function.
      Object.defineProperty(fmt, name, {
        ...descriptor,
        get(this: Intl.DateTimeFormat) {
          const bound = (original as () => (d?: Date | number) => string).call(this);
          return (date?: Date | number) => {
            if (state.active)
              check(
                `Intl.DateTimeFormat#${name} of the wall clock's now`,
                date === undefined ? realNow() : Number(date),
              );
            return bound(date);
          };
        },
      });
    } else {
      Object.defineProperty(fmt, name, {
        ...descriptor,
        value(this: Intl.DateTimeFormat, date?: Date | number) {
          if (state.active)
            check(`Intl.DateTimeFormat#${name} of the wall clock's now`, date === undefined ? realNow() : Number(date));
          return (original as (d?: Date | number) => unknown).call(this, date);
        },
      });
    }
  }

  return state;
}

const state = install();

// Threads run several files in one module world: the previous file's world clocks are gone.
beforeAll(() => state.worlds.clear());

beforeEach(() => {
  const file = expect.getState().testPath ?? "";
  state.active = !file.endsWith(".clock.test.ts");
  state.reads = [];
});

afterEach(() => {
  const reads = state.reads;
  state.reads = [];
  if (reads.length === 0) return;
  throw new Error(
    `this test read the wall clock's date or time of day ${reads.length} time(s); take it from the test world's clock ` +
      `(test/helpers/clock.ts), or, if the date is the test's subject, name the file *.clock.test.ts. First:\n  ${[...new Set(reads)].slice(0, 3).join("\n  ")}`,
  );
});

/** The reads recorded so far in this test, forgotten (for the guard's own test). */
export function takeWallClockReads(): string[] {
  const reads = state.reads;
  state.reads = [];
  return reads;
}
