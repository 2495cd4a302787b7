import { describe, expect, it } from "vitest";
import {
  PARTNER_ERROR_KEYS,
  PartnerApiError,
  PartnerAuthError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerRateLimitError,
  PartnerUnavailableError,
  PartnerValidationError,
  createPartnerError,
  isPartnerApiError,
  revivePartnerError,
  type Reservation,
} from "../../src/partner/index.js";

const endpoint = "POST /order/{id}/confirm";
const make = (status: number, partnerMessage = "") => createPartnerError({ status, endpoint, partnerMessage });

describe("createPartnerError", () => {
  it.each([
    [401, PartnerAuthError, "partner-error-auth"],
    [403, PartnerAuthError, "partner-error-auth"],
    [404, PartnerNotFoundError, "partner-error-not-found"],
    [409, PartnerConflictError, "partner-error-conflict"],
    [400, PartnerValidationError, "partner-error-validation"],
    [422, PartnerValidationError, "partner-error-validation"],
    [402, PartnerInsufficientCreditError, "partner-error-insufficient-credit"],
    [429, PartnerRateLimitError, "partner-error-rate-limited"],
    [500, PartnerUnavailableError, "partner-error-unavailable"],
    [502, PartnerUnavailableError, "partner-error-unavailable"],
    [503, PartnerUnavailableError, "partner-error-unavailable"],
    [408, PartnerUnavailableError, "partner-error-unavailable"],
    [0, PartnerUnavailableError, "partner-error-unavailable"],
    [405, PartnerApiError, "partner-error-generic"],
  ] as const)("maps %i to %o", (status, Class, key) => {
    const error = make(status, "something");
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(Class.name);
    expect(error.userMessageKey).toBe(key);
    expect(error.status).toBe(status);
    expect(error.endpoint).toBe(endpoint);
    expect(PARTNER_ERROR_KEYS).toContain(error.userMessageKey);
  });

  it("classifies by message where the status is vague", () => {
    expect(make(400, "Insufficient credit balance")).toBeInstanceOf(PartnerInsufficientCreditError);
    expect(make(403, "Not enough balance in wallet")).toBeInstanceOf(PartnerInsufficientCreditError);
    expect(make(409, "Tee time is not available (status BOOKED)").userMessageKey).toBe(
      "partner-error-slot-unavailable",
    );
    expect(make(409, "Cannot confirm a reservation in status PAID").userMessageKey).toBe("partner-error-conflict");
    expect(make(400, "persons must be between 2 and 4").userMessageKey).toBe("partner-error-persons-out-of-range");
    expect(make(500, "Insufficient credit balance")).toBeInstanceOf(PartnerUnavailableError);
  });

  it("says what failed in its message", () => {
    expect(make(402, "Insufficient credit balance").message).toBe(
      "Partner API POST /order/{id}/confirm failed (HTTP 402): Insufficient credit balance",
    );
    expect(make(0).message).toBe("Partner API POST /order/{id}/confirm failed (no answer)");
  });

  it("keys an unknown outcome apart", () => {
    const e = make(503) as PartnerUnavailableError;
    expect(e.reason).toBe("status");
    const unknown = e.withOutcome("unknown");
    expect(unknown.userMessageKey).toBe("partner-error-outcome-unknown");
    expect(unknown.outcome).toBe("unknown");
    expect(unknown.status).toBe(503);
    expect(e.withOutcome("not-applied").userMessageKey).toBe("partner-error-unavailable");
  });

  it("recognises its own errors", () => {
    expect(isPartnerApiError(make(404))).toBe(true);
    expect(isPartnerApiError(new Error("x"))).toBe(false);
    expect(isPartnerApiError({ name: "PartnerApiError" })).toBe(false);
  });
});

const reservation: Reservation = {
  id: "r1",
  status: "PENDING",
  txNo: "TX1",
  slotId: "s1",
  courseId: "c1",
  customerName: "A",
  customerEmail: "a@b.c",
  customerMobile: "0812345678",
  amount: 250_000,
};

describe("toJSON and revivePartnerError", () => {
  const samples: PartnerApiError[] = [
    make(401, "Invalid API key"),
    make(404, "Reservation not found"),
    make(409, "Tee time is not available"),
    make(400, "persons must be between 1 and 4"),
    make(402, "Insufficient credit balance"),
    createPartnerError({
      status: 429,
      endpoint: "GET /course",
      partnerMessage: "slow down",
      retryAfterMs: 2000,
      partnerCode: "RATE_LIMITED",
    }),
    (createPartnerError({ status: 0, endpoint, reason: "timeout" }) as PartnerUnavailableError).withOutcome(
      "not-applied",
      reservation,
    ),
    createPartnerError({ status: 0, endpoint, reason: "network", networkCode: "ECONNRESET" }),
    new PartnerInvalidResponseError({
      status: 200,
      endpoint: "GET /balance",
      path: "$.balance",
      issues: ["$.balance: bad"],
    }),
    make(405, "Method Not Allowed"),
  ];

  it.each(samples.map((e) => [e.name, e] as const))("round-trips %s through JSON", (_name, error) => {
    const json = JSON.parse(JSON.stringify(error)) as unknown;
    expect(json).toEqual(error.toJSON());
    const revived = revivePartnerError(json);
    expect(revived).not.toBeNull();
    expect(revived?.constructor).toBe(error.constructor);
    expect(revived?.toJSON()).toEqual(error.toJSON());
    expect(revived?.message).toBe(error.message);
  });

  it("gives plain data only", () => {
    const json = samples[6]!.toJSON();
    expect(json).toMatchObject({
      name: "PartnerUnavailableError",
      status: 0,
      reason: "timeout",
      outcome: "not-applied",
      reservation: { id: "r1" },
      userMessageKey: "partner-error-unavailable",
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(samples[8]!.toJSON()).toMatchObject({ path: "$.balance", issues: ["$.balance: bad"] });
  });

  it("keeps a stored userMessageKey", () => {
    const json = { ...make(409, "Tee time is not available").toJSON(), userMessageKey: "partner-error-conflict" };
    expect(revivePartnerError(json)?.userMessageKey).toBe("partner-error-conflict");
  });

  it("refuses what is not a stored partner error", () => {
    expect(revivePartnerError(null)).toBeNull();
    expect(revivePartnerError("PartnerAuthError")).toBeNull();
    expect(revivePartnerError({ name: "TypeError", message: "x", status: 0, endpoint: "GET /course" })).toBeNull();
    expect(revivePartnerError({ name: "PartnerAuthError", message: "x" })).toBeNull();
    expect(revivePartnerError({ ...make(401).toJSON(), userMessageKey: "not-a-key" })).toBeNull();
    // Names of the object prototype are not error classes either.
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(revivePartnerError({ ...make(404).toJSON(), name }), name).toBeNull();
    }
  });
});
