import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PartnerUnavailableError, createPartnerClient, type PartnerClient } from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { captureLog, clientFor, customer, deadPort, openSlot, rejectionOf, startSandbox } from "./helpers.js";

let sandbox: Sandbox;
let client: PartnerClient;

const CONFIRM = /\/order\/[^/]+\/confirm$/;
const CANCEL = /\/order\/[^/]+\/cancel$/;
const REFUND = /\/order\/[^/]+\/refund$/;
const READ = /\/order\/[0-9a-f]+$/;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = clientFor(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

const hold = async () => {
  const { slot } = openSlot(sandbox, 2);
  return client.reserve({ slotId: slot.id, persons: 2, ...customer });
};

describe("confirm after an ambiguous failure", () => {
  it.each([
    ["apply-then-reset", {}],
    ["apply-then-status", { status: 502 }],
    ["apply-then-hang", {}],
    ["malformed-json", {}],
    ["drift", { field: "status" }],
  ] as const)("%s: the write took effect → PAID, reconciled, debited once", async (kind, extra) => {
    const held = await hold();
    const start = sandbox.balance();
    sandbox.faults.add({ kind, ...extra, method: "POST", path: CONFIRM });
    const paid = await client.confirm(held.id);
    expect(paid).toMatchObject({ id: held.id, status: "PAID", reconciled: true });
    expect(paid.reserve?.invoiceId).not.toBe("");
    expect(sandbox.balance()).toBe(start - held.amount);
    expect(sandbox.count("POST", CONFIRM)).toBe(1);
    expect(sandbox.count("GET", READ)).toBe(1);
    expect(JSON.parse(JSON.stringify(paid))).toEqual(paid);
  });

  it("503 without applying → not-applied with the fresh reservation; a second confirm then succeeds", async () => {
    const held = await hold();
    const start = sandbox.balance();
    sandbox.faults.add({ kind: "status", status: 503, method: "POST", path: CONFIRM });
    const error = await rejectionOf(client.confirm(held.id));
    expect(error).toBeInstanceOf(PartnerUnavailableError);
    expect(error).toMatchObject({
      status: 503,
      outcome: "not-applied",
      endpoint: "POST /order/{id}/confirm",
      userMessageKey: "partner-error-unavailable",
      reservation: { id: held.id, status: "PENDING" },
    });
    expect(sandbox.balance()).toBe(start);
    expect(sandbox.count("POST", CONFIRM)).toBe(1);
    const paid = await client.confirm(held.id);
    expect(paid.status).toBe("PAID");
    expect(paid).not.toHaveProperty("reconciled");
    expect(sandbox.balance()).toBe(start - held.amount);
  });

  it("a reset before applying → not-applied", async () => {
    const held = await hold();
    sandbox.faults.add({ kind: "reset", method: "POST", path: CONFIRM });
    await expect(client.confirm(held.id)).rejects.toMatchObject({
      status: 0,
      reason: "network",
      outcome: "not-applied",
    });
  });

  it("the read fails too → outcome unknown (the read was retried)", async () => {
    const held = await hold();
    sandbox.faults.add({ kind: "apply-then-reset", method: "POST", path: CONFIRM });
    sandbox.faults.add({ kind: "status", status: 503, method: "GET", path: READ, times: Infinity });
    const error = await rejectionOf(client.confirm(held.id));
    expect(error).toBeInstanceOf(PartnerUnavailableError);
    expect(error).toMatchObject({ status: 0, outcome: "unknown", userMessageKey: "partner-error-outcome-unknown" });
    expect((error as PartnerUnavailableError).reservation).toBeUndefined();
    expect(sandbox.count("POST", CONFIRM)).toBe(1);
    expect(sandbox.count("GET", READ)).toBe(3);
    expect(sandbox.reservations()[0]?.status).toBe("PAID");
  });

  it("a definite refusal is not reconciled", async () => {
    const held = await hold();
    sandbox.setBalance(0);
    await expect(client.confirm(held.id)).rejects.toMatchObject({ name: "PartnerInsufficientCreditError" });
    expect(sandbox.count("GET", READ)).toBe(0);
  });

  it("warns about the reconciliation", async () => {
    const log = captureLog();
    const c = clientFor(sandbox, { logger: log.logger });
    const held = await c.reserve({ slotId: openSlot(sandbox, 2).slot.id, persons: 2, ...customer });
    sandbox.faults.add({ kind: "apply-then-status", status: 500, method: "POST", path: CONFIRM });
    await c.confirm(held.id);
    const warn = log.lines().filter((l) => l.level === 40);
    expect(warn).toEqual([
      expect.objectContaining({
        msg: "partner write reconciled",
        kind: "confirm",
        id: held.id,
        outcome: "applied",
        status: 500,
      }),
    ]);
  });
});

describe("release and refund after an ambiguous failure", () => {
  it("release: apply-then-reset → CANCEL, reconciled", async () => {
    const held = await hold();
    sandbox.faults.add({ kind: "apply-then-reset", method: "DELETE", path: CANCEL });
    expect(await client.release(held.id)).toMatchObject({ status: "CANCEL", reconciled: true });
    expect(sandbox.count("DELETE", CANCEL)).toBe(1);
  });

  it("release: 500 before applying → not-applied, still PENDING", async () => {
    const held = await hold();
    sandbox.faults.add({ kind: "status", method: "DELETE", path: CANCEL });
    await expect(client.release(held.id)).rejects.toMatchObject({
      outcome: "not-applied",
      reservation: { status: "PENDING" },
    });
  });

  it("refund: apply-then-status → REFUND, reconciled, credited once", async () => {
    const held = await hold();
    await client.confirm(held.id);
    const afterPay = sandbox.balance();
    sandbox.faults.add({ kind: "apply-then-status", status: 503, method: "POST", path: REFUND });
    expect(await client.refund(held.id)).toMatchObject({ status: "REFUND", reconciled: true });
    expect(sandbox.balance()).toBe(afterPay + held.amount);
    expect(sandbox.count("POST", REFUND)).toBe(1);
  });

  it("refund: a timeout before applying → not-applied, still PAID", async () => {
    const held = await hold();
    await client.confirm(held.id);
    sandbox.faults.add({ kind: "hang", method: "POST", path: REFUND });
    await expect(client.refund(held.id)).rejects.toMatchObject({
      reason: "timeout",
      outcome: "not-applied",
      reservation: { status: "PAID" },
    });
  });
});

describe("reserve after an ambiguous failure", () => {
  it.each(["apply-then-reset", "apply-then-status", "apply-then-hang"] as const)(
    "%s → outcome unknown; one POST; the hold exists",
    async (kind) => {
      const { slot } = openSlot(sandbox, 2);
      sandbox.faults.add({ kind, method: "POST", path: /\/order\/reserve$/ });
      const error = await rejectionOf(client.reserve({ slotId: slot.id, persons: 2, ...customer }));
      expect(error).toBeInstanceOf(PartnerUnavailableError);
      expect(error).toMatchObject({
        outcome: "unknown",
        endpoint: "POST /order/reserve",
        userMessageKey: "partner-error-outcome-unknown",
      });
      expect(sandbox.count("POST", /\/order\/reserve$/)).toBe(1);
      expect(sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    },
  );

  it("a refused connection → not-applied", async () => {
    const dead = createPartnerClient({ baseURL: await deadPort(), apiKey: "k", timeoutMs: 1000 });
    const error = await rejectionOf(dead.reserve({ slotId: "s", persons: 2, ...customer }));
    expect(error).toMatchObject({
      name: "PartnerUnavailableError",
      status: 0,
      reason: "network",
      networkCode: "ECONNREFUSED",
      outcome: "not-applied",
    });
  });

  it("a refused connection on confirm → not-applied even though the read fails", async () => {
    const dead = createPartnerClient({ baseURL: await deadPort(), apiKey: "k", retries: 0 });
    await expect(dead.confirm("r1")).rejects.toMatchObject({ outcome: "not-applied", networkCode: "ECONNREFUSED" });
  });
});
