/**
 * The Mini App API's per-user limit (src/mini-app/limit.ts): over it, a call is answered 429 with a
 * body the page shows and costs no partner call; another user is not affected. With two instances on
 * one PostgreSQL the limit is the bot's: a user's calls to either instance count together, even where
 * only one instance receives updates (a polling leader and its standby). Real time: the buckets refill
 * by the monotonic clock (and the database's), so each test's rate refills one call a minute.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { createConfig } from "../../src/config/index.js";
import { signWebAppData, type SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createLogger } from "../../src/logger.js";
import { startHarness, TEST_BOT_TOKEN, type Harness } from "../helpers/harness.js";
import { startPgWorld, type PgWorld } from "../helpers/pg-world.js";
import { addToTally, serverFigures } from "../helpers/tally.js";

/** Three calls at once, then one a minute: no test here waits long enough for a refill. */
const LIMIT = { MINI_APP_RATE_BURST: "3", MINI_APP_RATE_PER_MINUTE: "1" };

async function call(baseUrl: string, path: "sheet" | "pick", body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/tee-sheet/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), json: await res.json() };
}

const initDataOf = (user: SimulatedUser, at: number) =>
  signWebAppData({ token: TEST_BOT_TOKEN, user: { id: user.user.id, first_name: user.user.first_name }, at });

describe("the Mini App API's per-user limit", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it("answers a user over the limit 429 with a body the page shows, and no partner call; another user goes on", async () => {
    h = await startHarness({ env: { MINI_APP_URL: "https://golf.example.com", ...LIMIT } });
    const x = h;
    const agent = x.user(2901, "th");
    const other = x.user(2902, "en");
    const url = x.app.httpUrl()!;
    for (let i = 0; i < 3; i++)
      expect((await call(url, "sheet", { initData: initDataOf(agent, x.clock()), area: "pattaya" })).status).toBe(200);
    const before = x.sandbox.requests.length;
    const over = await call(url, "sheet", { initData: initDataOf(agent, x.clock()), area: "pattaya" });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ error: "too-many-requests", retryAfterSeconds: expect.any(Number) as number });
    const retry = (over.json as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(over.retryAfter).toBe(String(retry));
    // A pick over the limit is refused the same way, before it is looked up.
    const pick = await call(url, "pick", {
      initData: initDataOf(agent, x.clock()),
      courseId: x.sandbox.courses()[0]!.id,
      date: "2099-01-01",
      slotId: "1",
      players: 4,
    });
    expect(pick).toMatchObject({ status: 429, json: { error: "too-many-requests" } });
    expect(x.sandbox.requests.length).toBe(before);
    // Another user has their own allowance; a forged initData is refused as before, and takes none of it.
    const forged = new URLSearchParams(initDataOf(other, x.clock()));
    forged.set("auth_date", "1");
    expect((await call(url, "sheet", { initData: forged.toString() })).status).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await call(url, "sheet", { initData: initDataOf(other, x.clock()), area: "pattaya" })).status).toBe(200);
    x.invariants.skip("no booking: the subject is the Mini App's limit");
  });
});

describe("the Mini App API's per-user limit on two instances (PostgreSQL)", () => {
  let world: PgWorld | undefined;
  const apps: App[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.stop();
    if (world) addToTally(serverFigures(world.sandbox, world.telegram));
    await world?.close();
    world = undefined;
  });

  async function instance(w: PgWorld): Promise<App> {
    const app = await createApp({
      config: createConfig({ ...w.env, ...LIMIT, MINI_APP_URL: "https://golf.example.com", PORT: "0" }),
      logger: createLogger({ level: "silent" }),
      now: w.clock,
    });
    apps.push(app);
    await app.start();
    return app;
  }

  it("counts a user's calls to either instance together, though only the leader receives updates", async () => {
    const w = (world = await startPgWorld([2903, 2904]));
    const [a, b] = [await instance(w), await instance(w)];
    await expect
      .poll(() => a.fleet.members().length === 2 && b.fleet.members().length === 2, { timeout: 10_000, interval: 50 })
      .toBe(true);
    // A polling leader and its standby: the leader alone receives updates, so the bot's own limits stay in
    // its memory (fleet.shared() is false there); the Mini App's, served by both, are shared all the same.
    // (Once the leader has taken the lease: on a loaded machine that can come after both heartbeats.)
    await expect
      .poll(() => [a, b].filter((app) => app.fleet.shared()).length, { timeout: 20_000, interval: 50 })
      .toBe(1);
    const agent = w.telegram.user({ id: 2903, language_code: "en" });
    const other = w.telegram.user({ id: 2904, language_code: "en" });
    const [urlA, urlB] = [a.httpUrl()!, b.httpUrl()!];
    const sheet = (url: string, user: SimulatedUser) => call(url, "sheet", { initData: initDataOf(user, w.clock()) });

    expect((await sheet(urlA, agent)).status).toBe(200);
    expect((await sheet(urlB, agent)).status).toBe(200);
    expect((await sheet(urlA, agent)).status).toBe(200);
    const before = w.sandbox.requests.length;
    expect(await sheet(urlB, agent)).toMatchObject({ status: 429, json: { error: "too-many-requests" } });
    expect(await sheet(urlA, agent)).toMatchObject({ status: 429, json: { error: "too-many-requests" } });
    expect(w.sandbox.requests.length).toBe(before);
    // The other user's allowance is theirs, on either instance.
    expect((await sheet(urlB, other)).status).toBe(200);
    expect((await sheet(urlA, other)).status).toBe(200);
  }, 60_000);
});
