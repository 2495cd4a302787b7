import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { translate } from "../../src/bot/i18n.js";
import type { Locale } from "../../src/locale.js";
import { createStorage } from "../../src/storage/index.js";
import type { BotProcess } from "../helpers/bot-process.js";
import { dataOf } from "../helpers/buttons.js";
import { buttons, driveTo, tapWhen, until, waitText } from "../helpers/crash-world.js";
import { TEST_POSTGRES_URL } from "../helpers/databases.js";
import { CONFIRM, expectMoneyClean, startInstances } from "../helpers/instances.js";
import { startPgOutageProxy } from "../helpers/pg-outage-proxy.js";
import { freePort, startRoundRobinProxy } from "../helpers/round-robin-proxy.js";

/**
 * PostgreSQL goes away from three webhook instances while agents are in the middle of their bookings
 * (a TCP proxy between fairway and the real server drops every connection and refuses new ones; the
 * real server is shared with other tests and never stopped). Every update that arrives meanwhile is
 * answered that fairway is busy, in its user's language; /readyz says 503; once the database is back the
 * bookings carry on from where they were, the leader's jobs run again, and the money is exact.
 */

const BUSY = (locale: Locale) => translate(locale, "error-database-busy");

/** Waits for a message after the chat's first `since` messages that contains `text`. */
async function waitNewText(user: SimulatedUser, since: number, text: string, timeout = 60_000): Promise<void> {
  try {
    await until(
      `"${text}" for ${user.chatId}`,
      () =>
        user
          .messages()
          .slice(since)
          .some((m) => (m.text ?? "").includes(text)) || undefined,
      timeout,
    );
  } catch (error) {
    const last = user
      .messages()
      .slice(-4)
      .map((m) => `  ${JSON.stringify((m.text ?? "").slice(0, 160))} [${dataOf(m).join(" ")}]`);
    throw new Error(`${(error as Error).message}; the chat ends:\n${last.join("\n")}`, { cause: error });
  }
}

describe("PostgreSQL going away under load", () => {
  it("three webhook instances lose the database for a while: every update meanwhile is answered busy in its user's language, /readyz says 503, and afterwards every booking finishes with the money exact", async () => {
    // Agents waiting to type the customer's mobile number, and agents whose tee time is on hold.
    const typing = Array.from({ length: 6 }, (_, i) => 9601 + i);
    const holding = Array.from({ length: 4 }, (_, i) => 9611 + i);
    // Staff in Thai, staff whose Telegram speaks Korean (staff read Thai or English), customers-to-be.
    const thaiAgent = 9621;
    const koreanAgent = 9622;
    const strangers: [number, Locale][] = [
      [9631, "ko"],
      [9632, "ja"],
      [9633, "zh"],
    ];
    const w = await startInstances([...typing, ...holding, thaiAgent, koreanAgent]);
    const upstream = new URL(TEST_POSTGRES_URL);
    const pg = await startPgOutageProxy(
      { host: upstream.hostname, port: Number(upstream.port || 5432) },
      await freePort(),
    );
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const operatorPorts = await Promise.all(ports.map(() => freePort()));
    const balancer = await startRoundRobinProxy(() => ports);
    const readyz = (port: number) =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
    /** Polls an instance's /readyz until it answers `status` (0: no answer at all). */
    const readyzSays = async (port: number, status: number, p: BotProcess) => {
      const deadline = Date.now() + 60_000;
      let last = -1;
      while ((last = await readyz(port)) !== status) {
        if (Date.now() > deadline)
          throw new Error(
            `/readyz on ${port} said ${last}, not ${status}; the instance's output ends:\n${p.output().slice(-3000)}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      const instances = ports.map((port, i) =>
        w.start({
          DATABASE_URL: pg.urlFor((w.env as Record<string, string>).DATABASE_URL!),
          PORT: String(port),
          OPERATOR_PORT: String(operatorPorts[i]),
          WEBHOOK_URL: `${balancer.url}/telegram/webhook`,
          WEBHOOK_MAX_CONNECTIONS: "8",
        }),
      );
      await Promise.all(instances.map((p) => p.ready));
      for (const port of operatorPorts) expect(await readyz(port)).toBe(200);
      await until("a leader", () => instances.some((p) => p.output().includes("this instance is the leader")), 30_000);

      const typers = typing.map((id) => w.user(id));
      const holders = holding.map((id) => w.user(id));
      await Promise.all([
        ...typers.map((u, i) => driveTo(u, "mobile", i, 60_000)),
        ...holders.map((u, i) => driveTo(u, "held", typing.length + i, 60_000)),
      ]);
      // The flows are stored once their panels are shown: wait until no update is in flight.
      await until(
        "the webhook deliveries done",
        () => w.telegram.webhookDeliveries.every((d) => d.ok !== undefined) || undefined,
        30_000,
      );

      // The database goes away.
      const outputsAtCut = instances.map((p) => p.output().length);
      await pg.cut();
      await Promise.all(operatorPorts.map((port, i) => readyzSays(port, 503, instances[i]!)));

      // Everyone writes at once: the typers their customer's number, the holders tap Confirm, the
      // others /book or /start. Each is answered that fairway is busy, in their language.
      const confirmsBefore = w.sandbox.requests.filter((r) => CONFIRM.test(r.path)).length;
      const thai = w.telegram.user({ id: thaiAgent, language_code: "th" });
      const korean = w.telegram.user({ id: koreanAgent, language_code: "ko" });
      const customers = strangers.map(([id, code]) => ({ user: w.telegram.user({ id, language_code: code }), code }));
      const texts: { user: SimulatedUser; since: number; locale: Locale }[] = [];
      for (const u of typers) {
        texts.push({ user: u, since: u.messages().length, locale: "en" });
        u.send("081-234-5678");
      }
      for (const [u, text, locale] of [
        [thai, "/book", "th"],
        [korean, "/book", "en"],
        ...customers.map((c) => [c.user, "/start", c.code] as const),
      ] as const) {
        texts.push({ user: u, since: u.messages().length, locale });
        u.send(text);
      }
      const taps = holders.map((u) => {
        const since = u.messages().length;
        const ok = buttons(u).data.find((d) => /:ok$/.test(d))!;
        return { user: u, since, query: u.tap({ data: ok, messageId: buttons(u).messageId! }) };
      });
      await Promise.all(texts.map((t) => waitNewText(t.user, t.since, BUSY(t.locale))));
      // A tap is answered (its spinner stops, with the notice) and its chat told too.
      await Promise.all(
        taps.map(async (t) => {
          const answer = await until(
            `the answer to ${t.user.chatId}'s tap`,
            () => w.telegram.callbackAnswers.find((a) => a.queryId === t.query),
            60_000,
          );
          expect(answer.text).toBe(BUSY("en"));
          await waitNewText(t.user, t.since, BUSY("en"));
        }),
      );
      expect(w.telegram.unansweredCallbackQueries()).toEqual([]);
      // Nothing was confirmed meanwhile.
      expect(w.sandbox.requests.filter((r) => CONFIRM.test(r.path))).toHaveLength(confirmsBefore);
      // The leader cannot renew its lease: it stops the once-only jobs (the lease lapses for everyone).
      await until(
        "the leader stepping down",
        () => instances.some((p, i) => p.output().slice(outputsAtCut[i]).includes("leadership lost")) || undefined,
        60_000,
      );
      for (const p of instances) expect(p.child.exitCode).toBeNull();
      for (const port of operatorPorts) expect(await readyz(port)).toBe(503);
      // A notice queued meanwhile (another writer of the same database: the test's own connection) waits
      // in the outbox for the next leader.
      const direct = await createStorage(w.db.config);
      try {
        const notice = { chatId: thaiAgent, text: "queued during the outage", what: "outage-test" };
        await direct.db
          .insertInto("outbox")
          .values({
            id: randomUUID(),
            seq: Date.now() * 1000,
            chat_id: thaiAgent,
            what: notice.what,
            payload: JSON.stringify(notice),
            created_at: w.clock(),
            attempts: 0,
            claimed_until: 0,
          })
          .execute();
      } finally {
        await direct.close();
      }

      // The database comes back.
      const outputsAtRestore = instances.map((p) => p.output().length);
      await pg.restore();
      await Promise.all(operatorPorts.map((port, i) => readyzSays(port, 200, instances[i]!)));
      await until(
        "a leader again",
        () => instances.some((p, i) => p.output().slice(outputsAtRestore[i]).includes("this instance is the leader")),
        60_000,
      );

      // The bookings carry on from where they were: the typers send the number again, the holders confirm.
      await Promise.all([
        ...typers.map(async (u) => {
          u.send("081-234-5678");
          await waitText(u, "Your tee time is on hold", 60_000);
          await tapWhen(u, /:ok$/, 0, 60_000);
          await waitText(u, "Booking confirmed", 60_000);
        }),
        ...holders.map(async (u) => {
          await tapWhen(u, /:ok$/, 0, 60_000);
          await waitText(u, "Booking confirmed", 60_000);
        }),
      ]);
      await expectMoneyClean(w, typers.length + holders.length);
      // The shared limits' heartbeat recovered on every instance, and none crashed.
      for (const [i, p] of instances.entries()) {
        await until(
          `instance ${i}'s heartbeat`,
          () => p.output().slice(outputsAtRestore[i]).includes("instance heartbeat works again") || undefined,
          60_000,
        );
        expect(p.child.exitCode).toBeNull();
      }
      // The outbox drains again: the notice queued during the outage arrives.
      await waitText(thai, "queued during the outage", 60_000);
      // Staff and customers who wrote during the outage are served now.
      const since = thai.messages().length;
      thai.send("/book");
      await waitNewText(thai, since, translate("th", "course-title"));
    } finally {
      await balancer.close();
      await w.close();
      await pg.close();
    }
  }, 300_000);
});
