import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { translate } from "../../src/bot/i18n.js";
import type { Locale } from "../../src/locale.js";
import { createStorage } from "../../src/storage/index.js";
import type { BotProcess } from "../helpers/bot-process.js";
import { dataOf } from "../helpers/buttons.js";
import { buttons, driveTo, tapWhen, TOMORROW, until, waitText } from "../helpers/crash-world.js";
import { WORLD_START } from "../helpers/clock.js";
import { tomorrow } from "../helpers/flow.js";
import { addDaysToDateKey } from "../../src/bot/format/dates.js";
import { TEST_POSTGRES_URL } from "../helpers/databases.js";
import { CONFIRM, expectMoneyClean, holdAgain, RESERVE, scrape, startInstances, sum } from "../helpers/instances.js";
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

/**
 * The pg-instances world (`startInstances`) with a TCP proxy between fairway and PostgreSQL, and three
 * webhook instances behind a round-robin balancer, all of them ready and answering /readyz 200.
 */
async function startOutageWorld(agentIds: number[]) {
  const w = await startInstances(agentIds);
  const upstream = new URL(TEST_POSTGRES_URL);
  const pg = await startPgOutageProxy(
    { host: upstream.hostname, port: Number(upstream.port || 5432) },
    await freePort(),
  );
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  const operatorPorts = await Promise.all(ports.map(() => freePort()));
  const balancer = await startRoundRobinProxy(() => ports);
  const close = async () => {
    await balancer.close();
    await w.close();
    await pg.close();
  };
  const readyz = (port: number) =>
    fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
  const instances = ports.map((port, i) =>
    w.start({
      DATABASE_URL: pg.urlFor((w.env as Record<string, string>).DATABASE_URL!),
      PORT: String(port),
      OPERATOR_PORT: String(operatorPorts[i]),
      WEBHOOK_URL: `${balancer.url}/telegram/webhook`,
      WEBHOOK_MAX_CONNECTIONS: "8",
    }),
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
    await Promise.all(instances.map((p) => p.ready));
    for (const port of operatorPorts) expect(await readyz(port)).toBe(200);
  } catch (error) {
    await close();
    throw error;
  }
  return { w, pg, instances, operatorPorts, readyz, readyzSays, close };
}

/** The deliveries of every update so far have ended (no update in flight at any instance). */
const deliveriesDone = (w: Awaited<ReturnType<typeof startInstances>>) =>
  until(
    "the webhook deliveries done",
    () => w.telegram.webhookDeliveries.every((d) => d.ok !== undefined) || undefined,
    30_000,
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY_AFTER = new RegExp(`:d:${addDaysToDateKey(tomorrow(WORLD_START), 1).replaceAll("-", "")}$`);

/** The panel (the latest bot message with buttons) says `text`. */
const panelSays = (u: SimulatedUser, text: string) => buttons(u).text.includes(text);
const panelHas = (u: SimulatedUser, pattern: RegExp) => buttons(u).data.some((d) => pattern.test(d));

/**
 * One agent's booking as a person makes it, looking at the screen: each step's action (a tap on the
 * panel, or text typed) and what the panel shows when the step is to be taken. The tenth "step" is the
 * receipt.
 */
function bookingSteps(u: SimulatedUser, pick: number) {
  const tap =
    (pattern: RegExp, nth = 0) =>
    () => {
      const b = buttons(u);
      const data = b.data.filter((d) => pattern.test(d))[nth];
      if (data === undefined) return false;
      u.tap({ data, messageId: b.messageId! });
      return true;
    };
  const send = (text: string) => () => (u.send(text), true);
  const name = [...String(u.chatId)].map((d) => "abcdefghij"[Number(d)]).join("");
  const date = Math.floor(pick / 5) % 2 === 0 ? TOMORROW : DAY_AFTER;
  return [
    { act: send("/book"), shows: () => true },
    { act: tap(new RegExp(`:c:${pick % 5}$`)), shows: () => panelSays(u, "Choose a golf course") },
    { act: tap(/:go$/), shows: () => panelHas(u, /:go$/) },
    { act: tap(date), shows: () => panelHas(u, date) },
    { act: tap(/:s:\d+$/, Math.floor(pick / 10) * 2), shows: () => panelHas(u, /:s:\d+$/) },
    { act: tap(/:p:\d+$/), shows: () => panelHas(u, /:p:\d+$/) },
    {
      act: send(`Golfer ${name.charAt(0).toUpperCase()}${name.slice(1)}`),
      shows: () => panelSays(u, "Customer's full name"),
    },
    { act: send(`golfer${u.chatId}@example.com`), shows: () => panelSays(u, "Customer's e-mail") },
    { act: send("081-234-5678"), shows: () => panelSays(u, "Customer's mobile number") },
    { act: tap(/:ok$/), shows: () => panelSays(u, "Your tee time is on hold") && panelHas(u, /:ok$/) },
    { act: () => true, shows: () => u.messages().some((m) => (m.text ?? "").includes("Booking confirmed")) },
  ];
}

/** What says the flow and the chat disagree, or that the user must start again. */
const CONFUSED = [
  translate("en", "use-buttons-hint"),
  translate("en", "input-commands-hint"),
  translate("en", "menu-expired"),
  "still being placed",
  "Please book again with /book",
  "That doesn't look like",
  translate("en", "name-invalid"),
];

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
    const { w, pg, instances, operatorPorts, readyz, readyzSays, close } = await startOutageWorld([
      ...typing,
      ...holding,
      thaiAgent,
      koreanAgent,
    ]);
    try {
      for (const port of operatorPorts) expect(await readyz(port)).toBe(200);
      await until("a leader", () => instances.some((p) => p.output().includes("this instance is the leader")), 30_000);

      const typers = typing.map((id) => w.user(id));
      const holders = holding.map((id) => w.user(id));
      await Promise.all([
        ...typers.map((u, i) => driveTo(u, "mobile", i, 60_000)),
        ...holders.map((u, i) => driveTo(u, "held", typing.length + i, 60_000)),
      ]);
      // The flows are stored once their panels are shown: wait until no update is in flight.
      await deliveriesDone(w);

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
      await close();
    }
  }, 300_000);

  it("the database cut in the middle of the agents' holds: each is answered, and afterwards each booking is held again or its agent told plainly to book again; paid once, no hold left unaccounted", async () => {
    const agents = Array.from({ length: 6 }, (_, i) => 9641 + i);
    const { w, pg, instances, operatorPorts, readyzSays, close } = await startOutageWorld(agents);
    try {
      const users = agents.map((id) => w.user(id));
      await Promise.all(users.map((u, i) => driveTo(u, "mobile", i, 60_000)));
      await deliveriesDone(w);
      // Every agent sends the customer's number at once; the database goes once the first hold is asked for.
      const since = users.map((u) => u.messages().length);
      for (const u of users) u.send("081-234-5678");
      await until("a reserve", () => w.sandbox.requests.some((r) => RESERVE.test(r.path)) || undefined, 60_000);
      const cutAt = w.clock();
      await pg.cut();
      // Each update gets an answer: its hold (it was through before the cut) or the busy notice.
      const HELD = "Your tee time is on hold";
      const answered = (u: SimulatedUser, i: number) =>
        u
          .messages()
          .slice(since[i])
          .map((m) => m.text ?? "")
          .find((t) => t.includes(HELD) || t.includes(BUSY("en")));
      await Promise.all(users.map((u, i) => until(`an answer for ${u.chatId}`, () => answered(u, i), 60_000)));
      for (const p of instances) expect(p.child.exitCode).toBeNull();
      const restoredAt = w.clock();
      await pg.restore();
      await Promise.all(operatorPorts.map((port, i) => readyzSays(port, 200, instances[i]!)));

      // Afterwards: a hold shown is confirmed; otherwise the number is sent again, which holds the tee
      // time, or (the reserve was cut off midway) says the hold is still being placed until the reaper
      // settles it and tells the agent to book again; the agent does.
      const attempts = await Promise.all(
        users.map(async (u, i) => {
          let tries = 1;
          if (!answered(u, i)!.includes(HELD)) {
            const from = u.messages().length;
            u.send("081-234-5678");
            const next = await until(
              `the answer to ${u.chatId}'s number`,
              () =>
                u
                  .messages()
                  .slice(from)
                  .map((m) => m.text ?? "")
                  .map((t) => (t.includes(HELD) ? "held" : t.includes("still being placed") ? "placing" : undefined))
                  .find(Boolean),
              60_000,
            );
            if (next === "placing") {
              await waitNewText(u, from, "Please book again with /book", 180_000);
              await holdAgain(u, i, 60_000);
              tries = 2;
            }
          }
          await tapWhen(u, /:ok$/, 0, 60_000);
          await waitText(u, "Booking confirmed", 60_000);
          return tries;
        }),
      );
      const lost = attempts.filter((n) => n > 1).length;
      await expectMoneyClean(w, agents.length, lost, cutAt, restoredAt);
      // No hold is left at the partner: one the database could not record was released at once, one
      // recorded only in the audit log by the reaper.
      await until(
        "every hold paid or released",
        () => w.sandbox.reservations().every((r) => r.status === "PAID" || r.status === "CANCEL") || undefined,
        60_000,
      ).catch(() => undefined);
      expect(w.sandbox.reservations().filter((r) => r.status !== "PAID" && r.status !== "CANCEL")).toEqual([]);
    } finally {
      await close();
    }
  }, 400_000);

  it("two polling instances lose the database: what the leader still fetches is answered busy, what is sent after it stepped down waits at Telegram and is served once the database is back, each exactly once; the bookings finish with the money exact", async () => {
    const early = [9661, 9662];
    const late = [9663, 9664];
    const korean = 9671;
    const w = await startInstances([...early, ...late]);
    const upstream = new URL(TEST_POSTGRES_URL);
    const pg = await startPgOutageProxy(
      { host: upstream.hostname, port: Number(upstream.port || 5432) },
      await freePort(),
    );
    try {
      const operatorPorts = [await freePort(), await freePort()];
      const instances = operatorPorts.map((port) =>
        w.start({
          DATABASE_URL: pg.urlFor((w.env as Record<string, string>).DATABASE_URL!),
          OPERATOR_PORT: String(port),
        }),
      );
      await Promise.all(instances.map((p) => p.ready));
      await until("a leader", () => instances.some((p) => p.output().includes("this instance is the leader")), 30_000);
      const users = [...early, ...late].map((id) => w.user(id));
      await Promise.all(users.map((u, i) => driveTo(u, "mobile", i, 60_000)));
      // Every update sent so far handled to its end (its flow's step stored), as the instances count them.
      const sent =
        users.reduce((n, u) => n + u.messages().filter((m) => !m.from?.is_bot).length, 0) +
        w.telegram.callbackQueries().length;
      const handled = async () =>
        (await Promise.all(operatorPorts.map(scrape))).reduce((n, m) => n + sum(m, "fairway_updates_total"), 0);
      for (let t = Date.now(); (await handled()) < sent;) {
        if (Date.now() - t > 30_000) throw new Error(`${await handled()} of ${sent} updates handled`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const HELD = "Your tee time is on hold";
      const since = users.map((u) => u.messages().length);
      // The busy notice is a message of its own; the hold is shown in the flow's panel (edited in place).
      const busy = (i: number) =>
        users[i]!.messages()
          .slice(since[i])
          .filter((m) => (m.text ?? "").includes(BUSY("en")));
      const held = (i: number) => users[i]!.messages().filter((m) => (m.text ?? "").includes(HELD));

      const outputsAtCut = instances.map((p) => p.output().length);
      await pg.cut();
      // While the leader still polls, what it fetches is answered at once: fairway is busy.
      for (const u of users.slice(0, early.length)) u.send("081-234-5678");
      await Promise.all(early.map((_, i) => until(`a busy answer for ${users[i]!.chatId}`, () => busy(i)[0], 60_000)));
      // It cannot renew its lease: it steps down and stops polling, and nobody else can take the lease.
      await until(
        "the leader stepping down",
        () => instances.some((p, i) => p.output().slice(outputsAtCut[i]).includes("leadership lost")) || undefined,
        60_000,
      );
      // What is sent now waits at Telegram: no answer while the database is away.
      const stranger = w.telegram.user({ id: korean, language_code: "ko" });
      for (const u of users.slice(early.length)) u.send("081-234-5678");
      stranger.send("/start");
      await new Promise((r) => setTimeout(r, 2_000));
      for (const i of users.keys()) expect(held(i)).toEqual([]);
      for (const i of late.keys()) expect(busy(early.length + i)).toEqual([]);
      expect(stranger.messages().filter((m) => m.from?.is_bot)).toEqual([]);
      for (const p of instances) expect(p.child.exitCode).toBeNull();

      const outputsAtRestore = instances.map((p) => p.output().length);
      await pg.restore();
      await until(
        "a leader again",
        () => instances.some((p, i) => p.output().slice(outputsAtRestore[i]).includes("this instance is the leader")),
        60_000,
      );
      // The waiting messages are served now, once each: the late agents' holds, the stranger's answer in Korean.
      for (const i of late.keys()) {
        const at = early.length + i;
        await until(`the hold for ${users[at]!.chatId}`, () => held(at)[0], 60_000);
        expect(held(at)).toHaveLength(1);
        expect(busy(at)).toEqual([]);
      }
      const told = await until(
        "the stranger's answer",
        () => {
          const bot = stranger.messages().filter((m) => m.from?.is_bot);
          return bot.length > 0 ? bot : undefined;
        },
        60_000,
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toMatch(/[가-힣]/);
      expect(told[0]!.text).not.toContain(translate("ko", "error-database-busy"));
      // The early agents send the number again; every booking finishes, paid once.
      await Promise.all(
        users.map(async (u, i) => {
          if (i < early.length) {
            const from = u.messages().length;
            u.send("081-234-5678");
            await waitNewText(u, from, HELD, 60_000);
          }
          await tapWhen(u, /:ok$/, 0, 60_000);
          await waitText(u, "Booking confirmed", 60_000);
        }),
      );
      // Each early agent was told busy once (the update fetched before the step-down was not served again).
      for (const i of early.keys()) expect(busy(i)).toHaveLength(1);
      await expectMoneyClean(w, users.length);
      for (const p of instances) expect(p.child.exitCode).toBeNull();
    } finally {
      await w.close();
      await pg.close();
    }
  }, 300_000);

  it("the database goes away between a panel shown and its step stored: after the outage the agent's answer to the prompt on screen is taken, nothing typed is lost, and the booking is paid once", async () => {
    const agent = 9691;
    const w = await startInstances([agent]);
    const upstream = new URL(TEST_POSTGRES_URL);
    const pg = await startPgOutageProxy(
      { host: upstream.hostname, port: Number(upstream.port || 5432) },
      await freePort(),
    );
    try {
      const operatorPort = await freePort();
      const instance = w.start({
        DATABASE_URL: pg.urlFor((w.env as Record<string, string>).DATABASE_URL!),
        OPERATOR_PORT: String(operatorPort),
      });
      await instance.ready;
      await until("a leader", () => instance.output().includes("this instance is the leader") || undefined, 30_000);
      const u = w.user(agent);
      await driveTo(u, "players", 0, 60_000);
      // Telegram shows the name prompt, and the database goes away before the bot hears that it did: the
      // flow's new step (stored at the end of the update) cannot be written.
      const held = w.telegram.holdAnswer(
        "*",
        (p) => typeof p.text === "string" && p.text.includes("Customer's full name"),
      );
      const since = u.messages().length;
      await tapWhen(u, /:p:\d+$/, 0, 60_000);
      await held.arrived;
      await pg.cut();
      held.release();
      await waitNewText(u, since, BUSY("en"));
      expect(
        u.messages().some((m) => (m.text ?? "").includes("Customer's full name")),
        "the chat shows the name prompt",
      ).toBe(true);

      // The database comes back; the agent answers the prompt on screen once fairway is ready again.
      await pg.restore();
      const ready = () =>
        fetch(`http://127.0.0.1:${operatorPort}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
      for (const deadline = Date.now() + 60_000; !(await ready());) {
        if (Date.now() > deadline) throw new Error("/readyz did not say 200 after the database came back");
        await new Promise((r) => setTimeout(r, 100));
      }
      const beforeName = u.messages().length;
      u.send("Golfer Outage");
      await waitNewText(u, beforeName, "Customer's e-mail", 60_000);
      expect(
        u
          .messages()
          .slice(beforeName)
          .map((m) => m.text ?? "")
          .filter((t) => t.includes("Please use the buttons above")),
        "the name met the step the chat shows",
      ).toEqual([]);
      u.send("golfer9691@example.com");
      await waitText(u, "Customer's mobile number", 60_000);
      u.send("081-234-5678");
      await waitText(u, "Your tee time is on hold", 60_000);
      await tapWhen(u, /:ok$/, 0, 60_000);
      await waitText(u, "Booking confirmed", 60_000);
      await expectMoneyClean(w, 1);
      expect(instance.child.exitCode).toBeNull();
    } finally {
      await w.close();
      await pg.close();
    }
  }, 300_000);

  it("bookings in progress live through a 10 s outage under load: each agent repeats what met 'busy' (the same tap or text, or the answer to the prompt on screen), and at least 90 % finish without starting over, the money exact", async () => {
    const count = Number(process.env.OUTAGE_AGENTS ?? 40);
    const agents = Array.from({ length: count }, (_, i) => 9701 + i);
    const { w, pg, instances, operatorPorts, readyzSays, close } = await startOutageWorld(agents);
    // Credit for every agent's tee time (the seeded balance pays for a dozen or so).
    w.sandbox.setBalance(100_000_000_00);
    w.initialBalance = w.sandbox.balance();
    const started = Date.now();
    try {
      let restore!: () => void;
      const restored = new Promise<void>((r) => (restore = r));
      const rng = (min: number, max: number) => min + Math.random() * (max - min);
      type Outcome = { finished: "straight" | "again" | "never"; busy: number; why?: string };
      const drive = async (u: SimulatedUser, pick: number): Promise<{ done: boolean; busy: number; why?: string }> => {
        const steps = bookingSteps(u, pick);
        const tap = (pattern: RegExp) => () => {
          const b = buttons(u);
          const data = b.data.find((d) => pattern.test(d));
          if (data !== undefined) u.tap({ data, messageId: b.messageId! });
        };
        let busy = 0;
        for (let i = 0; i < steps.length - 1;) {
          await sleep(rng(300, 1500));
          if (!steps[i]!.shows()) return { done: false, busy, why: `step ${i} not on screen` };
          const since = u.messages().length;
          if (!steps[i]!.act()) return { done: false, busy, why: `step ${i}: its button is gone` };
          const next = steps[i + 1]!;
          const after = () =>
            u
              .messages()
              .slice(since)
              .map((m) => m.text ?? "");
          const outcome = await until(
            `step ${i + 1} for ${u.chatId}`,
            () => {
              if (next.shows()) return "next";
              if (i === 5 && panelHas(u, /:rc:0$/)) return "customer";
              const texts = after();
              if (texts.some((t) => CONFUSED.some((c) => t.includes(c)))) return "confused";
              if (texts.some((t) => t.includes(BUSY("en")))) return "busy";
              return undefined;
            },
            60_000,
          ).catch(() => "timeout" as const);
          if (outcome === "next") {
            i += 1;
            continue;
          }
          if (outcome === "customer") {
            // Booking again: the flow offers the customer typed the first time; reused, it holds the tee time.
            tap(/:rc:0$/)();
            await until(`the hold for ${u.chatId}`, () => steps[9]!.shows() || undefined, 60_000).catch(
              () => undefined,
            );
            i = 9;
            continue;
          }
          if (outcome !== "busy") {
            const tail = after().map((t) => t.slice(0, 80).replaceAll("\n", " / "));
            const panel = buttons(u).text.slice(0, 80).replaceAll("\n", " / ");
            return { done: false, busy, why: `step ${i + 1}: ${outcome}: ${JSON.stringify(tail)}, panel "${panel}"` };
          }
          busy += 1;
          // A person tries again a few seconds after the bot works again: what the screen shows.
          await restored;
          await sleep(rng(1000, 4000));
          if (next.shows()) i += 1;
        }
        return { done: true, busy };
      };
      const cutAt = { at: 0 };
      const runs = agents.map(async (id, pick): Promise<Outcome> => {
        const u = w.user(id);
        await sleep(rng(0, 4000));
        const first = await drive(u, pick);
        if (first.done) return { finished: "straight", busy: first.busy };
        // Started over: /cancel (which releases any hold), then the whole booking again.
        u.send("/cancel");
        await sleep(3_000);
        const again = await drive(u, pick);
        return {
          finished: again.done ? "again" : "never",
          busy: first.busy,
          why: `${id}: ${first.why}${again.done ? "" : `; starting over: ${again.why}`}`,
        };
      });
      // The cut comes in the middle of the run: most agents are part-way through their booking.
      await sleep(7_000);
      cutAt.at = w.clock();
      await pg.cut();
      await sleep(10_000);
      const restoredAt = w.clock();
      await pg.restore();
      restore();
      await Promise.all(operatorPorts.map((port, i) => readyzSays(port, 200, instances[i]!)));
      const outcomes = await Promise.all(runs);

      const straight = outcomes.filter((o) => o.finished === "straight").length;
      const metBusy = outcomes.filter((o) => o.busy > 0).length;
      const lost = outcomes.filter((o) => o.why && /still being placed|book again/.test(o.why)).length;
      console.log(
        `outage under load: ${straight} of ${count} bookings finished without starting over; ${metBusy} met 'busy'; ` +
          `${Math.round((Date.now() - started) / 1000)} s\n` +
          outcomes
            .filter((o) => o.why)
            .map((o) => `  ${o.why}`)
            .join("\n"),
      );
      for (const p of instances) expect(p.child.exitCode).toBeNull();
      expect(outcomes.filter((o) => o.finished === "never").map((o) => o.why)).toEqual([]);
      expect(metBusy).toBeGreaterThan(0);
      expect(straight / count, `${straight} of ${count} finished without starting over`).toBeGreaterThanOrEqual(0.9);
      await expectMoneyClean(w, count, lost, cutAt.at, restoredAt, count - straight - lost);
    } finally {
      await close();
    }
  }, 400_000);
});
