/**
 * The ledger's read model on a seeded ledger (SQLite and PostgreSQL): /report's period read page by page
 * (`readPeriod`, what a year of a large agency needs) gives exactly what the in-memory read gives — the
 * rows per agent, the groups, the chart and the bookings CSV byte for byte — and its CSV sums to the
 * report's total; the agents the ledger credits (all of them, or which of some users) and the refunds of
 * a period are read from the indexes of 020 without changing what they answer.
 */
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createBookingQueries } from "../../src/bookings/queries.js";
import { bookingsCsv, reportGroups, reportRows, reportTotal } from "../../src/bot/features/admin/report-data.js";
import { readPeriod } from "../../src/bot/features/admin/report-file.js";
import { chartFigures } from "../../src/reports/charts/figures.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { bookingRow } from "../helpers/booking-row.js";
import { databaseFactories, type TestDatabase } from "../helpers/databases.js";

/** 2026-11-20 00:00 in Bangkok. */
const DAY0 = Date.parse("2026-11-20T00:00:00+07:00");
const HOUR = 3_600_000;
const AGENTS = new Set([9001, 9002, 9003]);
const NAMES = new Map<number, string | null>([
  [9001, "Somchai"],
  [9002, "=cmd"],
  [9003, null],
]);
const STATES = ["PAID", "PAID", "REFUNDED", "RELEASED", "PAID", "REFUNDING", "RESERVE_FAILED"] as const;

/** 140 bookings over four days: agents', customers', direct; groups; refunds; payment instants that tie. */
async function seed(storage: Storage): Promise<void> {
  const rows = Array.from({ length: 140 }, (_, i) => {
    const state = STATES[i % STATES.length]!;
    const createdAt = DAY0 + Math.floor(i / 35) * 24 * HOUR + (i % 35) * 600_000;
    const paid = state === "PAID" || state === "REFUNDED" || state === "REFUNDING";
    const amount = 150_000 + (i % 5) * 12_345;
    const group = i % 10 < 3 ? `g${Math.floor(i / 10)}` : null;
    return bookingRow(`b${String(i).padStart(3, "0")}`, group ? "PAID" : state, createdAt + 48 * HOUR, createdAt, {
      user_id: i % 4 === 0 ? 5000 + i : [9001, 9002, 9003][i % 3]!,
      agent_id: i % 4 === 0 && i % 8 !== 0 ? 9001 + (i % 3) : null,
      course_id: `c${i % 6}`,
      course_name: `Course, "${i % 6}"`,
      amount: state === "RESERVE_FAILED" ? null : amount,
      selling_amount: i % 2 === 0 ? amount + 20_000 : null,
      reservation_id: `r${i}`,
      reservation_code: `=C${i}`,
      invoice_id: paid ? `INV-${i}` : null,
      // Every fifth paid booking has no payment instant (it counts by when it was made); others tie in fives.
      paid_at: paid && i % 5 !== 0 ? DAY0 + Math.floor(i / 5) * 3 * HOUR : null,
      refunded_amount: state === "REFUNDED" ? amount - 10_000 : null,
      group_id: group,
      flight: group ? (i % 10) + 1 : null,
    });
  });
  await storage.db.insertInto("bookings").values(rows).execute();
  const events = rows.flatMap((b, i) =>
    b.state === "REFUNDED"
      ? [
          {
            id: `e${i}`,
            booking_id: b.id,
            at: DAY0 + (i % 4) * 24 * HOUR + HOUR,
            from_state: "PAID",
            to_state: "REFUNDED",
            detail: null,
          },
        ]
      : b.state === "RELEASED"
        ? [
            {
              id: `e${i}`,
              booking_id: b.id,
              at: b.created_at + 900_000,
              from_state: "HELD",
              to_state: "RELEASED",
              detail: null,
            },
          ]
        : [],
  );
  await storage.db.insertInto("booking_events").values(events).execute();
}

describe.each(databaseFactories)("the ledger's read model on a seeded ledger, on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    await db?.cleanup();
    storage = undefined;
    db = undefined;
  });

  const open = async () => {
    db = make();
    storage = await createStorage(db.config);
    await seed(storage);
    return { storage, ledger: createBookingQueries(storage.db) };
  };

  it("/report's period read page by page equals the in-memory read: rows, groups, chart, and the bookings CSV byte for byte, summing to the total", async () => {
    const { ledger } = await open();
    const [start, end] = [DAY0 + 5 * HOUR, DAY0 + 3 * 24 * HOUR];
    const period = { from: "2026-11-20", to: "2026-11-22", start, end, agentIds: AGENTS, names: NAMES };
    const paid = await ledger.paidBetween(start, end);
    const releasedAt = await ledger.releasedTimesBetween(start, end);
    expect(paid.length).toBeGreaterThan(40);
    const read = await readPeriod({ ...period, ledger, timeZone: "Asia/Bangkok", windowMs: 5 * HOUR });
    try {
      expect(read.paidCount).toBe(paid.length);
      expect(read.rows).toEqual(reportRows(paid, AGENTS, NAMES));
      expect(read.groups).toEqual(reportGroups(paid));
      expect(read.chart).toEqual(chartFigures({ ...period, paid, releasedAt, timeZone: "Asia/Bangkok" }));
      const file = await readFile(read.csvPath);
      expect(file.equals(bookingsCsv(paid, AGENTS, NAMES))).toBe(true);

      // The CSV's lines are the paid bookings, earliest paid first, and they sum to the report's total.
      const lines = file
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines).toHaveLength(paid.length + 1);
      const cells = lines
        .slice(1)
        .map((l) => l.match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)!.map((c) => c.replace(/,$/, "")));
      const satang = (column: number) => cells.reduce((s, c) => s + Math.round(Number(c[column]) * 100), 0);
      const total = reportTotal(read.rows);
      expect(satang(9)).toBe(total.paidAmount);
      expect(satang(10)).toBe(total.refundedAmount);
      expect(satang(11)).toBe(total.sellingAmount);
      const paidAts = cells.map((c) => c[0]!);
      expect([...paidAts].sort()).toEqual(paidAts);
    } finally {
      await read.dispose();
    }
    await expect(readFile(read.csvPath)).rejects.toThrow();
  });

  it("the pages cover the period once each, in order, whatever their window", async () => {
    const { ledger } = await open();
    const [from, to] = [DAY0 - 24 * HOUR, DAY0 + 10 * 24 * HOUR];
    const all = await ledger.paidBetween(from, to);
    expect(all.length).toBeGreaterThan(80);
    for (const size of [HOUR, 5 * HOUR, 24 * HOUR, 30 * 24 * HOUR]) {
      const ids: string[] = [];
      for await (const page of ledger.paidPages(from, to, size)) ids.push(...page.map((b) => b.id));
      expect(ids).toEqual(all.map((b) => b.id));
    }
  });

  it("the agents the ledger credits are every agent_id of its bookings", async () => {
    const { storage: s, ledger } = await open();
    const rows = await s.db.selectFrom("bookings").select("agent_id").execute();
    const expected = [...new Set(rows.flatMap((r) => (r.agent_id === null ? [] : [Number(r.agent_id)])))].sort();
    expect((await ledger.ledgerAgentIds()).sort()).toEqual(expected);
    expect(expected).toEqual([9001, 9002, 9003]);
  });

  it("which of some users the ledger credits is what the agents it credits say of them, each asked once", async () => {
    const { ledger } = await open();
    expect(await ledger.creditedAmong([])).toEqual(new Set());
    expect(await ledger.creditedAmong([9002, 5000, 9003, 9002, 9999])).toEqual(new Set([9002, 9003]));
    const credited = new Set(await ledger.ledgerAgentIds());
    const users = [9001, 9002, 9003, 5000, 5004, 7];
    expect(await ledger.creditedAmong(users)).toEqual(new Set(users.filter((u) => credited.has(u))));
  });

  it("a period's refunds are the bookings refunded in it, whenever they were paid", async () => {
    const { ledger } = await open();
    const day = (d: number) => DAY0 + d * 24 * HOUR;
    const refunded = await ledger.refundedBetween(day(1), day(2));
    expect(refunded.map((b) => b.id).sort()).toEqual(
      Array.from({ length: 140 }, (_, i) => i)
        .filter((i) => STATES[i % STATES.length] === "REFUNDED" && i % 10 >= 3 && i % 4 === 1)
        .map((i) => `b${String(i).padStart(3, "0")}`),
    );
  });
});
