import { describe, expect, it } from "vitest";
import { FAULT_KINDS } from "../../../src/local/sandbox/index.js";
import { customer, start, toReply, type Harness } from "./helpers.js";

const BALANCE = /\/balance$/;

/** A fetch that gives up after `ms` (for hanging answers). */
const callWithTimeout = (h: Harness, method: string, path: string, ms: number) =>
  fetch(`${h.url}/api/v1/ext${path}`, { method, headers: { authorization: h.auth }, signal: AbortSignal.timeout(ms) });

const newReservation = (h: Harness) => {
  const slot = h.sandbox.openSlot({ persons: 2 })!;
  return { slot, body: { slotId: slot.id, persons: 2, ...customer } };
};

describe("targeted faults that answer instead of the API", () => {
  it("status: a one-shot JSON error, then normal answers", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "status", status: 503, path: BALANCE });
    const first = await h.call("GET", "/balance");
    expect(first.status).toBe(503);
    expect(first.json).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    expect((await h.call("GET", "/balance")).status).toBe(200);
    expect(h.sandbox.requests.map((r) => [r.status, r.fault])).toEqual([
      [503, "status"],
      [200, undefined],
    ]);
  });

  it("matches method and path, and repeats `times` times", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "status", status: 500, method: "POST", path: /\/confirm$/, times: 2 });
    expect((await h.call("GET", "/balance")).status).toBe(200);
    const { json } = await h.reserve();
    expect((await h.call("POST", `/order/${json.id}/confirm`)).status).toBe(500);
    expect((await h.call("POST", `/order/${json.id}/confirm`)).status).toBe(500);
    expect(h.sandbox.balance()).toBe(10_000_000); // not applied
    expect((await h.call("POST", `/order/${json.id}/confirm`)).status).toBe(200);
    expect(h.sandbox.count("POST", /\/confirm$/)).toBe(3);
    expect(h.sandbox.faults.rules()).toEqual([]);
  });

  it("status: a custom body and content type", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "status", status: 400, body: '{"errors":[{"message":"bad"}]}', path: BALANCE });
    h.sandbox.faults.add({ kind: "status", status: 503, body: "", contentType: "text/plain", path: BALANCE });
    const first = await h.call("GET", "/balance");
    expect(first).toMatchObject({ status: 400, json: { errors: [{ message: "bad" }] } });
    const second = await h.call("GET", "/balance");
    expect(second).toMatchObject({ status: 503, text: "" });
  });

  it("html: an nginx-style error page", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "html", path: BALANCE });
    const reply = await h.call("GET", "/balance");
    expect(reply.status).toBe(502);
    expect(reply.headers.get("content-type")).toContain("text/html");
    expect(reply.text).toContain("<title>502 Bad Gateway</title>");
    expect(reply.text).toContain("nginx");
    expect(reply.json).toBeUndefined();
  });

  it("text: a plain-text body", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "text", status: 504, body: "upstream timed out", path: BALANCE });
    const reply = await h.call("GET", "/balance");
    expect(reply).toMatchObject({ status: 504, text: "upstream timed out" });
    expect(reply.headers.get("content-type")).toContain("text/plain");
  });

  it("rate-limit: 429 with Retry-After seconds", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "rate-limit", retryAfterSeconds: 3, path: BALANCE });
    const reply = await h.call("GET", "/balance");
    expect(reply.status).toBe(429);
    expect(reply.headers.get("retry-after")).toBe("3");
    expect(reply.json.code).toBe("RATE_LIMITED");
  });

  it("hang: no answer until the client gives up, and close() still returns", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "hang", path: BALANCE });
    await expect(callWithTimeout(h, "GET", "/balance", 200)).rejects.toThrow();
    expect(h.sandbox.requests[0]).toMatchObject({ status: 0, fault: "hang" });
    h.sandbox.faults.add({ kind: "hang", path: BALANCE });
    const pending = callWithTimeout(h, "GET", "/balance", 5_000);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await h.sandbox.close();
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reset: the connection is destroyed, nothing changes", async () => {
    const h = await start();
    const { body } = newReservation(h);
    h.sandbox.faults.add({ kind: "reset", path: /\/order\/reserve$/ });
    await expect(
      fetch(`${h.url}/api/v1/ext/order/reserve`, {
        method: "POST",
        headers: { authorization: h.auth },
        body: JSON.stringify(body),
      }),
    ).rejects.toThrow();
    expect(h.sandbox.reservations()).toEqual([]);
    expect(h.sandbox.requests[0]).toMatchObject({ status: 0, fault: "reset" });
  });
});

describe("after-apply faults: the operation happens, the answer is broken or lost", () => {
  it("apply-then-status on confirm: 502, yet the reservation is PAID and the balance debited", async () => {
    const h = await start();
    const { json } = await h.reserve();
    h.sandbox.faults.add({ kind: "apply-then-status", status: 502, path: /\/confirm$/ });
    const reply = await h.call("POST", `/order/${json.id}/confirm`);
    expect(reply.status).toBe(502);
    expect(h.sandbox.balance()).toBe(10_000_000 - json.amount);
    expect((await h.call("GET", `/order/${json.id}`)).json.status).toBe("PAID");
  });

  it("apply-then-reset on reserve: the request fails but the hold exists and the slot is BOOKED", async () => {
    const h = await start();
    const { slot, body } = newReservation(h);
    h.sandbox.faults.add({ kind: "apply-then-reset", method: "POST", path: /\/order\/reserve$/ });
    await expect(h.call("POST", "/order/reserve", body)).rejects.toThrow();
    const [record] = h.sandbox.reservations();
    expect(record).toMatchObject({ slotId: slot.id, status: "PENDING", persons: 2 });
    expect((await h.call("GET", `/tee-time/${slot.id}`)).json.status).toBe("BOOKED");
    expect(h.sandbox.requests[0]).toMatchObject({ status: 0, fault: "apply-then-reset" });
  });

  it("apply-then-hang on refund: the client times out, the refund is credited", async () => {
    const h = await start({ refundPercent: 50 });
    const { json } = await h.reserve();
    await h.call("POST", `/order/${json.id}/confirm`);
    h.sandbox.faults.add({ kind: "apply-then-hang", path: /\/refund$/ });
    await expect(callWithTimeout(h, "POST", `/order/${json.id}/refund`, 200)).rejects.toThrow();
    expect(h.sandbox.balance()).toBe(10_000_000 - json.amount + Math.floor(json.amount / 2));
    expect((await h.call("GET", `/order/${json.id}`)).json.status).toBe("REFUND");
  });

  it("apply-then-status on release with an HTML body when htmlErrors is set", async () => {
    const h = await start();
    const { json } = await h.reserve();
    h.sandbox.faults.set({ htmlErrors: true });
    h.sandbox.faults.add({ kind: "apply-then-status", status: 503, method: "DELETE" });
    const reply = await h.call("DELETE", `/order/${json.id}/cancel`);
    expect(reply.status).toBe(503);
    expect(reply.text).toContain("<h1>503 Service Unavailable</h1>");
    expect(h.sandbox.reservations()[0]!.status).toBe("CANCEL");
  });

  it("malformed-json: a truncated body with the real status, the hold exists", async () => {
    const h = await start();
    const { body } = newReservation(h);
    h.sandbox.faults.add({ kind: "malformed-json", path: /\/reserve$/ });
    const reply = await h.call("POST", "/order/reserve", body);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toContain("application/json");
    expect(() => JSON.parse(reply.text) as unknown).toThrow();
    expect(reply.text.startsWith('{"id":"')).toBe(true);
    expect(h.sandbox.reservations()).toHaveLength(1);
  });

  it("drift: valid JSON with a field of the wrong type", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "drift", path: BALANCE });
    const balance = await h.call("GET", "/balance");
    expect(balance.json).toEqual({ balance: "10000000" });
    const { body } = newReservation(h);
    h.sandbox.faults.add({ kind: "drift", path: /\/reserve$/, field: "reserve" });
    const created = await h.call("POST", "/order/reserve", body);
    expect(typeof created.json.reserve).toBe("string");
    expect(typeof created.json.amount).toBe("number");
    expect(h.sandbox.reservations()).toHaveLength(1);
    h.sandbox.faults.add({ kind: "drift", path: /\/tee-time$/ });
    const list = (await h.call("GET", `/tee-time?courseId=${h.sandbox.courses()[0]!.id}&date=2026-11-24`)).json;
    expect(typeof list[0].price).toBe("string");
    expect(typeof list[1].price).toBe("number");
  });
});

describe("random faults and settings", () => {
  const statuses = async (h: Harness, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await h.call("GET", "/balance")).status);
    return out;
  };

  it("errorRate answers a seeded fraction with 503, identically for the same seed", async () => {
    const a = await start({ seed: 3 });
    const b = await start({ seed: 3 });
    a.sandbox.faults.set({ errorRate: 0.5 });
    b.sandbox.faults.set({ errorRate: 0.5 });
    const [sa, sb] = [await statuses(a, 40), await statuses(b, 40)];
    expect(sa).toEqual(sb);
    const failures = sa.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
    expect(new Set(sa)).toEqual(new Set([200, 503]));
  });

  it("errorRate 1 with htmlErrors answers every request with an HTML 502, and changes nothing", async () => {
    const h = await start();
    const { body } = newReservation(h);
    h.sandbox.faults.set({ errorRate: 1, htmlErrors: true });
    const reply = await h.call("POST", "/order/reserve", body);
    expect(reply.status).toBe(502);
    expect(reply.text).toContain("<title>502 Bad Gateway</title>");
    expect(h.sandbox.reservations()).toEqual([]);
    expect(h.sandbox.requests[0]!.fault).toBe("random-error");
  });

  it("rateLimitRate answers 429 with Retry-After", async () => {
    const h = await start();
    h.sandbox.faults.set({ rateLimitRate: 1 });
    const reply = await h.call("GET", "/balance");
    expect(reply.status).toBe(429);
    expect(reply.headers.get("retry-after")).toBe("1");
  });

  it("latencyMs delays every API answer", async () => {
    const h = await start();
    h.sandbox.faults.set({ latencyMs: 150 });
    const started = Date.now();
    expect((await h.call("GET", "/balance")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("never touches /__sandbox/state", async () => {
    const h = await start();
    h.sandbox.faults.set({ errorRate: 1 });
    h.sandbox.faults.add({ kind: "reset" });
    const state = await toReply(await fetch(`${h.url}/__sandbox/state`));
    expect(state.status).toBe(200);
    expect(state.json.faults.settings.errorRate).toBe(1);
    expect(state.json.faults.rules).toEqual([{ kind: "reset" }]);
    expect(h.sandbox.requests).toHaveLength(0); // state polls are not API requests
  });

  it("clear() removes rules and settings", async () => {
    const h = await start();
    h.sandbox.faults.set({ errorRate: 1, latencyMs: 10 });
    h.sandbox.faults.add({ kind: "status", times: Infinity });
    h.sandbox.faults.clear();
    expect(h.sandbox.faults.settings).toEqual({ latencyMs: 0, errorRate: 0, htmlErrors: false, rateLimitRate: 0 });
    expect((await h.call("GET", "/balance")).status).toBe(200);
  });

  it("rejects unknown kinds and rates outside 0..1", async () => {
    const h = await start();
    expect(() => h.sandbox.faults.add({ kind: "boom" as never })).toThrow(RangeError);
    expect(() => h.sandbox.faults.set({ errorRate: 2 })).toThrow(RangeError);
    expect(FAULT_KINDS).toHaveLength(11);
  });
});

describe("inspection and reset", () => {
  it("logs every request and counts retries, and exposes state over HTTP", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "status", status: 503, path: BALANCE, times: 2 });
    for (let i = 0; i < 3; i++) await h.call("GET", "/balance");
    expect(h.sandbox.count("GET", BALANCE)).toBe(3);
    expect(h.sandbox.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    const { json } = await h.reserve();
    const state = (await toReply(await fetch(`${h.url}/__sandbox/state`))).json;
    expect(state).toMatchObject({ balance: 10_000_000, today: "2026-11-23", seed: 1, moneyUnit: "satang" });
    expect(state.reservations.map((r: { id: string }) => r.id)).toEqual([json.id]);
    expect(state.requests.byRoute).toMatchObject({ "GET /api/v1/ext/balance": 3, "POST /api/v1/ext/order/reserve": 1 });
  });

  it("a rule with skip lets that many matching requests through first (the second of a group's reserves fails)", async () => {
    const h = await start();
    h.sandbox.faults.add({ kind: "status", status: 503, path: BALANCE, skip: 2 });
    for (let i = 0; i < 4; i++) await h.call("GET", "/balance");
    expect(h.sandbox.requests.map((r) => r.status)).toEqual([200, 200, 503, 200]);
  });

  it("reset() forgets reservations, requests and faults and replays the same ids", async () => {
    const h = await start();
    const first = (await h.reserve()).json;
    await h.call("POST", `/order/${first.id}/confirm`);
    h.sandbox.faults.add({ kind: "status", times: 5 });
    h.sandbox.reset();
    expect(h.sandbox.reservations()).toEqual([]);
    expect(h.sandbox.requests).toHaveLength(0);
    expect(h.sandbox.balance()).toBe(10_000_000);
    const again = (await h.reserve()).json;
    expect(again.id).toBe(first.id);
    expect(again.slotId).toBe(first.slotId);
  });

  it("can be mounted in another server through handler", async () => {
    const { createServer } = await import("node:http");
    const h = await start();
    const outer = createServer((req, res) => h.sandbox.handler(req, res));
    await new Promise<void>((r) => outer.listen(0, "127.0.0.1", r));
    const port = (outer.address() as { port: number }).port;
    const reply = await fetch(`http://127.0.0.1:${port}/api/v1/ext/balance`, { headers: { authorization: h.auth } });
    expect(await reply.json()).toEqual({ balance: 10_000_000 });
    outer.closeAllConnections();
    await new Promise((r) => outer.close(r));
  });
});
