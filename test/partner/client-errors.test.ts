import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PartnerAuthError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerUnavailableError,
  PartnerValidationError,
  createPartnerClient,
  type PartnerClient,
} from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { clientFor, customer, openSlot, rejectionOf, startSandbox } from "./helpers.js";

let sandbox: Sandbox;
let client: PartnerClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = clientFor(sandbox, { retries: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

const hold = async (persons = 2) => {
  const { slot } = openSlot(sandbox, persons);
  return client.reserve({ slotId: slot.id, persons, ...customer });
};

describe("partner answers mapped to error classes", () => {
  it("401: a wrong key", async () => {
    const wrong = createPartnerClient({ baseURL: sandbox.url, apiKey: "not-the-key" });
    const error = await rejectionOf(wrong.listCourses());
    expect(error).toBeInstanceOf(PartnerAuthError);
    expect(error).toMatchObject({
      status: 401,
      endpoint: "GET /course",
      partnerMessage: "Invalid API key",
      userMessageKey: "partner-error-auth",
    });
  });

  it("404: unknown course, tee time, reservation", async () => {
    for (const [call, endpoint] of [
      [client.getCourse("nope"), "GET /course/{id}"],
      [client.getTeeTime("nope"), "GET /tee-time/{id}"],
      [client.getReservation("nope"), "GET /order/{id}"],
      [client.listTeeTimes("nope", "2026-11-25"), "GET /tee-time"],
      [client.confirm("nope"), "POST /order/{id}/confirm"],
      [client.release("nope"), "DELETE /order/{id}/cancel"],
      [client.refund("nope"), "POST /order/{id}/refund"],
    ] as const) {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(PartnerNotFoundError);
      expect(error).toMatchObject({ status: 404, endpoint, userMessageKey: "partner-error-not-found" });
    }
    // A definite 404 on a write is not ambiguous: no reconciliation read.
    expect(sandbox.count("GET", /\/order\/nope$/)).toBe(1);
  });

  it("400: persons out of the slot's range", async () => {
    const { slot } = openSlot(sandbox, 2);
    const error = await rejectionOf(client.reserve({ slotId: slot.id, persons: slot.maxPerson + 1, ...customer }));
    expect(error).toBeInstanceOf(PartnerValidationError);
    expect(error).toMatchObject({
      status: 400,
      partnerCode: "PERSONS_OUT_OF_RANGE",
      userMessageKey: "partner-error-persons-out-of-range",
    });
  });

  it("400: an invalid body field", async () => {
    const { slot } = openSlot(sandbox, 2);
    const error = await rejectionOf(
      client.reserve({ slotId: slot.id, persons: 2, ...customer, customerEmail: "nobody" }),
    );
    expect(error).toBeInstanceOf(PartnerValidationError);
    expect(error).toMatchObject({
      status: 400,
      partnerMessage: "customerEmail must be an e-mail address",
      userMessageKey: "partner-error-validation",
    });
  });

  it("409: a slot that is already held", async () => {
    const held = await hold();
    const error = await rejectionOf(client.reserve({ slotId: held.slotId, persons: 2, ...customer }));
    expect(error).toBeInstanceOf(PartnerConflictError);
    expect(error).toMatchObject({ status: 409, userMessageKey: "partner-error-slot-unavailable" });
    expect(sandbox.count("POST", /\/order\/reserve$/)).toBe(2);
  });

  it("409: every operation from a state the table forbids", async () => {
    const paid = await hold();
    await client.confirm(paid.id);
    const pending = await hold(2);
    const expectations = [
      [client.confirm(paid.id), "Cannot confirm a reservation in status PAID"],
      [client.release(paid.id), "status PAID"],
      [client.refund(pending.id), "status PENDING"],
    ] as const;
    for (const [call, text] of expectations) {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(PartnerConflictError);
      expect((error as PartnerConflictError).partnerMessage).toContain(text);
      expect(error).toMatchObject({ userMessageKey: "partner-error-conflict" });
    }
    await client.release(pending.id);
    await expect(client.release(pending.id)).rejects.toBeInstanceOf(PartnerConflictError);
    await expect(client.confirm(pending.id)).rejects.toBeInstanceOf(PartnerConflictError);
    await client.refund(paid.id);
    await expect(client.refund(paid.id)).rejects.toBeInstanceOf(PartnerConflictError);
  });

  it("402: confirm with too little credit", async () => {
    const held = await hold();
    sandbox.setBalance(held.amount - 1);
    const error = await rejectionOf(client.confirm(held.id));
    expect(error).toBeInstanceOf(PartnerInsufficientCreditError);
    expect(error).toMatchObject({
      status: 402,
      partnerMessage: "Insufficient credit balance",
      userMessageKey: "partner-error-insufficient-credit",
    });
    expect(sandbox.balance()).toBe(held.amount - 1);
    expect((await client.getReservation(held.id)).status).toBe("PENDING");
  });

  it("4xx saying the credit is insufficient", async () => {
    sandbox.faults.add({ kind: "status", status: 400, body: '{"error":{"message":"Wallet balance insufficient"}}' });
    const error = await rejectionOf(client.getBalance());
    expect(error).toBeInstanceOf(PartnerInsufficientCreditError);
    expect(error).toMatchObject({ status: 400, partnerMessage: "Wallet balance insufficient" });
  });
});

describe("broken answers", () => {
  it("an HTML 502 page becomes its title, never HTML", async () => {
    sandbox.faults.add({ kind: "html", status: 502 });
    const error = await rejectionOf(client.listCourses());
    expect(error).toBeInstanceOf(PartnerUnavailableError);
    expect(error).toMatchObject({
      status: 502,
      partnerMessage: "502 Bad Gateway",
      reason: "status",
      userMessageKey: "partner-error-unavailable",
    });
    const all = JSON.stringify(error) + (error as Error).message;
    expect(all).not.toMatch(/<|>|nginx/);
  });

  it("random HTML errors too", async () => {
    sandbox.faults.set({ errorRate: 1, htmlErrors: true });
    const error = await rejectionOf(client.getBalance());
    expect(error).toMatchObject({ name: "PartnerUnavailableError", status: 502, partnerMessage: "502 Bad Gateway" });
  });

  it("a plain-text error body is the message", async () => {
    sandbox.faults.add({ kind: "text", status: 503, body: "Upstream is down\nplease wait" });
    const error = await rejectionOf(client.getBalance());
    expect(error).toMatchObject({
      name: "PartnerUnavailableError",
      status: 503,
      partnerMessage: "Upstream is down please wait",
    });
  });

  it("an empty error body falls back to the reason phrase", async () => {
    sandbox.faults.add({ kind: "status", status: 503, body: "" });
    expect(await rejectionOf(client.getBalance())).toMatchObject({
      status: 503,
      partnerMessage: "Service Unavailable",
    });
  });

  it("malformed JSON → PartnerInvalidResponseError at $", async () => {
    sandbox.faults.add({ kind: "malformed-json", path: /\/course$/ });
    const error = await rejectionOf(client.listCourses());
    expect(error).toBeInstanceOf(PartnerInvalidResponseError);
    expect(error).toMatchObject({
      status: 200,
      path: "$",
      endpoint: "GET /course",
      userMessageKey: "partner-error-invalid-response",
    });
    expect((error as PartnerInvalidResponseError).issues[0]).toContain("not JSON");
  });

  it("drift → PartnerInvalidResponseError with the failing path", async () => {
    const { slot, date } = openSlot(sandbox);
    sandbox.faults.add({ kind: "drift", path: /\/tee-time$/, field: "status" });
    const list = await rejectionOf(client.listTeeTimes(slot.course.id, date));
    expect(list).toMatchObject({ name: "PartnerInvalidResponseError", path: "$[0].status" });

    sandbox.faults.add({ kind: "drift", path: /\/course\/[^/]+$/, field: "name" });
    expect(await rejectionOf(client.getCourse(slot.course.id))).toMatchObject({ path: "$.name" });

    sandbox.faults.add({ kind: "drift", path: /\/balance$/, field: "balance" });
    // A number that arrives as numeric text is coerced: harmless, exact.
    expect(await client.getBalance()).toEqual({ balance: sandbox.balance() });
  });

  it("drift on a reservation read", async () => {
    const held = await hold();
    sandbox.faults.add({ kind: "drift", path: /\/order\/[^/]+$/, field: "reserve" });
    const error = await rejectionOf(client.getReservation(held.id));
    expect(error).toMatchObject({
      name: "PartnerInvalidResponseError",
      path: "$.reserve",
      endpoint: "GET /order/{id}",
    });
  });

  it("a timeout → PartnerUnavailableError with status 0", async () => {
    const quick = clientFor(sandbox, { timeoutMs: 150, retries: 0 });
    sandbox.faults.add({ kind: "hang", path: /\/balance$/ });
    const started = Date.now();
    const error = await rejectionOf(quick.getBalance());
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(PartnerUnavailableError);
    expect(error).toMatchObject({
      status: 0,
      reason: "timeout",
      endpoint: "GET /balance",
      userMessageKey: "partner-error-unavailable",
    });
    expect((error as Error).message).toBe("Partner API GET /balance timed out after 150 ms");
  });

  it("a timeout started by startTimeout (a harness ending a hung request's wait): the same timeout error", async () => {
    const attempts: { ms: number; method: string; url: string }[] = [];
    let fire: (() => void) | undefined;
    const ended = clientFor(sandbox, {
      timeoutMs: 60_000,
      retries: 0,
      startTimeout(ms, onTimeout, attempt) {
        attempts.push({ ms, ...attempt });
        fire = onTimeout;
        return () => (fire = undefined);
      },
    });
    sandbox.faults.add({ kind: "hang", path: /\/balance$/ });
    const failed = rejectionOf(ended.getBalance());
    await vi.waitFor(() => expect(sandbox.requests.some((r) => r.fault === "hang")).toBe(true));
    fire!();
    expect(await failed).toMatchObject({ name: "PartnerUnavailableError", status: 0, reason: "timeout" });
    expect(attempts).toEqual([{ ms: 60_000, method: "GET", url: `${sandbox.url}/api/v1/ext/balance` }]);
    expect(fire, "the timeout is stopped once the attempt is over").toBeUndefined();
  });

  it("a reset connection → PartnerUnavailableError with reason network", async () => {
    sandbox.faults.add({ kind: "reset", path: /\/balance$/ });
    const error = await rejectionOf(client.getBalance());
    expect(error).toMatchObject({ name: "PartnerUnavailableError", status: 0, reason: "network" });
  });
});
