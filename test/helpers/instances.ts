import { expect } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createStorage } from "../../src/storage/index.js";
import { startBotProcess, type BotProcess } from "./bot-process.js";
import { dataOf } from "./buttons.js";
import { buttons, tapWhen, TOMORROW, until, waitText, driveTo } from "./crash-world.js";
import { checkInvariants } from "./invariants.js";
import { startPgWorld, type PgWorldOptions } from "./pg-world.js";
import { addToTally, serverFigures } from "./tally.js";

/**
 * Several fairway processes (`runFairway`, as `npm start` runs it) on one PostgreSQL: the world
 * (`startPgWorld`) and the processes started in it, an agent's whole booking driven through the
 * Bot API server, `/metrics` read from an instance, and the money check every such test ends with.
 */

export const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
export const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;

/** A PostgreSQL world whose `start` spawns fairway processes with its environment (and `extra`). */
export async function startInstances(agentIds: number[], options: PgWorldOptions = {}) {
  const world = await startPgWorld(agentIds, options);
  const env = { ...world.env, PARTNER_TIMEOUT_MS: "30000", LOG_LEVEL: "info" };
  const processes: BotProcess[] = [];
  const users: SimulatedUser[] = [];
  return {
    ...world,
    env,
    processes,
    user(id: number) {
      const u = world.telegram.user({ id, language_code: "en" });
      users.push(u);
      return u;
    },
    start(extra: Record<string, string>) {
      const p = startBotProcess({ ...env, ...extra }, world.clock);
      processes.push(p);
      return p;
    },
    async close() {
      if (process.env.DEBUG_INSTANCES) {
        for (const p of processes) console.log("=== process\n", p.output().slice(-6000));
        for (const u of users)
          console.log(
            "=== user",
            u.chatId,
            JSON.stringify(
              u.messages().map((m) => [
                m.text?.slice(0, 80),
                (m.reply_markup?.inline_keyboard ?? [])
                  .flat()
                  .map((b) => ("callback_data" in b ? b.callback_data : ""))
                  .join(" "),
              ]),
            ),
          );
      }
      for (const p of processes) await p.kill();
      addToTally(serverFigures(world.sandbox, world.telegram));
      await world.close();
    },
  };
}

/**
 * An agent's whole booking: /book → held → Confirm → the receipt. A reserve in flight on the killed
 * instance is the documented gap (no idempotency key, no listing: its answer is lost for good): the
 * agent sees "still being placed", and once the reaper gives up on it a minute later, "book again";
 * so the agent books again, a tee time from the end of the page this time. Returns how many attempts it took.
 */
export async function book(user: SimulatedUser, pick: number, timeout = 40_000): Promise<number> {
  try {
    return await bookOnce(user, pick, timeout);
  } catch (error) {
    // A timeout says what was awaited; the chat says why it did not come (CI keeps no other trace).
    const chat = user
      .messages()
      .slice(-5)
      .map((m) => `  ${JSON.stringify((m.text ?? "").slice(0, 160))} [${dataOf(m).join(" ")}]`);
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; the chat of ${user.chatId} ends:\n${chat.join("\n")}`,
      { cause: error },
    );
  }
}

async function bookOnce(user: SimulatedUser, pick: number, timeout: number): Promise<number> {
  await driveTo(user, "mobile", pick, timeout);
  user.send("081-234-5678");
  const outcome = await until(
    `the hold for ${user.chatId}`,
    () => {
      const texts = user.messages().map((m) => m.text ?? "");
      if (texts.some((t) => t.includes("Your tee time is on hold"))) return "held";
      if (texts.some((t) => t.includes("Please book again with /book"))) return "again";
      return undefined;
    },
    120_000,
  );
  if (outcome === "again") await holdAgain(user, pick, timeout);
  await tapWhen(user, /:ok$/, 0, timeout);
  await waitText(user, "Booking confirmed", timeout);
  return outcome === "again" ? 2 : 1;
}

/**
 * After "Please book again with /book" (a reserve whose answer was lost): /book, start over, the same
 * course tomorrow, a tee time from the end of the page, the customer typed before; until the new hold shows.
 */
export async function holdAgain(user: SimulatedUser, pick: number, timeout: number): Promise<void> {
  user.send("/book");
  // The lost hold's panel still counts as a booking in progress: start over.
  await tapWhen(user, /^g:restart$/, 0, timeout);
  await tapWhen(user, new RegExp(`:c:${pick % 5}$`), 0, timeout);
  await tapWhen(user, /:go$/, 0, timeout);
  await tapWhen(user, TOMORROW, 0, timeout);
  const slots = await until(
    "tee times",
    () => buttons(user).data.filter((d) => /:s:\d+$/.test(d)).length || undefined,
    timeout,
  );
  // A tee time holds one reservation: agents of one course (picks 5 apart) who both rebook take
  // different ones, from the end of the page (first attempts took its start).
  await tapWhen(user, /:s:\d+$/, slots - 1 - Math.floor(pick / 5), timeout);
  await tapWhen(user, /:p:\d+$/, 0, timeout);
  // Now the flow offers the customer typed before ("Who is playing?"): reuse it.
  await tapWhen(user, /:rc:0$/, 0, timeout);
  await until(
    "the second hold",
    () => user.messages().filter((m) => (m.text ?? "").includes("Your tee time is on hold")).length > 0 || undefined,
    timeout,
  );
}

/** An instance's /metrics, by name with labels, from its operator port (OPERATOR_PORT). */
export async function scrape(port: number): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = /^(fairway_[a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (m) values.set(m[1]! + (m[2] ?? ""), Number(m[3]));
  }
  return values;
}

/** The sum of a metric over its labels. */
export const sum = (values: Map<string, number>, name: string) =>
  [...values].filter(([k]) => k === name || k.startsWith(`${name}{`)).reduce((s, [, v]) => s + v, 0);

/** Each agent paid once; a reserve lost with the killed instance (`lost`) left only its documented orphan hold. */
export async function expectMoneyClean(
  w: Awaited<ReturnType<typeof startInstances>>,
  agents: number,
  lost = 0,
  killedAt?: number,
  /** A database outage instead of a kill: reserves answered from `killedAt` − 2 s until this time may have been swallowed. */
  swallowedUntil = killedAt,
  /** Agents who cancelled a booking in progress and booked again: their first bookings released, at most this many. */
  startedOver = 0,
) {
  const confirms = w.sandbox.requests.filter((r) => r.method === "POST" && CONFIRM.test(r.path));
  const reserves = w.sandbox.requests.filter((r) => r.method === "POST" && RESERVE.test(r.path));
  expect(confirms).toHaveLength(agents);
  // An interrupted reserve may have died before its request left the instance.
  expect(reserves.length).toBeGreaterThanOrEqual(agents);
  expect(reserves.length).toBeLessThanOrEqual(agents + lost + startedOver);
  expect(w.sandbox.reservations().filter((r) => r.status === "PAID")).toHaveLength(agents);
  expect(
    w.sandbox.reservations().filter((r) => r.status !== "PAID" && r.status !== "CANCEL").length,
  ).toBeLessThanOrEqual(lost);
  const storage = await createStorage(w.db.config);
  try {
    // Reserves answered just before the kill may have reached the killed instance and died with it.
    const swallowed =
      killedAt === undefined
        ? 0
        : reserves.filter(
            (r) => r.status >= 200 && r.status < 300 && r.time >= killedAt - 2_000 && r.time <= swallowedUntil!,
          ).length;
    const report = await checkInvariants({
      sandbox: w.sandbox,
      db: storage.db,
      now: w.clock,
      balanceBase: w.initialBalance,
      answersSwallowedByKills: swallowed,
    });
    expect(report.violations).toEqual([]);
    const rows = await storage.db.selectFrom("bookings").select(["state", "release_reason"]).execute();
    expect(rows.filter((r) => r.state === "PAID")).toHaveLength(agents);
    const cancelled = rows.filter((r) => r.state === "RELEASED" && r.release_reason !== "orphan").slice(0, startedOver);
    // An interrupted reserve: its hold released when its answer had reached the audit log, else the documented orphan.
    const interrupted = rows.filter((r) => r.state !== "PAID" && !cancelled.includes(r));
    expect(interrupted).toHaveLength(lost);
    for (const r of interrupted)
      expect(
        r.state === "RESERVE_UNKNOWN" || (r.state === "RELEASED" && r.release_reason === "orphan"),
        JSON.stringify(r),
      ).toBe(true);
    // An orphan hold only where the reserve reached the partner (it may have died before sending it).
    expect(report.orphans.length).toBeLessThanOrEqual(interrupted.filter((r) => r.state === "RESERVE_UNKNOWN").length);
  } finally {
    await storage.close();
  }
}
