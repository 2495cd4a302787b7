/**
 * Where fairway serves what, with a BOT_TOKEN: PORT (Telegram, users, load balancers) answers
 * `/healthz` and 404 for `/readyz` and `/metrics`; the operator's port (OPERATOR_PORT, on loopback by
 * default) answers all three, `/readyz` and `/metrics` only with METRICS_TOKEN when it is set.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";

const TOKEN = "operator-token-0123456789abcdef";

describe("operator endpoints apart from PORT", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it("PORT answers /healthz and 404 for /readyz and /metrics; the operator's port, on loopback, answers all three", async () => {
    h = await startHarness();
    const publicUrl = h.app.httpUrl()!;
    const operatorUrl = h.app.operatorUrl()!;
    expect(new URL(operatorUrl).hostname).toBe("127.0.0.1");
    expect(new URL(operatorUrl).port).not.toBe(new URL(publicUrl).port);

    expect((await fetch(`${publicUrl}/healthz`)).status).toBe(200);
    for (const path of ["/metrics", "/readyz"]) expect((await fetch(`${publicUrl}${path}`)).status, path).toBe(404);

    expect((await fetch(`${operatorUrl}/healthz`)).status).toBe(200);
    const metrics = await fetch(`${operatorUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("# TYPE fairway_bookings gauge");
    // Ready: the database, the migrations, the partner (probed now) and polling under the lease.
    const ready = await fetch(`${operatorUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ready: true,
      checks: { database: { ok: true }, migrations: { ok: true }, partner: { ok: true }, updates: { ok: true } },
    });
  });

  it("with METRICS_TOKEN: /readyz and /metrics on the operator's port need `Authorization: Bearer <token>`; /healthz does not", async () => {
    h = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
    const operatorUrl = h.app.operatorUrl()!;
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    for (const path of ["/metrics", "/readyz"]) {
      expect((await fetch(`${operatorUrl}${path}`)).status, path).toBe(401);
      expect((await fetch(`${operatorUrl}${path}`, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
      expect((await fetch(`${operatorUrl}${path}`, auth)).status, path).toBe(200);
      // The token opens nothing on PORT.
      expect((await fetch(`${h.app.httpUrl()!}${path}`, auth)).status, path).toBe(404);
    }
    expect((await fetch(`${operatorUrl}/healthz`)).status).toBe(200);
    // The token is a secret: never in a log line.
    expect(h.logs.join("")).not.toContain(TOKEN);
  });
});
