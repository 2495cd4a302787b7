/**
 * A pass a leader's job runs now and then every `intervalMs`, never two at once: a tick while one is under way
 * waits for it and runs a fresh one (tests call `tick` after moving the clock). `pass` must not throw. The
 * functions use no `this`: a job hands them on as its own (`start: passes.start`).
 */
export function periodicPass<T>(pass: () => Promise<T>, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  const run = (): Promise<T> =>
    (running ??= pass().finally(() => {
      running = undefined;
    }));
  return {
    /** A fresh pass now, after any pass under way. */
    tick: async (): Promise<T> => {
      await running;
      return run();
    },
    /** Runs a pass now and then every interval. */
    start: (): void => {
      if (timer) return;
      void run();
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a pass in progress. */
    stop: async (): Promise<void> => {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
