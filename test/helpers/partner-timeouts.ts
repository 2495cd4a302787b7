import type { PartnerTimeoutStarter } from "../../src/partner/index.js";
import type { RequestLogEntry } from "../../src/local/sandbox/index.js";

/**
 * The partner client's timeouts, ended on the test's word: every attempt waits its real `timeoutMs`
 * (production's 8 s in the harness), except one the sandbox hangs (a `hang` or `apply-then-hang` fault),
 * whose timeout fires as soon as the sandbox says it will never answer. A timeout the test injects is then
 * the same on a quiet and a loaded machine, and no other call races a short limit.
 */
export function hungRequestTimeouts() {
  interface Waiting {
    method: string;
    path: string;
    fire: () => void;
  }
  const waiting: Waiting[] = [];
  const start: PartnerTimeoutStarter = (ms, onTimeout, attempt) => {
    let done = false;
    const entry: Waiting = {
      method: attempt.method,
      path: new URL(attempt.url).pathname,
      fire: () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        waiting.splice(waiting.indexOf(entry), 1);
        onTimeout();
      },
    };
    const timer = setTimeout(entry.fire, ms);
    waiting.push(entry);
    return () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      waiting.splice(waiting.indexOf(entry), 1);
    };
  };
  /** The sandbox hangs `request`: the oldest attempt waiting on that method and path times out now. */
  const expire = (request: RequestLogEntry): void => {
    const entry = waiting.find((w) => w.method === request.method && w.path === request.path);
    // After the sandbox's handler has returned: the client's abort closes the hung connection.
    if (entry) setImmediate(entry.fire);
  };
  return { start, expire };
}
