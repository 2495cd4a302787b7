import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { createApp, type App } from "../../../../src/app.js";
import { createConfig } from "../../../../src/config/index.js";
import { createLogger } from "../../../../src/logger.js";
import { tapWhen, waitText } from "../../../helpers/crash-world.js";
import { startPgWorld, type PgWorld } from "../../../helpers/pg-world.js";
import { addToTally, serverFigures } from "../../../helpers/tally.js";
import { coursesIn, release, SATURDAY, sellOut } from "./helpers.js";

/**
 * Two fairway instances on one PostgreSQL, each with the checker's timer every 100 ms: only the
 * leader's runs, so each (course, date) is read once per check, and when the leader stops the other
 * instance takes the checks over where the database says they stand. Real time: the leader lease.
 */

const AGENT = 9701;
/** Saturday seen from Wednesday: the 3-minute band, plus its spread. */
const NEXT_CHECK = 3 * 60_000 + 20_000;

let world: PgWorld | undefined;
const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  started.splice(0);
  if (world) addToTally(serverFigures(world.sandbox, world.telegram));
  await world?.close();
  world = undefined;
});

async function instance(w: PgWorld): Promise<App> {
  const app = await createApp({
    config: createConfig({ ...w.env, WATCH_READS_PER_MINUTE: "600" }),
    logger: createLogger({ level: "silent" }),
    now: w.clock,
    watchIntervalMs: 100,
  });
  apps.push(app);
  started.push(app);
  await app.start();
  return app;
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The checkers' tee-time reads, every instance's (stopped ones' too). */
const started: App[] = [];
async function checkerReads(): Promise<number> {
  let sum = 0;
  for (const app of started) {
    const m = /^fairway_watch_reads_total\{outcome="ok"\} (\d+)$/m.exec(await app.metrics.text());
    sum += Number(m?.[1] ?? 0);
  }
  return sum;
}

const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alerts = (user: SimulatedUser) =>
  user.messages().filter((m) => (m.text ?? "").includes("A tee time just opened")).length;

describe("watches with two instances on PostgreSQL", () => {
  it("one checker: each course is read once per check, the alert goes out once, and the standby takes over", async () => {
    const w = (world = await startPgWorld([AGENT]));
    await instance(w);
    await instance(w);
    const agent = w.telegram.user({ id: AGENT, language_code: "en" });
    const pattaya = coursesIn(w.sandbox, "pattaya").length;
    const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });

    agent.send("sat 7:00-8:00 4 pax pattaya");
    await tapWhen(agent, /^wt:f:/);
    await waitText(agent, "I am watching for you");
    // The leader's timer reads each course once; a second checker would read them again.
    await until("the first check", async () => ((await checkerReads()) >= pattaya ? true : undefined));
    await quiet(1_500);
    expect(await checkerReads()).toBe(pattaya);

    await release(w.sandbox, holds[0]!.reservationId);
    w.clock.advance(NEXT_CHECK);
    await waitText(agent, "A tee time just opened");
    await quiet(1_500);
    expect(await checkerReads()).toBe(2 * pattaya);
    expect(alerts(agent)).toBe(1);

    // The leader stops; the other instance leads, and its checker goes on from the stored schedule.
    const leader = apps.find((a) => a.leadership.isLeader())!;
    await leader.stop();
    apps.splice(apps.indexOf(leader), 1);
    const standby = apps[0]!;
    await until("the standby to lead", () => (standby.leadership.isLeader() ? true : undefined));
    await quiet(1_000);
    expect(await checkerReads()).toBe(2 * pattaya);
    await release(w.sandbox, holds[1]!.reservationId);
    w.clock.advance(NEXT_CHECK);
    await until("the second alert", () => (alerts(agent) === 2 ? true : undefined));
    await quiet(1_500);
    expect(await checkerReads()).toBe(3 * pattaya);
    expect(alerts(agent)).toBe(2);
  }, 60_000);
});
