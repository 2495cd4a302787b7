/**
 * The partner client's `onRequest` and `onBalance` hooks feeding the metrics, against the sandbox over
 * real HTTP: route templates (never ids), statuses, no-answer reasons, and hooks that cannot break a call.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PartnerAttemptInfo } from "../../src/partner/index.js";
import { createMetricsHooks } from "../../src/runtime/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { clientFor, customer, deadPort, openSlot, startSandbox } from "../partner/helpers.js";
import { sample, testMetrics } from "./helpers.js";

describe("partner metrics", () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    await sandbox.close();
  });

  it("labels a confirm with its route template, never the reservation id", async () => {
    const metrics = testMetrics();
    const seen: PartnerAttemptInfo[] = [];
    const client = clientFor(sandbox, {
      onRequest: (info) => {
        seen.push(info);
        metrics.partnerRequest(info);
      },
    });
    const { slot } = openSlot(sandbox);
    const held = await client.reserve({ slotId: slot.id, persons: 2, ...customer });
    await client.confirm(held.id);
    await client.getReservation(held.id);

    expect(seen.map((i) => `${i.method} ${i.endpoint} ${i.status}`)).toEqual([
      "POST /order/reserve 200",
      "POST /order/:id/confirm 200",
      "GET /order/:id 200",
    ]);
    expect(seen.every((i) => Number.isFinite(i.durationMs) && i.durationMs >= 0)).toBe(true);
    const text = await metrics.text();
    expect(text).not.toContain(held.id);
    expect(
      sample(text, 'fairway_partner_requests_total{endpoint="/order/:id/confirm",method="POST",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'fairway_partner_request_duration_seconds_count{endpoint="/order/:id/confirm",method="POST"}'),
    ).toBe(1);
  });

  it("reports every attempt of a retried read, with error statuses and timeouts", async () => {
    const metrics = testMetrics();
    const client = clientFor(sandbox, { onRequest: (info) => metrics.partnerRequest(info) });
    sandbox.faults.add({ kind: "status", status: 503, path: /\/course$/ });
    await client.listCourses();
    sandbox.faults.add({ kind: "hang", path: /\/balance$/, times: 3 });
    await expect(client.getBalance()).rejects.toThrow(/timed out/);
    const text = await metrics.text();
    expect(sample(text, 'fairway_partner_requests_total{endpoint="/course",method="GET",status="503"}')).toBe(1);
    expect(sample(text, 'fairway_partner_requests_total{endpoint="/course",method="GET",status="200"}')).toBe(1);
    expect(sample(text, 'fairway_partner_requests_total{endpoint="/balance",method="GET",status="timeout"}')).toBe(3);
  });

  it("reports a refused connection as network", async () => {
    const seen: PartnerAttemptInfo[] = [];
    const client = clientFor(sandbox, { baseURL: await deadPort(), retries: 0, onRequest: (info) => seen.push(info) });
    await expect(client.getBalance()).rejects.toThrow();
    expect(seen.map((i) => i.status)).toEqual(["network"]);
  });

  it("sets the balance gauge on every balance read", async () => {
    const metrics = testMetrics();
    const client = clientFor(sandbox, { onBalance: (satang) => metrics.partnerBalance(satang) });
    expect(await metrics.text()).not.toMatch(/^fairway_partner_balance_satang /m);
    sandbox.setBalance(123_456);
    await client.getBalance();
    expect(sample(await metrics.text(), "fairway_partner_balance_satang")).toBe(123_456);
    sandbox.setBalance(99);
    await client.getBalance();
    expect(sample(await metrics.text(), "fairway_partner_balance_satang")).toBe(99);
  });

  it("createMetricsHooks: the partner hooks count requests and remember the last answer below 500 for readiness", async () => {
    const metrics = testMetrics();
    let now = 1_000;
    const hooks = createMetricsHooks(metrics, () => now);
    const client = clientFor(sandbox, { ...hooks.partner, retries: 0 });
    expect(hooks.lastPartnerOkAt()).toBeUndefined();
    sandbox.faults.add({ kind: "status", status: 503, path: /\/balance$/ });
    await expect(client.getBalance()).rejects.toThrow();
    expect(hooks.lastPartnerOkAt()).toBeUndefined();
    now = 2_000;
    await expect(client.getCourse("no-such-course")).rejects.toThrow();
    expect(hooks.lastPartnerOkAt()).toBe(2_000);
    now = 3_000;
    await client.getBalance();
    expect(hooks.lastPartnerOkAt()).toBe(3_000);
    const text = await metrics.text();
    expect(sample(text, 'fairway_partner_requests_total{endpoint="/balance",method="GET",status="503"}')).toBe(1);
    expect(sample(text, 'fairway_partner_requests_total{endpoint="/course/:id",method="GET",status="404"}')).toBe(1);
    expect(sample(text, "fairway_partner_balance_satang")).toBe(sandbox.balance());
  });

  it("a throwing hook changes nothing about the call", async () => {
    const client = clientFor(sandbox, {
      onRequest: () => {
        throw new Error("metrics broke");
      },
      onBalance: () => {
        throw new Error("metrics broke");
      },
    });
    expect((await client.getBalance()).balance).toBe(sandbox.balance());
    expect((await client.listCourses()).length).toBeGreaterThan(0);
  });
});
