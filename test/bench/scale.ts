/**
 * The scale benchmark (`npm run bench -- --scale`, or `npx tsx test/bench/main.ts --scale=N
 * [--engines postgres,sqlite] [--rounds 3]`): fairway in the bench process (the harness: the real bot
 * path, the partner sandbox and the local Bot API server over HTTP) on a baseline ledger (the bookings
 * its interactive commands list on the big one, alone: `baselineRows`), then on a ledger of N bookings
 * over two years (`scale-seed.ts`, default 1,000,000), on the same database. For each: an agent's
 * /mybookings, an admin's /bookings today, /order <code>, /report for a day, a month and a year (its
 * text, chart and both CSVs), /report's moves lookup for a month, the digest's figures, one
 * reminders pass, one reaper pass, one watch-checker pass, the database time per update of the
 * interactive commands, and the database's size; each the median of `--rounds` after one warm-up, and its ratio to the baseline ledger's.
 * PostgreSQL runs in a database of its own (`fairway_scale`, created and dropped by the bench), SQLite in
 * a temporary file. Never part of `npm test`.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { createBookingQueries } from "../../src/bookings/queries.js";
import { bangkokDayStart } from "../../src/bot/features/admin/bangkok-time.js";
import { addDaysToDateKey } from "../../src/time/date-key.js";
import { dateKeyOf } from "../../src/time/today.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { WORLD_START, worldClock } from "../helpers/clock.js";
import { TEST_POSTGRES_URL, type TestDatabase } from "../helpers/databases.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { median } from "./measure.js";
import {
  baselineAgentsSql,
  baselineRows,
  FIRST_AGENT,
  pgExec,
  reservationCode,
  seedLedger,
  sqliteExec,
  type Exec,
  type SeedPlan,
} from "./scale-seed.js";

const ADMIN = 9001;
/** A seeded agent (about n / 1,300 bookings of their own), who asks /mybookings. */
const AGENT = FIRST_AGENT + 1;
const SCALE_DB = "fairway_scale";

type Engine = "postgres" | "sqlite";

interface Options {
  n: number;
  engines: Engine[];
  rounds: number;
  /** Leave PostgreSQL's `fairway_scale` in place (for EXPLAIN ANALYZE by hand); drop it with the next run. */
  keep: boolean;
}

/** Milliseconds of one figure: every round, and their median. */
interface Timing {
  rounds: number[];
  median: number;
}

interface LedgerFigures {
  bookings: number;
  timings: Record<string, Timing>;
  /** Database time per update of the interactive commands, ms. */
  dbMsPerUpdate: number;
  sizeBytes: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

// ---- database time, in this process: every statement's time on the driver, while `counting` ----

const dbTime = { counting: false, ms: 0 };

/** Times every statement the drivers run (pg's client, better-sqlite3's statements) while counting. */
function instrumentDrivers(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function timed(this: unknown, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!dbTime.counting || !(result instanceof Promise)) return result;
    const start = performance.now();
    return result.finally(() => {
      dbTime.ms += performance.now() - start;
    });
  };
  const probe = new SqliteDatabase(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, (...a: unknown[]) => unknown>;
  probe.close();
  for (const name of ["run", "get", "all"] as const) {
    const original = statement[name]!;
    statement[name] = function timed(this: unknown, ...args: unknown[]) {
      if (!dbTime.counting) return original.apply(this, args);
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        dbTime.ms += performance.now() - start;
      }
    };
  }
}

// ---- the databases ----

interface ScaleDatabase {
  test: TestDatabase;
  exec(): Promise<{ exec: Exec; close(): Promise<void> }>;
  size(): Promise<number>;
  /** What a running database does by itself in time (PostgreSQL's autovacuum: statistics). */
  settle(): Promise<void>;
  drop(): Promise<void>;
}

function scaleUrl(): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${SCALE_DB}`;
  return url.toString();
}

async function adminQuery(statement: string): Promise<void> {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postgresScale(): Promise<ScaleDatabase> {
  await adminQuery(`DROP DATABASE IF EXISTS ${SCALE_DB}`);
  await adminQuery(`CREATE DATABASE ${SCALE_DB}`);
  const url = scaleUrl();
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  return {
    test: { name: "postgres", config: { kind: "postgres", url }, cleanup: () => Promise.resolve() },
    async exec() {
      const client = await connect();
      return { exec: pgExec(client), close: () => client.end() };
    },
    async size() {
      const client = await connect();
      try {
        const { rows } = await client.query<{ n: string }>("SELECT pg_database_size(current_database()) AS n");
        return Number(rows[0]!.n);
      } finally {
        await client.end();
      }
    },
    async settle() {
      const client = await connect();
      try {
        await client.query("VACUUM ANALYZE");
      } finally {
        await client.end();
      }
    },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${SCALE_DB} WITH (FORCE)`),
  };
}

function sqliteScale(): ScaleDatabase {
  const dir = mkdtempSync(join(tmpdir(), "fairway-scale-"));
  const path = join(dir, "fairway.sqlite");
  return {
    test: { name: "sqlite", config: { kind: "sqlite", path }, cleanup: () => Promise.resolve() },
    exec() {
      const db = new SqliteDatabase(path);
      db.pragma("journal_mode = WAL");
      db.pragma("busy_timeout = 5000");
      db.pragma("synchronous = NORMAL");
      return Promise.resolve({
        exec: sqliteExec(db),
        close: () => {
          db.pragma("wal_checkpoint(TRUNCATE)");
          db.close();
          return Promise.resolve();
        },
      });
    },
    size() {
      const sizeOf = (p: string) => (existsSync(p) ? statSync(p).size : 0);
      return Promise.resolve(sizeOf(path) + sizeOf(`${path}-wal`));
    },
    // fairway never runs ANALYZE on SQLite: the planner works without statistics, as in production.
    settle: () => Promise.resolve(),
    drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

// ---- the figures ----

/** Updates the bot is handling now, and how many it has handled (the harness's settle gives up after 15 s). */
function countUpdates(h: Harness): { inFlight: number; handled: number } {
  const count = { inFlight: 0, handled: 0 };
  const bot = h.app.bot;
  const handleUpdate = bot.handleUpdate.bind(bot);
  bot.handleUpdate = async (...args) => {
    count.inFlight += 1;
    try {
      return await handleUpdate(...args);
    } finally {
      count.inFlight -= 1;
      count.handled += 1;
    }
  };
  return count;
}

/** A command through the bot: from the message to the bot's last message in that chat. */
async function sendCommand(
  h: Harness,
  updates: ReturnType<typeof countUpdates>,
  user: SimulatedUser,
  text: string,
): Promise<number> {
  let last = Number.NaN;
  const off = h.telegram.on("message", (e) => {
    if (e.kind !== "deleted" && e.chat_id === user.chatId && e.message.from?.is_bot === true) last = performance.now();
  });
  const before = updates.handled;
  const start = performance.now();
  user.send(text);
  const deadline = start + 600_000;
  while ((updates.handled === before || updates.inFlight > 0) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 5));
  await h.settle();
  off();
  if (Number.isNaN(last)) throw new Error(`no answer to ${text}; the bot logged:\n${h.logs.slice(-5).join("")}`);
  return last - start;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Every figure on the ledger the harness runs on: `rounds` after a warm-up, and the median. */
async function measureLedger(
  h: Harness,
  o: Options,
  orderCode: string,
  bookings: number,
  size: () => Promise<number>,
): Promise<LedgerFigures> {
  const counted = countUpdates(h);
  const command = (user: SimulatedUser, text: string) => sendCommand(h, counted, user, text);
  const admin = h.user(ADMIN, "en");
  const agent = h.user(AGENT, "en");
  const today = dateKeyOf(h.clock(), "Asia/Bangkok");
  const yesterday = addDaysToDateKey(today, -1);
  const monthStart = addDaysToDateKey(today, -30);
  const yearStart = addDaysToDateKey(today, -365);
  // /report's moves lookup alone (`moveLinksBetween`, one query per report), for the month's report.
  const ledger = createBookingQueries(h.app.storage.db);
  const [periodStart, periodEnd] = [bangkokDayStart(monthStart), bangkokDayStart(today)];
  const movesLookup = () => ledger.moveLinksBetween(periodStart, periodEnd);
  const interactive: [string, () => Promise<number>][] = [
    ["/mybookings (agent)", () => command(agent, "/mybookings")],
    ["/bookings today", () => command(admin, "/bookings today")],
    ["/order <code>", () => command(admin, `/order ${orderCode}`)],
  ];
  const others: [string, () => Promise<number>][] = [
    ["/report a day", () => command(admin, `/report ${yesterday} ${yesterday}`)],
    ["/report a month", () => command(admin, `/report ${monthStart} ${yesterday}`)],
    ["/report a year", () => command(admin, `/report ${yearStart} ${yesterday}`)],
    ["/report's moves lookup (a month)", () => timed(movesLookup)],
    ["digest (figures)", () => timed(() => h.app.afterBooking.digest.figures(yesterday))],
    ["reminders pass", () => timed(() => h.app.afterBooking.reminders.tick())],
    ["reaper pass", () => timed(() => h.app.reaper.tick())],
    ["watch-checker pass", () => timed(() => h.app.watches.tick())],
  ];
  const timings: Record<string, Timing> = {};
  let dbMs = 0;
  let updates = 0;
  for (const [name, run] of [...interactive, ...others]) {
    await run();
    const rounds: number[] = [];
    const isInteractive = interactive.some(([n]) => n === name);
    for (let r = 0; r < o.rounds; r += 1) {
      dbTime.ms = 0;
      dbTime.counting = isInteractive;
      rounds.push(await run());
      dbTime.counting = false;
      if (isInteractive) {
        dbMs += dbTime.ms;
        updates += 1;
      }
    }
    timings[name] = { rounds, median: median(rounds) ?? Number.NaN };
    log(`    ${name}: ${rounds.map((t) => t.toFixed(0)).join(" / ")} ms`);
  }
  return { bookings, timings, dbMsPerUpdate: dbMs / updates, sizeBytes: await size() };
}

async function harnessOn(db: ScaleDatabase, clock: ReturnType<typeof worldClock>): Promise<Harness> {
  const h = await startHarness({
    db: db.test,
    clock,
    env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), LOG_LEVEL: "warn" },
  });
  h.invariants.skip("the scale bench: a seeded ledger the sandbox never saw");
  await h.settle();
  return h;
}

/** The row `/order` looks up: a group's first flight, paid, in the middle of the ledger. */
function orderRow(n: number): number {
  return Math.max(0, Math.floor(n / 100) * 50);
}

async function benchEngine(engine: Engine, o: Options): Promise<{ empty: LedgerFigures; seeded: LedgerFigures }> {
  log(`${engine}:`);
  const db = engine === "postgres" ? await postgresScale() : sqliteScale();
  // A stopped clock: "today" and the periods stay put across both ledgers.
  const clock = worldClock(WORLD_START, { stopped: true });
  try {
    let h = await harnessOn(db, clock);
    const courseIds = (await h.app.partner.listCourses()).map((c) => c.id);
    const plan: SeedPlan = { engine, n: o.n, now: WORLD_START, courseIds };
    // The baseline: the rows the interactive commands list on the seeded ledger, alone (`baselineRows`).
    const baseline = baselineRows(o.n, { orderRow: orderRow(o.n), agent: AGENT });
    const writer = await db.exec();
    for (const i of baseline) await seedLedger(writer.exec, plan, i, i, { batch: 1, people: false });
    // Its bookings' agents are agents, as on the seeded ledger (who counts as one is read per booking listed).
    const agents = baselineAgentsSql(plan, baseline);
    if (agents !== undefined) await writer.exec(agents);
    await writer.close();
    log(`  baseline, ${baseline.length} bookings:`);
    const empty = await measureLedger(h, o, reservationCode(orderRow(o.n)), baseline.length, () => db.size());
    await h.stop();

    log(`  seeding ${o.n.toLocaleString("en")} bookings …`);
    const seedStart = performance.now();
    const seeder = await db.exec();
    // The next harness's Bot API server numbers its updates from 1 again: fairway would take them for
    // updates it has handled already. Its chats' state goes with them (the messages it would edit are gone).
    await seeder.exec("DELETE FROM processed_updates");
    await seeder.exec("DELETE FROM kv");
    // The seeding adds every agent, the baseline's among them.
    await seeder.exec("DELETE FROM agents");
    let reported = 0;
    await seedLedger(seeder.exec, plan, 0, o.n - 1, {
      batch: engine === "postgres" ? 250_000 : 50_000,
      people: true,
      except: baseline,
      onBatch(done) {
        if (done - reported >= 200_000 || done === o.n) {
          reported = done;
          log(`    ${done.toLocaleString("en")} rows, ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
        }
      },
    });
    await seeder.close();
    await db.settle();
    log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s (with the statistics)`);

    h = await harnessOn(db, clock);
    try {
      log(`  ${o.n.toLocaleString("en")} bookings:`);
      const seeded = await measureLedger(h, o, reservationCode(orderRow(o.n)), o.n, () => db.size());
      return { empty, seeded };
    } finally {
      await h.stop();
    }
  } finally {
    if (!(o.keep && engine === "postgres")) await db.drop();
  }
}

function table(results: Partial<Record<Engine, { empty: LedgerFigures; seeded: LedgerFigures }>>): string {
  const lines: string[] = [];
  for (const [engine, r] of Object.entries(results)) {
    lines.push(
      `\n${engine}: ${r.seeded.bookings.toLocaleString("en")} bookings against the baseline's ${r.empty.bookings}`,
    );
    lines.push("figure | baseline | seeded | ratio");
    lines.push("---|---|---|---");
    for (const [name, t] of Object.entries(r.seeded.timings)) {
      const e = r.empty.timings[name]!.median;
      lines.push(`${name} | ${e.toFixed(1)} ms | ${t.median.toFixed(1)} ms | ${(t.median / e).toFixed(2)}×`);
    }
    const db = (f: LedgerFigures) => f.dbMsPerUpdate;
    lines.push(
      `database time per update (interactive) | ${db(r.empty).toFixed(2)} ms | ${db(r.seeded).toFixed(2)} ms | ${(db(r.seeded) / db(r.empty)).toFixed(2)}×`,
    );
    const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
    lines.push(
      `database size | ${mb(r.empty.sizeBytes)} | ${mb(r.seeded.sizeBytes)} | ${(r.seeded.sizeBytes / r.empty.sizeBytes).toFixed(0)}×`,
    );
  }
  return lines.join("\n");
}

/** Runs the scale benchmark with command-line `args` (`--scale[=N]` included) and prints its figures. */
export async function scaleBench(args: string[]): Promise<void> {
  const rest: string[] = [];
  let n = 1_000_000;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const inline = /^--scale=(\d+)$/.exec(arg);
    if (inline) n = Number(inline[1]);
    else if (arg === "--scale") {
      if (/^\d+$/.test(args[i + 1] ?? "")) n = Number(args[++i]);
    } else rest.push(arg);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      engines: { type: "string", default: "postgres,sqlite" },
      rounds: { type: "string", default: "3" },
      keep: { type: "boolean", default: false },
    },
  });
  const engines = values.engines.split(",").map((e) => e.trim()) as Engine[];
  if (n < 100 || engines.some((e) => e !== "postgres" && e !== "sqlite")) {
    process.stderr.write("usage: --scale[=N] (N ≥ 100) [--engines postgres,sqlite] [--rounds R] [--keep]\n");
    process.exit(2);
  }
  const o: Options = { n, engines, rounds: Number(values.rounds), keep: values.keep };
  instrumentDrivers();
  const label = new Date().toISOString();
  const started = performance.now();
  const results: Partial<Record<Engine, { empty: LedgerFigures; seeded: LedgerFigures }>> = {};
  for (const engine of engines) results[engine] = await benchEngine(engine, o);
  log(table(results));
  const dir = resolve("bench-results");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `bench-scale-${label.replaceAll(":", "-")}.json`);
  writeFileSync(path, `${JSON.stringify({ label, options: o, results }, null, 2)}\n`);
  log(`\nfigures in ${path}; run took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
