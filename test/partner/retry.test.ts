import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PartnerConflictError,
  PartnerNotFoundError,
  PartnerRateLimitError,
  PartnerUnavailableError,
  type PartnerClient,
} from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { captureLog, clientFor, customer, openSlot, rejectionOf, startSandbox } from "./helpers.js";

let sandbox: Sandbox;
let client: PartnerClient;
const BALANCE = /\/api\/v1\/ext\/balance$/;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = clientFor(sandbox, { retries: 2 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

describe("reads retry by the policy (counted by the sandbox)", () => {
  it.each([
    ["5xx", { kind: "status", status: 503 }],
    ["500 HTML", { kind: "html", status: 500 }],
    ["reset", { kind: "reset" }],
    ["timeout", { kind: "hang" }],
  ] as const)("retries %s and succeeds", async (_name, fault) => {
    const c = clientFor(sandbox, { retries: 2 });
    sandbox.faults.add({ ...fault, method: "GET", path: BALANCE, times: 2 });
    expect(await c.getBalance()).toEqual({ balance: sandbox.balance() });
    expect(sandbox.count("GET", BALANCE)).toBe(3);
  });

  it("gives up after `retries` extra attempts", async () => {
    sandbox.faults.add({ kind: "status", status: 500, path: BALANCE, times: Infinity });
    const error = await rejectionOf(client.getBalance());
    expect(error).toBeInstanceOf(PartnerUnavailableError);
    expect(error).toMatchObject({ status: 500 });
    expect(sandbox.count("GET", BALANCE)).toBe(3);
  });

  it("does not retry with retries: 0", async () => {
    sandbox.faults.add({ kind: "status", status: 503, path: BALANCE, times: Infinity });
    await expect(clientFor(sandbox, { retries: 0 }).getBalance()).rejects.toBeInstanceOf(PartnerUnavailableError);
    expect(sandbox.count("GET", BALANCE)).toBe(1);
  });

  it("does not retry definite 4xx answers (ofetch would retry 409)", async () => {
    await expect(client.getReservation("missing")).rejects.toBeInstanceOf(PartnerNotFoundError);
    expect(sandbox.count("GET", /\/order\/missing$/)).toBe(1);
    sandbox.faults.add({ kind: "status", status: 409, path: BALANCE, times: Infinity });
    await expect(client.getBalance()).rejects.toBeInstanceOf(PartnerConflictError);
    expect(sandbox.count("GET", BALANCE)).toBe(1);
  });

  it("does not retry a malformed answer", async () => {
    sandbox.faults.add({ kind: "malformed-json", path: BALANCE, times: Infinity });
    await expect(client.getBalance()).rejects.toMatchObject({ name: "PartnerInvalidResponseError" });
    expect(sandbox.count("GET", BALANCE)).toBe(1);
  });

  it("honours Retry-After on 429", async () => {
    sandbox.faults.add({ kind: "rate-limit", path: BALANCE, retryAfterSeconds: 1 });
    const started = Date.now();
    expect(await client.getBalance()).toEqual({ balance: sandbox.balance() });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sandbox.count("GET", BALANCE)).toBe(2);
  });

  it("gives up at once on a Retry-After beyond the cap", async () => {
    sandbox.faults.add({ kind: "rate-limit", path: BALANCE, retryAfterSeconds: 30 });
    const started = Date.now();
    const error = await rejectionOf(client.getBalance());
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(PartnerRateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 30_000, userMessageKey: "partner-error-rate-limited" });
    expect(sandbox.count("GET", BALANCE)).toBe(1);
  });

  it("keeps the last 429 when rate limiting lasts", async () => {
    sandbox.faults.add({ kind: "rate-limit", path: BALANCE, retryAfterSeconds: 0, times: Infinity });
    await expect(client.getBalance()).rejects.toMatchObject({ name: "PartnerRateLimitError", retryAfterMs: 0 });
    expect(sandbox.count("GET", BALANCE)).toBe(3);
  });

  it("logs one debug line per attempt and a warning per retry", async () => {
    const log = captureLog();
    const c = clientFor(sandbox, { logger: log.logger });
    sandbox.faults.add({ kind: "status", status: 503, path: BALANCE });
    await c.getBalance();
    const lines = log.lines();
    const debug = lines.filter((l) => l.level === 20);
    const warn = lines.filter((l) => l.level === 40);
    expect(debug.map((l) => [l.method, l.endpoint, l.status, l.attempt])).toEqual([
      ["GET", "GET /balance", 503, 1],
      ["GET", "GET /balance", 200, 2],
    ]);
    expect(debug.every((l) => typeof l.durationMs === "number")).toBe(true);
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatchObject({
      endpoint: "GET /balance",
      status: 503,
      attempt: 1,
      error: "PartnerUnavailableError",
    });
  });
});

describe("writes are never retried", () => {
  const writes = [
    ["reserve", "POST", /\/order\/reserve$/],
    ["confirm", "POST", /\/order\/[^/]+\/confirm$/],
    ["release", "DELETE", /\/order\/[^/]+\/cancel$/],
    ["refund", "POST", /\/order\/[^/]+\/refund$/],
  ] as const;

  for (const [name, method, path] of writes) {
    for (const fault of [
      { kind: "status", status: 503 },
      { kind: "reset" },
      { kind: "rate-limit", retryAfterSeconds: 0 },
    ] as const) {
      it(`${name}: ${fault.kind} → exactly one ${method}`, async () => {
        const { slot } = openSlot(sandbox, 2);
        const held =
          name === "reserve" ? undefined : await client.reserve({ slotId: slot.id, persons: 2, ...customer });
        if (name === "refund") await client.confirm(held!.id);
        sandbox.faults.add({ ...fault, method, path, times: Infinity });
        const call =
          name === "reserve" ? client.reserve({ slotId: slot.id, persons: 2, ...customer }) : client[name](held!.id);
        const error = await rejectionOf(call);
        expect(error).toBeInstanceOf(fault.kind === "rate-limit" ? PartnerRateLimitError : PartnerUnavailableError);
        expect(sandbox.count(method, path)).toBe(1);
      });
    }
  }
});
