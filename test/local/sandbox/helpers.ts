import { afterEach } from "vitest";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../../src/local/sandbox/index.js";

/** Monday 2026-11-23, 10:00 in Bangkok (03:00 UTC). */
export const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
export const TODAY = "2026-11-23";
export const TOMORROW = "2026-11-24";
export const HOUR = 3_600_000;

/** A parsed JSON payload: tests probe its fields one by one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: Json;
  text: string;
  headers: Headers;
}

export interface Harness {
  sandbox: Sandbox;
  url: string;
  auth: string;
  /** Moves the sandbox clock. */
  setNow(ms: number): void;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** Reserves the first open slot (tomorrow on by default) with its minimum persons. */
  reserve(overrides?: Record<string, unknown>): Promise<Reply>;
}

const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

export const basic = (key: string): string => `Basic ${Buffer.from(key).toString("base64")}`;

export async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

export const customer = {
  customerName: "Somchai Jaidee",
  customerEmail: "somchai@example.com",
  customerMobile: "+66812345678",
};

/** Starts a sandbox on port 0 with a settable clock (NOW by default); closed after each test. */
export async function start(options: SandboxOptions = {}): Promise<Harness> {
  let now = NOW;
  const sandbox = createSandbox({ clock: () => now, ...options });
  running.push(sandbox);
  const url = await sandbox.listen();
  const auth = basic(sandbox.apiKey);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}/api/v1/ext${path}`, {
      method,
      headers: { authorization: auth, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return toReply(res);
  };
  return {
    sandbox,
    url,
    auth,
    setNow: (ms) => {
      now = ms;
    },
    call,
    reserve: (overrides = {}) => {
      const slot = sandbox.openSlot();
      if (!slot) throw new Error("no open slot");
      return call("POST", "/order/reserve", { slotId: slot.id, persons: slot.minPerson, ...customer, ...overrides });
    },
  };
}
