/**
 * The course-changes poll at scale (`npm run bench -- --course-changes [--bookings 10000] [--hours 48]
 * [--reads-per-minute 30] [--poll-seconds 300]`): N upcoming paid bookings (tee times spread over the
 * partner's 35-day window, 06:00–14:00 in Bangkok) in a SQLite ledger on disk, and production's poll — its
 * due query, its bands, its pass, its tick (`courseChangesTickMs`) and its read budget (`readBudgetRate`) —
 * run on a simulated clock for `--hours`, each partner read answered at once (the booking's `refreshed_at`
 * written as the booking service's recheck writes it). Prints and writes (bench-results/) the reads in the
 * busiest minute against the budget, the reads a day, and for each band of the schedule how late its
 * bookings' reads fell behind the band's interval (the share read on time, the worst lateness), with the
 * real time the due query took per pass.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { courseChangesTickMs, readBudgetRate } from "../../src/app/course-changes.js";
import { createBookingQueries } from "../../src/bookings/queries.js";
import { createCourseChangesPoll, recheckBands } from "../../src/bookings/course-changes.js";
import type { Recheck } from "../../src/bookings/booking.js";
import type { BookingRecord } from "../../src/bookings/record.js";
import { createLogger } from "../../src/logger.js";
import { createBuckets } from "../../src/runtime/token-bucket.js";
import { createStorage } from "../../src/storage/index.js";
import { bookingRow } from "../helpers/booking-row.js";
import { median } from "./measure.js";
import { writeJson } from "./report.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Monday 2026-11-23, 10:00 in Bangkok. */
const START = Date.UTC(2026, 10, 23, 3, 0, 0);
const BAND_NAMES = ["within a day", "within 2 days", "within a week", "beyond a week"];

export async function courseChangesBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args: args.filter((a) => a !== "--course-changes"),
    options: {
      bookings: { type: "string", default: "10000" },
      hours: { type: "string", default: "48" },
      "reads-per-minute": { type: "string", default: "30" },
      "poll-seconds": { type: "string", default: "300" },
    },
  });
  const n = Number(values.bookings);
  const hours = Number(values.hours);
  const readsPerMinute = Number(values["reads-per-minute"]);
  const shortestMs = Number(values["poll-seconds"]) * 1000;
  const dir = mkdtempSync(join(tmpdir(), "fairway-course-changes-"));
  const storage = await createStorage({ kind: "sqlite", path: join(dir, "fairway.sqlite") });
  try {
    let t = START;
    const db = storage.db;
    // N paid bookings, tee times over the next 35 days (08:00–14:00 in Bangkok), paid in the week before.
    for (let from = 0; from < n; from += 500) {
      const rows = [];
      for (let i = from; i < Math.min(n, from + 500); i++) {
        const day = Math.floor(((i * 7919) % n) / (n / 35));
        const minute = ((i * 104_729) % (8 * 60)) + 6 * 60;
        const startsAt = Date.UTC(2026, 10, 23 + day, 0, 0) - 7 * HOUR + minute * MINUTE + DAY;
        const paidAt = START - ((i * 15_485_863) % (7 * DAY));
        rows.push(
          bookingRow(`b${i}`, "PAID", startsAt, paidAt, {
            reservation_id: `r${i}`,
            reservation_code: `C${i}`,
            paid_at: paidAt,
            amount: 300_000,
          }),
        );
      }
      await db.insertInto("bookings").values(rows).execute();
    }
    const queries = createBookingQueries(db);
    const buckets = createBuckets(readBudgetRate(readsPerMinute), () => t);
    const readsAt: number[] = [];
    const queryMs: number[] = [];
    const recheck = async (id: string): Promise<Recheck> => {
      readsAt.push(t);
      await db.updateTable("bookings").set({ refreshed_at: t }).where("id", "=", id).execute();
      const row = (await db
        .selectFrom("bookings")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst()) as BookingRecord;
      return { before: row, after: row };
    };
    const logger = createLogger({ level: "error", destination: { write: () => undefined } });
    const poll = createCourseChangesPoll({
      due: async (at, bands, limit) => {
        const began = performance.now();
        const rows = await queries.paidDueForRecheck(at, bands, limit);
        queryMs.push(performance.now() - began);
        return rows;
      },
      recheck,
      budget: { take: () => Promise.resolve(buckets.takeNow("course-changes").ok) },
      shortestMs,
      onChange: () => Promise.resolve(),
      logger,
      now: () => t,
      tickMs: courseChangesTickMs(readsPerMinute),
    });
    const tickMs = poll.tickMs;
    const bands = recheckBands(shortestMs);
    // Lateness: at every simulated quarter hour, each upcoming booking's time since its last read, less its band's interval.
    const late = bands.map(() => ({ samples: 0, onTime: 0, worstMs: 0 }));
    const end = START + hours * HOUR;
    let nextSample = START + 6 * HOUR; // a first round of reads before the first sample
    const began = performance.now();
    while (t < end) {
      await poll.pass();
      t += tickMs;
      if (t >= nextSample) {
        nextSample += 15 * MINUTE;
        const rows = await db
          .selectFrom("bookings")
          .select(["slot_starts_at", "refreshed_at", "paid_at", "created_at"])
          .where("state", "=", "PAID")
          .where("slot_starts_at", ">", t)
          .execute();
        for (const r of rows) {
          const b = bands.findIndex((band) => Number(r.slot_starts_at) - t <= band.within);
          const last = Number(r.refreshed_at ?? r.paid_at ?? r.created_at);
          const over = t - last - bands[b]!.everyMs;
          const l = late[b]!;
          l.samples += 1;
          // A pass every tick: a read within a tick of its turn is on time.
          if (over <= tickMs) l.onTime += 1;
          l.worstMs = Math.max(l.worstMs, over);
        }
      }
    }
    const wallMs = performance.now() - began;
    const perMinute = new Map<number, number>();
    for (const at of readsAt) perMinute.set(Math.floor(at / MINUTE), (perMinute.get(Math.floor(at / MINUTE)) ?? 0) + 1);
    const busiest = Math.max(0, ...perMinute.values());
    const perDay = (readsAt.length / hours) * 24;
    const needPerDay = bands.map((band, i) => ({ band: BAND_NAMES[i], everyMs: band.everyMs }));
    const fmt = (ms: number) =>
      ms >= HOUR ? `${(ms / HOUR).toFixed(1)} h` : ms >= MINUTE ? `${(ms / MINUTE).toFixed(0)} min` : `${ms / 1000} s`;
    const lines = [
      `course-changes poll: ${n} upcoming paid bookings, ${hours} simulated hours, budget ${readsPerMinute} reads/min, ` +
        `shortest interval ${fmt(shortestMs)}, a pass every ${fmt(tickMs)} (simulated in ${(wallMs / 1000).toFixed(1)} s)`,
      "",
      "| figure | value | against |",
      "|---|---:|---|",
      `| reads in the busiest minute | ${busiest} | budget ${readsPerMinute} |`,
      `| reads a day | ${Math.round(perDay)} | budget ${readsPerMinute * 1440} |`,
      `| due query, median / max per pass (real time) | ${(median(queryMs) ?? 0).toFixed(1)} / ${Math.max(...queryMs).toFixed(1)} ms | |`,
      ...late.map(
        (l, i) =>
          `| ${needPerDay[i]!.band} (every ${fmt(needPerDay[i]!.everyMs)}): read on time / worst lateness | ` +
          `${l.samples ? ((100 * l.onTime) / l.samples).toFixed(1) : "—"} % / ${fmt(Math.max(0, l.worstMs))} | ${l.samples} samples |`,
      ),
    ];
    console.log(lines.join("\n"));
    const path = writeJson(`course-changes-${new Date().toISOString()}`, {
      bookings: n,
      hours,
      readsPerMinute,
      shortestMs,
      tickMs,
      busiestMinute: busiest,
      readsPerDay: perDay,
      queryMs: { median: median(queryMs), max: Math.max(...queryMs) },
      bands: late.map((l, i) => ({ ...needPerDay[i], ...l })),
    });
    console.log(`figures in ${path}`);
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
