/**
 * How often the checker reads a (course, date), and how many partner reads it may make: nearer dates
 * more often, a budget per minute that is never exceeded in any 60 seconds, reads spread rather than
 * bunched, and a back-off while the partner fails.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Between two reads of one (course, date), by how far its day is (from its start, Bangkok). */
export const CHECK_BANDS: readonly { within: number; everyMs: number }[] = [
  { within: 24 * HOUR, everyMs: MINUTE },
  { within: 3 * 24 * HOUR, everyMs: 3 * MINUTE },
  { within: 7 * 24 * HOUR, everyMs: 10 * MINUTE },
  { within: Number.POSITIVE_INFINITY, everyMs: 30 * MINUTE },
];

/** The check interval of a day starting at `dayStart` (epoch ms), seen at `at`. */
export function checkIntervalMs(dayStart: number, at: number): number {
  const away = dayStart - at;
  return CHECK_BANDS.find((b) => away < b.within)!.everyMs;
}

/** The longest a failing (course, date) waits between reads. */
export const MAX_BACKOFF_MS = 30 * MINUTE;

/** After `failures` failed reads in a row: the interval doubled per failure, at most `MAX_BACKOFF_MS`. */
export function backoffMs(intervalMs: number, failures: number): number {
  return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 20));
}

/** The whole checker's pause after `streak` passes in a row whose every read failed: 30 s, doubling, 15 min at most. */
export function pauseMs(streak: number): number {
  return Math.min(15 * MINUTE, 30_000 * 2 ** Math.max(0, Math.min(streak, 20) - 1));
}

/**
 * A spread of `spreadMs` (a tenth of the interval) by a stable hash of `key`: targets due together
 * drift apart, and each keeps its place from pass to pass.
 */
export function jitterMs(key: string, intervalMs: number): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return Math.floor(((h >>> 0) / 2 ** 32) * (intervalMs / 10));
}

/**
 * The checker's partner-read budget: at most `perMinute` reads in any 60 seconds, handed out at most
 * a tenth of a minute's worth at once (then refilled at the budget's pace), so a minute's reads are
 * spread over it.
 */
export function createReadBudget(perMinute: number) {
  const burst = Math.max(1, Math.ceil(perMinute / 10));
  const taken: number[] = [];
  let tokens = burst;
  let filledAt: number | undefined;

  return {
    perMinute,
    /** How many of `wanted` reads may start at `at`; those are counted as made. */
    take(wanted: number, at: number): number {
      if (filledAt !== undefined && at > filledAt)
        tokens = Math.min(burst, tokens + ((at - filledAt) * perMinute) / MINUTE);
      filledAt = at;
      while (taken.length > 0 && taken[0]! <= at - MINUTE) taken.shift();
      const n = Math.max(0, Math.min(wanted, Math.floor(tokens), perMinute - taken.length));
      tokens -= n;
      for (let i = 0; i < n; i += 1) taken.push(at);
      return n;
    },
    /** Reads made in the minute before `at`. */
    used(at: number): number {
      return taken.filter((t) => t > at - MINUTE).length;
    },
  };
}

export type ReadBudget = ReturnType<typeof createReadBudget>;
