import { describe, expect, it } from "vitest";
import { basic, customer, start, toReply } from "./helpers.js";

const COURSE = "65a0c3e10a1aec32662c0684";
const ENDPOINTS: [string, string][] = [
  ["GET", "/course"],
  ["GET", `/course/${COURSE}`],
  ["GET", `/tee-time?courseId=${COURSE}&date=2026-11-24`],
  ["GET", "/tee-time/00000000000000000000"],
  ["POST", "/order/reserve"],
  ["POST", "/order/000000000000000000000000/confirm"],
  ["DELETE", "/order/000000000000000000000000/cancel"],
  ["POST", "/order/000000000000000000000000/refund"],
  ["GET", "/order/000000000000000000000000"],
  ["GET", "/balance"],
];

describe("sandbox auth", () => {
  it.each(ENDPOINTS)("%s %s answers 401 without Authorization", async (method, path) => {
    const { url } = await start();
    const reply = await toReply(await fetch(`${url}/api/v1/ext${path}`, { method }));
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      message: "Missing Authorization header",
      code: "UNAUTHORIZED",
    });
  });

  it.each([
    ["a wrong key", basic("not-the-key")],
    ["the key with a colon (user:password form)", basic("sandbox-key:")],
    ["a Bearer token", "Bearer sandbox-key"],
    ["the raw key without base64", "Basic sandbox-key!"],
    ["an empty Basic credential", "Basic "],
    ["the key in clear", "sandbox-key"],
  ])("answers 401 for %s", async (_label, header) => {
    const { call, sandbox } = await start();
    const reply = await call("GET", "/balance", undefined, { authorization: header });
    expect(reply.status).toBe(401);
    expect(reply.json.code).toBe("UNAUTHORIZED");
    expect(sandbox.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/v1/ext/balance", status: 401 });
  });

  it("accepts the configured key, with any case of the scheme", async () => {
    const { call } = await start({ apiKey: "partner-secret-123" });
    expect((await call("GET", "/balance", undefined, { authorization: basic("partner-secret-123") })).status).toBe(200);
    const lower = `basic ${Buffer.from("partner-secret-123").toString("base64")}`;
    expect((await call("GET", "/balance", undefined, { authorization: lower })).status).toBe(200);
    expect((await call("GET", "/balance", undefined, { authorization: basic("sandbox-key") })).status).toBe(401);
  });

  it("checks auth before validating a reserve body", async () => {
    const { url } = await start();
    const res = await fetch(`${url}/api/v1/ext/order/reserve`, {
      method: "POST",
      headers: { authorization: basic("wrong"), "content-type": "application/json" },
      body: JSON.stringify({ ...customer }),
    });
    expect(res.status).toBe(401);
  });

  it("answers unknown paths 404 and serves /__sandbox/state without auth", async () => {
    const { url, call } = await start();
    expect((await toReply(await fetch(`${url}/nothing-here`))).json.code).toBe("NOT_FOUND");
    expect((await call("GET", "/no-such-endpoint")).status).toBe(404);
    expect((await call("PUT", "/balance")).status).toBe(404);
    const state = await toReply(await fetch(`${url}/__sandbox/state`));
    expect(state.status).toBe(200);
    expect(state.json.balance).toBe(10_000_000);
  });
});
