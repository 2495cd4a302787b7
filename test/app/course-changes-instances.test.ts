/**
 * One poller (issue 50): two fairway instances on one PostgreSQL, each with the course-changes timer every
 * 100 ms. Each instance reads the partner through its own counting proxy to the sandbox, so the test sees whose
 * `GET /order/{id}` each read is: only the leader's poll reads a due booking, once per pass, and when the course
 * refunds it the agent and the admin are told once. On SQLite there is one process (the lease is always its
 * own), so a second poller cannot exist there; test/bot/features/course-changes/notices.test.ts covers SQLite.
 *
 * The world's clock is stopped and moved by hand. Each move first renews the leader's lease past the new
 * instant (as the leader's own renewal would have done in real time), so a move longer than the lease's 10 s
 * does not let the standby take over.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { createConfig } from "../../src/config/index.js";
import { createLogger } from "../../src/logger.js";
import { driveTo, tapWhen, waitText } from "../helpers/crash-world.js";
import { startPgWorld, type PgWorld } from "../helpers/pg-world.js";
import { addToTally, serverFigures } from "../helpers/tally.js";

const AGENT = 9752;
const ADMIN = 9751;
const HOUR = 60 * 60_000;
/** COURSE_CHANGES_POLL_SECONDS: a booking on its day is read every 30 s. */
const SHORTEST_MS = 30_000;
const ENDED_STAFF = "The course refunded a paid booking";

let world: PgWorld | undefined;
const apps: App[] = [];
const proxies: Server[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  for (const p of proxies.splice(0)) await new Promise((r) => p.close(r));
  if (world) addToTally(serverFigures(world.sandbox, world.telegram));
  await world?.close();
  world = undefined;
});

/** A pass-through to the sandbox that records the path of every GET it forwards. */
async function countingProxy(target: string): Promise<{ url: string; gets: string[] }> {
  const to = new URL(target);
  const gets: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === "GET") gets.push((req.url ?? "").split("?")[0]!);
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  proxies.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${to.pathname === "/" ? "" : to.pathname}`, gets };
}

async function instance(w: PgWorld): Promise<{ app: App; gets: string[] }> {
  const proxy = await countingProxy(w.env.PARTNER_API_URL!);
  const config = createConfig({
    ...w.env,
    PARTNER_API_URL: proxy.url,
    ADMIN_IDS: String(ADMIN),
    COURSE_CHANGES_POLL_SECONDS: String(SHORTEST_MS / 1000),
    COURSE_CHANGES_READS_PER_MINUTE: "600",
  });
  const app = await createApp({
    config,
    logger: createLogger({ level: "silent" }),
    now: w.clock,
    courseChangesTickMs: 100,
  });
  apps.push(app);
  await app.start();
  return { app, gets: proxy.gets };
}

const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the course-changes poll with two instances on PostgreSQL", () => {
  it("only the leader reads the partner, each due booking once per pass; the course's refund is told once", async () => {
    const w = (world = await startPgWorld([AGENT]));
    const a = await instance(w);
    const b = await instance(w);
    expect(a.app.leadership.isLeader()).toBe(true);
    expect(b.app.leadership.isLeader()).toBe(false);
    const agent = w.telegram.user({ id: AGENT, language_code: "en" });
    const admin = w.telegram.user({ id: ADMIN, language_code: "en" });

    await driveTo(agent, "mobile", 0);
    agent.send("081-234-5678");
    await waitText(agent, "Your tee time is on hold");
    await tapWhen(agent, /:ok$/);
    await waitText(agent, "Booking confirmed");
    const booking = await a.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("state", "=", "PAID")
      .executeTakeFirstOrThrow();
    const read = `/api/v1/ext/order/${booking.reservation_id!}`;
    const reads = (gets: string[]) => gets.filter((p) => p.endsWith(read)).length;
    const before = { a: reads(a.gets), b: reads(b.gets) };

    /** Moves the stopped clock to `at`, the leader's lease renewed past it first. */
    const moveTo = async (at: number) => {
      await a.app.storage.db
        .updateTable("leases")
        .set({ expires_at: at + 10_000 })
        .where("name", "=", "leader")
        .execute();
      w.clock.set(at);
      await quiet(1_500);
      expect(a.app.leadership.isLeader(), "the first instance still leads").toBe(true);
    };
    w.clock.stop();

    // Two hours before the tee time: the booking is due (last read when it was paid), read once.
    const dayOf = booking.slot_starts_at - 2 * HOUR;
    await moveTo(dayOf);
    expect(reads(a.gets) - before.a).toBe(1);
    // Not due again until 30 s have passed, however often the leader's timer looks.
    await moveTo(dayOf + SHORTEST_MS - 5_000);
    expect(reads(a.gets) - before.a).toBe(1);
    await moveTo(dayOf + SHORTEST_MS + 1_000);
    expect(reads(a.gets) - before.a).toBe(2);

    // The course refunds it; the next pass reads it, follows the partner, and tells everyone once.
    const res = await fetch(`${w.sandbox.url}/__sandbox/course/end`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reservationId: booking.reservation_id, status: "REFUND" }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await moveTo(dayOf + 2 * SHORTEST_MS + 2_000);
    expect(reads(a.gets) - before.a).toBe(3);
    await w.telegram.idle({ quietMs: 300, timeoutMs: 10_000 });
    expect(agent.messages().filter((m) => (m.text ?? "").includes(ENDED_STAFF))).toHaveLength(1);
    expect(admin.messages().filter((m) => (m.text ?? "").includes(ENDED_STAFF))).toHaveLength(1);

    // Ended: no more reads, no second notice; the standby never read it at all.
    await moveTo(dayOf + 4 * SHORTEST_MS);
    await w.telegram.idle({ quietMs: 300, timeoutMs: 10_000 });
    expect(reads(a.gets) - before.a).toBe(3);
    expect(reads(b.gets) - before.b).toBe(0);
    expect(agent.messages().filter((m) => (m.text ?? "").includes(ENDED_STAFF))).toHaveLength(1);
    const ended = await a.app.storage.db
      .selectFrom("bookings")
      .select(["state", "ended_by"])
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ state: "REFUNDED", ended_by: "course" });
  }, 60_000);
});
