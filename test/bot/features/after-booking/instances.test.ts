import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { createApp, type App } from "../../../../src/app.js";
import { createConfig } from "../../../../src/config/index.js";
import { createLogger } from "../../../../src/logger.js";
import { bangkok } from "../../../helpers/clock.js";
import { driveTo, tapWhen, waitText } from "../../../helpers/crash-world.js";
import { startPgWorld, type PgWorld } from "../../../helpers/pg-world.js";
import { addToTally, serverFigures } from "../../../helpers/tally.js";

/**
 * Two fairway instances on one PostgreSQL. Only the leader runs the reminders' and the digest's
 * timer; here both instances also run passes at the same instants, as a leader change mid-pass
 * would: the database claims still let each reminder and each day's digest out once.
 */

const AGENT = 9402;
const ADMIN = 9401;
const HOUR = 60 * 60_000;

let world: PgWorld | undefined;
const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  if (world) addToTally(serverFigures(world.sandbox, world.telegram));
  await world?.close();
  world = undefined;
});

async function instance(w: PgWorld, partnerTimeoutMs = 5000): Promise<App> {
  const config = createConfig({
    ...w.env,
    ADMIN_IDS: String(ADMIN),
    REMINDERS: "2h,1h",
    PARTNER_TIMEOUT_MS: String(partnerTimeoutMs),
  });
  const app = await createApp({
    config,
    logger: createLogger({ level: "silent" }),
    now: w.clock,
    afterBookingIntervalMs: 100,
  });
  apps.push(app);
  await app.start();
  return app;
}

/** Both instances run passes at once, three times over; then the Bot API server is left to go quiet. */
async function racePasses(w: PgWorld, at: number): Promise<void> {
  w.clock.set(at);
  for (let i = 0; i < 3; i++) await Promise.all(apps.map((a) => a.afterBooking.tick()));
  // What they queued goes out through the leader's paced outbox.
  const until = performance.now() + 15_000;
  while ((await apps[0]!.outbox.depth()) > 0 || apps.some((a) => a.outbox.busy())) {
    if (performance.now() > until) throw new Error("the outbox did not drain in 15 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  await w.telegram.idle({ quietMs: 300, timeoutMs: 10_000 });
}

const count = (user: SimulatedUser, needle: string) =>
  user.messages().filter((m) => (m.text ?? "").includes(needle)).length;

describe("reminders and the digest with two instances on PostgreSQL", () => {
  it("each reminder and each day's digest goes out once", async () => {
    const w = (world = await startPgWorld([AGENT]));
    const a = await instance(w);
    await instance(w);
    expect(a.leadership.isLeader()).toBe(true);
    const agent = w.telegram.user({ id: AGENT, language_code: "en" });
    const admin = w.telegram.user({ id: ADMIN, language_code: "en" });

    await driveTo(agent, "mobile", 0);
    agent.send("081-234-5678");
    await waitText(agent, "Your tee time is on hold");
    await tapWhen(agent, /:ok$/);
    await waitText(agent, "Booking confirmed");
    const booking = await a.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("state", "=", "PAID")
      .executeTakeFirstOrThrow();

    await racePasses(w, booking.slot_starts_at - 2 * HOUR);
    expect(count(agent, "Reminder: you tee off in 2 hours")).toBe(1);
    await racePasses(w, booking.slot_starts_at - HOUR);
    expect(count(agent, "Reminder: you tee off in 1 hour")).toBe(1);
    expect(count(agent, "Reminder: you tee off in")).toBe(2);
    const claims = await a.storage.db
      .selectFrom("reminders_sent")
      .select(["offset_minutes", "outcome"])
      .orderBy("offset_minutes")
      .execute();
    expect(claims).toEqual([
      { offset_minutes: 60, outcome: "sent" },
      { offset_minutes: 120, outcome: "sent" },
    ]);

    // The leader's own timer (every 100 ms) and both instances' passes, at the digest's hour.
    await racePasses(w, bangkok("2026-11-27T08:00"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(count(admin, "Daily digest for Thu 26 Nov 2026")).toBe(1);
    expect(admin.messages().filter((m) => m.document).length).toBe(1);
  });

  it("an instance stuck reading the partner's balance has claimed nothing: the other instance sends the day's digest, once", async () => {
    const w = (world = await startPgWorld([AGENT]));
    const balance = /\/balance$/;
    // The leader's first digest pass hangs on the balance until its partner timeout (8 s).
    w.sandbox.faults.add({ kind: "hang", path: balance, times: 1 });
    const a = await instance(w, 8000);
    const b = await instance(w, 8000);
    expect(a.leadership.isLeader()).toBe(true);
    const admin = w.telegram.user({ id: ADMIN, language_code: "en" });
    const hanging = () => w.sandbox.requests.find((r) => balance.test(r.path) && r.fault === "hang");

    w.clock.set(bangkok("2026-11-27T08:00"));
    const until = performance.now() + 5_000;
    while (!hanging()) {
      if (performance.now() > until) throw new Error("the leader's pass did not read the balance");
      await new Promise((r) => setTimeout(r, 20));
    }
    await b.afterBooking.tick();
    expect(hanging()?.status, "the leader's balance read still hangs").toBe(0);
    expect(await a.storage.db.selectFrom("digests_sent").select("day").execute()).toEqual([{ day: "2026-11-27" }]);
    // Sent by the second instance's pass, not by the leader once its read times out (8 s).
    await waitText(admin, "Daily digest for Thu 26 Nov 2026", 4_000);
    expect(hanging()?.status, "the leader's balance read still hangs").toBe(0);

    // The leader's read ends (timed out); its pass finds the day claimed and sends nothing more.
    await a.afterBooking.tick();
    await w.telegram.idle({ quietMs: 300, timeoutMs: 10_000 });
    expect(count(admin, "Daily digest for Thu 26 Nov 2026")).toBe(1);
    expect(admin.messages().filter((m) => m.document).length).toBe(1);
  }, 30_000);
});
