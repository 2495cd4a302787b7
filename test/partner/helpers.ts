/** Shared set-up for the client tests: a sandbox on port 0, a client for it, a captured log. */
import { pino, type Logger } from "pino";
import { createPartnerClient, type PartnerClientOptions } from "../../src/partner/index.js";
import { formatPartnerInstant } from "../../src/partner/time.js";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../src/local/sandbox/index.js";
import { hungRequestTimeouts } from "../helpers/partner-timeouts.js";

export const FIXED_NOW = Date.UTC(2026, 10, 20, 3, 0, 0); // 2026-11-20 10:00 in Bangkok, a Friday

/** Each sandbox's hung requests, timed out at once for the clients `clientFor` makes. */
const hangs = new WeakMap<Sandbox, ReturnType<typeof hungRequestTimeouts>>();

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const timeouts = hungRequestTimeouts();
  const sandbox = createSandbox({ clock: () => FIXED_NOW, onHang: timeouts.expire, ...options });
  hangs.set(sandbox, timeouts);
  await sandbox.listen(0);
  return sandbox;
}

/**
 * A client with fast retries and production's timeout: a loaded machine does not turn a slow answer into
 * a timeout the test did not inject, and a sandbox "hang" times out at once (so failure tests stay quick).
 */
export function clientFor(sandbox: Sandbox, overrides: Partial<PartnerClientOptions> = {}) {
  const timeouts = hangs.get(sandbox);
  return createPartnerClient({
    baseURL: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 8000,
    retryDelayMs: 5,
    ...(timeouts ? { startTimeout: timeouts.start } : {}),
    ...overrides,
  });
}

/** An OPEN slot tomorrow or later and its date, for `persons` golfers. */
export function openSlot(sandbox: Sandbox, persons = 2) {
  const slot = sandbox.openSlot({ persons });
  if (!slot) throw new Error("the sandbox has no open slot");
  return { slot, date: formatPartnerInstant(slot.startMs).slice(0, 10) };
}

export const customer = {
  customerName: "Somchai Jaidee",
  customerEmail: "somchai@example.com",
  customerMobile: "+66812345678",
};

/** A plain pino logger (no redaction, no scrubbing) writing JSON lines to memory. */
export function captureLog(): { logger: Logger; text: () => string; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const logger = pino({ level: "debug" }, { write: (s: string) => void chunks.push(s) });
  return {
    logger,
    text: () => chunks.join(""),
    lines: () =>
      chunks
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** The rejection of `promise`, failing the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** A local port with nothing listening (connections are refused). */
export async function deadPort(): Promise<string> {
  const probe = createSandbox();
  const url = await probe.listen(0);
  await probe.close();
  return url;
}

/** The URL a fetch call was given. */
export function urlOf(input: string | URL | Request): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}
