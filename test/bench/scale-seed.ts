/**
 * The scale bench's ledger (`scale.ts`): `n` bookings over the two years before `now`, written through
 * fairway's own schema (the migrations have run) by INSERT … SELECT over a series — `generate_series` on
 * PostgreSQL, a recursive CTE on SQLite in batched transactions — so both engines hold the same rows.
 * Every value is a function of the row's number `i` (ids, people, dates and states varied):
 *
 * - bookings: one every 730 days / n; a quarter are a customer's (50,000 customers, each an agent's), the
 *   rest an agent's own (1,000 agents); 70 % PAID, 5 % REFUNDED, 20 % RELEASED holds, 5 % RESERVE_FAILED;
 *   rows 0–2 of every 50 are a group's three flights (all paid); 1–4 players; 40 courses;
 * - their history (booking_events: reserving, held or failed, paid, released, refunded), the groups
 *   (booking_groups), the customers' PromptPay payments (approved), a cancellation request for each
 *   refund, a move (booking_moves) for about one paid booking in a thousand, the reminders already sent
 *   for the paid tee times still to come;
 * - 1,000 agents, 50,000 customers, 5,000 links, 10,000 active watches (their targets already read,
 *   next due in ten days, so a checker pass reads the database only).
 *
 * A row is the same in any ledger of `n` (it is a function of `i` and `n`): the bench's baseline ledger is
 * the few rows its interactive commands answer with on the seeded ledger (`baselineRows`), and seeding
 * `n` later adds every other row (`except`), so both ledgers list the same bookings and differ only by
 * the rows nobody asked for.
 */
import type Database from "better-sqlite3";
import type pg from "pg";
import { addDaysToDateKey, dateKeyToUtcMs } from "../../src/time/date-key.js";
import { dateKeyOf } from "../../src/time/today.js";

export const LEDGER_DAYS = 730;
const DAY = 86_400_000;
export const FIRST_AGENT = 700_000;
export const AGENTS = 1_000;
export const FIRST_CUSTOMER = 800_000;
export const CUSTOMERS = 50_000;
export const LINKS = 5_000;
export const WATCHES = 10_000;
/** Dates the watches cover (the next days after `now`). */
const WATCH_DAYS = 14;

/** Runs one statement: PostgreSQL's client or a SQLite connection. */
export type Exec = (statement: string) => Promise<void>;

export interface SeedPlan {
  engine: "postgres" | "sqlite";
  /** Bookings in the whole ledger. */
  n: number;
  /** The world's now (epoch ms); the ledger ends an hour before it. */
  now: number;
  /** The partner's course ids (the watches' targets are stored for each). */
  courseIds: readonly string[];
}

/** The first booking's instant: two years before `now`. */
export function ledgerStart(now: number): number {
  return now - LEDGER_DAYS * DAY;
}

/** Row `i`'s booking id and reservation code (`/order` names the code). */
export const bookingId = (i: number) => `sb${i}`;
export const reservationCode = (i: number) => `SC${i}`;

/** The series of integers lo … hi as a row source `s(i)`: [prefix before SELECT, FROM clause]. */
function series(engine: SeedPlan["engine"], lo: number, hi: number): [string, string] {
  return engine === "postgres"
    ? ["", `generate_series(${lo}::bigint, ${hi}::bigint) AS s(i)`]
    : [`WITH RECURSIVE s(i) AS (SELECT ${lo} UNION ALL SELECT i + 1 FROM s WHERE i < ${hi})`, "s"];
}

/** A filter of the series' rows without those of `except` (rows already in the ledger). */
function without(except: readonly number[]): string {
  return except.length === 0 ? "" : `WHERE i NOT IN (${except.join(", ")})`;
}

/** Row `i`'s first flight's row when it is a group's flight (rows 0–2 of every 50), else `i`. */
const groupRow = (i: number) => (i % 50 < 3 ? i - (i % 50) : i);

/** Who booked row `i` (its user id), as `bookingsSql` computes it. */
export function bookerOf(i: number): number {
  const g = groupRow(i);
  return g % 4 === 0 ? FIRST_CUSTOMER + ((g * 7919) % CUSTOMERS) : FIRST_AGENT + ((g * 31) % AGENTS);
}

/** The agent row `i` is credited to (its `agent_id`: the customer's agent), as `bookingsSql` computes it. */
function creditedOf(i: number): number | null {
  const g = groupRow(i);
  return g % 4 === 0 ? FIRST_AGENT + (((g * 7919) % CUSTOMERS) % AGENTS) : null;
}

/**
 * The agents `rows` name (their bookers who are agents, and the agents they are credited to), as
 * `peopleSql` adds them: the baseline ledger's agents, so that its bookings' agents are agents there as
 * on the seeded ledger. The seeding adds every agent, so the bench deletes these first.
 */
export function baselineAgentsSql(plan: SeedPlan, rows: readonly number[]): string | undefined {
  const start = ledgerStart(plan.now);
  const isAgent = (id: number) => id >= FIRST_AGENT && id < FIRST_AGENT + AGENTS;
  const ids = [...new Set(rows.flatMap((i) => [bookerOf(i), creditedOf(i) ?? -1]).filter(isAgent))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return undefined;
  const values = ids.map((id) => `(${id}, 'Agent ${id - FIRST_AGENT}', 9001, ${start})`);
  return `INSERT INTO agents (user_id, name, added_by, added_at) VALUES ${values.join(", ")}`;
}

/**
 * The rows of a ledger of `n` that the bench's interactive commands answer with: `/order`'s row, the
 * newest 30 (`/bookings today`, all made today), and `agent`'s newest 10 (`/mybookings`); each with its
 * group's other flights. The bench's baseline ledger is these rows alone, so its figures and the seeded
 * ledger's list the same bookings.
 */
export function baselineRows(n: number, options: { orderRow: number; agent: number }): number[] {
  const rows = new Set<number>();
  const add = (i: number) => {
    if (i % 50 < 3) for (let k = 0; k < 3; k += 1) rows.add(groupRow(i) + k);
    else rows.add(i);
  };
  add(options.orderRow);
  for (let i = n - 1; i >= Math.max(0, n - 30); i -= 1) add(i);
  let own = 0;
  for (let i = n - 1; i >= 0 && own < 10; i -= 1) {
    if (bookerOf(i) !== options.agent) continue;
    add(i);
    own += 1;
  }
  return [...rows].filter((i) => i < n).sort((a, b) => a - b);
}

/** Bookings lo … hi (row numbers) of a ledger of `n`, but those of `except`. */
function bookingsSql(plan: SeedPlan, lo: number, hi: number, except: readonly number[]): string {
  const start = ledgerStart(plan.now);
  const span = LEDGER_DAYS * DAY - 3_600_000;
  const [prefix, from] = series(plan.engine, lo, hi);
  const r = "((i * 37) % 100)";
  const paid = "st IN ('PAID', 'REFUNDED')";
  const reserved = "st <> 'RESERVE_FAILED'";
  return `INSERT INTO bookings (id, chat_id, user_id, agent_id, locale, course_id, course_name, course_name_th,
      time_zone, slot_id, slot_starts_at, persons, customer_name, customer_email, customer_mobile, expected_amount,
      amount, selling_amount, state, reservation_id, reservation_code, tx_no, partner_status, invoice_id, caddy_info,
      hold_expires_at, paid_at, refunded_amount, release_reason, last_error, created_at, updated_at, paid_followup_at,
      group_id, flight, addition_golfers, refreshed_at)
    ${prefix}
    SELECT 'sb' || i, uid, uid, agent, CASE WHEN i % 3 = 0 THEN 'th' ELSE 'en' END,
      'scale-' || (g % 40), 'Scale Golf Club ' || (g % 40), NULL, 'Asia/Bangkok', 'slot-' || i,
      (created / 600000) * 600000 + ${DAY} * (1 + g % 14), persons,
      'Golfer ' || (g % 50000), 'golfer' || (g % 50000) || '@example.com', '08' || (10000000 + g % 89999999),
      persons * 180000,
      CASE WHEN ${reserved} THEN persons * 180000 END,
      CASE WHEN ${reserved} THEN persons * 216000 END,
      st,
      CASE WHEN ${reserved} THEN 'R' || i END,
      CASE WHEN ${reserved} THEN 'SC' || i END,
      CASE WHEN ${reserved} THEN 'TX' || i END,
      CASE st WHEN 'PAID' THEN 'CONFIRMED' WHEN 'REFUNDED' THEN 'REFUNDED' WHEN 'RELEASED' THEN 'CANCELLED' END,
      CASE WHEN ${paid} THEN 'INV' || i END,
      NULL,
      CASE WHEN ${reserved} THEN created + 900000 END,
      CASE WHEN ${paid} THEN created + 300000 END,
      CASE WHEN st = 'REFUNDED' THEN persons * 180000 END,
      CASE WHEN st = 'RELEASED' THEN 'expired' END,
      CASE WHEN st = 'RESERVE_FAILED' THEN '{"name":"PartnerConflictError","status":409}' END,
      created,
      CASE st WHEN 'PAID' THEN created + 300000 WHEN 'REFUNDED' THEN created + 300000 + ${DAY}
        WHEN 'RELEASED' THEN created + 900000 ELSE created + 1000 END,
      CASE WHEN ${paid} THEN created + 300000 END,
      CASE WHEN i % 50 < 3 THEN 'sg' || (i / 50) END,
      CASE WHEN i % 50 < 3 THEN i % 50 + 1 END,
      NULL, NULL
    FROM (
      SELECT i, g, created, 1 + i % 4 AS persons,
        CASE WHEN g % 4 = 0 THEN ${FIRST_CUSTOMER} + (g * 7919) % ${CUSTOMERS} ELSE ${FIRST_AGENT} + (g * 31) % ${AGENTS} END AS uid,
        CASE WHEN g % 4 = 0 THEN ${FIRST_AGENT} + ((g * 7919) % ${CUSTOMERS}) % ${AGENTS} END AS agent,
        CASE WHEN i % 50 < 3 THEN 'PAID' WHEN ${r} < 70 THEN 'PAID' WHEN ${r} < 75 THEN 'REFUNDED'
          WHEN ${r} < 95 THEN 'RELEASED' ELSE 'RESERVE_FAILED' END AS st
      FROM (
        SELECT i, CASE WHEN i % 50 < 3 THEN i - i % 50 ELSE i END AS g, ${start} + (i * ${span}) / ${plan.n} AS created
        FROM ${from} ${without(except)}
      ) a
    ) b`;
}

/** What follows from bookings lo … hi: their history, groups, payments, requests and moves. */
function dependentsSql(plan: SeedPlan, lo: number, hi: number, except: readonly number[]): string[] {
  // The rows of this batch, by their own series (a primary-key lookup each: no index the bench measures).
  const [prefix, from] = series(plan.engine, lo, hi);
  const rows = `${prefix} SELECT b.* FROM ${from} JOIN bookings b ON b.id = 'sb' || i ${without(except)}`;
  const sub = (select: string) => `${select} FROM (${rows}) x`;
  return [
    `INSERT INTO booking_events (id, booking_id, at, from_state, to_state, detail)
      ${sub(`SELECT id || '-1', id, created_at, NULL, 'RESERVING', NULL`)}`,
    `INSERT INTO booking_events (id, booking_id, at, from_state, to_state, detail)
      ${sub(`SELECT id || '-2', id, created_at + 1000, 'RESERVING',
        CASE WHEN state = 'RESERVE_FAILED' THEN 'RESERVE_FAILED' ELSE 'HELD' END, NULL`)}`,
    `INSERT INTO booking_events (id, booking_id, at, from_state, to_state, detail)
      ${sub(`SELECT id || '-3', id, COALESCE(paid_at, hold_expires_at), 'HELD',
        CASE WHEN paid_at IS NULL THEN 'RELEASED' ELSE 'PAID' END,
        CASE WHEN paid_at IS NULL THEN '{"reason":"expired"}' END`)} WHERE state IN ('PAID', 'REFUNDED', 'RELEASED')`,
    `INSERT INTO booking_events (id, booking_id, at, from_state, to_state, detail)
      ${sub(`SELECT id || '-4', id, updated_at, 'PAID', 'REFUNDED', '{"reason":"customer asked"}'`)}
      WHERE state = 'REFUNDED'`,
    `INSERT INTO booking_groups (id, chat_id, user_id, agent_id, locale, course_id, course_name, course_name_th,
        time_zone, persons, flights, customer_name, customer_email, customer_mobile, expected_amount, state,
        last_error, created_at, updated_at, settled_at)
      ${sub(`SELECT group_id, chat_id, user_id, agent_id, locale, course_id, course_name, course_name_th, time_zone,
        persons * 3, 3, customer_name, customer_email, customer_mobile, expected_amount * 3, 'PAID', NULL,
        created_at, updated_at, updated_at`)} WHERE flight = 1`,
    `INSERT INTO payments (booking_id, kind, state, amount, payee, reference, chat_id, user_id, agent_id,
        slip_file_id, slip_ref, slip_reused_of, slip_at, decided_by, decided_at, created_at, updated_at)
      ${sub(`SELECT id, 'prepay', 'approved', selling_amount, '0812345678', 'FW' || id, chat_id, user_id, agent_id,
        'file-' || id, NULL, NULL, created_at + 120000, agent_id, created_at + 240000, created_at,
        created_at + 240000`)} WHERE agent_id IS NOT NULL AND group_id IS NULL AND state IN ('PAID', 'REFUNDED')`,
    `INSERT INTO cancel_requests (id, booking_id, requester_id, reason, state, created_at, decided_by, decided_at,
        refunded_amount)
      ${sub(`SELECT 'cr' || id, id, user_id, 'the party cancelled', 'approved', paid_at + 3600000, ${FIRST_AGENT},
        updated_at, refunded_amount`)} WHERE state = 'REFUNDED'`,
    `INSERT INTO booking_moves (id, old_booking_id, new_booking_id, state, requested_by, decided_by,
        refunded_amount, last_error, created_at, updated_at)
      ${sub(`SELECT 'mv' || id, id, id || '-moved', 'DONE', user_id, ${FIRST_AGENT}, amount, NULL,
        paid_at + ${DAY}, paid_at + ${DAY}`)} WHERE state = 'PAID' AND reservation_code LIKE '%007'`,
    `INSERT INTO reminders_sent (booking_id, offset_minutes, claimed_at, outcome)
      ${sub(`SELECT id, 1440, paid_at, 'sent'`)} WHERE state = 'PAID' AND slot_starts_at > ${plan.now}`,
    `INSERT INTO reminders_sent (booking_id, offset_minutes, claimed_at, outcome)
      ${sub(`SELECT id, 120, paid_at, 'sent'`)} WHERE state = 'PAID' AND slot_starts_at > ${plan.now}`,
  ];
}

/** Agents, customers, links and watches (not the ledger: seeded once, with the big ledger). */
function peopleSql(plan: SeedPlan): string[] {
  const start = ledgerStart(plan.now);
  const today = dateKeyOf(plan.now, "Asia/Bangkok");
  const dates = Array.from({ length: WATCH_DAYS }, (_, k) => addDaysToDateKey(today, k + 1));
  const pick = (values: string[]) =>
    `CASE i % ${values.length} ${values.map((v, k) => `WHEN ${k} THEN ${v}`).join(" ")} END`;
  const criteria = pick(dates.map((d) => `'{"dates":["${d}"],"players":2}'`));
  // A watch ends with its date (Bangkok's midnight after it).
  const endsAt = pick(dates.map((d) => String(dateKeyToUtcMs(addDaysToDateKey(d, 1)) - 7 * 3_600_000)));
  const all = (count: number, select: string, table: string, columns: string) => {
    const [prefix, from] = series(plan.engine, 0, count - 1);
    return `INSERT INTO ${table} (${columns}) ${prefix} ${select} FROM ${from}`;
  };
  const targets = plan.courseIds.flatMap((course) =>
    dates.map(
      (d) =>
        `('${course.replaceAll("'", "''")}', '${d}', ${plan.now}, ${plan.now + 10 * DAY}, 0, ${dateKeyToUtcMs(d) + 10 * 3_600_000})`,
    ),
  );
  return [
    all(
      AGENTS,
      `SELECT ${FIRST_AGENT} + i, 'Agent ' || i, 9001, ${start}`,
      "agents",
      "user_id, name, added_by, added_at",
    ),
    all(
      LINKS,
      `SELECT 'scale' || i, ${FIRST_AGENT} + i % ${AGENTS}, NULL, NULL, NULL, i % 20, NULL, NULL, ${start} + i * 1000000, NULL`,
      "links",
      "token, agent_id, course_id, course_name, max_uses, uses, expires_at, revoked_at, created_at, pay_first",
    ),
    all(
      CUSTOMERS,
      `SELECT ${FIRST_CUSTOMER} + i, ${FIRST_AGENT} + i % ${AGENTS}, 'scale' || (i % ${LINKS}), 'Customer ' || i,
        ${start} + i * 100000, NULL`,
      "customers",
      "user_id, agent_id, link_token, name, joined_at, course_id",
    ),
    all(
      WATCHES,
      `SELECT 'w' || (100000000 + i), ${FIRST_AGENT} + i % ${AGENTS}, ${FIRST_AGENT} + i % ${AGENTS}, ${criteria}, NULL,
        'k' || i, 'active', '{}', 0, ${plan.now} - i * 60000, ${endsAt}, NULL`,
      "watches",
      "id, user_id, chat_id, criteria, courses, dedupe_key, state, open_slots, alerts, created_at, ends_at, ended_at",
    ),
    ...(targets.length > 0
      ? [
          `INSERT INTO watch_targets (course_id, date, checked_at, next_check_at, failures, last_start)
            VALUES ${targets.join(", ")}`,
        ]
      : []),
  ];
}

/**
 * Rows lo … hi of the ledger, and what follows from them, in batches of `batch` rows; not the rows of
 * `except` (in the ledger already: the baseline's).
 */
export async function seedLedger(
  exec: Exec,
  plan: SeedPlan,
  lo: number,
  hi: number,
  options: { batch: number; people: boolean; except?: readonly number[]; onBatch?: (done: number) => void },
): Promise<void> {
  const except = options.except ?? [];
  for (let a = lo; a <= hi; a += options.batch) {
    const b = Math.min(hi, a + options.batch - 1);
    await exec(bookingsSql(plan, a, b, except));
    for (const statement of dependentsSql(plan, a, b, except)) await exec(statement);
    options.onBatch?.(b - lo + 1);
  }
  if (options.people) for (const statement of peopleSql(plan)) await exec(statement);
}

/** `exec` on a PostgreSQL connection. */
export function pgExec(client: pg.Client): Exec {
  return async (statement) => {
    await client.query(statement);
  };
}

/** `exec` on a SQLite connection, each statement in a transaction of its own. */
export function sqliteExec(db: Database.Database): Exec {
  return (statement) => {
    db.transaction(() => db.prepare(statement).run())();
    return Promise.resolve();
  };
}
