import { describe, expect, it } from "vitest";
import { buttons, driveTo, tapWhen, until, waitText } from "../helpers/crash-world.js";
import { book, expectMoneyClean, RESERVE, scrape, startInstances, sum } from "../helpers/instances.js";
import { freePort, startRoundRobinProxy } from "../helpers/round-robin-proxy.js";
import { addToTally } from "../helpers/tally.js";

/**
 * Several fairway processes (`runFairway`, as `npm start` runs it) on one PostgreSQL, with SIGKILL:
 * three behind a round-robin proxy in webhook mode, and two long-polling under the leader lease.
 * Every agent's booking must end paid exactly once, with the invariant checker clean.
 */

/** A polling instance's environment: its public and operator ports free. */
const polling = async () => ({ PORT: String(await freePort()), OPERATOR_PORT: String(await freePort()) });

describe.concurrent("several instances on one PostgreSQL", () => {
  it("webhook mode: three instances behind a round-robin proxy, one SIGKILLed mid-load: every booking paid exactly once", async () => {
    const agents = Array.from({ length: 12 }, (_, i) => 9301 + i);
    const w = await startInstances(agents);
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    // Each instance's operator port (/readyz, /metrics), apart from the balancer's.
    const operatorPorts = await Promise.all(ports.map(() => freePort()));
    const alive = new Set(ports);
    const proxy = await startRoundRobinProxy(() => [...alive]);
    try {
      const webhookEnv = (i: number) => ({
        PORT: String(ports[i]),
        OPERATOR_PORT: String(operatorPorts[i]),
        WEBHOOK_URL: `${proxy.url}/telegram/webhook`,
        WEBHOOK_MAX_CONNECTIONS: "8",
      });
      const instances = ports.map((_, i) => w.start(webhookEnv(i)));
      await Promise.all(instances.map((p) => p.ready));
      expect(w.telegram.webhook()?.url).toBe(`${proxy.url}/telegram/webhook`);
      for (const port of operatorPorts) expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      const before = await scrape(operatorPorts[0]!);

      const users = agents.map((id) => w.user(id));
      const bookings = users.map((u, i) => book(u, i));
      // Mid-load: once a few holds exist, instance 2 dies with whatever it was handling.
      await until("some holds", () => w.sandbox.requests.filter((r) => RESERVE.test(r.path)).length >= 3, 60_000);
      const killedAt = w.clock();
      await instances[1]!.crash();
      // The balancer's health check takes the dead instance out after a while; until then it answers 502.
      setTimeout(() => alive.delete(ports[1]), 1_000);
      const attempts = await Promise.all(bookings);

      await expectMoneyClean(w, agents.length, attempts.filter((n) => n > 1).length, killedAt);
      const failedDeliveries = w.telegram.webhookDeliveries.filter((d) => d.ok === false).length;
      addToTally({ telegramFaults: failedDeliveries });
      // /metrics moved on a survivor: it handled updates of these bookings.
      const after = await scrape(operatorPorts[0]!);
      expect(sum(after, "fairway_updates_total")).toBeGreaterThan(sum(before, "fairway_updates_total"));
      expect(sum(after, "fairway_partner_requests_total")).toBeGreaterThan(
        sum(before, "fairway_partner_requests_total"),
      );
    } finally {
      await proxy.close();
      await w.close();
    }
  }, 300_000);

  it("polling mode: two instances never both poll; the standby takes over within 15 s of the leader's SIGKILL, and the bookings finish", async () => {
    const agents = Array.from({ length: 6 }, (_, i) => 9401 + i);
    const w = await startInstances([...agents, 9499]);
    try {
      const [a, b] = [w.start(await polling()), w.start(await polling())];
      await Promise.all([a.ready, b.ready]);
      const leaderOf = () =>
        [a, b].find(
          (p) => p.output().includes("this instance is the leader") && !p.output().includes("leadership lost"),
        );
      const leader = await until("a leader", leaderOf, 20_000);
      const standby = leader === a ? b : a;
      expect(standby.output()).not.toContain("this instance is the leader");

      const users = agents.map((id) => w.user(id));
      // Each agent gets as far as the tee times, then waits.
      await Promise.all(users.map((u, i) => driveTo(u, "slots", i, 30_000)));
      // Idle, the tee times shown. (An update the leader had fetched but not finished when it died is
      // lost in polling mode: Telegram counts it delivered. docs/deployment.md.)
      await Promise.all(
        users.map((u) =>
          until(`tee times for ${u.chatId}`, () => buttons(u).data.some((d) => /:s:\d+$/.test(d)), 30_000),
        ),
      );
      // …and their flows stored (the panel is edited before the state is written).
      await new Promise((r) => setTimeout(r, 1_000));
      const killedAt = Date.now();
      await leader.crash();
      await until("the standby leads", () => standby.output().includes("this instance is the leader"), 20_000);
      const takeoverMs = Date.now() - killedAt;
      expect(takeoverMs).toBeLessThanOrEqual(15_000);

      // The agents carry on where they were.
      await Promise.all(
        users.map(async (u, i) => {
          await tapWhen(u, /:s:\d+$/, Math.floor(i / 5) * 2, 30_000);
          await tapWhen(u, /:p:\d+$/, 0, 30_000);
          await waitText(u, "Customer's full name", 30_000);
          u.send("Golfer Standby");
          await waitText(u, "Customer's e-mail", 30_000);
          u.send(`golfer${u.chatId}@example.com`);
          await waitText(u, "Customer's mobile number", 30_000);
          u.send("081-234-5678");
          await waitText(u, "Your tee time is on hold", 30_000);
          await tapWhen(u, /:ok$/, 0, 30_000);
          await waitText(u, "Booking confirmed", 30_000);
        }),
      );
      await expectMoneyClean(w, agents.length);
      // A rolling deploy: a new standby starts, the leader gets SIGTERM, exits 0 after giving the lease up,
      // and the standby polls at its next try instead of waiting out the lease.
      const next = w.start(await polling());
      await next.ready;
      const stoppedAt = Date.now();
      await standby.kill("SIGTERM");
      expect(standby.child.exitCode).toBe(0);
      expect(standby.output()).toContain('"msg":"stopping"');
      await until("the new standby leads", () => next.output().includes("this instance is the leader"), 10_000);
      expect(Date.now() - stoppedAt).toBeLessThan(8_000);
      const late = w.user(9499);
      await driveTo(late, "date", 0, 30_000);
      await waitText(late, "choose a date", 30_000);

      // Never two pollers: no getUpdates was refused with 409.
      const conflicts = w.telegram.calls.filter(
        (c) => c.method.toLowerCase() === "getupdates" && c.error?.error_code === 409,
      );
      expect(conflicts).toEqual([]);
    } finally {
      await w.close();
    }
  }, 180_000);
});
