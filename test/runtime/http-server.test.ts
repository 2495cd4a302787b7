/** fairway's HTTP servers (the operator's, and the public one on PORT) over real HTTP on port 0. */
import { afterEach, describe, expect, it } from "vitest";
import {
  createHttpServer,
  type HttpServer,
  type HttpServerOptions,
  type ReadinessReport,
} from "../../src/runtime/index.js";
import { memoryLogger, sample, testMetrics } from "./helpers.js";

const READY: ReadinessReport = { ready: true, checks: { database: { ok: true } } };

describe("http server", () => {
  let server: HttpServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(overrides: Partial<HttpServerOptions> = {}) {
    const log = memoryLogger();
    const metrics = testMetrics();
    server = createHttpServer({
      port: 0,
      host: "127.0.0.1",
      logger: log.logger,
      metrics,
      readiness: () => Promise.resolve(READY),
      ...overrides,
    });
    const { url, port } = await server.listen();
    return { url, port, metrics, log, server };
  }

  it("answers /healthz with 200 while up, and 503 once draining", async () => {
    const { url, server: s } = await start();
    const ok = await fetch(`${url}/healthz`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await ok.json()).toEqual({ status: "ok" });
    s.setDraining();
    const draining = await fetch(`${url}/healthz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as ReadinessReport).checks.draining).toEqual({ ok: false, detail: "shutting down" });
  });

  it("answers /readyz with 200 and the checks, or 503 when one fails", async () => {
    let report: ReadinessReport = READY;
    const { url } = await start({ readiness: () => Promise.resolve(report) });
    const ok = await fetch(`${url}/readyz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(READY);
    report = {
      ready: false,
      checks: { database: { ok: true }, partner: { ok: false, detail: "no answer from the partner yet" } },
    };
    const failing = await fetch(`${url}/readyz`);
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual(report);
  });

  it("serves Prometheus text at /metrics, and counters move after a recorded update", async () => {
    const { url, metrics } = await start();
    const before = await fetch(`${url}/metrics`);
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await before.text();
    expect(text).toContain("# TYPE fairway_updates_total counter");
    expect(sample(text, 'fairway_updates_total{type="message",outcome="ok"}')).toBeUndefined();
    metrics.update("message", "ok", 0.012);
    metrics.update("message", "ok", 0.03);
    const after = await (await fetch(`${url}/metrics`)).text();
    expect(sample(after, 'fairway_updates_total{type="message",outcome="ok"}')).toBe(2);
    expect(sample(after, 'fairway_update_duration_seconds_bucket{le="0.025",type="message"}')).toBe(1);
    expect(sample(after, 'fairway_update_duration_seconds_count{type="message"}')).toBe(2);
  });

  it("answers 404 for anything else, 405 for a built-in path with another method, and HEAD without a body", async () => {
    const { url } = await start();
    const missing = await fetch(`${url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "not found" });
    expect((await fetch(`${url}/`)).status).toBe(404);
    const post = await fetch(`${url}/healthz`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await fetch(`${url}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    // The query string is not part of the path.
    expect((await fetch(`${url}/healthz?probe=1`)).status).toBe(200);
  });

  it("serves a mounted route by exact path, any method", async () => {
    const seen: string[] = [];
    const { url } = await start({
      routes: {
        "/telegram/hook": async (req, res) => {
          let body = "";
          for await (const chunk of req) body += String(chunk);
          seen.push(`${req.method} ${body}`);
          res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
        },
      },
    });
    const res = await fetch(`${url}/telegram/hook`, { method: "POST", body: '{"update_id":1}' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("thanks");
    expect(seen).toEqual(['POST {"update_id":1}']);
    expect((await fetch(`${url}/telegram/hook/extra`)).status).toBe(404);
  });

  it("answers 500 (a handler) or 503 (readiness) without the error's message or stack when one throws, and logs it", async () => {
    const { url, log } = await start({
      routes: { "/boom": () => Promise.reject(new Error("secret-token-123 leaked")) },
      readiness: () => Promise.reject(new Error("postgres://user:pw@db/x refused")),
    });
    const boom = await fetch(`${url}/boom`);
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(text).toBe('{"error":"internal error"}');
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, checks: {} });
    expect(log.lines().map((l) => l.msg)).toEqual(
      expect.arrayContaining(["http handler failed", "readiness check failed"]),
    );
  });

  it("without readiness and metrics (PORT's server): /healthz, and 404 for /readyz and /metrics", async () => {
    const { logger } = memoryLogger();
    server = createHttpServer({ port: 0, host: "127.0.0.1", logger });
    const { url } = await server.listen();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    for (const path of ["/readyz", "/metrics"]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "not found" });
    }
  });

  it("with a token: /readyz and /metrics answer 401 without `Bearer <token>`, 200 with it; /healthz asks for none", async () => {
    const token = "0123456789abcdef-operator";
    const { url } = await start({ token });
    for (const path of ["/readyz", "/metrics"]) {
      for (const authorization of [
        undefined,
        "Bearer wrong-token-0123456789",
        `Basic ${token}`,
        token,
        `Bearer ${token}x`,
      ]) {
        const res = await fetch(`${url}${path}`, authorization ? { headers: { authorization } } : {});
        expect(res.status, `${path} with ${authorization}`).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="fairway"');
        expect(await res.text()).toBe('{"error":"unauthorized"}');
      }
      expect((await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // The scheme's name is case-insensitive (RFC 7235).
      expect((await fetch(`${url}${path}`, { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
    }
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/nope`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it("refuses to mount a route over a built-in path", () => {
    const { logger } = memoryLogger();
    const options = { port: 0, logger, metrics: testMetrics(), readiness: () => Promise.resolve(READY) };
    expect(() => createHttpServer({ ...options, routes: { "/metrics": () => undefined } })).toThrow(/built in/);
    // Not even on a server that does not serve it: PORT's /metrics answers 404, never a route.
    expect(() => createHttpServer({ port: 0, logger, routes: { "/readyz": () => undefined } })).toThrow(/built in/);
    expect(() => createHttpServer({ ...options, routes: { webhook: () => undefined } })).toThrow(/must start with \//);
  });

  it("close() stops accepting and waits for a request in progress", async () => {
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const {
      url,
      port,
      server: s,
    } = await start({
      routes: {
        "/slow": async (_req, res) => {
          entered();
          await new Promise<void>((resolve) => (release = resolve));
          res.end("done");
        },
      },
    });
    const slow = fetch(`${url}/slow`).then((r) => r.text());
    await inside;
    let closed = false;
    const closing = s.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    release();
    expect(await slow).toBe("done");
    await closing;
    expect(closed).toBe(true);
    server = undefined;
  });

  it("close() cuts a request that outlives closeTimeoutMs", async () => {
    const { url, server: s } = await start({
      closeTimeoutMs: 100,
      routes: { "/hang": () => new Promise<void>(() => undefined) },
    });
    const hanging = fetch(`${url}/hang`).then(
      () => "answered",
      () => "cut",
    );
    await new Promise((r) => setTimeout(r, 30));
    const started = Date.now();
    await s.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBe("cut");
    server = undefined;
  });
});
